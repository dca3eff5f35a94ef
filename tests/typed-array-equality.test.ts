// toEqual of typed arrays (tests/helpers/typed-array-equality.ts, set up for every test file):
// it goes through the one-loop tester, and gives Vitest's own verdict on every kind of pair.
import { equals, iterableEquality } from '@vitest/expect';
import { describe, expect, it } from 'vitest';
import { typedArrayEquality } from './helpers/typed-array-equality.ts';

/** Pairs of values, each with whether they are equal, as Vitest's toEqual answers without the tester. */
const PAIRS: [string, unknown, unknown, boolean][] = [
  ['equal bytes', new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]), true],
  ['one byte differs', new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]), false],
  ['the first differs', new Uint8Array([0, 2, 3]), new Uint8Array([1, 2, 3]), false],
  ['shorter', new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]), false],
  ['longer', new Uint8Array([1, 2, 3, 0]), new Uint8Array([1, 2, 3]), false],
  ['empty', new Float32Array(0), new Float32Array(0), true],
  ['other constructors, same bytes', new Uint8Array([1, 2]), new Int8Array([1, 2]), false],
  ['a Buffer against a Uint8Array', Buffer.from([1, 2]), new Uint8Array([1, 2]), false],
  ['equal floats', new Float32Array([0.5, -1.25, 3e9]), new Float32Array([0.5, -1.25, 3e9]), true],
  ['a float differs', new Float32Array([0.5, -1.25]), new Float32Array([0.5, -1.5]), false],
  ['NaN against NaN', new Float32Array([Number.NaN, 1]), new Float32Array([Number.NaN, 1]), true],
  ['NaN against a number', new Float32Array([Number.NaN]), new Float32Array([0]), false],
  ['0 against -0', new Float32Array([0]), new Float32Array([-0]), false],
  ['-0 against -0', new Float64Array([-0]), new Float64Array([-0]), true],
  ['bigints', new BigInt64Array([1n, -2n]), new BigInt64Array([1n, -2n]), true],
  ['a bigint differs', new BigUint64Array([1n, 2n]), new BigUint64Array([1n, 3n]), false],
  ['views of one buffer at other offsets', new Uint8Array(new Uint8Array([1, 1, 2]).buffer, 0, 2), new Uint8Array(new Uint8Array([1, 1, 2]).buffer, 1, 2), false],
  ['nested in objects, equal', { a: [new Uint16Array([7, 8])] }, { a: [new Uint16Array([7, 8])] }, true],
  ['nested in objects, differing', { a: [new Uint16Array([7, 8])] }, { a: [new Uint16Array([7, 9])] }, false],
  ['a typed array against a plain array', new Uint8Array([1, 2]), [1, 2], false],
  ['DataViews (left to Vitest)', new DataView(new ArrayBuffer(2)), new DataView(new ArrayBuffer(2)), true],
];

describe('toEqual of typed arrays', () => {
  it('goes through the one-loop tester, registered for every test file', () => {
    const registered = (globalThis as unknown as Record<symbol, { customEqualityTesters: unknown[] }>)[Symbol.for('$$jest-matchers-object')].customEqualityTesters;
    expect(registered).toContain(typedArrayEquality);
  });

  it.each(PAIRS)('gives Vitest\'s own verdict: %s', (_, a, b, equal) => {
    expect(equals(a, b, [iterableEquality]), 'Vitest without the tester').toBe(equal);
    expect(equals(a, b, [typedArrayEquality, iterableEquality]), 'with it').toBe(equal);
    if (equal) expect(a).toEqual(b);
    else expect(a).not.toEqual(b);
  });

  it('finds a difference in the last element of a long array', () => {
    const a = new Uint8Array(3_000_000).map((_, i) => i * 7);
    const b = a.slice();
    expect(a).toEqual(b);
    b[b.length - 1] ^= 1;
    expect(a).not.toEqual(b);
  });
});
