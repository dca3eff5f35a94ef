// The viewer session over the workers' own code answering in-process, as the app wires them
// (src/app/main.ts) without the page: the engine worker's, and the export worker's behind the
// app's export port. The session tests drive it headless.
import { readFileSync } from 'node:fs';
import { PreviewStore } from '../../src/app/previews.ts';
import { EditorCore } from '../../src/editor/editor.ts';
import { parseGraph } from '../../src/index.ts';
import { ViewerSession } from '../../src/viewer-core/session.ts';
import type { SettingStore } from '../../src/viewer-core/settings.ts';
import { EngineClient } from '../../src/worker/client.ts';
import { PreviewEvaluator } from '../../src/worker/evaluator.ts';
import type { LanePort } from '../../src/worker/lane.ts';
import type { ExportRequest, FromWorker, ToExportWorker, ToWorker } from '../../src/worker/protocol.ts';
import { encodeExport, ViewerService } from '../../src/worker/viewer-service.ts';
import { ExportPort, type ExportWorkerLike } from '../../src/worker/export-port.ts';
import { ViewerExports } from '../../src/viewer-core/exports.ts';
import { newStopWord } from '../../src/worker/stop.ts';

export const DEFAULT = parseGraph(readFileSync('graphs/default.json', 'utf8'));

/** The engine worker's message handling, in-process and asynchronous like the real one. */
export class InProcessWorker implements LanePort {
  readonly evaluator = new PreviewEvaluator();
  readonly service: ViewerService;
  readonly sent: ToWorker[] = [];
  private readonly listeners = new Set<(e: MessageEvent<FromWorker>) => void>();

  constructor() {
    this.service = new ViewerService(this.evaluator);
  }

  postMessage(message: ToWorker): void {
    this.sent.push(message);
    const msg = structuredClone(message);
    setTimeout(() => this.handle(msg), 0);
  }

  addEventListener(_type: 'message', l: (e: MessageEvent<FromWorker>) => void): void {
    this.listeners.add(l);
  }

  removeEventListener(_type: 'message', l: (e: MessageEvent<FromWorker>) => void): void {
    this.listeners.delete(l);
  }

  /** Each message arrives in a task of its own, as from a real worker (progress included). */
  private emit(a: FromWorker): void {
    setTimeout(() => {
      for (const l of [...this.listeners]) l({ data: a } as MessageEvent<FromWorker>);
    }, 0);
  }

  private handle(msg: ToWorker): void {
    switch (msg.kind) {
      case 'reset':
        return this.evaluator.reset();
      case 'evaluate':
        for (const { result } of this.evaluator.evaluate(msg)) this.emit(result);
        return;
      case 'pan':
        return this.emit(this.service.pan(msg).result);
      case 'probe':
        return this.emit(this.service.probe(msg));
      case 'export':
        // As the engine worker answers (engine-worker.ts): the layer's grids, for the export worker to encode.
        try {
          return this.emit(this.service.exportGrids(msg, (p) => this.emit(p)).result);
        } catch (err) {
          return this.emit({ kind: 'export-result', seq: msg.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message: (err as Error).message, ms: 0 });
        }
      case 'relief':
        return this.emit(this.service.relief(msg).result);
      case 'picture':
        return this.emit(this.service.picture(msg).result);
    }
  }
}

/** The export worker's code in-process (export-worker.ts): a fresh engine per export, each message in a task of its own. */
export class InProcessExportWorker implements ExportWorkerLike {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  /** Requests kept unanswered while true (an export deep in its kernels). */
  hold = false;
  readonly held: ToExportWorker[] = [];
  /** Every message it was sent. */
  readonly sent: ToExportWorker[] = [];

  postMessage(message: ToExportWorker): void {
    this.sent.push(message);
    const msg = structuredClone(message);
    setTimeout(() => (this.hold ? this.held.push(msg) : this.run(msg)), 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  private run(msg: ToExportWorker): void {
    const post = (m: FromWorker) => void setTimeout(() => !this.terminated && this.onmessage?.({ data: m } as MessageEvent<FromWorker>), 0);
    if (msg.kind === 'export-encode') return post(encodeExport(msg).result);
    post(new ViewerService(new PreviewEvaluator()).export(msg as ExportRequest, post).result);
  }
}

/**
 * The app's export port over in-process export workers, and the workers it started. `isolated`:
 * the port gives each export the engine worker reads a stop word, as in a cross-origin isolated page.
 */
export function exportWorkers(isolated = false) {
  const workers: InProcessExportWorker[] = [];
  const port = new ExportPort(
    () => {
      const w = new InProcessExportWorker();
      workers.push(w);
      return w;
    },
    () => newStopWord(isolated),
  );
  return { port, workers };
}

/** The app's wiring (src/app/main.ts) without the page; `isolated` as in exportWorkers. */
export function setup(graph = DEFAULT, store?: SettingStore, isolated = false) {
  const core = new EditorCore(graph);
  const previews = new PreviewStore();
  const worker = new InProcessWorker();
  const downloads: { name: string; mime: string; bytes: ArrayBuffer }[] = [];
  const { port: exportPort, workers: exportWorkerList } = exportWorkers(isolated);
  const exports = new ViewerExports(exportPort, (f) => downloads.push(f), () => exportPort.cancel());
  exportPort.useEngine(worker);
  let session: ViewerSession | null = null;
  const client = new EngineClient(worker, () => ({ graph: core.graph, previewSize: 32, ...(session?.detailRequest ?? { detail: null, detailSize: 512 }) }));
  session = new ViewerSession(core, previews, worker, { invalidate: () => client.invalidate(), download: (f) => downloads.push(f), computing: () => !client.answered, store, exports });
  client.subscribe((a) => {
    if (a.kind === 'result') previews.apply(a);
    if (client.answered) session!.settled();
  });
  core.subscribe((changes) => changes.some((c) => c.kind !== 'selection') && client.invalidate());
  const settle = async () => {
    for (let k = 0; k < 200; k++) {
      await new Promise((r) => setTimeout(r, 0));
      if (!client.busy && !session!.busy) {
        await new Promise((r) => setTimeout(r, 0));
        if (!client.busy && !session!.busy) return;
      }
    }
    throw new Error('the worker did not settle');
  };
  client.invalidate();
  return { core, previews, worker, session, client, downloads, settle, exports, exportPort, exportWorkers: exportWorkerList };
}
