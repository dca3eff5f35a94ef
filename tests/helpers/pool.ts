// A buffer pool's takes, recorded: the tests of which grids an evaluation takes from the pool.
import type { AnyBuffer, BufferPool } from '../../src/engine/pool.ts';

/** From now on, every buffer the pool hands out is pushed on the list returned. */
export function recordTakes(pool: BufferPool): AnyBuffer[] {
  const taken: AnyBuffer[] = [];
  const take = pool.take.bind(pool);
  pool.take = ((kind, length) => {
    const b = take(kind, length);
    taken.push(b);
    return b;
  }) as typeof pool.take;
  return taken;
}
