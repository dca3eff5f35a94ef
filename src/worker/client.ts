// The main thread's side of the engine worker: one request in flight and at most one pending.
//
// An edit only marks the previews stale; the graph is read when a request is actually sent,
// so during a drag the worker always gets the newest graph and never the 30 states in
// between (mapgen4 does the same). Answers come back to the subscribers in order. A request
// counts as answered when the first part of its answer is in (the pictures people watch);
// the rest follows in order and is passed on as it comes.
//
// While a param is dragged the requests are drafts: the same world square on a coarser view
// (draftSize), several times cheaper at large views; once the hand rests (REST_MS without an edit, or
// the drag ends) the full resolution follows. Answers come in the order asked, and each request
// is built from the newest graph, so no older picture ever replaces a newer one; the last
// answer of a drag is always a full one, the same bits as if no draft had been made.
//
// Where the page is cross-origin isolated the client shares a stop word with the worker
// (stop.ts): an edit while a full request is being evaluated marks that request stale, the
// worker stops it at the next node or kernel step (keeping the nodes it finished) and answers
// "superseded", and the newest request goes out at once, as after any answer. Drafts are not
// stopped: they take milliseconds, and during a drag edits come faster than that, so stopping
// each would leave the drag with no picture at all until the hand rests.

import type { EvaluateFailure, EvaluateRequest, EvaluateResult, FromWorker, ToWorker } from './protocol.ts';
import { markStale } from './stop.ts';

/** What the client needs of a Worker (a fake in tests). */
export interface WorkerPort {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
}

/** Builds the request for the newest state, when it is time to send. */
export type RequestSource = () => Omit<EvaluateRequest, 'kind' | 'seq'>;

/** The answers to the editor's requests (the viewer's have their own lanes: see lane.ts). */
export type EditorAnswer = EvaluateResult | EvaluateFailure;

export type AnswerListener = (answer: EditorAnswer, roundTripMs: number) => void;

/**
 * Milliseconds without an edit after which a drag counts as resting: the full picture is asked.
 * Not shorter: without a stop word (a page not cross-origin isolated) a full evaluation, once
 * started, is not interrupted, and at 120 ms a pointer held up by a busy machine started one in
 * the middle of a drag at 1024² (hundreds of ms). With one, the next edit stops it, but the
 * nodes it had not finished are still to compute when the hand rests.
 */
export const REST_MS = 250;

/**
 * The side of a draft's view for a view of n cells and node previews of `preview` pixels: the
 * previews' own size, whatever the view (a 1024² view drafts at 148², as a 256² one does), so a
 * draft costs the same few milliseconds at every view size and the previews lose nothing; null
 * (no draft) when the view itself is not much larger than that. The viewer shows a draft
 * upscaled, marked coarse, until the full resolution comes.
 */
export function draftSize(n: number, preview: number): number | null {
  return preview * 1.5 <= n ? preview : null;
}

export class EngineClient {
  private seq = 0;
  private inFlight: { seq: number; sentAt: number; draft: boolean } | null = null;
  /** Requests whose final part has not come yet. */
  private readonly unfinished = new Set<number>();
  private stale = false;
  /** A param is being dragged and the hand has not rested: requests are drafts. */
  private dragging = false;
  /** The newest edit was only drafted: a full evaluation is owed. */
  private owed = false;
  private restTimer: ReturnType<typeof setTimeout> | null = null;
  /** Drafts while dragging (off: every request at full resolution, as measure:editor compares). */
  drafts = true;
  /** The draft's side for a view of n cells (measure:editor compares others). */
  draftSide: (n: number, preview: number) => number | null = draftSize;
  /**
   * Threads a draft's kernels use: one. A draft's grids are small (148²), and a band handed to
   * a second thread costs more than it saves there, the more so as that thread competes with
   * the page's own for the machine's cores (measured: see README, Speed).
   */
  draftThreads = 1;
  private readonly listeners = new Set<AnswerListener>();
  private stoppedRequests = 0;
  /** Requests the worker stopped because an edit made them stale (tests and tools count them). */
  get supersededCount(): number {
    return this.stoppedRequests;
  }
  private readonly onMessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);

  /**
   * @param stopWord shared with the worker (stop.ts newStopWord; null where the page is not
   *   cross-origin isolated): full requests carry it, and an edit marks a stale one there.
   */
  constructor(
    private readonly worker: WorkerPort,
    private readonly source: RequestSource,
    private readonly stopWord: Int32Array | null = null,
  ) {
    worker.addEventListener('message', this.onMessage);
  }

  /** True while any part of an answer is awaited (tests and tools wait for it to settle). */
  get busy(): boolean {
    return this.inFlight !== null || this.unfinished.size > 0 || this.owed;
  }

  /**
   * True when every edit so far has had the pictures of its answer (the rest of an answer may
   * still come): nothing in flight, nothing owed after drafts. The viewer says *updating…* over a
   * picture an edit left behind until then.
   */
  get answered(): boolean {
    return this.inFlight === null && !this.owed;
  }

  /** True while the newest edit has only been drafted: a full answer is still to come. */
  get drafting(): boolean {
    return this.owed;
  }

  /** Asks for fresh previews: sent now if the worker is idle, else as soon as it answers. */
  invalidate(): void {
    this.stopDrafting();
    this.stale = true;
    this.owed = false;
    if (!this.inFlight) this.send();
    else this.supersede();
  }

  /**
   * An edit of a drag in progress: a draft is asked as invalidate() would ask a request, and
   * the full resolution when no edit has come for REST_MS (or at rest()).
   */
  draft(): void {
    if (!this.drafts) return this.invalidate();
    this.dragging = true;
    this.owed = true;
    this.stale = true;
    if (this.restTimer !== null) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => this.rest(), REST_MS);
    if (!this.inFlight) this.send();
    else this.supersede();
  }

  /** The drag rests or ended: the full picture of the newest graph, if only a draft has it. */
  rest(): void {
    this.stopDrafting();
    if (!this.owed) return;
    this.stale = true;
    if (!this.inFlight) this.send();
  }

  /** Makes the worker send every preview again with its next answer. */
  resend(): void {
    this.worker.postMessage({ kind: 'reset' });
    this.invalidate();
  }

  subscribe(listener: AnswerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.stopDrafting();
    this.owed = false;
    this.worker.removeEventListener('message', this.onMessage);
    this.listeners.clear();
  }

  /** A newer edit made the full request in flight stale: the worker stops evaluating it (drafts run on). */
  private supersede(): void {
    const flight = this.inFlight;
    if (this.stopWord && flight && !flight.draft) markStale(this.stopWord, flight.seq);
  }

  private stopDrafting(): void {
    this.dragging = false;
    if (this.restTimer !== null) clearTimeout(this.restTimer);
    this.restTimer = null;
  }

  private send(): void {
    this.stale = false;
    const seq = ++this.seq;
    this.unfinished.add(seq);
    const body = this.source();
    const draft = this.dragging ? this.draftSide(body.graph.view.size, body.previewSize) : null;
    this.inFlight = { seq, sentAt: performance.now(), draft: draft !== null };
    if (draft === null) this.owed = false;
    const sized = draft !== null ? { draft, draftThreads: this.draftThreads } : this.stopWord ? { stop: this.stopWord } : {};
    const request: EvaluateRequest = { kind: 'evaluate', seq, ...body, ...sized };
    this.worker.postMessage(request, request.recycle ?? []);
  }

  private receive(message: FromWorker): void {
    if (message.kind === 'superseded') return this.superseded(message.seq);
    // The viewer's answers share the worker; their seqs count on their own lanes.
    if (message.kind !== 'result' && message.kind !== 'failure') return;
    const answer: EditorAnswer = message;
    if (answer.kind === 'failure' || answer.final) this.unfinished.delete(answer.seq);
    const flight = this.inFlight;
    const current = flight !== null && answer.seq === flight.seq;
    // The rest of an answer whose first part already came: show it, it is still news.
    if (!current) {
      if (answer.kind === 'result' && answer.seq <= this.seq) for (const l of [...this.listeners]) l(answer, NaN);
      return;
    }
    // The first part (the pictures people watch) frees the way for the next request: the
    // worker then starts on it as soon as it has drawn the rest, and never waits for us.
    this.inFlight = null;
    const roundTrip = performance.now() - flight.sentAt;
    if (this.stale) this.send();
    for (const l of [...this.listeners]) l(answer, roundTrip);
  }

  /**
   * The worker stopped request `seq`, which an edit made stale: nothing to show (the previews
   * keep their pictures), and the newest request goes now. It is sent even when nothing is
   * marked stale, so the page is never left without the answer a stopped request owed it.
   */
  private superseded(seq: number): void {
    this.unfinished.delete(seq);
    if (this.inFlight?.seq !== seq) return;
    this.inFlight = null;
    this.stoppedRequests++;
    this.send();
  }
}
