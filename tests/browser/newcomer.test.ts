// What a newcomer from Gaea or World Machine found trying the editor with the real mouse and
// keyboard, each kept fixed: the sea level's label on the height histogram reads over the bars
// and stays on the plot; a node added from the palette next to others lands beside them, not on
// them; Ctrl+S saves the graph, with the value being typed, while a param field has the focus; a
// file cut short is refused in words that read; the 3-D view's controls fit the smallest map;
// every recipe reads at zoom to fit, as the default graph does.
import type { Page } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { appPerTest, screenshot, settle, showParams, type TestHandle, waitForPreviews } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

/** WCAG contrast of two colours. */
function contrast(a: readonly number[], b: readonly number[]): number {
  const lum = ([r, g, bl]: readonly number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The viewer's height histogram: its plot's box and the sea level label's box and colour. */
async function seaLabel(page: Page): Promise<{ plot: Box; label: Box; color: number[] }> {
  return page.evaluate(() => {
    const viewer = document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!;
    const root = viewer.querySelector('tg-histogram')!.shadowRoot!;
    const r = (el: Element) => {
      const b = el.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    };
    const span = root.querySelector('.sea span')!;
    return { plot: r(root.querySelector('.plot')!), label: r(span), color: (getComputedStyle(span).color.match(/[\d.]+/g) ?? []).map(Number) };
  });
}

describe('a newcomer’s pass', () => {
  const app = appPerTest();

  it('writes the sea level on the height histogram where it reads, and on the plot', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="water"] header .title').click();
    await settle(page);
    await page.locator('tg-viewer tg-histogram .sea span').waitFor();
    const { plot, label, color } = await seaLabel(page);
    // What lies behind the label's text: the text made transparent, its box read from the screen.
    await page.locator('tg-viewer tg-histogram .sea span').evaluate((el: HTMLElement) => {
      el.style.color = 'transparent';
      el.style.textShadow = 'none';
    });
    // Inside its rounded corners, where the text is.
    const png = decode(await page.screenshot({ clip: { x: label.x + 3, y: label.y + 2, width: label.width - 6, height: label.height - 4 } }));
    const step = png.channels;
    let worst = Infinity;
    for (let i = 0; i < png.data.length; i += step) worst = Math.min(worst, contrast(color, [png.data[i], png.data[i + 1], png.data[i + 2]]));
    // The default graph's sea level falls among the shore and lowland bars: yellow on them read at 1.1.
    expect(worst, 'contrast of the label against what is behind it').toBeGreaterThanOrEqual(4.5);
    await page.locator('tg-viewer tg-histogram .sea span').evaluate((el: HTMLElement) => el.removeAttribute('style'));
    expect(label.x + label.width).toBeLessThanOrEqual(plot.x + plot.width);

    // A sea level high on the axis: the label turns to the line's left rather than run off the plot.
    await showParams(page, 'water');
    const share = page.locator('tg-node[data-node-id="water"] tg-param').filter({ hasText: 'sea share' }).locator('input[type=number]');
    await share.fill('0.95');
    await share.press('Enter');
    await settle(page);
    const high = await seaLabel(page);
    expect(high.label.x).toBeGreaterThanOrEqual(high.plot.x);
    expect(high.label.x + high.label.width).toBeLessThanOrEqual(high.plot.x + high.plot.width);
    await screenshot(page, 'newcomer-sea-label');
  });

  it('adds a node from the palette beside the nodes at the pointer, not over them', async () => {
    const page = app.s.page;
    // Just under the water level: empty canvas, but a new (expanded) noise there would cover
    // the temperature and moisture noises of the next column.
    const spot = await page.evaluate(() => {
      const tg = (window as unknown as { terrainGraph: TestHandle }).terrainGraph;
      const el = document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-node[data-node-id="water"]')!.getBoundingClientRect();
      return { x: el.x + 10, y: el.bottom + 12, nodes: tg.core.graph.nodes.length };
    });
    await page.mouse.click(spot.x, spot.y, { button: 'right' });
    await page.locator('tg-node-menu input').waitFor();
    await page.keyboard.type('fbm');
    await page.keyboard.press('Enter');
    await settle(page);
    const boxes = await page.evaluate(() =>
      [...document.querySelector('tg-app')!.shadowRoot!.querySelectorAll('tg-node')].map((n) => {
        const b = n.getBoundingClientRect();
        return { id: (n as HTMLElement).dataset.nodeId!, x: b.x, y: b.y, r: b.right, b: b.bottom };
      }),
    );
    expect(boxes.length).toBe(spot.nodes + 1);
    const added = boxes.find((b) => b.id === 'fbm')!;
    for (const other of boxes.filter((b) => b !== added)) {
      const apart = added.r <= other.x || other.r <= added.x || added.b <= other.y || other.b <= added.y;
      expect(apart, `the new node covers ${other.id}`).toBe(true);
    }
    // Still near where it was asked for: within a node's size of the pointer.
    expect(Math.hypot(added.x - spot.x, added.y - spot.y)).toBeLessThan(300);
    await screenshot(page, 'newcomer-added-beside');
  });

  it('saves the graph with Ctrl+S while a param field has the focus, with the value typed in it', async () => {
    const page = app.s.page;
    await showParams(page, 'cont');
    const seed = page.locator('tg-node[data-node-id="cont"] tg-param').filter({ hasText: 'seed' }).locator('input[type=number]');
    await seed.fill('4321');
    // No Enter, no click elsewhere: the field still has the focus and the value is not yet set.
    expect(await seed.evaluate((el) => el.matches(':focus'))).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.keyboard.press('Control+s')]);
    const chunks: Buffer[] = [];
    for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
    const saved = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { nodes: { id: string; params: { seed?: number } }[] };
    expect(saved.nodes.find((n) => n.id === 'cont')!.params.seed).toBe(4321);
  });

  it('says where a file cut short ends, in words that read', async () => {
    const page = app.s.page;
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('tg-toolbar button', { hasText: 'Open…' }).click()]);
    await chooser.setFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "terrain-graph", "nodes": [') });
    const said = () => page.locator('tg-app tg-problems').evaluate((el) => (el.shadowRoot ?? el).textContent!.replace(/\s+/g, ' '));
    await expect.poll(said).toContain('cut.json could not be opened');
    const text = await said();
    // It said "unexpected the end of the text where a value should be".
    expect(text).toContain('not JSON: the text ends where a value should be (line 1, column 39)');
    await screenshot(page, 'newcomer-cut-short');
    await page.keyboard.press('Escape');
  });

  it('keeps the 3-D view’s height slider and Reset view within the width of the smallest map (1024 × 700)', async () => {
    const page = app.s.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    await page.locator('tg-viewer button.tab-3d').click();
    await page.locator('tg-viewer tg-terrain-3d button.home').waitFor();
    const { frame, items } = await page.locator('tg-viewer tg-terrain-3d').evaluate((el) => {
      const r = (e: Element) => {
        const b = e.getBoundingClientRect();
        return { x: b.x, r: b.right, w: b.width };
      };
      const root = el.shadowRoot!;
      return { frame: r(root.querySelector('.frame')!), items: [...root.querySelectorAll('.hud label, .hud input, .hud output, .hud button')].map((e) => ({ name: e.localName, ...r(e) })) };
    });
    expect(frame.w).toBe(256);
    for (const it of items) {
      expect(it.x, it.name).toBeGreaterThanOrEqual(frame.x);
      expect(it.r, it.name).toBeLessThanOrEqual(frame.r);
    }
    expect(items.find((it) => it.name === 'input')!.w).toBeGreaterThanOrEqual(40);
    await screenshot(page, 'newcomer-3d-1024');
  });

  it('shows every recipe legibly at zoom to fit: no text in a node under 10 px at 1600 × 1000', async () => {
    const page = app.s.page;
    const recipes = page.locator('tg-toolbar select').first();
    const names = (await recipes.locator('option').allTextContents()).slice(1);
    expect(names.length).toBe(readdirSync('graphs').filter((f) => f.endsWith('.json')).length);
    const small: string[] = [];
    for (let k = 1; k <= names.length; k++) {
      await recipes.selectOption({ index: k });
      await waitForPreviews(page);
      // The smallest text on screen in every node (shadow roots included), scaled by the zoom.
      const px = await page.evaluate(() => {
        let best = { px: Infinity, text: '' };
        for (const node of document.querySelector('tg-app')!.shadowRoot!.querySelectorAll('tg-node')) {
          const el = node as HTMLElement;
          const scale = el.getBoundingClientRect().width / el.offsetWidth;
          const visit = (root: ParentNode) => {
            for (const e of root.querySelectorAll('*')) {
              const own = [...e.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim()).map((c) => c.textContent!.trim()).join(' ');
              const px = parseFloat(getComputedStyle(e).fontSize) * scale;
              if (own && e.getClientRects().length && px < best.px) best = { px, text: own.slice(0, 30) };
              if (e.shadowRoot) visit(e.shadowRoot);
            }
          };
          visit(el.shadowRoot!);
        }
        return best;
      });
      // Expanded nodes made every recipe's params 4 px on screen, its titles 6.
      if (px.px < 10) small.push(`${names[k - 1]}: ${px.px.toFixed(1)} px ("${px.text}")`);
    }
    expect(small).toEqual([]);
    await screenshot(page, 'newcomer-recipe-at-fit');
  });
});
