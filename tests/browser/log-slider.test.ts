// A frequency's slider is logarithmic (the fBm's 0.05…64): dragged with the real mouse to the
// middle of its track it reads near the geometric middle, keys move along the log scale, a
// typed value is kept as typed, and each edit undoes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, openApp, params, screenshot, settle, showParams } from './harness.ts';

const SLIDER = 'tg-node[data-node-id="cont"] tg-param[name="frequency"] input[type="range"]';

async function frequency(page: Page): Promise<number> {
  return (await params(page, 'cont')).frequency as number;
}

/** Where the thumb of a slider sits for a track fraction (the thumb is about 12 px wide). */
function thumbAt(box: { x: number; y: number; width: number; height: number }, t: number): { x: number; y: number } {
  return { x: box.x + 6 + (box.width - 12) * t, y: box.y + box.height / 2 };
}

describe('a log slider', () => {
  const app = appPerTest();

  it('reads near the geometric middle of 0.05…64 when dragged to the middle of its track, and undoes in one step', async () => {
    const page = app.s.page;
    expect(await frequency(page)).toBe(2);
    await showParams(page, 'cont');
    const box = (await page.locator(SLIDER).boundingBox())!;
    // 2 sits at ln(2 / 0.05) / ln(64 / 0.05) ≈ 0.52 of a log track (at 0.03 of a linear one).
    const from = thumbAt(box, Math.log(2 / 0.05) / Math.log(64 / 0.05));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, from.y, { steps: 6 });
    await screenshot(page, 'log-slider-drag');
    await page.mouse.up();
    await settle(page);
    const middle = await frequency(page);
    // √(0.05 · 64) = 1.79; a pixel of a ~150 px track is ~5 % of the value. A linear slider's
    // middle is 32.
    expect(middle).toBeGreaterThan(1.5);
    expect(middle).toBeLessThan(2.15);
    expect(middle).not.toBe(2);
    // It lands on the param's step, as a linear slider's drag does.
    expect(Math.abs(middle / 0.05 - Math.round(middle / 0.05))).toBeLessThan(1e-9);
    // Dragged to 90 % of the track: 64^0.9 · 0.05^0.1 ≈ 31, far from a linear 57.6.
    const mid = thumbAt(box, 0.5);
    await page.mouse.move(box.x + box.width / 2, mid.y);
    await page.mouse.down();
    await page.mouse.move(box.x + 6 + (box.width - 12) * 0.9, mid.y, { steps: 6 });
    await page.mouse.up();
    await settle(page);
    expect(await frequency(page)).toBeGreaterThan(22);
    expect(await frequency(page)).toBeLessThan(44);

    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await frequency(page)).toBe(middle);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await frequency(page)).toBe(2);
  });

  it('moves along the log scale by keys, and keeps a typed value as typed', async () => {
    const page = app.s.page;
    await showParams(page, 'cont');
    await page.locator(SLIDER).focus();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    const up = await frequency(page);
    // A hundredth of the track: × 1280^0.01 ≈ 1.074, snapped to 0.05.
    expect(up).toBe(2.15);
    await page.keyboard.press('PageDown');
    await settle(page);
    expect(await frequency(page)).toBe(1.05);
    await page.keyboard.press('Home');
    await settle(page);
    expect(await frequency(page)).toBe(0.05);
    // At the bottom a hundredth of the track is less than a step: a press still moves a step.
    await page.keyboard.press('ArrowUp');
    await settle(page);
    expect(await frequency(page)).toBe(0.1);
    await page.keyboard.press('End');
    await settle(page);
    expect(await frequency(page)).toBe(64);
    // Each press is its own undo step.
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await frequency(page)).toBe(0.1);

    const field = page.locator('tg-node[data-node-id="cont"] tg-param[name="frequency"] input[type="number"]');
    await field.fill('1.234');
    await field.press('Enter');
    await settle(page);
    expect(await frequency(page)).toBe(1.234);
    // The thumb sits where 1.234 is on the log track (about 0.45), not on a linear one (0.02).
    const position = Number(await page.locator(SLIDER).inputValue());
    expect(position / 1000).toBeCloseTo(Math.log(1.234 / 0.05) / Math.log(64 / 0.05), 2);
  });

  it('looks right at 1024 × 700', async () => {
    const s = await openApp(app.browser, { viewport: { width: 1024, height: 700 } });
    try {
      await showParams(s.page, 'cont');
      await s.page.locator(SLIDER).focus();
      await s.page.keyboard.press('ArrowRight');
      await settle(s.page);
      expect(await frequency(s.page)).toBe(2.15);
      await screenshot(s.page, 'log-slider-1024');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
