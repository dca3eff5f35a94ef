// The build's PNG writer (src/build/png.ts): what fast-png's decoder reads back, CRCs checked, is what went in.
import { decode } from 'fast-png';
import { expect, it } from 'vitest';
import { encodeTile } from '../src/build/encode.ts';
import { grey16PngBytes, indexedPngBytes } from '../src/build/png.ts';
import { biomePng } from '../src/render/png.ts';
import { rng } from './helpers/graphs.ts';

it.each([1, 2, 33, 100])('a 16-bit greyscale PNG of %i² decodes to the same samples and texts', (n) => {
  const rand = rng(n);
  // Smooth and rough rows alike: the Up filter wraps around byte values both ways.
  const data = Uint16Array.from({ length: n * n }, (_, i) => (i % 3 === 0 ? Math.floor(rand() * 65536) : (i * 97) & 0xffff));
  const png = decode(grey16PngBytes(data, n, { 'terrain-graph:min': '-1.5', 'terrain-graph:max': '2' }), { checkCrc: true });
  expect([png.width, png.height, png.depth, png.channels]).toEqual([n, n, 16, 1]);
  expect([...png.data]).toEqual([...data]);
  expect(png.text).toEqual({ 'terrain-graph:min': '-1.5', 'terrain-graph:max': '2' });
});

it('an indexed PNG decodes to the same indices, palette and texts', () => {
  const n = 57;
  const rand = rng(5);
  const data = Uint8Array.from({ length: n * n }, () => Math.floor(rand() * 4));
  const palette = [[1, 2, 3], [250, 0, 9], [0, 0, 0], [255, 255, 255]];
  const png = decode(indexedPngBytes(data, n, palette, { 'biome:0': 'ocean' }), { checkCrc: true });
  expect([png.width, png.height, png.depth]).toEqual([n, n, 8]);
  expect([...png.data]).toEqual([...data]);
  expect(png.palette).toEqual(palette);
  expect(png.text).toEqual({ 'biome:0': 'ocean' });
});

it('every chunk\'s CRC is checked: one flipped bit in any chunk makes the decoder refuse the file', () => {
  const bytes = indexedPngBytes(Uint8Array.of(0, 1, 1, 0), 2, [[0, 0, 0], [9, 9, 9]], { k: 'v' });
  expect(() => decode(bytes, { checkCrc: true })).not.toThrow();
  // Walk the chunks (length, type, data, CRC) and spoil the last byte of each one's data or CRC.
  const view = new DataView(bytes.buffer);
  const types: string[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = view.getUint32(at);
    types.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
    const spoilt = bytes.slice();
    spoilt[at + 8 + length + 3] ^= 1;
    expect(() => decode(spoilt, { checkCrc: true }), types.at(-1)).toThrow(/CRC/);
    at += 12 + length;
  }
  expect(types).toEqual(['IHDR', 'PLTE', 'tEXt', 'IDAT', 'IEND']);
});

it('a build\'s indexed tile holds the pixels, palette and legend of the previews\' indexed export', () => {
  const n = 23;
  const rand = rng(11);
  const ids = Uint8Array.from({ length: n * n }, () => Math.floor(rand() * 13));
  const tile = decode(encodeTile({ type: 'biome', meaning: 'biome', data: ids }, n, 'indexed', null).bytes, { checkCrc: true });
  const fast = decode(biomePng(ids, n), { checkCrc: true });
  expect([...tile.data]).toEqual([...fast.data]);
  expect(tile.palette).toEqual(fast.palette);
  expect(tile.text).toEqual(fast.text);
  expect(tile.palette?.length).toBe(13);
});

it('writes the same bytes as ever: the 16-bit, raw and indexed encodings of a fixed field are pinned', async () => {
  // Tiles of one build must be byte-identical whoever made them and whenever: a faster encoder
  // must give these digests (a changed encoding renames PNG_ENCODING, so resumed builds redo tiles).
  const { createHash } = await import('node:crypto');
  const n = 301;
  const rand = rng(13);
  const field = Float32Array.from({ length: n * n }, (_, i) => {
    if (i % 9973 === 0) return NaN;
    if (i % 7919 === 0) return i % 2 ? Infinity : -Infinity;
    const x = i % n;
    const y = Math.floor(i / n);
    return 0.6 * Math.sin(x / 17) * Math.cos(y / 23) + 0.05 * (rand() - 0.5) + (i % 5003 === 0 ? 3 : 0);
  });
  const biomes = Uint8Array.from({ length: n * n }, (_, i) => (Math.floor((i % n) / 40) + Math.floor(i / n / 50)) % 12);
  const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
  const range = { min: -0.5, max: 0.55 };
  const png16 = encodeTile({ type: 'field', meaning: 'height', data: field }, n, 'png16', range);
  const r16 = encodeTile({ type: 'field', meaning: 'height', data: field }, n, 'r16', range);
  const indexed = encodeTile({ type: 'biome', meaning: 'biome', data: biomes } as never, n, 'indexed', null);
  expect([png16.clipped, r16.clipped]).toEqual([8527, 8527]);
  expect(sha(png16.bytes)).toBe('ee0e0c409897127d5e33aef382943fdcfd834a66a59efd607e1b2bfbec280855');
  expect(sha(r16.bytes)).toBe('d373fe1e60d50be0245d2d7da69e9e0010d7b63c949fbdd22c79352904b95396');
  expect(sha(indexed.bytes)).toBe('fdea880691f81045c39eed36986ffa19ea332100f94ffd4a53121f1b74cb0f59');
});

it('quantises as Math.round does, next to the halves included', () => {
  // Float32 cells as near as they come to t · 65535 = k + ½ (a Float32 t never lands on it
  // exactly), their Float32 neighbours on both sides, the ends, and random cells.
  const next = (v: number, dir: 1 | -1) => {
    const f = new Float32Array([v]);
    const u = new Uint32Array(f.buffer);
    u[0] += dir;
    return f[0];
  };
  const cells: number[] = [0, 1, 1e-45, Math.fround(1 - 2 ** -24)];
  for (const k of [0, 1, 2, 1000, 32767, 65533, 65534]) {
    const near = Math.fround((k + 0.5) / 65535);
    cells.push(near, next(near, 1), next(near, -1), next(next(near, 1), 1), next(next(near, -1), -1));
  }
  const rand = rng(3);
  for (let i = 0; i < 4000; i++) cells.push(Math.fround(rand()));
  const n = Math.ceil(Math.sqrt(cells.length));
  const field = new Float32Array(n * n).fill(0.25);
  field.set(cells);
  // The range 0 … 1, so t is the cell itself; rows south first (r16) keep the cells' order.
  const r16 = new Uint16Array(encodeTile({ type: 'field', meaning: 'height', data: field }, n, 'r16', { min: 0, max: 1 }).bytes.buffer);
  for (let i = 0; i < field.length; i++) expect(r16[i], `cell ${i}: ${field[i]}`).toBe(Math.round(field[i] * 65535));
});

it("finds a height tile's own finite range in the 16-bit pass: NaN and infinities left out", () => {
  const n = 5;
  const field = Float32Array.from({ length: n * n }, (_, i) => (i - 12) / 7);
  field[3] = NaN;
  field[4] = Infinity;
  field[5] = -Infinity;
  const range = { min: -1, max: 1 };
  const got = encodeTile({ type: 'field', meaning: 'height', data: field }, n, 'png16', range);
  const finite = [...field].filter(Number.isFinite);
  expect(got.own).toEqual({ min: Math.min(...finite), max: Math.max(...finite) });
  // No finite value: no range.
  expect(encodeTile({ type: 'field', meaning: 'height', data: new Float32Array(n * n).fill(NaN) }, n, 'png16', range).own).toBeNull();
  expect(encodeTile({ type: 'field', meaning: 'height', data: new Float32Array(n * n).fill(-Infinity) }, n, 'png16', range).own).toBeNull();
});
