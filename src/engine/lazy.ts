// Outputs computed only when read (RunContext.lazyField): a field whose data is made on the
// first read of it, by whoever reads it (a consumer, a preview, a crop), and kept after.

import type { FieldValue, Meaning, Value } from '../model/values.ts';

/** The lazy values not yet made. */
const unmade = new WeakSet<Value>();

/** A field whose `data` is `make()`, called once, on the first read. */
export function lazyField(meaning: Meaning, make: () => Float32Array): FieldValue {
  let data: Float32Array | null = null;
  const value = { type: 'field', meaning } as FieldValue;
  Object.defineProperty(value, 'data', {
    enumerable: true,
    get: () => {
      if (!data) {
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
