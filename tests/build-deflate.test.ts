// The build's run-length deflate (src/build/deflate.ts): zlib's own inflate reads back every
// byte, Adler-32 checked, and the Huffman codes stay complete and within their length limits.
import { inflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { codeLengths, deflateMemoryBytes, releaseDeflateMemory, zlibRle } from '../src/build/deflate.ts';
import { rng } from './helpers/graphs.ts';

function kraft(lengths: Uint8Array): number {
  let sum = 0;
  for (const l of lengths) if (l) sum += 2 ** -l;
  return sum;
}

const rand = rng(42);
const cases: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  'one byte': Uint8Array.of(7),
  'one value, 100 000 times (runs of 258 and a short tail)': new Uint8Array(100_000).fill(9),
  'runs of every length 1 … 300': Uint8Array.from((function* () {
    for (let len = 1; len <= 300; len++) for (let k = 0; k < len; k++) yield len & 0xff;
  })()),
  'uniform noise, 200 000 bytes (several blocks)': Uint8Array.from({ length: 200_000 }, () => Math.floor(rand() * 256)),
  // Frequencies 1, 1, 2, 3, 5, 8 …: an unlimited Huffman code would go 24 bits deep.
  'Fibonacci frequencies': Uint8Array.from((function* () {
    let [a, b] = [1, 1];
    for (let s = 0; s < 25; s++) {
      for (let k = 0; k < a; k++) yield s;
      [a, b] = [b, a + b];
    }
  })()),
  'small differences, as a filtered smooth field': Uint8Array.from({ length: 70_000 }, () => (Math.round((rand() - 0.5) * 6) & 0xff)),
};

it.each(Object.entries(cases))('%s: inflates back to the same bytes', (_, data) => {
  const z = zlibRle(data);
  expect([z[0], z[1]]).toEqual([0x78, 0x01]);
  expect(new Uint8Array(inflateSync(z))).toEqual(data);
});

it('runs compress: a constant megabyte takes a few kilobytes', () => {
  expect(zlibRle(new Uint8Array(1 << 20).fill(3)).length).toBeLessThan(4096);
});

it('a changed byte changes the stream, and a spoilt stream is refused by its checksum', () => {
  const data = cases['small differences, as a filtered smooth field'];
  const z = zlibRle(data);
  const spoilt = z.slice();
  spoilt[spoilt.length - 1] ^= 1;
  expect(() => inflateSync(spoilt)).toThrow();
  const other = data.slice();
  other[1234] ^= 0x40;
  expect(zlibRle(other)).not.toEqual(z);
});

it('code lengths are complete and within the limit, even where Huffman would go deeper', () => {
  const fib = [1, 1];
  while (fib.length < 30) fib.push(fib[fib.length - 1] + fib[fib.length - 2]);
  for (const [freq, limit] of [[fib, 15], [fib, 7], [[5, 0, 0, 3], 15], [Array.from({ length: 286 }, (_, i) => 1 + ((i * 37) % 11)), 15], [[0, 0, 4, 0], 7]] as const) {
    const lengths = codeLengths(freq, limit);
    const used = freq.filter((f) => f > 0).length;
    expect(Math.max(...lengths)).toBeLessThanOrEqual(limit);
    expect(lengths.filter((l) => l > 0).length).toBe(used);
    if (used >= 2) expect(kraft(lengths)).toBe(1);
    // Rarer symbols never get shorter codes than more frequent ones.
    for (let a = 0; a < freq.length; a++) for (let b = 0; b < freq.length; b++) if (freq[a] > 0 && freq[a] < freq[b]) expect(lengths[a]).toBeGreaterThanOrEqual(lengths[b]);
  }
});

it('keeps its memory for the next call until told to let it go (an export worker between two exports)', () => {
  const data = new Uint8Array(4 << 20).map((_, i) => (i * 2654435761) >>> 24);
  const z = zlibRle(data);
  expect(deflateMemoryBytes()).toBeGreaterThan(data.length);
  releaseDeflateMemory();
  expect(deflateMemoryBytes()).toBe(0);
  // And encodes again afterwards, the same bytes.
  expect(zlibRle(data)).toEqual(z);
});
