// Blocks of tiles (src/build/blocks.ts): which tiles a build evaluates together, and that a
// tile cut from a block has the bytes of the same tile rendered alone, on a world-consistent
// graph (cut from blocks) and on a view-bound one (never cut from blocks).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSide, blocksAllowed, tileBlocks } from '../src/build/blocks.ts';
import { makePlan } from '../src/build/plan.ts';
import { prepareBuild, runTiles, startTileThreads, stopTiles } from '../src/build/run.ts';
import { main } from '../src/cli/main.ts';
import { latticeOf } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';
import { scratchDir } from './helpers/cli.ts';
import { tree } from './helpers/files.ts';

const GRAPH = 'graphs/default.json';

function tmp(): string {
  return scratchDir('blocks');
}

async function run(...argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, { out: () => {}, err: (t) => (err += `${t}\n`) });
  return { code, err };
}

function plan(tilesX: number, tilesY: number, tileSize = 33, n = 64) {
  const stride = tileSize - 1;
  return makePlan({ region: { x0: 0.25, y0: -0.5, x1: 0.25 + (tilesX * stride) / n, y1: -0.5 + (tilesY * stride) / n }, cellsPerView: n, tileSize, layers: [] });
}

describe('blocks of tiles', () => {
  it('takes squares as large as a 2049² block allows: 2 × 2 tiles of 1025 or 1009, 4 × 4 of 505, none of 2049', () => {
    expect([33, 505, 1009, 1025, 2017, 2049, 4097].map(blockSide)).toEqual([64, 4, 2, 2, 1, 1, 1]);
  });

  it('groups whole squares, splits partial ones down to single tiles, and places each block on the build lattice', () => {
    const p = plan(5, 3);
    const all = p.tiles.map((t) => t.index);
    const blocks = tileBlocks(p, all, 2);
    // Rows 0-1 (north) hold two 2 × 2 squares; the east column and the south row are single tiles.
    expect(blocks.map((b) => b.tiles)).toEqual([[0, 1, 5, 6], [2, 3, 7, 8], [4], [9], [10], [11], [12], [13], [14]]);
    expect(blocks.flatMap((b) => b.tiles).sort((a, b) => a - b)).toEqual(all);
    for (const b of blocks) {
      const d = latticeOf(b.domain)!;
      expect(b.domain.n).toBe(b.tiles.length === 1 ? 33 : 65);
      for (const index of b.tiles) {
        // Each tile lies inside its block, on the same lattice.
        const t = latticeOf(p.tiles[index].domain)!;
        expect(t.perUnit).toBe(d.perUnit);
        expect(t.col0 - d.col0).toBeGreaterThanOrEqual(0);
        expect(t.row0 - d.row0).toBeGreaterThanOrEqual(0);
        expect(t.col0 - d.col0 + 33).toBeLessThanOrEqual(b.domain.n);
        expect(t.row0 - d.row0 + 33).toBeLessThanOrEqual(b.domain.n);
      }
    }
    // The block of tiles 0, 1, 5, 6 starts at tile 5's south-west sample.
    expect(latticeOf(blocks[0].domain)).toEqual(latticeOf(p.tiles[5].domain));
    // A resumed build's gap breaks a square into what is left; side 4 falls back to 2 × 2 squares.
    expect(tileBlocks(p, all.filter((i) => i !== 6), 2).map((b) => b.tiles)).toEqual([[2, 3, 7, 8], [0], [1], [5], [4], [9], [10], [11], [12], [13], [14]]);
    const key = (bs: { tiles: readonly number[] }[]) => bs.map((b) => b.tiles.join(',')).sort();
    expect(key(tileBlocks(p, all, 4))).toEqual(key(blocks));
    expect(tileBlocks(p, all, 1).map((b) => b.tiles)).toEqual(all.map((i) => [i]));
  });

  it('cuts blocks only from graphs with no view-bound node upstream of the layers written', () => {
    const graph = parseGraph(readFileSync(GRAPH, 'utf8'));
    expect(blocksAllowed(graph, ['height', 'biomes'])).toBe(true);
    const viewCut = parseGraph(readFileSync(GRAPH, 'utf8').replace('"cut": "world-8"', '"cut": "view"'));
    expect(blocksAllowed(viewCut, ['biomes'])).toBe(false);
    // The noises and curves do not read the water: their tiles may still come from blocks.
    expect(blocksAllowed(viewCut, ['cont', 'pvCurve'])).toBe(true);
  });

  for (const [name, edit] of [
    ['a world-consistent graph (tiles cut from blocks)', (t: string) => t],
    ['a view-bound graph (tiles rendered one by one)', (t: string) => t.replace('"cut": "world-8"', '"cut": "view"')],
  ] as const) {
    it(`writes each tile of ${name} with the bytes of the same tile rendered alone`, async () => {
      const text = edit(readFileSync(GRAPH, 'utf8'));
      const file = join(tmp(), 'graph.json');
      writeFileSync(file, text);
      const ids = parseGraph(text).nodes.map((n) => n.id);
      // 2 × 2 views at 64 cells a view: 129² samples, 4 × 4 tiles of 33, on one thread one block
      // of all 16 (tiles of 33 allow squares up to 64 × 64).
      const common = ['build', file, '--region', '-1,-1,1,1', '--cells-per-view', '64', '--tile-size', '33', '--format', 'f32,indexed', '--node', ...ids];
      const whole = tmp();
      const r = await run(...common, '--out', whole);
      expect(r.code, r.err).toBe(0);
      const alone = tmp();
      for (let k = 0; k < 16; k++) expect((await run(...common, '--out', alone, '--tile', String(k))).code).toBe(0);
      const a = tree(whole);
      const b = tree(alone);
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      for (const [path, bytes] of a) expect(Buffer.compare(bytes, b.get(path)!), path).toBe(0);
    }, 120_000);
  }

  it('shares the blocks between this thread and the workers, which take them from one counter', async () => {
    const text = readFileSync(GRAPH, 'utf8');
    const graph = parseGraph(text);
    const request = { graph, graphText: text, graphFile: GRAPH, region: { x0: -1, y0: -1, x1: 1, y1: 1 }, cellsPerView: 64, tileSize: 33, nodes: ['height', 'biomes'], formats: ['f32', 'indexed'] as const, range: null };
    const one = prepareBuild({ ...request, formats: [...request.formats], outDir: tmp() });
    const alone = await runTiles(one, one.plan.tiles.map((t) => t.index), 1, () => {});
    expect([alone.done.length, alone.onWorkers]).toEqual([16, 0]);
    // Two workers already loaded (as the command starts them while the coarse pass runs) and this thread.
    const workers = startTileThreads(2);
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
    const three = prepareBuild({ ...request, formats: [...request.formats], outDir: tmp() });
    const shared = await runTiles(three, three.plan.tiles.map((t) => t.index), 3, () => {}, workers);
    expect([shared.done.length, shared.failed]).toEqual([16, []]);
    expect(shared.onWorkers).toBeGreaterThan(0);
    const [a, b] = [tree(one.job.outDir), tree(three.job.outDir)];
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [path, bytes] of a) expect(Buffer.compare(bytes, b.get(path)!), path).toBe(0);
  }, 60_000);

  it('starts no block after the build is stopped, on this thread or the workers, and counts the tiles not started as stopped, not failed', async () => {
    // The view-bound graph: every tile is a block of its own. Stopped (as a signal does) when
    // the first tile settles.
    const text = readFileSync(GRAPH, 'utf8').replace('"cut": "world-8"', '"cut": "view"');
    const graph = parseGraph(text);
    const request = { graph, graphText: text, graphFile: GRAPH, region: { x0: -1, y0: -1, x1: 1, y1: 1 }, cellsPerView: 64, tileSize: 33, nodes: ['coast'], formats: ['f32'] as const, range: null };
    const stopOnFirst = () => {
      let first = true;
      return () => {
        if (first) void stopTiles();
        first = false;
      };
    };
    const alone = prepareBuild({ ...request, formats: [...request.formats], outDir: tmp() });
    const one = await runTiles(alone, alone.plan.tiles.map((t) => t.index), 1, stopOnFirst());
    expect(one.done.length).toBe(1);
    // The tiles never started are stopped, not failed: a Ctrl-C listed each as "FAILED".
    expect([one.failed.length, one.stopped.length]).toEqual([0, 15]);
    // With two workers: they are ended, and the run still ends with every tile settled (how
    // many the workers finished before they were ended depends on the machine's load).
    const workers = startTileThreads(2);
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
    const shared = prepareBuild({ ...request, formats: [...request.formats], outDir: tmp() });
    const three = await runTiles(shared, shared.plan.tiles.map((t) => t.index), 3, stopOnFirst(), workers);
    expect(three.failed).toEqual([]);
    expect(three.done.length + three.stopped.length).toBe(16);
  }, 60_000);
});
