// The command line: render, raw + manifest, stats, --set, exit codes, and no stack traces.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './helpers/cli.ts';
import { BIOMES } from '../src/model/biomes.ts';
import { parseRangedName } from '../src/render/exports.ts';

const run = runCli;
const tmp = (): string => scratchDir('cli');

describe('terrain-graph render', () => {
  it('writes a PNG per output of the chosen nodes, north up, in the node palette', async () => {
    const dir = tmp();
    const r = await run('render', 'graphs/default.json', '--size', '64', '--out', dir, '--node', 'water', 'biomes');
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['biomes.out.png', 'water.mask.png', 'water.terrain.png']);
    const png = decode(readFileSync(join(dir, 'biomes.out.png')));
    expect([png.width, png.height, png.channels]).toEqual([64, 64, 4]);
    // Pixel row y shows grid row 63 − y: the raw ids (row 0 = south) in the biome palette.
    const raw = tmp();
    await run('render', 'graphs/default.json', '--size', '64', '--out', raw, '--node', 'biomes', '--raw');
    const ids = readFileSync(join(raw, 'biomes.out.u8'));
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const p = (y * 64 + x) * 4;
        expect([png.data[p], png.data[p + 1], png.data[p + 2]]).toEqual([...BIOMES[ids[(63 - y) * 64 + x]].color]);
      }
    }
  });

  it('writes raw little-endian grids and a manifest whose figures match the grids', async () => {
    const dir = tmp();
    expect((await run('render', 'graphs/default.json', '--size', '32', '--out', dir, '--all', '--raw', '--set', 'water.cut=view')).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const byStem = new Map<string, any>(manifest.files.map((f: any) => [`${f.node}.${f.port}`, f]));
    const terrain = byStem.get('water.terrain');
    expect(terrain).toMatchObject({ type: 'terrain', n: 32 });
    // The value range is in the name, exactly: "water.terrain.<min>_<max>.f32".
    // (as the shortest decimal that reads back as the same Float32 value).
    const named = parseRangedName(terrain.file)!;
    expect([named.stem, named.ext, Math.fround(named.min), Math.fround(named.max)]).toEqual(['water.terrain', 'f32', terrain.min, terrain.max]);
    const heights = new Float32Array(readFileSync(join(dir, terrain.file)).buffer.slice(0));
    expect(heights.length).toBe(32 * 32);
    expect(Math.min(...heights)).toBe(terrain.min);
    expect(Math.max(...heights)).toBe(terrain.max);
    expect(heights.filter((h) => h < terrain.seaLevel).length).toBe(Math.round(0.4 * 32 * 32));
    const biomes = byStem.get('biomes.out');
    expect(biomes.file).toBe('biomes.out.u8');
    const ids = readFileSync(join(dir, 'biomes.out.u8'));
    expect(ids.length).toBe(32 * 32);
    // The raw grids share one layout: the mask and the heights agree cell by cell.
    expect(byStem.get('water.mask').file).toBe('water.mask.0_1.f32');
    const mask = new Float32Array(readFileSync(join(dir, 'water.mask.0_1.f32')).buffer.slice(0));
    heights.forEach((h, i) => expect(mask[i]).toBe(h < terrain.seaLevel ? 1 : 0));
    ids.forEach((id, i) => expect(id === 0).toBe(mask[i] === 1));
  });

  it('writes 16-bit grey PNGs with the range in the name and the text chunks, and indexed biome maps', async () => {
    const dir = tmp();
    expect((await run('render', 'graphs/default.json', '--size', '32', '--out', dir, '--node', 'moisture', 'biomes', '--png16', '--indexed')).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const moisture = manifest.files.find((f: any) => f.node === 'moisture');
    const named = parseRangedName(moisture.png16)!;
    expect([named.stem, named.ext, Math.fround(named.min), Math.fround(named.max)]).toEqual(['moisture.out', '16.png', moisture.min, moisture.max]);
    const png = decode(readFileSync(join(dir, moisture.png16)));
    expect([png.width, png.depth, png.channels]).toEqual([32, 16, 1]);
    expect(Number(png.text['terrain-graph:min'])).toBe(moisture.min);
    expect(Number(png.text['terrain-graph:max'])).toBe(moisture.max);
    const biomes = manifest.files.find((f: any) => f.node === 'biomes');
    expect(biomes.indexedPng).toBe('biomes.out.indexed.png');
    const indexed = decode(readFileSync(join(dir, biomes.indexedPng)));
    expect(indexed.palette?.length).toBe(13);
    expect(indexed.text['biome:4']).toBe('temperate desert');
  });

  it('prints the biome statistics as one JSON object', async () => {
    // The view cut, so the share of water is that of the view itself.
    const r = await run('render', 'graphs/default.json', '--size', '64', '--out', tmp(), '--stats', '--set', 'water.cut=view');
    expect(r.code).toBe(0);
    const stats = JSON.parse(r.out);
    expect(stats.node).toBe('biomes');
    expect(stats.water).toBeCloseTo(0.4, 2);
    const shares = Object.values(stats.land as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(shares).toBeCloseTo(1, 6);
    expect(stats.wind).toEqual({ node: 'wind', angle: 0, from: 'west' });
    // Windward land (just off the sea the west wind comes from) is wetter than leeward land.
    expect(stats.moisture.windward).toBeGreaterThan(stats.moisture.leeward);
  });

  it('prints statistics that match the raw grids it writes, for a diagonal wind too', async () => {
    const dir = tmp();
    const r = await run('render', 'graphs/default.json', '--size', '64', '--out', dir, '--all', '--raw', '--stats', '--set', 'wind.angle=225');
    const stats = JSON.parse(r.out);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const file = (node: string) => join(dir, manifest.files.find((f: { node: string }) => f.node === node).file);
    const ids = readFileSync(file('biomes'));
    const m = new Float32Array(readFileSync(file('moisture')).buffer.slice(0));
    const n = 64;
    const acc = { land: 0, dry: 0, ww: [0, 0], lw: [0, 0], north: [0, 0] };
    // Blowing towards the south-west: a land cell walks north-east, a cell (4 cells of a 256
    // map) at a time, to the sea: within 16 map cells it is windward, from 48 on leeward.
    const step = Math.SQRT1_2;
    const walk = (c: number, row: number): number => {
      for (let k = 1; k <= 12; k++) {
        const cc = Math.round(c + step * k);
        const rr = Math.round(row + step * k);
        if (cc >= n || rr >= n) return 0;
        if (ids[rr * n + cc] === 0) return k <= 4 ? 1 : k >= 12 ? -1 : 0;
      }
      return -1;
    };
    for (let row = 0; row < n; row++) {
      for (let c = 0; c < n; c++) {
        const i = row * n + c;
        if (ids[i] === 0) continue;
        acc.land++;
        if (m[i] < 0.25) acc.dry++;
        const side = walk(c, row);
        if (side !== 0) {
          const sum = side > 0 ? acc.ww : acc.lw;
          sum[0] += m[i];
          sum[1]++;
        }
        if (row >= n / 2) {
          acc.north[0] += m[i];
          acc.north[1]++;
        }
      }
    }
    expect(acc.ww[1]).toBeGreaterThan(20);
    expect(acc.lw[1]).toBeGreaterThan(20);
    expect(stats.wind.from).toBe('north-east');
    expect(stats.dry).toBeCloseTo(acc.dry / acc.land, 9);
    expect(stats.moisture.windward).toBeCloseTo(acc.ww[0] / acc.ww[1], 6);
    expect(stats.moisture.leeward).toBeCloseTo(acc.lw[0] / acc.lw[1], 6);
    expect(stats.moisture.north).toBeCloseTo(acc.north[0] / acc.north[1], 6);
    expect(stats.land['temperate desert']).toBeCloseTo(ids.filter((id) => id === 4).length / acc.land, 9);
  });

  it('applies --set before evaluating', async () => {
    const calm = JSON.parse((await run('render', 'graphs/default.json', '--size', '64', '--out', tmp(), '--stats', '--set', 'wind.on=false')).out);
    expect(calm.wind).toBeNull();
    expect(calm.moisture.windward).toBeUndefined();
    const flooded = JSON.parse((await run('render', 'graphs/default.json', '--size', '64', '--out', tmp(), '--stats', '--set', 'water.share=0.7', 'water.mode=percent', 'water.cut=view')).out);
    expect(flooded.water).toBeCloseTo(0.7, 2);
    const curve = await run('render', 'graphs/default.json', '--size', '32', '--out', tmp(), '--set', 'contCurve.points=[[-1,-0.5],[1,0.4]]');
    expect(curve.code).toBe(0);
    const inline = JSON.parse((await run('render', '--set=water.share=0.7', '--set=water.cut=view', '--node', 'biomes', 'graphs/default.json', '--size', '64', '--out', tmp(), '--stats')).out);
    expect(inline.water).toBeCloseTo(0.7, 2);
  });

  it('renders a file twice to identical bytes', async () => {
    const a = tmp();
    const b = tmp();
    await run('render', 'graphs/default.json', '--size', '64', '--out', a, '--all', '--raw');
    await run('render', 'graphs/default.json', '--size', '64', '--out', b, '--all', '--raw');
    for (const f of readdirSync(a)) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
  });

  it('exits 2 with the validation report for a bad file', async () => {
    const dir = tmp();
    const file = join(dir, 'bad.json');
    const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8'));
    doc.nodes[0].params.octaves = 40;
    doc.edges.push({ from: 'cont.out', to: 'contCurve.in' });
    writeFileSync(file, JSON.stringify(doc));
    const r = await run('render', file, '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('bad.json: 2 problems in the graph');
    expect(r.err).toContain('$.nodes[0].params.octaves: fbm node "cont" ("Continentalness"): 40 is above the maximum 10');
    expect(r.err).toContain('$.edges[21].to: input "contCurve.in" already has a wire ($.edges[0])');
  });

  it('exits 2 for a node deleted by hand, saying its id once and naming each of its wires by the other end', async () => {
    const dir = tmp();
    const file = join(dir, 'deleted.json');
    const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = await run('render', file, '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'deleted.json: 3 problems in the graph\n' +
        '  $.edges[8].to: no node has the id "rank": the wire from Water level · terrain to missing "rank" · terrain\n' +
        '  $.edges[9].from: the wire from missing "rank" · out to Temperature · rank\n' +
        '  $.edges[13].from: the wire from missing "rank" · out to Wind · rank\n' +
        'To render it without the 3 wires to the missing node "rank", as the editor\'s "Open without" does, add --drop-missing-wires (the file is not changed).\n',
    );
  });

  it('check names the way out of a file whose only problems are wires to a deleted node, and no way out for other problems', async () => {
    const dir = tmp();
    const file = join(dir, 'deleted.json');
    const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = await run('check', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain('  $.edges[13].from: the wire from missing "rank" · out to Wind · rank\n');
    expect(r.err.endsWith('render and build read it without the 3 wires to the missing node "rank" with --drop-missing-wires, as the editor\'s "Open without" does (the file is not changed).\n')).toBe(true);
    // Another problem beside them: no such way out.
    doc.nodes[0].params = { ...doc.nodes[0].params, octaves: -1 };
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const other = await run('check', file);
    expect(other.code).toBe(2);
    expect(other.err).not.toContain('drop-missing-wires');
  });

  // The editor offers "Open without these N wires" for such a file; render and build refused it
  // with no way out but a text editor.
  it('renders a file with wires to a node deleted by hand with --drop-missing-wires, naming each wire dropped, as the file without them renders', async () => {
    const dir = tmp();
    const file = join(dir, 'deleted.json');
    const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const text = readFileSync(file, 'utf8');
    const dropped = join(dir, 'dropped');
    const r = await run('render', file, '--size', '64', '--out', dropped, '--raw', '--drop-missing-wires');
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'deleted.json: dropped the 3 wires to the missing node "rank" (--drop-missing-wires; the file is not changed):\n' +
        '  $.edges[8]: the wire from Water level · terrain to missing "rank" · terrain\n' +
        '  $.edges[9]: the wire from missing "rank" · out to Temperature · rank\n' +
        '  $.edges[13]: the wire from missing "rank" · out to Wind · rank\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
    // The same bytes as the file with those wires deleted by hand.
    const mended = join(dir, 'mended.json');
    writeFileSync(mended, JSON.stringify({ ...doc, edges: doc.edges.filter((e: { from: string; to: string }) => !e.from.startsWith('rank.') && !e.to.startsWith('rank.')) }, null, 2));
    const hand = join(dir, 'hand');
    expect((await run('render', mended, '--size', '64', '--out', hand, '--raw')).code).toBe(0);
    const files = readdirSync(hand).filter((f) => f !== 'manifest.json');
    expect(files.length).toBeGreaterThan(0);
    expect(readdirSync(dropped).filter((f) => f !== 'manifest.json')).toEqual(files);
    for (const f of files) expect(readFileSync(join(dropped, f)).equals(readFileSync(join(hand, f))), f).toBe(true);
    // Any other problem keeps the file refused, with no word of the option.
    doc.nodes[0].params.octaves = 40;
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const bad = await run('render', file, '--out', dir, '--drop-missing-wires');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('deleted.json: 4 problems in the graph');
    expect(bad.err).not.toContain('--drop-missing-wires');
  });

  it('names the option, and drops the wires with it, past the list\'s 100 problems (120 wires to a missing node)', async () => {
    const dir = tmp();
    const file = join(dir, 'big.json');
    const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
    for (let i = 0; i < 120; i++) doc.edges.push({ from: 'cont.out', to: `lost.p${i}` });
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const refused = await run('render', file, '--size', '64', '--out', dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('big.json: 120 problems in the graph\n');
    expect(refused.err).toContain('  $: and 20 more problems\n');
    expect(refused.err.endsWith('To render it without the 120 wires to missing nodes, "lost" and those of the 20 not listed, as the editor\'s "Open without" does, add --drop-missing-wires (the file is not changed).\n')).toBe(true);
    const r = await run('render', file, '--size', '64', '--out', join(dir, 'out'), '--drop-missing-wires');
    expect(r.code).toBe(0);
    expect(r.err).toContain('big.json: dropped the 120 wires to missing nodes, "lost" and those of the 20 not listed (--drop-missing-wires; the file is not changed):\n');
    expect(r.err).toContain('  $.edges[120]: the wire from Continentalness · out to missing "lost" · p99\n  and 20 more\n');
    expect(r.err).not.toContain('undefined');
  });

  it('builds such a file with --drop-missing-wires, and names the option when refusing it', async () => {
    const dir = tmp();
    const file = join(dir, 'deleted.json');
    const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const args = ['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--plan'];
    const refused = await run('build', file, ...args);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('To build it without the 3 wires to the missing node "rank", as the editor\'s "Open without" does, add --drop-missing-wires (the file is not changed).');
    const r = await run('build', file, ...args, '--drop-missing-wires');
    expect(r.code).toBe(0);
    expect(r.err).toContain('deleted.json: dropped the 3 wires to the missing node "rank" (--drop-missing-wires; the file is not changed):\n  $.edges[8]: the wire from Water level · terrain to missing "rank" · terrain\n');
    expect(JSON.parse(r.out).tiles.length).toBeGreaterThan(0);
    // Built, the manifest says the graph was read without them, beside the file's own hash.
    const out = join(dir, 'tiles');
    const built = await run('build', file, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'water', '--out', out, '--drop-missing-wires');
    expect(built.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.graph).toEqual({ file: 'deleted.json', sha256: createHash('sha256').update(readFileSync(file)).digest('hex'), readWithout: 'the 3 wires to the missing node "rank"' });
    // A file read whole says nothing of the kind.
    const whole = join(dir, 'whole');
    expect((await run('build', 'graphs/climate-kauai.json', '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'water', '--out', whole)).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(whole, 'manifest.json'), 'utf8')).graph)).toEqual(['file', 'sha256']);
  });

  it('exits 2 for a bad --set, naming the node, the param and the path', async () => {
    const r = await run('render', 'graphs/default.json', '--out', tmp(), '--set', 'wind.lift=-1');
    expect(r.code).toBe(2);
    // Named as the file's own problems are: the file, then the problem under it.
    expect(r.err).toBe('default.json: 1 problem in the graph\n  --set wind.lift=-1: $.nodes[13].params.lift: wind node "wind" ("Wind"): -1 is below the minimum 0\n');
    expect((await run('render', 'graphs/default.json', '--out', tmp(), '--set', 'wind.angel=90')).err).toContain('--set wind.angel=90: $.nodes[13].params.angel: wind node "wind" ("Wind") has no param "angel" (did you mean "angle"?)');
    expect((await run('render', 'graphs/default.json', '--out', tmp(), '--set', 'nobody.x=1')).err).toContain('no node "nobody"');
    expect((await run('render', 'graphs/default.json', '--out', tmp(), '--set', 'wind.angle')).err).toMatch(/^default\.json: 1 problem in the graph\n  --set: expected ID\.param=JSON/);
  });

  it('exits 2 for bad options, unreadable files and a node that cannot run, naming it', async () => {
    expect((await run('render', 'graphs/default.json', '--size', '5')).code).toBe(2);
    expect((await run('render', 'graphs/default.json', '--bogus')).err).toContain('unknown option --bogus');
    // An unknown option says what to give instead: the close one, the other command's way, or every option.
    expect((await run('render', 'graphs/default.json', '--sise', '512')).err).toContain('unknown option --sise (did you mean "--size"?)');
    expect((await run('build', 'graphs/default.json', '--size', '2017')).err).toContain("unknown option --size (a build's resolution is --cells-per-view N");
    // A near miss of render's --size is answered as --size is, not with build's closest flag (--tile).
    expect((await run('build', 'graphs/default.json', '--sise', '2017')).err).toContain("unknown option --sise (a build's resolution is --cells-per-view N");
    expect((await run('render', 'graphs/default.json', '--cells-per-view', '512')).err).toContain("render's resolution is --size N");
    expect((await run('build', 'graphs/default.json', '--bogus')).err).toContain('unknown option --bogus (known: --region, --cells-per-view, --tile-size');
    expect((await run('build', 'graphs/default.json', '--png16')).err).toContain('unknown option --png16 (build writes 16-bit PNGs with --format png16)');
    expect((await run('render', 'graphs/default.json', '--png')).err).toContain('unknown option --png (render writes PNGs without being asked; --png16 for 16-bit ones)');
    expect((await run('render', 'missing.json')).err).toContain('cannot read missing.json: no such file or folder (ENOENT)');
    expect((await run('render', 'graphs/default.json', '--node', 'nope')).code).toBe(2);
    const dir = tmp();
    const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8'));
    doc.nodes.push({ id: 'bad', type: 'chain', title: 'Bad', position: [0, 0], params: { knots: [0] } });
    doc.edges.push({ from: 'cont.out', to: 'bad.selector' }, { from: 'eros.out', to: 'bad.in0' }, { from: 'pv.out', to: 'bad.in1' });
    writeFileSync(join(dir, 'failing.json'), JSON.stringify(doc));
    const r = await run('render', join(dir, 'failing.json'), '--size', '16', '--out', dir, '--node', 'bad');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^failing\.json: 1 problem in the graph\n  \$\.nodes\[\d+\]: chain node "bad": 2 inputs are wired \(in0, in1\) but 1 knot is given: one knot per wired input\n$/);
  });

  it('runs as the package bin with the same exit codes and no stack trace', () => {
    const dir = tmp();
    const ok = execFileSync('node', ['bin/terrain-graph.mjs', 'render', 'graphs/default.json', '--size', '32', '--out', dir, '--stats'], { encoding: 'utf8' });
    expect(JSON.parse(ok).node).toBe('biomes');
    writeFileSync(join(dir, 'broken.json'), '{ "format": "terrain-graph", ');
    const bad = spawnSync('node', ['bin/terrain-graph.mjs', 'render', join(dir, 'broken.json')], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^broken\.json: 1 problem in the graph\n  \$: not JSON: /);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it('stops quietly when the reader of its output goes away (`| head`), with no stack trace', () => {
    // The plan of 289 tiles is some 100 KB: more than a pipe holds, so the writes after head
    // has gone fail with EPIPE. Left alone, Node threw it as an unhandled 'error' event.
    const plan = 'node bin/terrain-graph.mjs build graphs/default.json --region 0,0,16,16 --cells-per-view 1024 --out unused --plan';
    const r = spawnSync('bash', ['-c', `set -o pipefail; ${plan} | head -c 100 > /dev/null`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(141);
  });

  it('refuses a bad option, file or node before it starts its worker threads', () => {
    // In a process of its own, so that no other test has started the threads: `--size 1e9`
    // started them (half a second, a thread per core) and only then refused the size.
    const script = `
      import { main } from './src/cli/main.ts';
      import { threadCount } from './src/parallel/threads.ts';
      const quiet = { out() {}, err() {} };
      const refused = [
        ['render', 'graphs/default.json', '--size', '1e9'],
        ['render', 'graphs/default.json', '--size', '1024', '--view', 'north'],
        ['render', 'missing.json', '--size', '1024'],
        ['render', 'graphs/default.json', '--size', '1024', '--node', 'nope'],
        ['render', 'graphs/default.json', '--size', '1024', '--set', 'wind.angel=90'],
      ];
      const seen = [];
      for (const argv of refused) seen.push([await main(argv, quiet), threadCount()]);
      console.log(JSON.stringify(seen));`;
    const r = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(Array.from({ length: 5 }, () => [2, 1]));
  });

  it('prints progress on stderr for sizes of 1024 and more', async () => {
    const r = await run('render', 'graphs/default.json', '--size', '1024', '--out', tmp(), '--node', 'cont');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/evaluating .* at 1024²\n  cont +\d+ ms\nwriting cont.out/);
  });
});

describe('terrain-graph check and format', () => {
  it('checks files and rewrites them in the canonical layout', async () => {
    const dir = tmp();
    const file = join(dir, 'g.json');
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync('graphs/default.json', 'utf8'))));
    expect((await run('check', file)).code).toBe(0);
    // --help is answered, as render's and build's are, not refused as an option.
    for (const command of ['check', 'format']) {
      const help = await run(command, '--help');
      expect(help.code).toBe(0);
      expect(help.out).toContain(`terrain-graph ${command} <graph.json> …`);
    }
    expect((await run('format', file)).out).toContain('rewritten');
    expect(readFileSync(file, 'utf8')).toBe(readFileSync('graphs/default.json', 'utf8'));
    writeFileSync(file, '[]');
    expect((await run('check', file)).code).toBe(2);
    // Every file is checked, even after one that cannot be read or is absurdly nested.
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `{"format":"terrain-graph","version":1,"name":${'['.repeat(20000)}${']'.repeat(20000)}}`);
    const r = await run('check', join(dir, 'missing.json'), deep, 'graphs/default.json');
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot read');
    expect(r.err).toContain('deep.json: 1 problem in the graph\n  $: not JSON: nested deeper than 64 lists and objects (line 1, column 109)');
    expect(r.out).toContain('graphs/default.json: ok');
  });
});
