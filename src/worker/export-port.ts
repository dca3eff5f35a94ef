// The page's side of the export worker (export-worker.ts): a LanePort that starts the worker on
// the first export, passes its answers on, and can end it. Cancelling an export terminates the
// worker, since an engine deep in a kernel reads no message, and answers the export "cancelled"
// itself; a worker that dies (out of memory at a large size) answers it with why. Either way
// the next export starts a fresh worker, and nothing of the editor's (graph, previews, engine
// worker) was ever in this one to lose.

import type { LanePort } from './lane.ts';
import type { ExportResult, FromWorker, ToWorker } from './protocol.ts';

/** What the port needs of a Worker (a fake in tests). */
export interface ExportWorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

type Listener = (e: MessageEvent<FromWorker>) => void;

export class ExportPort implements LanePort {
  private worker: ExportWorkerLike | null = null;
  /** The export under way: its seq and when it was sent. */
  private running: { seq: number; sentAt: number } | null = null;
  private readonly listeners = new Set<Listener>();
  /** Workers started so far (tests count them). */
  started = 0;

  constructor(private readonly spawn: () => ExportWorkerLike) {}

  /** True while an export is under way. */
  get busy(): boolean {
    return this.running !== null;
  }

  postMessage(message: ToWorker, transfer: Transferable[] = []): void {
    if (message.kind !== 'export') return;
    const worker = this.worker ?? this.start();
    this.running = { seq: message.seq, sentAt: performance.now() };
    worker.postMessage(message, transfer);
  }

  addEventListener(_type: 'message', listener: Listener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }

  /** Stops the export under way, answered as cancelled; false when none was. */
  cancel(): boolean {
    return this.end('cancelled', true);
  }

  /** Ends the worker (the page goes away); an export under way is answered as cancelled. */
  dispose(): void {
    this.end('cancelled', true);
    this.worker?.terminate();
    this.worker = null;
  }

  private start(): ExportWorkerLike {
    const worker = this.spawn();
    this.started++;
    worker.onmessage = (e) => {
      if (worker !== this.worker) return;
      const m = e.data;
      if (m.kind === 'export-result' && m.seq === this.running?.seq) this.running = null;
      this.emit(m);
    };
    // A module that failed to load, or memory the size asked for could not have: the export
    // fails with the reason, the editor goes on.
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (worker !== this.worker) return;
      this.end(`the export stopped: ${e.message || 'its worker failed'} (a smaller size may fit in memory)`, false);
    };
    this.worker = worker;
    return worker;
  }

  /** Terminates the worker and answers the export under way with `message`. */
  private end(message: string, cancelled: boolean): boolean {
    const running = this.running;
    if (!running) return false;
    this.running = null;
    this.worker?.terminate();
    this.worker = null;
    const answer: ExportResult = { kind: 'export-result', seq: running.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message, ms: performance.now() - running.sentAt, ...(cancelled ? { cancelled: true } : {}) };
    this.emit(answer);
    return true;
  }

  private emit(message: FromWorker): void {
    const e = { data: message } as MessageEvent<FromWorker>;
    for (const l of [...this.listeners]) l(e);
  }
}
