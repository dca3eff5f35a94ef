// The map's legend shows whole where the panel has the room (session 39): at 1024 × 700 the lakes
// map's legend, its sea row added the session before, scrolled in its box by 13 px, its last line
// cut after "drawn" ("rivers & lakes of Flow and rivers, drawn over the map"). The box is sized to
// its content up to the room under the map that leaves the Export row's heading, buttons and size
// readable below it. Checked with the panel scrolled (the legend stuck under the map) for the flow's
// lakes, rivers and accumulation maps, the water level's mask, a temperature and, at 1600 × 1000, a
// terrain; the biomes' long list, a terrain's at 1024 × 700 and the 3-D tab's scroll in the box still.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PLOT_HEIGHT } from '../../src/app/histogram/histogram.ts';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

/** The legend's box and the panel, after the panel is scrolled to its end (the legend stuck under the map). */
async function stuck(page: Page): Promise<{ box: Box; panel: Box; scrolls: boolean }> {
  await page.locator('tg-viewer').evaluate((v) => (v.scrollTop = v.scrollHeight));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const section = page.locator('tg-viewer section.histogram');
  return {
    box: (await section.boundingBox())!,
    panel: (await page.locator('tg-viewer').boundingBox())!,
    scrolls: await section.evaluate((s) => s.scrollHeight > s.clientHeight + 1),
  };
}

/** The chain of elements at a point, through the shadow roots. */
async function hitAt(page: Page, at: { x: number; y: number }): Promise<string> {
  return page.evaluate((p) => {
    const chain: string[] = [];
    let el: Element | null = document.elementFromPoint(p.x, p.y);
    while (el) {
      chain.push(el.tagName);
      const inner: Element | null = el.shadowRoot?.elementFromPoint(p.x, p.y) ?? null;
      if (!inner || inner === el) break;
      el = inner;
    }
    return chain.join(' ');
  }, at);
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`shows the map's legend whole under the map where it fits, the Export row readable below it, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      const cases: [string, string | null][] = [
        ['rivers', 'lakes'],
        ['rivers', 'rivers'],
        ['rivers', 'accumulation'],
        ['water', 'mask'],
        ['temperature', null],
        ...(width === 1600 ? ([['water', 'terrain']] as [string, string][]) : []),
      ];
      for (const [node, port] of cases) {
        const name = `${node}.${port ?? 'out'}`;
        await page.locator('tg-viewer').evaluate((v) => (v.scrollTop = 0));
        await showInViewer(page, node);
        if (port) await page.locator('tg-viewer select.port').selectOption(port);
        await settle(page);
        const { box, panel, scrolls } = await stuck(page);
        expect(scrolls, `${name}: the legend scrolls in its box`).toBe(false);
        expect(box.y + box.height, `${name}: the legend within the panel`).toBeLessThanOrEqual(panel.y + panel.height);
        // Each part of it seen at its middle and at its last line: nothing over it.
        const parts = page.locator('tg-viewer tg-histogram').first().locator('.plot, .legend, .water');
        const count = await parts.count();
        expect(count, name).toBeGreaterThan(0);
        for (let k = 0; k < count; k++) {
          const b = (await parts.nth(k).boundingBox())!;
          expect(b.y + b.height, `${name}: part ${k} inside the legend's box`).toBeLessThanOrEqual(box.y + box.height + 0.5);
          for (const y of [b.y + b.height / 2, b.y + b.height - 3]) expect(await hitAt(page, { x: b.x + 8, y }), `${name}: part ${k} seen`).toContain('TG-HISTOGRAM');
        }
        // A plot whole where the room has it: every one at 1600 × 1000.
        if (width === 1600 && (await page.locator('tg-viewer tg-histogram .plot canvas').count())) {
          expect((await page.locator('tg-viewer tg-histogram .plot canvas').first().boundingBox())!.height, `${name}: the plot whole`).toBe(PLOT_HEIGHT);
        }
        if (node === 'rivers' && port === 'lakes') {
          expect(await page.locator('tg-viewer tg-histogram .water').innerText()).toBe('rivers & lakes of Flow and rivers, drawn over the map');
          await screenshot(page, `s39-mappolish-legend-lakes-${width}`);
        }
        // The Export row brought up under the legend: its heading, buttons and size read whole below it.
        await page.locator('tg-viewer').evaluate((v) => {
          const r = v.shadowRoot!;
          const legend = r.querySelector('section.histogram')!.getBoundingClientRect();
          v.scrollTop += r.querySelector('section.exports')!.getBoundingClientRect().top - legend.bottom;
        });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const part of ['section.exports h3', 'button.tiles-open', 'select.export-size']) {
          const b = (await page.locator(`tg-viewer ${part}`).boundingBox())!;
          expect(b.y, `${name}: ${part} below the legend`).toBeGreaterThanOrEqual(box.y + box.height - 0.5);
          expect(b.y + b.height, `${name}: ${part} within the panel`).toBeLessThanOrEqual(panel.y + panel.height);
        }
      }
    });
  }, 240_000);
}
