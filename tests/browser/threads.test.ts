// Every core in the browser: served with the cross-origin isolation headers, the engine worker
// runs its row-band kernels on a pool of Web Workers; served without them, it runs them alone,
// and either way every preview has the same pixels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launch, nodePixels, openApp, type Session, settle, type TestHandle } from './harness.ts';

/** The page's isolation and the threads the engine worker's kernels use (asked with one more evaluation). */
async function threadsOf(s: Session): Promise<{ isolated: boolean; threads: number }> {
  return s.page.evaluate(
    () =>
      new Promise<{ isolated: boolean; threads: number }>((resolve) => {
        const tg = (window as never as { terrainGraph: { client: { invalidate(): void; subscribe(l: (a: { kind: string; threads?: number }) => void): () => void } } }).terrainGraph;
        const off = tg.client.subscribe((a) => {
          if (a.kind !== 'result') return;
          off();
          resolve({ isolated: crossOriginIsolated, threads: a.threads ?? 0 });
        });
        tg.client.invalidate();
      }),
  );
}

/** The fingerprint of every node's picture, by node id. */
async function pictures(s: Session): Promise<Record<string, string>> {
  const ids = await s.page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => n.id));
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = (await nodePixels(s.page, id)).hash;
  return out;
}

describe('threads in the browser', () => {
  let browser: Browser;
  let isolated: Session;
  let plain: Session;

  beforeAll(async () => {
    browser = await launch();
    isolated = await openApp(browser);
    // The same server with the isolation headers taken off every response: no SharedArrayBuffer.
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    plain = await openApp(browser, { context });
  });

  afterAll(async () => {
    await isolated?.close();
    await plain?.close();
    await browser?.close();
  });

  it('uses a pool of workers where the page is cross-origin isolated', async () => {
    const { isolated: yes, threads } = await threadsOf(isolated);
    expect(yes).toBe(true);
    // The test browser has at least two cores here; the pool takes one worker per core, up to 4.
    expect(threads).toBe(Math.min(4, await isolated.page.evaluate(() => navigator.hardwareConcurrency)));
    expect(threads).toBeGreaterThan(1);
    expect(isolated.errors).toEqual([]);
  });

  it('falls back to the engine worker alone without isolation, and draws the same pixels', async () => {
    expect(await threadsOf(plain)).toEqual({ isolated: false, threads: 1 });
    expect(plain.errors).toEqual([]);
    const one = await pictures(plain);
    expect(Object.keys(one).length).toBeGreaterThan(10);
    expect(await pictures(isolated)).toEqual(one);
  });

  it('without isolation, an edit runs every node again, the wind too, with the same pixels', async () => {
    // The wind keeps its coarse air between evaluations; the check that it is still the memory
    // wanted read `instanceof SharedArrayBuffer`, which throws where the page has no such global.
    for (const s of [plain, isolated]) {
      await s.page.evaluate(() => (window as never as { terrainGraph: { core: { setParam(id: string, key: string, v: unknown): void } } }).terrainGraph.core.setParam('cont', 'seed', 5));
      await settle(s.page);
    }
    const notOk = await plain.page.evaluate(() => {
      const tg = (window as never as { terrainGraph: TestHandle }).terrainGraph;
      return tg.core.graph.nodes.map((n) => ({ id: n.id, p: tg.previews.get(n.id) })).filter(({ p }) => p?.state !== 'ok').map(({ id, p }) => `${id}: ${p?.state} ${p?.message ?? ''}`);
    });
    expect(notOk).toEqual([]);
    expect(plain.errors).toEqual([]);
    expect(await pictures(isolated)).toEqual(await pictures(plain));
  });
});
