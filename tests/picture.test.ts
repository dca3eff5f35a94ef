// The BMP a node picture is shown as: a header before the RGBA bytes as they are.
import { describe, expect, it } from 'vitest';
import { bmp, bmpUrl } from '../src/app/picture.ts';

describe('bmp', () => {
  it('writes a top-down 32-bit BMP whose bit fields read the bytes as R, G, B, A, followed by the bytes unchanged', () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) & 255);
    const file = bmp(rgba, 3, 2);
    const v = new DataView(file.buffer);
    expect(String.fromCharCode(file[0], file[1])).toBe('BM');
    expect(v.getUint32(2, true)).toBe(file.length);
    expect(v.getUint32(10, true)).toBe(122);
    expect([v.getInt32(18, true), v.getInt32(22, true)]).toEqual([3, -2]);
    expect([v.getUint16(28, true), v.getUint32(30, true)]).toEqual([32, 3]);
    expect([v.getUint32(54, true), v.getUint32(58, true), v.getUint32(62, true), v.getUint32(66, true)]).toEqual([0xff, 0xff00, 0xff0000, 0xff000000]);
    expect([...file.subarray(122)]).toEqual([...rgba]);
    expect(bmpUrl(rgba, 3, 2)).toBe(`data:image/bmp;base64,${Buffer.from(file).toString('base64')}`);
  });

  it('refuses bytes that are not width × height pixels, saying how many it got and needed', () => {
    expect(() => bmp(new Uint8Array(20), 3, 2)).toThrow('bmp: 20 bytes given for 3 × 2 RGBA (24)');
  });
});
