// The wind's and the moisture's cell explanations say the kernel's own rule with the numbers
// that made the cell (a newcomer read "Wind 0.3454" and "Moisture 1.0000" and could not tell
// why one side of Kauai is wet): checked against the product's outputs, not against themselves.
import { describe, expect, it } from 'vitest';
import { upwindWalk } from '../nodes/wind.ts';
import { cellProvenance } from '../src/engine/provenance.ts';
import { cellLength256, viewDomain } from '../src/grid.ts';
import type { Engine } from '../src/engine/engine.ts';
import { describeRow, formatValue } from '../src/viewer-core/provenance.ts';
import { evaluated, grab, loadGraph } from './helpers/graphs.ts';

const N = 128;

function noteOf(e: Engine, node: string, i: number): string {
  const row = cellProvenance(e, e.graph, node, i, viewDomain(e.view)).find((r) => r.node === node);
  return describeRow(row!).note ?? '';
}

describe("the wind's explanation", () => {
  // A west wind (angle 0) starting at the view's edge: the kernel sweeps each row of cells from
  // the west, once, so a walk upwind along a row is the kernel's own line, and the air over land
  // is the air at the last sea cell times the drying and the rain of every land cell since.
  const e = evaluated(loadGraph('climate-west-wind.json'), N);
  e.setParam('wind', 'start', 'view');
  e.evaluate();
  const wind = e.graph.nodes.find((n) => n.id === 'wind')!.params as { dry: number; lift: number; angle: number; evap: number };
  const air = grab(e, 'wind');
  const h = grab(e, 'water', 'terrain');
  const sea = (e.output('water', 'terrain') as { seaLevel: number }).seaLevel;
  const rank = grab(e, 'rank');
  const isSea = (j: number) => !(h[j] >= sea);
  const s = cellLength256(viewDomain(e.view));

  it('names the sea cell the air left and the rank it climbed, as the kernel computes the air', () => {
    expect(wind.angle).toBe(0);
    let checked = 0;
    for (let i = 0; i < N * N; i++) {
      if (isSea(i)) continue;
      const walk = upwindWalk(N, isSea, rank, wind.angle, i);
      if (walk.sea === null) continue;
      const expected = air[walk.sea] * Math.exp(-wind.dry * s * walk.steps) * Math.exp(-4 * wind.lift * walk.climb);
      expect(air[i]).toBeCloseTo(expected, 4);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('says rain shadow in the lee of higher land and windward where the air climbs', () => {
    const land = [...Array(N * N).keys()].filter((i) => !isSea(i));
    const walks = land.map((i) => ({ i, walk: upwindWalk(N, isSea, rank, wind.angle, i) })).filter(({ walk }) => walk.sea !== null && walk.climb > 0);
    const lee = walks.find(({ i, walk }) => walk.top > rank[i] + 0.2)!;
    const windward = walks.find(({ i, walk }) => walk.top === rank[i])!;
    const leeNote = noteOf(e, 'wind', lee.i);
    expect(leeNote).toContain('from the west since the sea');
    expect(leeNote).toContain(`left after the rain of climbing ${formatValue(lee.walk.climb)} of land rank`);
    expect(leeNote).toContain(`in the lee of land upwind up to rank ${formatValue(lee.walk.top)}`);
    expect(leeNote).toContain('rain shadow');
    expect(noteOf(e, 'wind', windward.i)).toContain('climbing here: the windward side');
    expect(leeNote).not.toContain('about');
    const seaNote = noteOf(e, 'wind', h.findIndex((v) => !(v >= sea)));
    expect(seaNote).toMatch(/^over the sea: the air from the west takes up water/);
    expect(seaNote).toContain(`${formatValue(1 - Math.exp(-wind.evap))} of what it lacks each 256-map cell`);
  });
});

describe("the moisture's explanation", () => {
  const e = evaluated(loadGraph('climate-kauai.json'), N);
  const m = grab(e, 'moisture');
  const air = grab(e, 'wind');
  const p = e.graph.nodes.find((n) => n.id === 'moisture')!.params as { strength: number };

  it('adds up its terms to the moisture the kernel wrote, and names the largest', () => {
    let checked = 0;
    for (let i = 0; i < N * N; i += 97) {
      const note = noteOf(e, 'moisture', i);
      const sum = Number(/ = (−?[\d.]+)/.exec(note)![1].replace('−', '-'));
      if (m[i] > 0 && m[i] < 1) {
        expect(Math.abs(sum - m[i])).toBeLessThan(1e-4);
        checked++;
      } else if (m[i] === 1) expect(note).toContain('→ 1 (saturated)');
      const terms = [...note.matchAll(/(noise|coast|wind) ([\d.]+)/g)].map((t) => t[1]);
      expect(terms).toEqual(['noise', 'coast', 'wind']);
    }
    expect(checked).toBeGreaterThan(20);
    // A cell wetted mostly by the wind says so.
    const windy = [...m.keys()].find((i) => m[i] < 1 && p.strength * air[i] > 0.6)!;
    expect(noteOf(e, 'moisture', windy)).toContain("mostly the wind's air");
  });
});
