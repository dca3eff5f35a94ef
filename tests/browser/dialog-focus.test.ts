// The editor's boxes give the focus back where it was when they came: Save as… and Share, opened
// from the keyboard on the toolbar, closed with Escape, leave the focus on their button (it went
// to the canvas, and a keyboard user tabbed back through the toolbar to reach it again); a Save
// as asked by Ctrl+Shift+S on the canvas still leaves it on the canvas, where the shortcuts work.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, settle } from './harness.ts';

/** The focused element, through the shadow roots: "tg-toolbar > button.share", "body". */
function focus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const path: string[] = [];
    let at: Element | null = document.activeElement;
    while (at) {
      path.push(at.localName + (at.className && typeof at.className === 'string' ? `.${at.className.split(' ')[0]}` : ''));
      at = at.shadowRoot?.activeElement ?? null;
    }
    return path.filter((p) => p !== 'tg-app').join(' > ');
  });
}

/** Tabs from the page's start until the toolbar's button with this text has the focus. */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let k = 0; k < 20; k++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      let at: Element | null = document.activeElement;
      while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
      return at?.textContent?.trim() ?? '';
    });
    if (label === text) return;
  }
  throw new Error(`${text}: not reached with Tab`);
}

describe('the boxes give the focus back', () => {
  const app = appPerTest();

  it('Save as… and Share opened with Enter on the toolbar and closed with Escape leave the focus on their button', async () => {
    const page = app.s.page;
    await tabTo(page, 'Save as…');
    await page.keyboard.press('Enter');
    await page.locator('tg-ask-dialog input').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-ask-dialog').count()).toBe(0);
    expect(await focus(page)).toBe('tg-toolbar > button');
    // Enter again opens the box again: the focus is where the person left it.
    await page.keyboard.press('Enter');
    await page.locator('tg-ask-dialog input').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-ask-dialog').count()).toBe(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('tg-share-dialog').waitFor();
    await settle(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-share-dialog').count()).toBe(0);
    expect(await focus(page)).toBe('tg-toolbar > button.share');
    expect(app.s.errors).toEqual([]);
  });

  it('a Save as asked by Ctrl+Shift+S on the canvas leaves the focus on the canvas, where F still fits', async () => {
    const page = app.s.page;
    const box = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width - 30, box.y + 30);
    const before = await focus(page);
    expect(before).not.toBe('body');
    await page.keyboard.press('Control+Shift+S');
    await page.locator('tg-ask-dialog input').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-ask-dialog').count()).toBe(0);
    expect(await focus(page)).toBe(before);
  });
});
