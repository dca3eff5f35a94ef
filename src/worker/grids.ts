// How a layer's grids travel between workers: copied out of an engine into buffers of their own,
// and those buffers listed for transfer. An engine's grids may lie on the shared WebAssembly heap
// (a shared buffer posted is shared, not copied) and are reused by its next run, so what leaves
// it is a copy; what is passed on again (the export port's grids) is transferred, never copied.

/** The buffers of the typed arrays in a value (or a water layer), at any depth, for a transfer list. */
export function buffersOf(value: object, into: ArrayBuffer[] = []): ArrayBuffer[] {
  for (const v of Object.values(value)) {
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer && !into.includes(v.buffer)) into.push(v.buffer);
    } else if (v !== null && typeof v === 'object') buffersOf(v, into);
  }
  return into;
}

/** A copy of a value (or a water layer) whose typed arrays each own a plain buffer of their own. */
export function ownedCopy<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const Typed = v.constructor as new (from: ArrayLike<number>) => ArrayBufferView;
      out[key] = new Typed(v as unknown as ArrayLike<number>);
    } else if (v !== null && typeof v === 'object') out[key] = ownedCopy(v);
    else out[key] = v;
  }
  return out as T;
}
