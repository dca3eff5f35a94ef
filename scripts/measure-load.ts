// Measures how long the editor takes to open a large graph in a real headless Chromium: rows of
// fBm → curve → curve → curve, 100, 300 and 1000 nodes (or the counts given), opened as a file
// is, until the canvas shows every node and wire. Not a test: wall-clock figures depend on the
// machine and its load, so they go in the README and reports, never in an assertion.
//
//   npx tsx scripts/measure-load.ts                 100, 300, 1000 nodes, production build
//   npx tsx scripts/measure-load.ts 100 300         the counts given
//   RUNS=3 npx tsx scripts/measure-load.ts          median of three opens per count
import { loadavg } from 'node:os';
import { launch } from '../tests/browser/chromium.ts';
import { largeGraph } from '../tests/browser/large-graph.ts';
import { openEditor, serve } from '../tests/browser/serve.ts';
import { type Profile, printProfile } from './cpu-profile.ts';

const counts = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const COUNTS = counts.length ? counts : [100, 300, 1000];
const RUNS = Number(process.env.RUNS ?? 1);
/** --profile: print the functions that took the most time in each open. */
const PROFILE = process.argv.includes('--profile');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

const server = await serve(false);
const browser = await launch();
try {
  const page = await openEditor(browser, server.url);
  await page.evaluate('window.__name = (f) => f');
  const results: Record<string, unknown>[] = [];
  for (const n of COUNTS) {
    const text = largeGraph(n);
    const times: number[] = [];
    const draws: number[] = [];
    const closes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const load = loadavg()[0];
      const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const out = await page.evaluate(async (t) => {
        const tg = (window as never as { terrainGraph: { app: { openText(text: string, file: string): Promise<boolean>; canvas: { settled(): Promise<void>; minimap?: { draws: number } } } } }).terrainGraph;
        const before = tg.app.canvas.minimap?.draws ?? NaN;
        const t0 = performance.now();
        const ok = await tg.app.openText(t, 'large.json');
        await tg.app.canvas.settled();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const ms = performance.now() - t0;
        return { ok, ms, draws: (tg.app.canvas.minimap?.draws ?? NaN) - before, shown: document.querySelector('tg-app')!.shadowRoot!.querySelectorAll('tg-node').length };
      }, text);
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile as Profile, 25);
      if (!out.ok || out.shown !== n) throw new Error(`${n} nodes: opened ${out.ok}, ${out.shown} shown`);
      times.push(out.ms);
      draws.push(out.draws);
      console.error(`${n} nodes: ${out.ms.toFixed(0)} ms (load ${load.toFixed(1)}), minimap draws ${out.draws}`);
      // Back to a small graph so every run starts from the same place: closing the large one
      // (its N views removed) is timed too.
      const closeMs = await page.evaluate(async (t) => {
        const tg = (window as never as { terrainGraph: { app: { openText(text: string, file: string): Promise<boolean>; canvas: { settled(): Promise<void> } } } }).terrainGraph;
        const t0 = performance.now();
        await tg.app.openText(t, 'small.json');
        await tg.app.canvas.settled();
        return performance.now() - t0;
      }, largeGraph(4));
      closes.push(closeMs);
      console.error(`${n} nodes: closed in ${closeMs.toFixed(0)} ms`);
    }
    results.push({ nodes: n, medianMs: Math.round(median(times)), runsMs: times.map(Math.round), minimapDraws: draws, closeMedianMs: Math.round(median(closes)), load: Number(loadavg()[0].toFixed(1)) });
  }
  console.log(JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  await server.close();
}
