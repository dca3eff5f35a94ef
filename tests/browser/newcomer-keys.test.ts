// A Houdini and Gaea habit from a newcomer's pass (session 35), with the real keyboard at
// 1600 × 1000 and 1024 × 700: Tab through a params card stops on each slider before its number,
// and a number typed there did nothing at all (a range input takes no text), so every other
// value typed went nowhere, with nothing said.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused, graphText, params, screenshot, settle, withApp } from './harness.ts';

/**
 * A key that types `ch`, pressed as a keyboard whose layout has it sends it (keydown with that
 * key, then its text): Playwright's press knows no "−" and its type sends only the text.
 */
async function pressChar(page: Page, ch: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch });
  await cdp.detach();
}

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

describe('a number typed on a focused slider', () => {
  for (const viewport of SIZES) {
    it(`goes into the slider's number field and is set by Enter or Tab (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        await page.locator('tg-node[data-node-id="cont"] header .title').click();
        await page.locator('tg-node[data-node-id="cont"] tg-param').first().waitFor();
        await page.keyboard.press('Enter');
        // The seed's field, its reroll button, then the frequency's slider (a log slider).
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('tg-node tg-param[frequency] input[frequency][range]');
        await page.keyboard.type('3.5');
        expect(await focused(page)).toBe('tg-node tg-param[frequency] input[number]');
        await screenshot(page, `newcomer-keys-typed-${viewport.width}`);
        await page.keyboard.press('Enter');
        await settle(page);
        expect((await params(page, 'cont')).frequency).toBe(3.5);
        // The octaves' slider (a linear one): typed over, set by Tab on to the next.
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('tg-node tg-param[octaves] input[octaves][range]');
        await page.keyboard.type('6');
        await page.keyboard.press('Tab');
        await settle(page);
        expect((await params(page, 'cont')).octaves).toBe(6);
        expect(await focused(page)).toBe('tg-node tg-param[lacunarity] input[lacunarity][range]');
        // The arrow keys still move the slider itself, as before.
        await page.keyboard.press('ArrowRight');
        await settle(page);
        expect((await params(page, 'cont')).lacunarity).toBeGreaterThan(2);
        expect(await focused(page)).toBe('tg-node tg-param[lacunarity] input[lacunarity][range]');
      });
    });
  }

  it('takes a decimal comma typed first as the decimal point (1024 × 700)', async () => {
    // ",5" is a half where a comma is the decimal sign, as the number field itself reads it
    // (decimalComma); typed first on the slider, the comma did nothing and "5" went in alone.
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      await page.locator('tg-node[data-node-id="temperature"] header .title').click();
      await page.locator('tg-node[data-node-id="temperature"] tg-param').first().waitFor();
      await page.keyboard.press('Enter');
      const seen: string[] = [];
      while ((await focused(page)) !== 'tg-node tg-param[lapse] input[lapse][range]') {
        seen.push(await focused(page));
        expect(seen.length, seen.join(', ')).toBeLessThan(8);
        await page.keyboard.press('Tab');
      }
      await page.keyboard.type(',5');
      expect(await focused(page)).toBe('tg-node tg-param[lapse] input[number]');
      await screenshot(page, 'newcomer-keys-comma-1024');
      await page.keyboard.press('Enter');
      await settle(page);
      expect((await params(page, 'temperature')).lapse).toBe(0.5);
    });
  });
  it('takes a true minus (U+2212) typed first, or in the number field, as a minus (1600 × 1000)', async () => {
    // "−" is the minus the ranges beside the sliders are written with (−1…2), and what some
    // keyboards and text tools type: typed first on the slider, the focus went to the number
    // field and the field dropped it, so "−0.5" was set as 0.5.
    await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
      await page.locator('tg-node[data-node-id="temperature"] header .title').click();
      await page.locator('tg-node[data-node-id="temperature"] tg-param').first().waitFor();
      await page.keyboard.press('Enter');
      const seen: string[] = [];
      while ((await focused(page)) !== 'tg-node tg-param[base] input[base][range]') {
        seen.push(await focused(page));
        expect(seen.length, seen.join(', ')).toBeLessThan(20);
        await page.keyboard.press('Tab');
      }
      await pressChar(page, '−');
      expect(await focused(page)).toBe('tg-node tg-param[base] input[number]');
      await page.keyboard.type('0.5');
      await screenshot(page, 'newcomer-keys-minus-1600');
      await page.keyboard.press('Enter');
      await settle(page);
      expect((await params(page, 'temperature')).base).toBe(-0.5);
      // In the number field itself, over its selected text.
      const field = page.locator('tg-node[data-node-id="temperature"] tg-param[name="coastMod"] input[type="number"]');
      await field.click();
      await page.keyboard.press('Control+a');
      await pressChar(page, '−');
      await page.keyboard.type('0.2');
      await page.keyboard.press('Enter');
      await settle(page);
      expect((await params(page, 'temperature')).coastMod).toBe(-0.2);
      // The viewer's x, which also reads a true minus.
      await page.locator('tg-viewer input.x').click();
      await page.keyboard.press('Control+a');
      await pressChar(page, '−');
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await settle(page);
      expect(JSON.parse(await graphText(page)).view.x).toBe(-1);
    });
  });
});
