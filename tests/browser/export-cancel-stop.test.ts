// Cancel stops the engine's work for an export, not only the export: on carved-valleys at 1024²,
// fluvial's iterations typed up to 50, a 16-bit PNG of the view clicked at once (the engine
// worker reads a view-size export), the iterations typed back to 5 (the 50-step preview is
// superseded, the export of the graph as of the click is not) and Cancel clicked with the mouse.
// The engine worker stops the export's 50-step evaluation at its stop word and says so, and the
// 5-step pictures come after it; without the stop the worker ran the 50 steps to their end and
// the previews waited behind them. Asserted on the order of the worker's answers and on the
// export port's count of stopped evaluations, never on times.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nodePixels, openRecipe, params, screenshot, settle, showParams, waitForPreviews, withApp } from './harness.ts';

interface Logged {
  readonly sent: { kind: string; seq: number; iterations: number; stop: boolean }[];
  readonly answers: { kind: string; seq: number; final?: boolean; valleysRan?: boolean; stopped?: boolean; message?: string; at?: number }[];
}

interface Port {
  engineStops: { count: number; last: string };
  dropped: number;
}

/** Records every evaluate and export request the page posts to the engine worker, and its answers to them. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { terrainGraph: { worker: Worker }; logged: Logged };
    const log: Logged = { sent: [], answers: [] };
    w.logged = log;
    const worker = w.terrainGraph.worker;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = ((m: { kind: string; seq: number; stop?: unknown; graph: { nodes: { id: string; params: Record<string, unknown> }[] } }, t?: Transferable[]) => {
      if (m.kind === 'evaluate' || m.kind === 'export') log.sent.push({ kind: m.kind, seq: m.seq, iterations: m.graph.nodes.find((n) => n.id === 'valleys')!.params.iterations as number, stop: m.stop !== undefined });
      post(m, t ?? []);
    }) as Worker['postMessage'];
    const viewer = document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!;
    viewer.addEventListener('click', (e) => {
      if ((e.target as Element).matches('button.cancel-export')) log.answers.push({ kind: 'cancel-clicked', seq: -1, at: performance.now() });
    }, true);
    worker.addEventListener('message', (e: MessageEvent<{ kind: string; seq: number; final?: boolean; ran?: Record<string, number>; stopped?: boolean; message?: string }>) => {
      const a = e.data;
      if (a.kind === 'superseded' || a.kind === 'failure' || a.kind === 'export-grids') log.answers.push({ kind: a.kind, seq: a.seq });
      if (a.kind === 'export-result') log.answers.push({ kind: a.kind, seq: a.seq, stopped: a.stopped === true, message: a.message });
      if (a.kind === 'result') log.answers.push({ kind: a.kind, seq: a.seq, final: a.final, valleysRan: 'valleys' in (a.ran ?? {}), at: performance.now() });
    });
  });
}

const port = (page: Page) =>
  page.evaluate((): Port => {
    const { engineStops, dropped } = (window as unknown as { terrainGraph: { exportPort: Port } }).terrainGraph.exportPort;
    return { engineStops: { ...engineStops }, dropped };
  });

async function typeIterations(page: Page, value: string): Promise<void> {
  const field = page.locator('tg-node[data-node-id="valleys"] tg-param[name="iterations"] input[type="number"]');
  await field.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

describe("Cancel stops the engine worker's evaluation for an export", () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height}: a 1024² export of a 50-step fluvial, cancelled, is stopped in the engine, and the 5-step previews come after it`, async () => {
      await withApp({ viewport }, async (page) => {
        expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
        const downloads: string[] = [];
        page.on('download', (d) => downloads.push(d.suggestedFilename()));
        await openRecipe(page, 'carved-valleys.json');
        await page.locator('tg-viewer select.size').selectOption('1024');
        await settle(page);
        await page.locator('tg-node[data-node-id="valleys"] header .title').click();
        await page.waitForFunction(() => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('h2[data-viewer-node="valleys"]'));
        await showParams(page, 'valleys');
        await settle(page);
        await page.locator('tg-viewer select.export-size').selectOption('view');
        await record(page);
        const fiveSteps = (await nodePixels(page, 'valleys')).hash;
        const before = await port(page);

        await typeIterations(page, '50');
        await page.locator('tg-viewer button[data-format="png16"]').click();
        await typeIterations(page, '5');
        const cancel = page.locator('tg-viewer .exports .progress button.cancel-export');
        await cancel.scrollIntoViewIfNeeded();
        await cancel.click();
        await page.locator('tg-viewer .exports .note').waitFor();
        expect(await page.locator('tg-viewer .exports .note').textContent()).toBe('Cancelled the 1024² export; nothing was saved');
        await settle(page);
        // The engine worker's answer to the export: stopped, or (ran to its end) its grids.
        await page.waitForFunction(() => {
          const log = (window as unknown as { logged: Logged }).logged;
          const seq = log.sent.find((r) => r.kind === 'export')?.seq;
          return log.answers.some((a) => a.kind.startsWith('export') && a.seq === seq);
        }, undefined, { timeout: 60_000 });
        await settle(page);
        expect((await params(page, 'valleys')).iterations).toBe(5);

        const log = await page.evaluate(() => (window as unknown as { logged: Logged }).logged);
        const exports = log.sent.filter((r) => r.kind === 'export');
        const exportSeq = exports[0].seq;
        // The engine worker answered the export once: stopped, with where, and never with its grids.
        const forExport = log.answers.filter((a) => a.kind.startsWith('export') && a.seq === exportSeq);
        expect(forExport.map((a) => a.kind)).toEqual(['export-result']);
        expect(forExport[0].stopped).toBe(true);
        expect(exports).toEqual([{ kind: 'export', seq: exportSeq, iterations: 50, stop: true }]);
        expect(forExport[0].message).toMatch(/^cancelled: the engine stopped its evaluation (in node "valleys"|between two nodes)$/);
        const clicked = log.answers.find((a) => a.kind === 'cancel-clicked')!.at!;
        const lastEvaluate = log.sent.filter((r) => r.kind === 'evaluate').at(-1)!.seq;
        const previewsAt = log.answers.find((a) => a.kind === 'result' && a.seq === lastEvaluate)!.at!;
        console.log(`[measure] ${viewport.width} × ${viewport.height}: ${forExport[0].message}; the 5-step previews ${(previewsAt - clicked).toFixed(0)} ms after the Cancel click (printed, not asserted)`);
        const after = await port(page);
        expect(after.engineStops.count - before.engineStops.count).toBe(1);
        expect(after.dropped).toBe(before.dropped);
        // The 5-step request was answered after the stop, without running valleys again (its
        // 5-step result was still cached), and its picture is the 5-step one.
        const five = log.sent.filter((r) => r.kind === 'evaluate' && r.iterations === 5).at(-1)!;
        expect(five.seq).toBeGreaterThan(log.sent.find((r) => r.kind === 'evaluate' && r.iterations === 50)!.seq);
        const at = (kind: string, seq: number) => log.answers.findIndex((a) => a.kind === kind && a.seq === seq);
        expect(at('export-result', exportSeq)).toBeGreaterThanOrEqual(0);
        expect(at('result', five.seq)).toBeGreaterThan(at('export-result', exportSeq));
        expect(log.answers.find((a) => a.kind === 'result' && a.seq === five.seq)!.valleysRan).toBe(false);
        expect((await nodePixels(page, 'valleys')).hash).toBe(fiveSteps);
        expect(log.answers.some((a) => a.kind === 'failure')).toBe(false);
        expect(downloads).toEqual([]);
        await page.locator('tg-viewer .exports .note').scrollIntoViewIfNeeded();
        await screenshot(page, `export-cancel-stop-${viewport.width}`);
      });
    }, 240_000);
  }
});
