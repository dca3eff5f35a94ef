// The Recipes menu shows the name it shows whole where the toolbar has room (at 1600 × 1000 it
// was a fixed 13em, "Start terrain wit…" though the bar had room to spare), and is no wider than
// that name needs: as wide as the longest recipe's name whatever it showed, it took some 330 px
// to say "Start". Opened, the list is as wide as its longest name (the browser's own list, not
// the closed menu's box), and the longest name, open, reads whole in the closed menu too. At
// 1024 × 700 it gives way, the toolbar on one row with every button whole (a Gaea user's pass).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openRecipe, screenshot, settle, withApp } from './harness.ts';

/** The Recipes menu's room for a name, its longest name's width and the shown name's, in its own font. */
async function recipesFit(page: Page) {
  return page.locator('tg-toolbar select[aria-label="Recipes"]').evaluate((s: HTMLSelectElement) => {
    const cs = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const longest = Math.max(...[...s.options].map((o) => ctx.measureText(o.textContent!.trim()).width));
    const shown = ctx.measureText(s.options[s.selectedIndex].textContent!.trim()).width;
    // The room for the text: the box (unrounded: clientWidth rounds, and a menu sized to its
    // name has no pixel to spare) less its borders, its padding and the arrow (Chromium's is 20 px or less).
    const box = s.getBoundingClientRect().width - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth);
    const room = box - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return { longest, shown, room, width: s.getBoundingClientRect().width };
  });
}

/** The toolbar's controls: each one's box, for the one-row check. */
async function toolbarBoxes(page: Page) {
  return page.locator('tg-toolbar button:visible, tg-toolbar select:visible, tg-toolbar input.name').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: (e as HTMLElement).innerText || (e as HTMLInputElement).value || e.getAttribute('aria-label') || '', top: r.top, bottom: r.bottom, right: r.right, width: r.width, cut: e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1 };
    }),
  );
}

it('makes the Recipes menu as wide as the name it shows at 1600 × 1000, the longest whole when open, and keeps the toolbar on one row', async () => {
  await withApp({ viewport: { width: 1600, height: 1000 }, recipe: 'terrain-start.json' }, async (page) => {
    await settle(page);
    const fit = await recipesFit(page);
    // "Start" whole, in a menu sized to it: 8em at the least (a short name still reads as a
    // menu), and no more room than the name needs past that.
    expect(fit.room).toBeGreaterThanOrEqual(fit.shown);
    expect(fit.width).toBeLessThanOrEqual(Math.max(96, fit.shown + 20 + 20 + 4));
    // The recipe of the longest name, open: that name whole in the menu.
    const longest = await page.locator('tg-toolbar select[aria-label="Recipes"] option[value$=".json"]').evaluateAll((os) =>
      os.map((o) => ({ file: (o as HTMLOptionElement).value, length: o.textContent!.trim().length })).reduce((a, b) => (b.length > a.length ? b : a)),
    );
    await openRecipe(page, longest.file);
    const open = await recipesFit(page);
    expect(open.shown).toBe(open.longest);
    expect(open.room).toBeGreaterThanOrEqual(open.longest);
    const bar = (await page.locator('tg-toolbar').boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(40);
    for (const b of await toolbarBoxes(page)) {
      expect(b.bottom, b.text).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
      expect(b.right, b.text).toBeLessThanOrEqual(1600);
      expect(b.cut, b.text).toBe(false);
    }
    await screenshot(page, 'toolbar-recipes-1600');
  });
}, 120_000);

it('keeps the toolbar on one row at 1024 × 700, every button whole and the graph name in sight', async () => {
  await withApp({ viewport: { width: 1024, height: 700 }, recipe: 'terrain-start.json' }, async (page) => {
    await settle(page);
    const bar = (await page.locator('tg-toolbar').boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(40);
    const boxes = await toolbarBoxes(page);
    for (const b of boxes) {
      expect(b.top, b.text).toBeGreaterThanOrEqual(bar.y - 0.5);
      expect(b.bottom, b.text).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
      expect(b.right, b.text).toBeLessThanOrEqual(1024);
      expect(b.cut, b.text).toBe(false);
    }
    // The graph's name keeps room to read (it had 150 px before), the Recipes menu 8em or more.
    const name = (await page.locator('tg-toolbar input.name').boundingBox())!;
    expect(name.width).toBeGreaterThanOrEqual(120);
    expect((await recipesFit(page)).width).toBeGreaterThanOrEqual(96);
    await screenshot(page, 'toolbar-recipes-1024');
  });
}, 120_000);
