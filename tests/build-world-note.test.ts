// `terrain-graph build --region world` says when its tiles are not the editor's picture of the
// world: tiles reaching past it (the erosion then runs on all they cover), or a world whose grid
// at the build's cells a view is past the 4097² the editor runs a world on (it runs on the view
// there). Tiles that fill the world at a size the editor runs it at say nothing of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './helpers/cli.ts';

/** eroded-valleys.json with a world, written to a scratch folder. */
function withWorld(world: { x: number; y: number; size: number }): string {
  const doc = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8'));
  const file = join(scratchDir('world-note'), 'valleys.json');
  writeFileSync(file, JSON.stringify({ ...doc, world }));
  return file;
}

describe('build --region world', () => {
  it('says when its tiles reach past the world, with the tile sizes and resolution that fill it', async () => {
    // A 3 × 3 world at 64 cells a view is 193² samples; tiles of 129² make 2 × 2, 257²: the
    // erosion runs on those, other land than the editor's. The note on the tiles reaching past
    // the region offered --region -1,-1,3,3, another world's land again.
    const file = withWorld({ x: -1, y: -1, size: 3 });
    const run = await runCli('build', file, '--region', 'world', '--cells-per-view', '64', '--tile-size', '129', '--plan');
    expect(run.code).toBe(0);
    expect(run.err).toContain(
      "note: these tiles reach past the graph's world (3 × 3 views from (−1, −1)), so erosion runs on all they cover (257² samples), not on the world's 193² samples the editor runs it on at 64 cells a view: their land is not the editor's. Tiles of 33² or 65², or --cells-per-view 128, fill the world",
    );
    expect(run.err).not.toContain('--region -1,-1,3,3');
    const fills = await runCli('build', file, '--region', 'world', '--cells-per-view', '64', '--tile-size', '65', '--plan');
    expect(fills.code).toBe(0);
    expect(fills.err).not.toMatch(/note:/);
  });

  it('says when the world at its cells a view is past the grid the editor runs a world on', async () => {
    // 3 × 3 views at 2048: 6145² samples, past 4097²: the editor runs the erosion on the view.
    const file = withWorld({ x: 0, y: 0, size: 3 });
    const run = await runCli('build', file, '--region', 'world', '--cells-per-view', '2048', '--tile-size', '2049', '--plan');
    expect(run.code).toBe(0);
    expect(run.err).toContain(
      "note: the graph's world (3 × 3 views from (0, 0)) at 2048 cells a view is 6145² samples, past the 4097² the editor runs a world on: there it runs erosion on the view, so these tiles are not what it shows",
    );
  });

  it('says the editor runs on the view when the world is past its grid, though the tiles also reach past it', async () => {
    // 3 × 3 views at 2048 in tiles of 1009: 7 × 7 tiles reach past the world's 6145² samples, a
    // grid the editor never runs a world on. The note said "not on the world's 6145² samples the
    // editor runs it on" and offered tiles of 2049², which fill it and still are not the editor's.
    const file = withWorld({ x: 0, y: 0, size: 3 });
    const run = await runCli('build', file, '--region', 'world', '--cells-per-view', '2048', '--tile-size', '1009', '--plan');
    expect(run.code).toBe(0);
    // That note alone (the erosion's work on the grid follows it: tests/build-work.test.ts).
    expect(run.err.split('\n').filter((l) => l.startsWith('note:'))).toEqual([
      "note: the graph's world (3 × 3 views from (0, 0)) at 2048 cells a view is 6145² samples, past the 4097² the editor runs a world on: there it runs erosion on the view, so these tiles are not what it shows",
    ]);
  });

  it('with --plan refuses a world whose erosion the build would refuse, as the build does', async () => {
    // 16 × 16 views at 1024 in tiles of 1009: the erosion's whole grid is 17137² samples, past
    // the 8193² a build holds. --plan printed 289 tiles (exit 0), each of which the build, or
    // every process of a fan-out planned from it, then refused with exit 2.
    const file = withWorld({ x: 0, y: 0, size: 16 });
    const args = ['build', file, '--region', 'world', '--cells-per-view', '1024'];
    const planned = await runCli(...args, '--plan');
    const built = await runCli(...args, '--tile', '0', '--out', scratchDir('world-note'));
    expect(built.code).toBe(2);
    expect(built.err).toMatch(/erosion runs on the build's whole grid so that tiles agree at their edges: here 17137² samples, more than the 8193² a build holds\..*--grid tile/);
    expect([planned.code, planned.err, planned.out]).toEqual([2, built.err, '']);
    // With --grid tile the build takes it: so does --plan.
    expect((await runCli(...args, '--grid', 'tile', '--plan')).code).toBe(0);
  });
});
