// The editor opens on the default graph in a real browser: no console errors, a picture in
// every node, nothing overlapping.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseGraph } from '../../src/model/format.ts';
import { launch, nodePixels, openApp, screenshot, type Session } from './harness.ts';

const DEFAULT = parseGraph(readFileSync('graphs/default.json', 'utf8'));

describe('opening the editor', () => {
  let browser: Browser;
  let s: Session;

  beforeAll(async () => {
    browser = await launch();
    s = await openApp(browser);
    await screenshot(s.page, 'load-default');
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
  });

  it('loads the default graph with no console errors', async () => {
    const names = await s.page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => n.id));
    expect(names).toEqual(DEFAULT.nodes.map((n) => n.id));
    expect(s.errors).toEqual([]);
  });

  it('shows a non-blank picture in every node of the default graph', async () => {
    for (const node of DEFAULT.nodes) {
      const px = await nodePixels(s.page, node.id);
      // A blank canvas has one colour; a layer in its palette has many.
      expect(px.colours, `${node.id} (${px.hash})`).toBeGreaterThan(node.type === 'whittaker' ? 3 : 8);
    }
  });

  it('draws every node once, at its place, without overlapping another', async () => {
    const boxes = await s.page.locator('tg-node').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { id: (el as HTMLElement).dataset.nodeId!, x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
    expect(boxes.map((b) => b.id).sort()).toEqual(DEFAULT.nodes.map((n) => n.id).sort());
    for (const a of boxes) {
      for (const b of boxes) {
        if (a.id >= b.id) continue;
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
  });

  it('keeps every param control inside its node', async () => {
    const clipped = await s.page.locator('tg-node').evaluateAll((els) =>
      els.flatMap((el) => {
        const box = el.getBoundingClientRect();
        const controls = [...el.shadowRoot!.querySelectorAll('tg-param, tg-preview, tg-curve-editor')];
        return controls
          .map((c) => ({ c, r: c.getBoundingClientRect() }))
          .filter(({ r }) => r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5 || r.left < box.left - 0.5)
          .map(({ c }) => `${(el as HTMLElement).dataset.nodeId}: ${(c as HTMLElement).getAttribute('name') ?? c.localName}`);
      }),
    );
    expect(clipped).toEqual([]);
  });

  it('shows a curve over the histogram of its input in the curve nodes', async () => {
    const bins = await s.page.evaluate(() => {
      const tg = (window as unknown as { terrainGraph: { previews: { get(id: string): { inputBins?: { counts: Uint32Array } } | undefined } } }).terrainGraph;
      return [...(tg.previews.get('contCurve')?.inputBins?.counts ?? [])].reduce((a, b) => a + b, 0);
    });
    expect(bins).toBe(DEFAULT.view.size * DEFAULT.view.size);
  });
});

describe('the editor when things go wrong around it', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts and evaluates when the browser blocks site storage', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const s = await openApp(browser, { context });
    try {
      expect((await nodePixels(s.page, 'biomes')).colours).toBeGreaterThan(3);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('replaces an engine worker that dies, and the previews follow edits again', async () => {
    const s = await openApp(browser);
    try {
      type Handle = { worker: Worker; core: { setParam(id: string, key: string, v: unknown): void } };
      const before = await s.page.evaluate(() => {
        const tg = (window as unknown as { terrainGraph: Handle }).terrainGraph;
        const old = tg.worker;
        old.dispatchEvent(new ErrorEvent('error', { message: 'out of memory (simulated)' }));
        return old !== tg.worker;
      });
      expect(before).toBe(true);
      await expect.poll(() => s.page.locator('tg-app .toast').textContent()).toMatch(/restarted/);
      const biomes = (await nodePixels(s.page, 'biomes')).hash;
      await s.page.evaluate(() => (window as unknown as { terrainGraph: Handle }).terrainGraph.core.setParam('water', 'share', 0.6));
      await expect.poll(async () => (await nodePixels(s.page, 'biomes')).hash, { timeout: 20_000 }).not.toBe(biomes);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
