// What a Gaea or World Machine user found going through the editor's workflows end to end with
// the real mouse and keyboard, each kept fixed: Ctrl+Z just after a typed value and Enter undoes
// that edit (not the field's text alone).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, params, settle, showParams, type TestHandle } from './harness.ts';

const canUndo = (page: Page) => page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.canUndo);

describe('a newcomer’s workflows', () => {
  const app = appPerTest();

  it('undoes a typed value with Ctrl+Z while its field still has the focus, and redoes it', async () => {
    const page = app.s.page;
    await showParams(page, 'water');
    const field = page.locator('tg-node[data-node-id="water"] tg-param[name="share"] input[type="number"]');
    const before = (await params(page, 'water')).share as number;
    await field.click({ clickCount: 3 });
    await page.keyboard.type('0.25');
    await page.keyboard.press('Enter');
    await settle(page);
    expect((await params(page, 'water')).share).toBe(0.25);
    // The field keeps the focus after Enter: the shortcut comes from it.
    expect(await field.evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Control+z');
    await settle(page);
    // The browser undid the field's text alone: it read the old value while the graph (and the
    // map) kept 0.25, and leaving the field then set the old value as a new edit.
    expect((await params(page, 'water')).share).toBe(before);
    expect(Number(await field.inputValue())).toBe(before);
    expect(await canUndo(page)).toBe(false);
    await page.keyboard.press('Control+Shift+z');
    await settle(page);
    expect((await params(page, 'water')).share).toBe(0.25);
    expect(Number(await field.inputValue())).toBe(0.25);

    // A value typed and not entered: Ctrl+Z leaves the param as it was and the field showing it.
    await field.click({ clickCount: 3 });
    await page.keyboard.type('0.6');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await params(page, 'water')).share).toBe(0.25);
    expect(Number(await field.inputValue())).toBe(0.25);
  });
});
