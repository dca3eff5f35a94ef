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
