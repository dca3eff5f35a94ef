// A lane of the viewer's requests to the engine worker (drag frames, hovered cells, exports):
// one request in flight and at most one pending, which is built from the newest state only
// when it is sent, as the editor's own client does (client.ts). The lanes share the worker
// with that client; each listens only to its own answer kinds, and counts its own seqs.

import type { FromWorker, ToWorker, ViewerAnswer, ViewerRequest } from './protocol.ts';

/** What a lane needs of a Worker (a fake, or the service in-process, in tests). */
export interface LanePort {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
}

type Body<R> = R extends unknown ? Omit<R, 'seq'> : never;

/** Builds the request from the newest state when it is sent; null sends nothing. */
export type LaneSource<R extends ViewerRequest> = () => { request: Body<R>; transfer?: Transferable[] } | null;

/** Gets every answer to the request, the final one last; roundTripMs since it was posted. */
export type LaneListener<A extends ViewerAnswer> = (answer: A, roundTripMs: number) => void;

interface Asked<R extends ViewerRequest, A extends ViewerAnswer> {
  readonly source: LaneSource<R>;
  readonly listener: LaneListener<A>;
}

export class Lane<R extends ViewerRequest, A extends ViewerAnswer> {
  private seq = 0;
  private inFlight: (Asked<R, A> & { seq: number; sentAt: number }) | null = null;
  private pending: Asked<R, A> | null = null;
  private readonly onMessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);

  /**
   * @param kinds the answer kinds of this lane
   * @param isFinal which of them ends a request (the others are progress)
   */
  constructor(
    private readonly port: LanePort,
    private readonly kinds: readonly A['kind'][],
    private readonly isFinal: (answer: A) => boolean = () => true,
  ) {
    port.addEventListener('message', this.onMessage);
  }

  /** True while a request is in flight or waiting. */
  get busy(): boolean {
    return this.inFlight !== null || this.pending !== null;
  }

  /** Sends now when the lane is idle; else replaces the pending request, sent on the next answer. */
  request(source: LaneSource<R>, listener: LaneListener<A>): void {
    this.pending = { source, listener };
    if (!this.inFlight) this.send();
  }

  /** Drops the pending request (the answer in flight still comes). */
  cancelPending(): void {
    this.pending = null;
  }

  dispose(): void {
    this.port.removeEventListener('message', this.onMessage);
    this.inFlight = null;
    this.pending = null;
  }

  private send(): void {
    while (this.pending) {
      const asked = this.pending;
      this.pending = null;
      const built = asked.source();
      if (!built) continue;
      const seq = ++this.seq;
      this.inFlight = { ...asked, seq, sentAt: performance.now() };
      this.port.postMessage({ ...built.request, seq } as ToWorker, built.transfer ?? []);
      return;
    }
  }

  private receive(message: FromWorker): void {
    if (!(this.kinds as readonly string[]).includes(message.kind)) return;
    const answer = message as A;
    const flight = this.inFlight;
    if (!flight || answer.seq !== flight.seq) return;
    const final = this.isFinal(answer);
    if (final) this.inFlight = null;
    flight.listener(answer, performance.now() - flight.sentAt);
    if (final) this.send();
  }
}

