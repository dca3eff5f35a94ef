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

import type { Domain, View, World } from '../grid.ts';
import type { EvaluateFailure, EvaluateRequest, EvaluateResult, EvaluateRunning, FromWorker, ToWorker } from './protocol.ts';
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
 * Milliseconds a request may take before it counts as slow: the page then names the node it runs
 * (src/viewer-core/progress.ts) and marks the cards it will redraw. A drag's drafts and an
 * ordinary edit's answer come well within it.
 */
export const SLOW_MS = 300;

/** What the worker is busy with for the editor: since when, and the node it started last. */
export interface Progress {
  /**
   * When the request in flight was sent (performance.now()), or the one before it when that one
   * was stopped unanswered or was itself slow and the newest edit went out on its answer: the
   * person has waited since then.
   */
  readonly since: number;
  /** The node its evaluation started last, on its domain; null before the first (and for drafts, which tell none). */
  readonly running: RunningNode | null;
  /**
   * The view and world of the graph it evaluates: what it computes, said before it names a node;
   * `draft`, a slider's draft's side (it runs on the view at that size, on no world).
   */
  readonly asked: { readonly view: View; readonly world?: World | undefined; readonly draft?: number | undefined };
}

/**
 * A node a request's evaluation runs, on its domain, with the view and world of the graph that
 * request evaluates: the domain is described against those (progress.ts whereText), not against
 * the page's newest graph, which a world moved or taken away since may have left behind.
 */
export interface RunningNode {
  readonly node: string;
  readonly domain: Domain;
  readonly view: View;
  readonly world?: World | undefined;
}

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
  private inFlight: { seq: number; sentAt: number; since: number; draft: number | null; view: View; world: World | undefined } | null = null;
  /** The newest EvaluateRunning of the request in flight. */
  private runningNow: EvaluateRunning | null = null;
  /** Nodes a full evaluation started whose new pictures have not come yet, with the request that started them. */
  private readonly started = new Map<string, number>();
  private readonly progressListeners = new Set<() => void>();
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

  /** The request in flight, since when the person waits and the node it runs; null when none is. */
  get progress(): Progress | null {
    const flight = this.inFlight;
    if (!flight) return null;
    const r = this.runningNow;
    return { since: flight.since, running: r && r.seq === flight.seq ? { node: r.node, domain: r.domain, view: flight.view, world: flight.world } : null, asked: { view: flight.view, world: flight.world, draft: flight.draft ?? undefined } };
  }

  /**
   * Nodes whose pictures are being computed again: a full evaluation started them (EvaluateRunning)
   * and their new pictures have not come. Empty once nothing is awaited, whatever came: a card is
   * never left waiting on an answer that will not come (a failure, a stopped request's nodes
   * found cached by the next).
   */
  get recomputing(): ReadonlySet<string> {
    return new Set(this.started.keys());
  }

  /** Told when the request in flight, or what it runs, changes (sent, started a node, answered, stopped). */
  subscribeProgress(listener: () => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
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
    this.progressListeners.clear();
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

  /**
   * @param waiting since when the person has waited for the request this one replaces (Progress.since);
   *   absent: from now.
   */
  private send(waiting?: number): void {
    this.stale = false;
    const seq = ++this.seq;
    this.unfinished.add(seq);
    const body = this.source();
    const draft = this.dragging ? this.draftSide(body.graph.view.size, body.previewSize) : null;
    const now = performance.now();
    this.inFlight = { seq, sentAt: now, since: waiting ?? now, draft, view: body.graph.view, world: body.graph.world };
    if (draft === null) this.owed = false;
    const sized = draft !== null ? { draft, draftThreads: this.draftThreads } : this.stopWord ? { stop: this.stopWord } : {};
    const request: EvaluateRequest = { kind: 'evaluate', seq, ...body, ...sized };
    this.worker.postMessage(request, request.recycle ?? []);
    this.progressChanged();
  }

  private progressChanged(): void {
    if (!this.busy) this.started.clear();
    for (const l of [...this.progressListeners]) l();
  }

  /** A node the worker started for request `seq` (drafts tell none). */
  private running(message: EvaluateRunning): void {
    if (message.seq > this.seq || !this.unfinished.has(message.seq)) return;
    this.runningNow = message;
    this.started.set(message.node, message.seq);
    if (this.inFlight?.seq === message.seq) this.progressChanged();
  }

  /** New pictures came for these nodes from request `seq`: they are no longer being computed. */
  private pictured(answer: EditorAnswer): void {
    if (answer.kind === 'failure') {
      for (const [id, seq] of this.started) if (seq <= answer.seq) this.started.delete(id);
      return;
    }
    for (const n of answer.nodes) {
      const seq = this.started.get(n.id);
      if (seq !== undefined && seq <= answer.seq) this.started.delete(n.id);
    }
  }

  private receive(message: FromWorker): void {
    if (message.kind === 'superseded') return this.superseded(message.seq);
    if (message.kind === 'running') return this.running(message);
    // The viewer's answers share the worker; their seqs count on their own lanes.
    if (message.kind !== 'result' && message.kind !== 'failure') return;
    const answer: EditorAnswer = message;
    if (answer.kind === 'failure' || answer.final) this.unfinished.delete(answer.seq);
    if (answer.seq <= this.seq) this.pictured(answer);
    const flight = this.inFlight;
    const current = flight !== null && answer.seq === flight.seq;
    // The rest of an answer whose first part already came: show it, it is still news.
    if (!current) {
      if (answer.kind === 'result' && answer.seq <= this.seq) for (const l of [...this.listeners]) l(answer, NaN);
      if (!this.busy) this.progressChanged();
      return;
    }
    // The first part (the pictures people watch) frees the way for the next request: the
    // worker then starts on it as soon as it has drawn the rest, and never waits for us.
    this.inFlight = null;
    const now = performance.now();
    const roundTrip = now - flight.sentAt;
    // The newest edit goes out now: when the person has waited long already, the wait goes on
    // (the map's status keeps its time, the cards their marks); a drag's quick drafts start afresh.
    if (this.stale) this.send(now - flight.since >= SLOW_MS ? flight.since : undefined);
    else this.progressChanged();
    for (const l of [...this.listeners]) l(answer, roundTrip);
  }

  /**
   * The worker stopped request `seq`, which an edit made stale: nothing to show (the previews
   * keep their pictures), and the newest request goes now. It is sent even when nothing is
   * marked stale, so the page is never left without the answer a stopped request owed it.
   */
  private superseded(seq: number): void {
    this.unfinished.delete(seq);
    const flight = this.inFlight;
    if (flight?.seq !== seq) return;
    this.inFlight = null;
    this.stoppedRequests++;
    // Nothing was shown: the person waits on, since the stopped request went.
    this.send(flight.since);
  }
}
