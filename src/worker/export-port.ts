// The page's side of the viewer's exports: a LanePort that sends each export where it costs
// least. At the view's own size the engine worker already holds the layer (its previews were
// drawn from it): it is asked for the layer's grids, which come back copied and go on, transferred,
// to the export worker (export-worker.ts) to be encoded, so nothing is computed again and the
// engine worker is held up only for the copy. Any other size is computed in the export worker.
//
// The export worker is started on the first export. Cancelling an export under way there
// terminates it, since an engine deep in a kernel reads no message, and the port answers the
// export "cancelled" itself. One the engine worker is reading cannot be ended so (the worker is
// the editor's): it goes with a stop word of its own (stop.ts, as a stale preview's request
// does), which the cancel marks, so the engine stops its evaluation at the next node or kernel
// checkpoint, keeping the nodes it finished, and answers it `stopped`; the port has answered the
// cancel already. Without cross-origin isolation (no shared memory) the evaluation runs on and
// its answer is dropped. A worker that dies (out of memory at a large size)
// answers the export with why, and the next export starts a fresh worker. An engine worker that
// dies (restartEngine in src/app/main.ts) takes no export with it: the one it was reading is
// computed again in the export worker, with a step in the progress saying so.

import { buffersOf } from './grids.ts';
import type { LanePort } from './lane.ts';
import { markStale, newStopWord } from './stop.ts';
import type { ExportEncode, ExportRequest, ExportResult, FromWorker, TilesRequest, ToExportWorker, ToWorker } from './protocol.ts';

/** What the port needs of the export worker (a fake in tests). */
export interface ExportWorkerLike {
  postMessage(message: ToExportWorker, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

type Listener = (e: MessageEvent<FromWorker>) => void;

/** The export under way: what was asked, when, and which worker has it now. */
interface Running {
  readonly request: ExportRequest | TilesRequest;
  readonly sentAt: number;
  at: 'engine' | 'export';
  /** The stop word the engine worker's evaluation of it reads (null: none can be shared). */
  stop: Int32Array | null;
  /** Computed again in the export worker after the engine worker died: its steps say so. */
  again?: boolean;
}

export class ExportPort implements LanePort {
  private worker: ExportWorkerLike | null = null;
  /** The engine worker view-size exports are read from; null: every export is computed in the export worker. */
  private engine: LanePort | null = null;
  private running: Running | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly fromEngine = (e: MessageEvent<FromWorker>) => this.engineAnswered(e.data);
  /** Export workers started so far (tests count them). */
  started = 0;
  /**
   * Cancelled exports whose evaluation the engine worker stopped (it answered them `stopped`),
   * and where the last one stopped, in words: what the tests read to tell a stopped evaluation
   * from one that ran to its end (whose answer, dropped, counts in `dropped`).
   */
  readonly engineStops = { count: 0, last: '' };
  /** Answers of cancelled exports the engine worker read to the end, dropped. */
  dropped = 0;
  /** The seqs of cancelled exports the engine worker has not answered yet. */
  private readonly cancelledAtEngine = new Set<number>();

  /**
   * @param spawn starts an export worker
   * @param stopWord a fresh stop word for each export the engine worker reads (stop.ts
   *   newStopWord: null where the page is not cross-origin isolated)
   */
  constructor(
    private readonly spawn: () => ExportWorkerLike,
    private readonly stopWord: () => Int32Array | null = () => newStopWord(),
  ) {}

  /** True while an export is under way. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Where the export under way is: read by the engine worker, or in the export worker; null for none. */
  get stage(): 'engine' | 'export' | null {
    return this.running?.at ?? null;
  }

  /**
   * The engine worker to read view-size exports from (the page's, a restarted one), or null
   * (it died, or is being replaced). An export it had not answered yet is computed again in
   * the export worker: the worker that had its layer is gone, and a new one has no results yet.
   */
  useEngine(engine: LanePort | null): void {
    if (engine === this.engine) return;
    this.engine?.removeEventListener('message', this.fromEngine);
    // A dead worker answers nothing more.
    this.cancelledAtEngine.clear();
    this.engine = engine;
    engine?.addEventListener('message', this.fromEngine);
    const running = this.running;
    if (running?.at !== 'engine' || running.request.kind !== 'export') return;
    const { seq, size } = running.request;
    this.emit({ kind: 'export-progress', seq, done: 0, total: 0, step: `the engine restarted: computing the ${size}² export again` });
    // Its steps follow at once (every size reports them), and the words above went by unread.
    running.again = true;
    this.toExportWorker(running, running.request);
  }

  postMessage(message: ToWorker): void {
    if (message.kind !== 'export' && message.kind !== 'export-tiles') return;
    const running: Running = { request: message, sentAt: performance.now(), at: 'export', stop: null };
    this.running = running;
    // Tiles are always computed here: the engine worker holds no tile's grids.
    if (this.engine && message.kind === 'export' && message.size === message.graph.view.size) {
      running.at = 'engine';
      // A word of its own, not the page's: that one counts the editor's seqs, this the lane's.
      running.stop = this.stopWord();
      this.engine.postMessage(running.stop ? { ...message, stop: running.stop } : message);
    } else this.toExportWorker(running, message);
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

  /** Ends the export worker (the page goes away); an export under way is answered as cancelled. */
  dispose(): void {
    this.end('cancelled', true);
    this.worker?.terminate();
    this.worker = null;
    this.useEngine(null);
  }

  private toExportWorker(running: Running, message: ToExportWorker, transfer: Transferable[] = []): void {
    running.at = 'export';
    (this.worker ?? this.start()).postMessage(message, transfer);
  }

  /** The engine worker's answers to the export it reads: progress, a failure, or the grids to encode. */
  private engineAnswered(m: FromWorker): void {
    if ((m.kind === 'export-grids' || m.kind === 'export-result') && this.cancelledAtEngine.delete(m.seq)) {
      if (m.kind === 'export-result' && m.stopped) {
        this.engineStops.count++;
        this.engineStops.last = m.message ?? '';
      } else this.dropped++;
      return;
    }
    const running = this.running;
    if (running?.at !== 'engine' || running.request.kind !== 'export' || !('seq' in m) || m.seq !== running.request.seq) return;
    if (m.kind === 'export-progress') this.emit(m);
    else if (m.kind === 'export-result') {
      this.running = null;
      this.emit(m);
    } else if (m.kind === 'export-grids') {
      const { format, style } = running.request;
      const encode: ExportEncode = { kind: 'export-encode', seq: m.seq, format, style, value: m.value, n: m.n, stem: m.stem, water: m.water, ...(m.land ? { land: m.land } : {}), ...(m.mesh ? { mesh: m.mesh } : {}) };
      this.toExportWorker(running, encode, buffersOf(encode));
    }
  }

  private start(): ExportWorkerLike {
    const worker = this.spawn();
    this.started++;
    worker.onmessage = (e) => {
      if (worker !== this.worker) return;
      const m = e.data;
      if (this.running?.at !== 'export' || !('seq' in m) || m.seq !== this.running.request.seq) return;
      if (m.kind === 'export-result') this.running = null;
      this.emit(m.kind === 'export-progress' && this.running?.again ? { ...m, step: `the engine restarted · ${m.step}` } : m);
    };
    // A module that failed to load, or memory the size asked for could not have: the export
    // fails with the reason, the editor goes on.
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (worker !== this.worker) return;
      this.worker = null;
      worker.terminate();
      if (this.running?.at === 'export') this.end(`the export stopped: ${e.message || 'its worker failed'} (a smaller size may fit in memory)`, false);
    };
    this.worker = worker;
    return worker;
  }

  /**
   * Answers the export under way with `message`. One in the export worker ends that worker (it
   * reads no message while it computes); one the engine worker reads is marked on its stop word,
   * so the engine stops evaluating it at its next node or kernel checkpoint (the nodes it
   * finished stay cached for the previews), and its late answer is dropped.
   */
  private end(message: string, cancelled: boolean): boolean {
    const running = this.running;
    if (!running) return false;
    this.running = null;
    if (running.at === 'export') {
      this.worker?.terminate();
      this.worker = null;
    } else {
      this.cancelledAtEngine.add(running.request.seq);
      if (running.stop) markStale(running.stop, running.request.seq);
    }
    const answer: ExportResult = { kind: 'export-result', seq: running.request.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message, ms: performance.now() - running.sentAt, ...(cancelled ? { cancelled: true } : {}) };
    this.emit(answer);
    return true;
  }

  private emit(message: FromWorker): void {
    const e = { data: message } as MessageEvent<FromWorker>;
    for (const l of [...this.listeners]) l(e);
  }
}
