// The build's PNG writer (src/build/png.ts): what fast-png's decoder reads back is what went in.
import { decode } from 'fast-png';
import { expect, it } from 'vitest';
import { grey16PngBytes, indexedPngBytes } from '../src/build/png.ts';
import { rng } from './helpers/graphs.ts';

it.each([1, 2, 33, 100])('a 16-bit greyscale PNG of %i² decodes to the same samples and texts', (n) => {
  const rand = rng(n);
  // Smooth and rough rows alike: the Up filter wraps around byte values both ways.
  const data = Uint16Array.from({ length: n * n }, (_, i) => (i % 3 === 0 ? Math.floor(rand() * 65536) : (i * 97) & 0xffff));
  const png = decode(grey16PngBytes(data, n, { 'terrain-graph:min': '-1.5', 'terrain-graph:max': '2' }));
  expect([png.width, png.height, png.depth, png.channels]).toEqual([n, n, 16, 1]);
  expect([...png.data]).toEqual([...data]);
  expect(png.text).toEqual({ 'terrain-graph:min': '-1.5', 'terrain-graph:max': '2' });
});

it('an indexed PNG decodes to the same indices, palette and texts', () => {
  const n = 57;
  const rand = rng(5);
  const data = Uint8Array.from({ length: n * n }, () => Math.floor(rand() * 4));
  const palette = [[1, 2, 3], [250, 0, 9], [0, 0, 0], [255, 255, 255]];
  const png = decode(indexedPngBytes(data, n, palette, { 'biome:0': 'ocean' }));
  expect([png.width, png.height, png.depth]).toEqual([n, n, 8]);
  expect([...png.data]).toEqual([...data]);
  expect(png.palette).toEqual(palette);
  expect(png.text).toEqual({ 'biome:0': 'ocean' });
});
