// The one rule behind "these tiles fill the world" (build/plan.ts tilesFillWorld), which both
// `build --region world` and the Tiles box try their candidates with: checked against what the
// plan's own tiling of the world makes and the grid the engine runs the world on, not against
// the formula again.
import { describe, expect, it } from 'vitest';
import { gridOf, makePlan, TILE_SIZES, tilesFillWorld } from '../src/build/plan.ts';
import { worldGrid } from '../src/engine/domains.ts';
import { domainKey, latticeDomain, type World } from '../src/grid.ts';

/**
 * Whether a build of the world's square at `n` cells a view in tiles of `t` erodes on the very
 * grid the editor erodes the world on at a view of `n` cells in its south-west corner.
 */
function buildIsEditors(world: World, n: number, t: number): boolean {
  const plan = makePlan({ region: { x0: world.x, y0: world.y, x1: world.x + world.size, y1: world.y + world.size }, cellsPerView: n, tileSize: t, layers: [] });
  const editors = worldGrid(world, latticeDomain(n, world.x * n, world.y * n, n));
  return editors !== null && domainKey(editors) === domainKey(gridOf(plan));
}

describe('tilesFillWorld', () => {
  // Worlds of one view, of an odd and a prime size, and the largest; resolutions on either side
  // of each one's cap (4097² samples: 1 view at 4096, 3 at 1365, 5 at 819, 16 at 256) and of the
  // strides of Unreal's and Unity's tiles (504, 1008, 2^k).
  const worlds: World[] = [
    { x: 0, y: 0, size: 1 },
    { x: -1, y: -1, size: 3 },
    { x: 2, y: -7, size: 5 },
    { x: -8, y: 3, size: 16 },
  ];
  const resolutions = [16, 21, 32, 63, 64, 96, 126, 128, 168, 252, 256, 257, 336, 504, 512, 819, 820, 1008, 1024, 1365, 1366, 2016, 2048, 4096, 4097];

  it('is true exactly when the build of the world erodes on the grid the editor erodes it on', () => {
    let filled = 0;
    let checked = 0;
    for (const world of worlds) {
      for (const n of resolutions) {
        for (const t of TILE_SIZES) {
          // Plans of more than 40,000 tiles are left out: each is a table of tiles, and none of
          // those fills a world the editor runs (the cap is far below their samples).
          const across = Math.ceil((world.size * n) / (t - 1));
          if (across * across > 40_000) continue;
          const expected = buildIsEditors(world, n, t);
          expect(tilesFillWorld(world.size, n, t), `${world.size} views at ${n} in tiles of ${t}`).toBe(expected);
          checked++;
          if (expected) filled++;
        }
      }
    }
    // Both answers are tried many times over, on both sides of the cap.
    expect(filled).toBeGreaterThan(50);
    expect(checked - filled).toBeGreaterThan(200);
  });

  it('holds the cap at its edge: 4097² samples run, one cell a view more does not', () => {
    expect([tilesFillWorld(1, 4096, 4097), buildIsEditors({ x: 0, y: 0, size: 1 }, 4096, 4097)]).toEqual([true, true]);
    expect([tilesFillWorld(16, 256, 257), buildIsEditors({ x: 0, y: 0, size: 16 }, 256, 257)]).toEqual([true, true]);
    expect([tilesFillWorld(16, 512, 513), buildIsEditors({ x: 0, y: 0, size: 16 }, 512, 513)]).toEqual([false, false]);
  });
});
