// Both themes, read as a person reads them: the viewer follows the theme with readable text and
// legends, the problem dialog's title reads on either box, a collapsed node's "bypassed" mark
// leaves its title alone, a bypassed water level keeps everything downstream working; and the
// editor with a frame and a reroute, screenshot at 1600 × 1000 and 1024 × 700 in both themes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openApp, screenshot, settle, type TestHandle, waitForPreviews } from './harness.ts';

/**
 * The lowest contrast ratio (WCAG) of the visible text under `selector` (shadow roots included)
 * against the colour behind it: the first ancestor background that is at least half opaque.
 */
async function lowestContrast(page: Page, selector: string): Promise<{ ratio: number; text: string }> {
  return page.evaluate((sel) => {
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const parentOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host ?? null);
    const behind = (el: Element): number[] => {
      for (let cur: Element | null = el; cur; cur = parentOf(cur)) {
        const bg = parse(getComputedStyle(cur).backgroundColor);
        if (bg.length >= 3 && (bg.length < 4 || bg[3] >= 0.5)) return bg;
      }
      return [255, 255, 255];
    };
    let worst = { ratio: Infinity, text: '' };
    const visit = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        const own = [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim()).map((c) => c.textContent!.trim()).join(' ');
        const style = getComputedStyle(el);
        if (!own || !el.getClientRects().length || style.visibility === 'hidden' || style.display === 'none') continue;
        // Text dimmed on purpose (a table cell no land falls in, a bypassed node) is meant to read faint.
        let opacity = 1;
        for (let cur: Element | null = el; cur; cur = parentOf(cur)) opacity *= Number(getComputedStyle(cur).opacity);
        if (opacity < 0.6) continue;
        // Disabled controls are meant to read faint.
        if ((el as HTMLButtonElement).disabled || el.closest('[disabled]')) continue;
        const a = lum(parse(style.color));
        const b = lum(behind(el));
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < worst.ratio) worst = { ratio, text: `${el.localName}: ${own.slice(0, 40)}` };
      }
    };
    for (const host of document.querySelector('tg-app')!.shadowRoot!.querySelectorAll(sel)) {
      if (host.shadowRoot) visit(host.shadowRoot);
      visit(host);
    }
    return worst;
  }, selector);
}

const tg = (page: Page) => page.evaluate(() => Boolean((window as unknown as { terrainGraph: TestHandle }).terrainGraph));

async function open(browser: Browser, theme: 'light' | 'dark', viewport = { width: 1600, height: 1000 }) {
  const context = await browser.newContext({ viewport, colorScheme: theme, acceptDownloads: true });
  const s = await openApp(browser, { context });
  await expect.poll(() => s.page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  expect(await tg(s.page)).toBe(true);
  return s;
}

describe('both themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['light', 'dark'] as const)('the viewer follows the %s theme: its panel, text and legends read (contrast ≥ 4.5)', async (theme) => {
    const s = await open(browser, theme);
    const page = s.page;
    const bg = await page.locator('tg-viewer').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('*') ?? el).backgroundColor);
    const panel = await page.locator('tg-app').evaluate((app) => {
      const el = app.shadowRoot!.querySelector('tg-viewer')!;
      for (let cur: Element | null = el; cur; cur = cur.parentElement) {
        const c = getComputedStyle(cur).backgroundColor;
        if (!c.endsWith(', 0)') && c !== 'transparent') return c;
      }
      return '';
    });
    const light = (c: string) => ((c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).reduce((a, b) => a + b, 0) / 3) > 160;
    expect(light(panel), `viewer panel ${panel} (${bg})`).toBe(theme === 'light');
    const worst = await lowestContrast(page, 'tg-viewer');
    expect(worst.ratio, worst.text).toBeGreaterThanOrEqual(4.5);
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it.each(['light', 'dark'] as const)("the problem dialog's title reads on the %s theme's box (contrast ≥ 4.5)", async (theme) => {
    const s = await open(browser, theme);
    const page = s.page;
    const bad = JSON.stringify({ format: 'terrain-graph', version: 3, name: 'bad', view: { x: 0, y: 0, size: 64 }, nodes: [{ id: 'a', type: 'nope', position: [0, 0], params: {} }], edges: [] });
    await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await expect.poll(() => page.locator('tg-problems').count()).toBe(1);
    const worst = await lowestContrast(page, 'tg-problems');
    expect(worst.ratio, worst.text).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, `themes-problems-${theme}`);
    await s.close();
  });

  it('applies a theme saved before the settings module (the bare word under terrain-graph:theme) against the system\'s, and keeps a new choice as JSON', async () => {
    const s = await open(browser, 'light');
    const page = s.page;
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const stored = () => page.evaluate(() => localStorage.getItem('terrain-graph:theme'));
    // What an earlier version kept for a person who chose dark.
    await page.evaluate(() => localStorage.setItem('terrain-graph:theme', 'dark'));
    await page.reload();
    await waitForPreviews(page);
    expect(await theme()).toBe('dark');
    // Switched with the button: kept as the settings keep a value, and it outlives a reload.
    await page.locator('tg-toolbar button[aria-label="theme"]').click();
    await expect.poll(theme).toBe('light');
    expect(await stored()).toBe('"light"');
    await page.locator('tg-toolbar button[aria-label="theme"]').click();
    await expect.poll(theme).toBe('dark');
    expect(await stored()).toBe('"dark"');
    await page.reload();
    await waitForPreviews(page);
    expect(await theme()).toBe('dark');
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it("redraws the minimap in the new theme's colours when the system's theme changes under an open page", async () => {
    const s = await open(browser, 'light');
    const page = s.page;
    // The minimap's background at its top-left corner, against the theme's panel colour.
    const corner = () =>
      page.locator('tg-app').evaluate((app) => {
        const c = [...app.shadowRoot!.querySelectorAll('canvas')].find((el) => el.parentElement?.style.position === 'absolute' && el.parentElement.style.right === '16px')!;
        return [...c.getContext('2d')!.getImageData(1, 1, 1, 1).data.slice(0, 3)];
      });
    const panel = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-panel-bg').trim());
    const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
    // How far the corner is from the theme's panel colour, in the worst channel (the canvas rounds by one).
    const off = async () => {
      const want = rgb(await panel());
      return Math.max(...(await corner()).map((v, k) => Math.abs(v - want[k])));
    };
    const light = rgb(await panel());
    await expect.poll(off).toBeLessThanOrEqual(2);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(Math.max(...rgb(await panel()).map((v, k) => Math.abs(v - light[k])))).toBeGreaterThan(100);
    await expect.poll(off).toBeLessThanOrEqual(2);
    await screenshot(page, 'themes-minimap-switched-dark');
    await s.close();
  });

  it("lays a collapsed node's bypassed mark on its picture, leaving its title whole", async () => {
    const s = await open(browser, 'light');
    const page = s.page;
    const node = page.locator('tg-node[data-node-id="tempNoise"]');
    const title = node.locator('header .title');
    expect(await node.getAttribute('collapsed')).not.toBeNull();
    const before = (await title.boundingBox())!;
    await title.click();
    await page.keyboard.press('Control+b');
    const badge = node.locator('.badge');
    await expect.poll(() => badge.count()).toBe(1);
    const b = (await badge.boundingBox())!;
    const t = (await title.boundingBox())!;
    const n = (await node.boundingBox())!;
    // The title keeps its width; the mark does not touch it and lies inside the node.
    expect(t.width).toBeCloseTo(before.width, 0);
    expect(b.y).toBeGreaterThan(t.y + t.height);
    expect(b.x).toBeGreaterThanOrEqual(n.x);
    expect(b.x + b.width).toBeLessThanOrEqual(n.x + n.width);
    expect(b.y + b.height).toBeLessThanOrEqual(n.y + n.height);
    // Readable, not dimmed with the node.
    expect(await badge.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const worst = await lowestContrast(page, 'tg-node[data-node-id="tempNoise"]');
    expect(worst.ratio, worst.text).toBeGreaterThanOrEqual(3);
    await node.screenshot({ path: 'tests/screenshots/themes-bypassed-collapsed.png' });
    await s.close();
  });

  it('keeps everything downstream of a bypassed water level working: the biomes come from the heights with no sea', async () => {
    const s = await open(browser, 'dark');
    const page = s.page;
    await page.locator('tg-node[data-node-id="water"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    const states = await page.evaluate(() => {
      const h = (window as unknown as { terrainGraph: TestHandle }).terrainGraph;
      return Object.fromEntries(['coast', 'rank', 'wind', 'temperature', 'moisture', 'biomes'].map((id) => [id, h.previews.get(id)?.state]));
    });
    expect(states).toEqual({ coast: 'ok', rank: 'ok', wind: 'ok', temperature: 'ok', moisture: 'ok', biomes: 'ok' });
    // No ocean left in the biome table's legend: the sea takes 0 % of the map.
    await page.locator('tg-node[data-node-id="biomes"] header .title').click();
    await settle(page);
    await expect.poll(() => page.locator('tg-biome-table').evaluate((el) => el.shadowRoot!.textContent ?? '')).toMatch(/ocean 0 % of the map/);
    await screenshot(page, 'themes-water-bypassed');
    expect(s.errors).toEqual([]);
    await s.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const size of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
      it(`shows a frame and a reroute in the ${theme} theme at ${size.width} × ${size.height}`, async () => {
        const s = await open(browser, theme, size);
        const page = s.page;
        await page.locator('tg-node[data-node-id="cont"] header .title').click();
        await page.locator('tg-node[data-node-id="contCurve"] header .title').click({ modifiers: ['Control'] });
        await page.keyboard.press('Control+g');
        await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
        const p = await page.locator('tg-wire svg[data-wire="contCurve.out>height.base"] path.hit').evaluate((path: SVGPathElement) => {
          const q = path.getPointAtLength(path.getTotalLength() * 0.35);
          const m = path.getScreenCTM()!;
          return { x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f };
        });
        await page.mouse.dblclick(p.x, p.y);
        await expect.poll(() => page.locator('tg-wire circle.dot').count()).toBe(1);
        await page.locator('tg-node[data-node-id="tempNoise"] header .title').click();
        await page.keyboard.press('Control+b');
        await page.locator('tg-node[data-node-id="biomes"] header .title').click();
        await settle(page);
        // The frame's title reads on its bar in this theme.
        const worst = await lowestContrast(page, 'tg-frame');
        expect(worst.ratio, worst.text).toBeGreaterThanOrEqual(4.5);
        await screenshot(page, `themes-${theme}-${size.width}`);
        expect(s.errors).toEqual([]);
        await s.close();
      });
    }
  }
});
