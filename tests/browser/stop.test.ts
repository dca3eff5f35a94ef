// An edit never waits for a stale evaluation: on carved-valleys at 1024², fluvial's iterations
// typed up to 50 and at once back to 5 stop the 50-step evaluation (the page is cross-origin
// isolated, so it shares a stop word with the worker), and the 5-step pictures come without it.
// Asserted on the order of the worker's answers, never on times.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nodePixels, openRecipe, params, screenshot, settle, showParams, waitForPreviews, withApp } from './harness.ts';

interface Logged {
  readonly sent: { seq: number; iterations: number; stop: boolean }[];
  readonly answers: { kind: string; seq: number; final?: boolean; valleysRan?: boolean }[];
}

/** Records every evaluate request the page posts and every editor answer the worker sends. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { terrainGraph: { worker: Worker }; logged: Logged };
    const log: Logged = { sent: [], answers: [] };
    w.logged = log;
    const worker = w.terrainGraph.worker;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = ((m: { kind: string; seq: number; stop?: unknown; graph: { nodes: { id: string; params: Record<string, unknown> }[] } }, t?: Transferable[]) => {
      if (m.kind === 'evaluate') log.sent.push({ seq: m.seq, iterations: m.graph.nodes.find((n) => n.id === 'valleys')!.params.iterations as number, stop: m.stop !== undefined });
      post(m, t ?? []);
    }) as Worker['postMessage'];
    worker.addEventListener('message', (e: MessageEvent<{ kind: string; seq: number; final?: boolean; ran?: Record<string, number> }>) => {
      const a = e.data;
      if (a.kind === 'superseded' || a.kind === 'failure') log.answers.push({ kind: a.kind, seq: a.seq });
      if (a.kind === 'result') log.answers.push({ kind: a.kind, seq: a.seq, final: a.final, valleysRan: 'valleys' in (a.ran ?? {}) });
    });
  });
}

describe('a newer edit stops the stale evaluation', () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height}, fluvial set to 50 and at once back to 5 at 1024²: the 50-step request is superseded before it finishes and the 5-step pictures come`, async () => {
      await withApp({ viewport }, async (page) => {
        expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
        await openRecipe(page, 'carved-valleys.json');
        await page.locator('tg-viewer select.size').selectOption('1024');
        await settle(page);
        await showParams(page, 'valleys');
        await record(page);
        const fiveSteps = (await nodePixels(page, 'valleys')).hash;
        const superseded = () => page.evaluate(() => (window as unknown as { terrainGraph: { client: { supersededCount: number } } }).terrainGraph.client.supersededCount);
        const supersededBefore = await superseded();

        const field = page.locator('tg-node[data-node-id="valleys"] tg-param[name="iterations"] input[type="number"]');
        await field.click();
        await page.keyboard.press('Control+a');
        await page.keyboard.type('50');
        await page.keyboard.press('Enter');
        await page.keyboard.press('Control+a');
        await page.keyboard.type('5');
        await page.keyboard.press('Enter');
        await settle(page);
        expect((await params(page, 'valleys')).iterations).toBe(5);

        const log = await page.evaluate(() => (window as unknown as { logged: Logged }).logged);
        const fifty = log.sent.filter((r) => r.iterations === 50);
        const five = log.sent.filter((r) => r.iterations === 5);
        expect(fifty.length).toBe(1);
        expect(fifty[0].stop).toBe(true);
        const last = five.at(-1)!;
        expect(last.seq).toBeGreaterThan(fifty[0].seq);
        // The 50-step request got no pictures: it was superseded...
        const forFifty = log.answers.filter((a) => a.seq === fifty[0].seq).map((a) => a.kind);
        expect(forFifty).toEqual(['superseded']);
        // ...before the 5-step request's answer, which ran no valleys at all: the stopped run left
        // the 5-step result in the engine's cache as it was, and the picture is that one.
        const at = (kind: string, seq: number) => log.answers.findIndex((a) => a.kind === kind && a.seq === seq);
        expect(at('superseded', fifty[0].seq)).toBeGreaterThanOrEqual(0);
        expect(at('result', last.seq)).toBeGreaterThan(at('superseded', fifty[0].seq));
        expect(log.answers.find((a) => a.kind === 'result' && a.seq === last.seq)!.valleysRan).toBe(false);
        expect((await nodePixels(page, 'valleys')).hash).toBe(fiveSteps);
        expect(log.answers.some((a) => a.kind === 'failure')).toBe(false);
        expect((await superseded()) - supersededBefore).toBe(1);
        expect(await page.evaluate(() => (window as unknown as { terrainGraph: { previews: { get(id: string): { state: string } | undefined } } }).terrainGraph.previews.get('valleys')?.state)).toBe('ok');
        await screenshot(page, `stop-50-then-5-${viewport.width}`);
      });
    });
  }
});
