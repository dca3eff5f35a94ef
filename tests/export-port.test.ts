// Exports through the app's export port (src/worker/export-port.ts), driven through the viewer
// session headless with the workers' code in-process: at the view's size the layer is read off
// the engine worker's results (no kernel runs again) and encoded in the export worker; any other
// size is computed there, the engine worker never asked. The file is the command line's, a
// Cancel ends an export wherever it is (the engine worker's evaluation of one stopped at its stop
// word, the nodes it finished kept), a worker that dies leaves a clear note, and an engine
// worker restarted during an export leaves it to finish.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Engine, type EvaluateReport } from '../src/engine/engine.ts';
import { createEngine, parseGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { exportFile } from '../src/render/exports.ts';
import { ViewerSession } from '../src/viewer-core/session.ts';
import { EngineClient } from '../src/worker/client.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { ExportRequest } from '../src/worker/protocol.ts';
import { ViewerService } from '../src/worker/viewer-service.ts';
import { markStale } from '../src/worker/stop.ts';
import { DEFAULT, InProcessWorker, setup } from './helpers/viewer-setup.ts';

/** A download's name as the viewer gives it: the default graph's name first (tests/export-names.test.ts). */
const named = (name: string) => `start-terrain-with-its-climate.${name}`;

/** The command line's file (`render`) of a node's output at a size. */
function expected(graph: Graph, node: string, port: string, format: 'png' | 'png16' | 'raw', size = graph.view.size) {
  const engine = createEngine(graph, { size });
  engine.evaluate({ targets: [node] });
  return exportFile(engine.output(node, port)!, size, `${node}.${port}`, format)!;
}

/** Counts the kernels that run in any engine from now on (either worker's: both run in this process). */
function countKernelRuns(): () => number {
  const spy = vi.spyOn(Engine.prototype, 'evaluate');
  return () => spy.mock.results.reduce((sum, r) => sum + (r.type === 'return' ? Object.keys((r.value as EvaluateReport).ran).length : 0), 0);
}

/** What restartEngine (src/app/main.ts) does when the engine worker dies: a new worker, client and session, the page's exports taken over. */
function restartEngine(s: ReturnType<typeof setup>) {
  const choices = s.session.choices;
  s.client.dispose();
  s.session.dispose();
  s.exportPort.useEngine(null);
  const worker = new InProcessWorker();
  let session: ViewerSession | null = null;
  const client = new EngineClient(worker, () => ({ graph: s.core.graph, previewSize: 32, ...(session?.detailRequest ?? { detail: null, detailSize: 512 }) }));
  session = new ViewerSession(s.core, s.previews, worker, { invalidate: () => client.invalidate(), download: () => {}, exports: s.exports });
  s.exportPort.useEngine(worker);
  session.resume(choices);
  client.subscribe((a) => a.kind === 'result' && s.previews.apply(a));
  client.resend();
  const settle = async () => {
    for (let k = 0; k < 400 && (k < 4 || client.busy || session.busy); k++) await new Promise((r) => setTimeout(r, 0));
  };
  return { worker, session, settle };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('exports through the export port', () => {
  it("reads a view-size export off the engine worker's results: no kernel runs again, the export worker encodes the command line's bytes", async () => {
    const { core, session, downloads, worker, exportWorkers, settle } = setup();
    core.select(['biomes']);
    await settle();
    const runs = countKernelRuns();
    session.exportLayer('png');
    await settle();
    core.select(['water']);
    await settle();
    session.exportLayer('png16');
    await settle();
    expect(runs()).toBe(0);
    const graph = core.snapshot();
    const files = [expected(graph, 'biomes', 'out', 'png'), expected(graph, 'water', 'terrain', 'png16')];
    expect(downloads.map((d) => d.name)).toEqual(files.map((f) => named(f.name)));
    for (const [k, f] of files.entries()) expect(new Uint8Array(downloads[k].bytes)).toEqual(f.bytes);
    expect(worker.sent.filter((m) => m.kind === 'export').length).toBe(2);
    expect(exportWorkers.length).toBe(1);
    expect(exportWorkers[0].sent.map((m) => m.kind)).toEqual(['export-encode', 'export-encode']);
  });

  it('adds no kernel run to an edit when exported at once at the view size: the engine worker computes the edit once, for its previews and the export', async () => {
    const runsAfterEdit = async (exportToo: boolean) => {
      const { core, session, downloads, settle } = setup();
      core.select(['moisture']);
      await settle();
      const runs = countKernelRuns();
      core.setParam('water', 'share', 0.55);
      if (exportToo) session.exportLayer('raw');
      await settle();
      vi.restoreAllMocks();
      return { ran: runs(), downloads, graph: core.snapshot() };
    };
    const edit = await runsAfterEdit(false);
    const both = await runsAfterEdit(true);
    expect(edit.ran).toBeGreaterThan(0);
    expect(both.ran).toBe(edit.ran);
    expect(new Uint8Array(both.downloads[0].bytes)).toEqual(expected(both.graph, 'moisture', 'out', 'raw').bytes);
  });

  it('computes any other size in the export worker, the engine worker never asked', async () => {
    const { core, session, downloads, worker, exportWorkers, exportPort, settle } = setup();
    core.select(['moisture']);
    await settle();
    expect(exportPort.started).toBe(0);
    session.exports.setSize(128);
    session.exportLayer('png16');
    await settle();
    const file = expected(core.snapshot(), 'moisture', 'out', 'png16', 128);
    expect(downloads.map((d) => d.name)).toEqual([named(file.name)]);
    expect(new Uint8Array(downloads[0].bytes)).toEqual(file.bytes);
    expect(worker.sent.filter((m) => m.kind === 'export')).toEqual([]);
    expect(exportWorkers[0].sent.map((m) => m.kind)).toEqual(['export']);
  });

  it('cancels an export under way: no file, a note that says so, and the next export starts a fresh worker', async () => {
    const { core, session, downloads, previews, exportWorkers: workers, settle } = setup();
    core.select(['moisture']);
    await settle();
    const graph = JSON.stringify(core.snapshot());
    const shown = previews.get('moisture')?.version;
    session.exports.setSize(128);
    session.exportLayer('raw');
    workers[0].hold = true;
    await new Promise((r) => setTimeout(r, 5));
    expect(session.exports.state?.size).toBe(128);
    expect(session.exports.cancellable).toBe(true);
    session.exports.cancel();
    expect(session.exports.state).toBe(null);
    expect(session.exports.note).toMatchObject({ failed: false, cancelled: true });
    expect(session.exports.note?.text).toContain('128²');
    expect(workers[0].terminated).toBe(true);
    await settle();
    expect(downloads).toEqual([]);
    expect(JSON.stringify(core.snapshot())).toBe(graph);
    expect(previews.get('moisture')?.version).toBe(shown);
    session.exportLayer('raw');
    await settle();
    expect(workers.length).toBe(2);
    expect(downloads.length).toBe(1);
    expect(new Float32Array(downloads[0].bytes).length).toBe(128 * 128);
  });

  it("cancels a view-size export the engine worker is reading without a stop word (no cross-origin isolation): no file, the engine worker's grids dropped, the worker left to its previews", async () => {
    const { core, session, downloads, exportWorkers, exportPort, settle } = setup();
    core.select(['moisture']);
    await settle();
    session.exportLayer('raw');
    expect(session.exports.cancellable).toBe(true);
    session.exports.cancel();
    expect(session.exports.note).toMatchObject({ failed: false, cancelled: true });
    await settle();
    expect(downloads).toEqual([]);
    expect(exportWorkers).toEqual([]);
    expect(exportPort.dropped).toBe(1);
    session.exportLayer('raw');
    await settle();
    expect(downloads.map((d) => d.name)).toEqual([named(expected(core.snapshot(), 'moisture', 'out', 'raw').name)]);
  });

  it("stops the engine worker's evaluation of a cancelled view-size export at its stop word, answered stopped, not read to the end and dropped", async () => {
    const { core, session, downloads, worker, exportWorkers, exportPort, previews, settle } = setup(DEFAULT, undefined, true);
    core.select(['moisture']);
    await settle();
    // An edit, and an export of it at once: the worker has both queued when the cancel comes.
    core.setParam('water', 'share', 0.55);
    session.exportLayer('raw');
    session.exports.cancel();
    expect(session.exports.note).toMatchObject({ failed: false, cancelled: true });
    await settle();
    const sent = worker.sent.find((m) => m.kind === 'export')!;
    expect(sent.kind === 'export' && sent.stop && Atomics.load(sent.stop, 0)).toBe(sent.seq);
    expect(exportPort.engineStops.count).toBe(1);
    expect(exportPort.engineStops.last).toBe('cancelled: the engine stopped its evaluation between two nodes');
    expect(exportPort.dropped).toBe(0);
    expect(downloads).toEqual([]);
    expect(exportWorkers).toEqual([]);
    // The edit's previews came as ever, and the next export is not stopped by the last one's word.
    expect(previews.get('moisture')?.state).toBe('ok');
    session.exportLayer('raw');
    await settle();
    expect(downloads.map((d) => d.name)).toEqual([named(expected(core.snapshot(), 'moisture', 'out', 'raw').name)]);
    expect(exportPort.engineStops.count).toBe(1);
  });

  it('keeps the nodes a stopped export evaluation finished, for the previews: the stop comes at the next node, and the previews run only the rest', () => {
    const file = parseGraph(readFileSync('graphs/carved-valleys.json', 'utf8'));
    const graph = { ...file, view: { ...file.view, size: 64 } };
    const evaluator = new PreviewEvaluator();
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const req: ExportRequest = { kind: 'export', seq: 7, graph, node: 'valleys', port: 'terrain', format: 'raw', size: 64, style: {}, stop };
    const computed: string[] = [];
    const { result } = new ViewerService(evaluator).exportGrids(req, (p) => {
      if (!p.step.startsWith('computed ')) return;
      computed.push(p.step);
      // The person cancels once the first node is computed.
      markStale(stop, req.seq);
    });
    // One node, told once for each domain it ran on (a grown view, a world cut), and no other.
    expect(new Set(computed).size).toBe(1);
    expect(result).toMatchObject({ kind: 'export-result', seq: 7, cancelled: true, stopped: true, message: 'cancelled: the engine stopped its evaluation between two nodes' });
    const [first] = evaluator.evaluate({ kind: 'evaluate', seq: 1, graph, previewSize: 16, detail: null, detailSize: 64 });
    const ran = Object.keys(first.result.ran);
    expect(ran.length).toBe(graph.nodes.length - 1);
    expect(computed[0]).toBe(`computed ${graph.nodes.find((n) => !ran.includes(n.id))!.title}`);
  });

  it('computes Export → Tiles in the export worker alone, so a Cancel, which ends that worker, stops all of it: the engine worker is never sent a tile', async () => {
    const { core, session, worker, exportWorkers, exportPort, settle } = setup(DEFAULT, undefined, true);
    core.select(['height']);
    await settle();
    session.exports.setTiles({ ...session.exports.tiles, layout: 'unity', tileSize: 33, cellsPerView: 64, x: 2, y: 2, format: 'r16' });
    const sentBefore = worker.sent.length;
    session.exportTiles();
    exportWorkers[0].hold = true;
    await new Promise((r) => setTimeout(r, 5));
    expect(exportPort.stage).toBe('export');
    session.exports.cancel();
    expect(exportWorkers[0].terminated).toBe(true);
    expect(session.exports.note).toMatchObject({ cancelled: true, text: 'Cancelled the export of 4 tiles; nothing was saved' });
    expect(exportWorkers[0].sent.map((m) => m.kind)).toEqual(['export-tiles']);
    await settle();
    expect(worker.sent.slice(sentBefore).filter((m) => m.kind !== 'evaluate')).toEqual([]);
  });

  it('says why when the export worker dies, and the next export works', async () => {
    const { core, session, downloads, exportWorkers: workers, settle } = setup();
    core.select(['moisture']);
    await settle();
    session.exports.setSize(128);
    session.exportLayer('png');
    workers[0].hold = true;
    await new Promise((r) => setTimeout(r, 5));
    workers[0].onerror!({ message: 'Uncaught RangeError: Array buffer allocation failed', preventDefault() {} } as ErrorEvent);
    expect(session.exports.state).toBe(null);
    expect(session.exports.note).toMatchObject({ failed: true });
    expect(session.exports.note?.text).toBe('the export stopped: Uncaught RangeError: Array buffer allocation failed (a smaller size may fit in memory)');
    expect(workers[0].terminated).toBe(true);
    session.exportLayer('png');
    await settle();
    expect(workers.length).toBe(2);
    expect(downloads.map((d) => d.name)).toEqual([named('moisture.out.png')]);
  });

  it('counts nodes in its progress, not their runs: the bar fills only with the exported node, with nodes that ran on several domains (a world cut)', () => {
    const graph = parseGraph(readFileSync('graphs/carved-valleys.json', 'utf8'));
    const steps: { done: number; total: number; step: string }[] = [];
    const req: ExportRequest = { kind: 'export', seq: 1, graph, node: 'valleys', port: 'terrain', format: 'png16', size: 128, style: {} };
    new ViewerService(new PreviewEvaluator()).export(req, (p) => steps.push(p));
    const full = steps.findIndex((p) => p.done === p.total);
    expect(steps[full].step).toBe('computed Fluvial erosion');
    expect(steps.slice(full + 1).map((p) => p.step)).toEqual(['encoding the file']);
  });
});

describe('an export when the engine worker is restarted', () => {
  it('goes on in the export worker: the file is saved, nothing cancelled', async () => {
    const s = setup();
    s.core.select(['moisture']);
    await s.settle();
    s.session.exports.setSize(128);
    s.session.exportLayer('png16');
    s.exportWorkers[0].hold = true;
    await new Promise((r) => setTimeout(r, 5));
    const graph = s.core.snapshot();
    const next = restartEngine(s);
    expect(s.exportWorkers[0].terminated).toBe(false);
    expect(next.session.exports.state?.size).toBe(128);
    s.exportWorkers[0].hold = false;
    for (const m of s.exportWorkers[0].held.splice(0)) s.exportWorkers[0].postMessage(m);
    await next.settle();
    const file = expected(graph, 'moisture', 'out', 'png16', 128);
    expect(s.downloads.map((d) => d.name)).toEqual([named(file.name)]);
    expect(new Uint8Array(s.downloads[0].bytes)).toEqual(file.bytes);
    expect(next.session.exports.note).toMatchObject({ failed: false });
    expect(next.session.exports.note?.text).toContain(file.name);
  });

  it('computes a view-size export the dead worker had not answered in the export worker, saying so, with the same bytes', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    const graph = s.core.snapshot();
    const steps: string[] = [];
    s.exports.subscribe(() => s.exports.state && steps.push(s.exports.state.step));
    s.session.exportLayer('png');
    // The worker dies before it answers (its answer, had it one, goes nowhere).
    const next = restartEngine(s);
    await next.settle();
    await s.settle().catch(() => {});
    const file = expected(graph, 'biomes', 'out', 'png');
    expect(s.downloads.map((d) => d.name)).toEqual([named(file.name)]);
    expect(new Uint8Array(s.downloads[0].bytes)).toEqual(file.bytes);
    expect(steps).toContain('the engine restarted: computing the 256² export again');
    // The export worker's steps that follow say it too: the words above went by at once.
    const after = steps.slice(steps.indexOf('the engine restarted: computing the 256² export again') + 1);
    expect(after.length).toBeGreaterThan(1);
    expect(after.every((step) => step.startsWith('the engine restarted · '))).toBe(true);
    expect(after.at(-1)).toBe('the engine restarted · encoding the file');
    expect(s.exportWorkers[0].sent.map((m) => m.kind)).toEqual(['export']);
    expect(next.session.exports.note).toMatchObject({ failed: false });
  });
});
