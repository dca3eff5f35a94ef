// toEqual and the other deep equalities compare two typed arrays in one loop, with the same
// answer Vitest gives: registered for every test file by tests/helpers/setup.ts (vite.config.ts
// setupFiles).
//
// Vitest compares typed arrays as iterables: a generic equals() per element, with the
// custom testers' arrays copied for each, then every element again as Object.entries pairs.
// That took about 10 µs an element on these machines (load 10): 22 s for two equal 2M-byte
// arrays, and two minutes of tests/browser/export-worker.test.ts's first test went to one
// toEqual of a 2017² 16-bit PNG against the engine's. The answer here is Vitest's: the same
// constructor, the same length, and every element the same by Object.is (NaN equals NaN,
// 0 and -0 differ), which is what its element-wise equals() and the entries' compare check.
// Properties set on a typed array besides its elements are not compared; none of ours has any.
type Typed = ArrayLike<number | bigint> & ArrayBufferView;

const isTyped = (v: unknown): v is Typed => ArrayBuffer.isView(v) && !(v instanceof DataView);

/** Vitest's verdict on two typed arrays, computed in one pass; undefined for anything else (Vitest's own comparison). */
export function typedArrayEquality(a: unknown, b: unknown): boolean | undefined {
  if (!isTyped(a) || !isTyped(b)) return undefined;
  if (a.constructor !== b.constructor || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    // Object.is, written out: equal and not 0 against -0, or both NaN.
    if (x === y ? x === 0 && 1 / (x as number) !== 1 / (y as number) : x === x || y === y) return false;
  }
  return true;
}
