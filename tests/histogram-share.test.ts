// The shares a histogram's legend writes (src/viewer-core/histogram.ts shareText): a share that
// is not 0 or 1 never reads as one, whatever the count of cells it is of.
import { describe, expect, it } from 'vitest';
import { shareText } from '../src/viewer-core/histogram.ts';

describe("a legend's share", () => {
  it('is a tenth of a per cent near either end, as a rivers map has it', () => {
    expect(shareText(0.003)).toBe('0.3 %');
    expect(shareText(0.997)).toBe('99.7 %');
    expect(shareText(0.5)).toBe('50 %');
  });

  it('never reads as 0 or 100 % when some cells are of each kind', () => {
    // 1999 of 2000 cells is 0.9995 exactly, which rounds up to 100.0 at a tenth.
    for (const cells of [2000, 40_000, 65_536, 1_048_576]) {
      for (const k of [1, 2, 19, 20, 21, cells - 21, cells - 20, cells - 19, cells - 2, cells - 1]) {
        const text = shareText(k / cells);
        expect(text, `${k} of ${cells}`).not.toMatch(/^(0|0\.0|100|100\.0) %$/);
      }
    }
    expect(shareText(1999 / 2000)).toBe('> 99.9 %');
    expect(shareText(1 / 2000)).toBe('0.1 %');
    expect(shareText(1 / 40_000)).toBe('< 0.1 %');
  });
});
