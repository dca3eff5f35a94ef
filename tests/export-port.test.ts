// Exports in a worker of their own (src/worker/export-port.ts, export-worker.ts), driven through
// the viewer session headless: the engine worker never sees an export, the file is the command
// line's, a Cancel ends the worker and the next export starts a fresh one, and a worker that dies
// leaves a clear note and the editor as it was.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import { exportFile } from '../src/render/exports.ts';
import { ExportPort, type ExportWorkerLike } from '../src/worker/export-port.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { ExportRequest, FromWorker, ToWorker } from '../src/worker/protocol.ts';
import { ViewerService } from '../src/worker/viewer-service.ts';
import { parseGraph } from '../src/index.ts';
import { readFileSync } from 'node:fs';
import { setup } from './helpers/viewer-setup.ts';

/** The export worker's code in-process: a fresh engine per export, each message in a task of its own. */
class FakeExportWorker implements ExportWorkerLike {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  /** Requests kept unanswered while true (an export deep in its kernels). */
  hold = false;
  readonly held: ExportRequest[] = [];

  postMessage(message: ToWorker): void {
    const msg = structuredClone(message) as ExportRequest;
    setTimeout(() => (this.hold ? this.held.push(msg) : this.run(msg)), 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  private run(msg: ExportRequest): void {
    const viewer = new ViewerService(new PreviewEvaluator(), 64);
    const post = (m: FromWorker) => setTimeout(() => !this.terminated && this.onmessage?.({ data: m } as MessageEvent<FromWorker>), 0);
    post(viewer.export(msg, post).result);
  }
}

function exportWorkers() {
  const workers: FakeExportWorker[] = [];
  const port = new ExportPort(() => {
    const w = new FakeExportWorker();
    workers.push(w);
    return w;
  });
  return { port, workers };
}

describe('exports in a worker of their own', () => {
  it('starts the export worker on the first export and writes the command line bytes, the engine worker never asked', async () => {
    const { port, workers } = exportWorkers();
    const { core, session, downloads, worker, settle } = setup(undefined, 64, undefined, port);
    core.select(['moisture']);
    await settle();
    expect(port.started).toBe(0);
    session.exportLayer('png16');
    await settle();
    const engine = createEngine(core.snapshot());
    engine.evaluate();
    const expected = exportFile(engine.output('moisture')!, 256, 'moisture.out', 'png16')!;
    expect(downloads.map((d) => d.name)).toEqual([expected.name]);
    expect(new Uint8Array(downloads[0].bytes)).toEqual(expected.bytes);
    session.exportLayer('raw');
    await settle();
    expect(downloads.length).toBe(2);
    expect(workers.length).toBe(1);
    expect(worker.sent.filter((m) => m.kind === 'export')).toEqual([]);
  });

  it('cancels an export under way: no file, a note that says so, and the next export starts a fresh worker', async () => {
    const { port, workers } = exportWorkers();
    const { core, session, downloads, previews, settle } = setup(undefined, 64, undefined, port);
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

  it('says why when the export worker dies, and the next export works', async () => {
    const { port, workers } = exportWorkers();
    const { core, session, downloads, settle } = setup(undefined, 64, undefined, port);
    core.select(['moisture']);
    await settle();
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
    expect(downloads.map((d) => d.name)).toEqual(['moisture.out.png']);
  });

  it('counts nodes in its progress, not their runs: the bar fills only with the exported node, with nodes that ran on several domains (a world cut)', () => {
    const graph = parseGraph(readFileSync('graphs/carved-valleys.json', 'utf8'));
    const steps: { done: number; total: number; step: string }[] = [];
    const req: ExportRequest = { kind: 'export', seq: 1, graph, node: 'valleys', port: 'terrain', format: 'png16', size: 128, style: {} };
    new ViewerService(new PreviewEvaluator(), 64).export(req, (p) => steps.push(p));
    const full = steps.findIndex((p) => p.done === p.total);
    expect(steps[full].step).toBe('computed Fluvial erosion');
    expect(steps.slice(full + 1).map((p) => p.step)).toEqual(['encoding the file']);
  });
});
