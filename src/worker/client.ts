// The main thread's side of the engine worker: one request in flight and at most one pending.
//
// An edit only marks the previews stale; the graph is read when a request is actually sent,
// so during a drag the worker always gets the newest graph and never the 30 states in
// between (mapgen4 does the same). Answers come back to the subscribers in order. A request
// counts as answered when the first part of its answer is in (the pictures people watch);
// the rest follows in order and is passed on as it comes.

import type { EvaluateFailure, EvaluateRequest, EvaluateResult, FromWorker, ToWorker } from './protocol.ts';

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

export class EngineClient {
  private seq = 0;
  private inFlight: { seq: number; sentAt: number } | null = null;
  /** Requests whose final part has not come yet. */
  private readonly unfinished = new Set<number>();
  private stale = false;
  private readonly listeners = new Set<AnswerListener>();
  private readonly onMessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);

  constructor(
    private readonly worker: WorkerPort,
    private readonly source: RequestSource,
  ) {
    worker.addEventListener('message', this.onMessage);
  }

  /** True while any part of an answer is awaited (tests and tools wait for it to settle). */
  get busy(): boolean {
    return this.inFlight !== null || this.unfinished.size > 0;
  }

  /** Asks for fresh previews: sent now if the worker is idle, else as soon as it answers. */
  invalidate(): void {
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
    this.worker.removeEventListener('message', this.onMessage);
    this.listeners.clear();
  }

  private send(): void {
    this.stale = false;
    const seq = ++this.seq;
    this.inFlight = { seq, sentAt: performance.now() };
    this.unfinished.add(seq);
    const request = { kind: 'evaluate', seq, ...this.source() } as const;
    this.worker.postMessage(request, request.recycle ?? []);
  }

  private receive(message: FromWorker): void {
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
}
