// Outputs computed only when read (RunContext.lazyField): a field whose data is made on the
// first read of it, by whoever reads it (a consumer, a preview, a crop), and kept after.

import type { FieldValue, Meaning, Value } from '../model/values.ts';

/** The lazy values not yet made. */
const unmade = new WeakSet<Value>();
/** Lazy values not made whose result let its buffers go (retireLazy): reading one throws. */
const retired = new WeakSet<Value>();

/** A field whose `data` is `make()`, called once, on the first read. */
export function lazyField(meaning: Meaning, make: () => Float32Array): FieldValue {
  let data: Float32Array | null = null;
  const value = { type: 'field', meaning } as FieldValue;
  Object.defineProperty(value, 'data', {
    enumerable: true,
    get: () => {
      if (!data) {
        // Made now, it would read cells back in the pool and take a grid no result gives back.
        if (retired.has(value)) throw new Error('internal: an output computed when read was read after the engine let its result go');
        data = make();
        unmade.delete(value);
      }
      return data;
    },
  });
  unmade.add(value);
  return value;
}

/** True for a lazy field whose data nobody has read yet (reading it would make it). */
export function isUnmade(v: Value): boolean {
  return unmade.has(v);
}

/**
 * Its result's buffers go back to the pool: a lazy field not made yet can no longer be (its
 * make() reads them), so a read of it throws instead of giving recycled cells. Not for one
 * whose result's buffers a crop keeps: that crop still cuts it out of them.
 */
export function retireLazy(v: Value): void {
  if (!unmade.delete(v)) return;
  retired.add(v);
}
