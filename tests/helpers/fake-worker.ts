// A fake of the editor's engine worker for EngineClient's tests (src/worker/client.ts): it keeps
// the evaluate requests as sent (not cloned: a stop word must stay the very array the client
// writes) and answers them as the worker would, each kind of message by its own method.
import type { Domain } from '../../src/grid.ts';
import type { WorkerPort } from '../../src/worker/client.ts';
import type { EvaluateRequest, FromWorker, NodeResult, ToWorker } from '../../src/worker/protocol.ts';

export class FakeWorker implements WorkerPort {
  sent: EvaluateRequest[] = [];
  private listener: ((e: MessageEvent<FromWorker>) => void) | null = null;
  postMessage(message: ToWorker): void {
    if (message.kind === 'evaluate') this.sent.push(message);
  }
  addEventListener(_type: 'message', l: (e: MessageEvent<FromWorker>) => void): void {
    this.listener = l;
  }
  removeEventListener(): void {
    this.listener = null;
  }
  private tell(data: FromWorker): void {
    this.listener?.({ data } as MessageEvent<FromWorker>);
  }
  /** A part of request `seq`'s answer (`final`: the last), with pictures of `nodes`. */
  answer(seq: number, final = true, nodes: readonly string[] = []): void {
    const results = nodes.map((id) => ({ id, version: 1, state: 'ok', ms: 0, image: null }) as NodeResult);
    this.tell({ kind: 'result', seq, final, draft: false, nodes: results, removed: [], detail: null, evaluateMs: 0, totalMs: 0, ran: {} } as FromWorker);
  }
  /** Request `seq`'s full evaluation starts `node` on `domain`. */
  running(seq: number, node: string, domain: Domain): void {
    this.tell({ kind: 'running', seq, node, domain });
  }
  supersede(seq: number): void {
    this.tell({ kind: 'superseded', seq });
  }
  fail(seq: number): void {
    this.tell({ kind: 'failure', seq, message: 'no' } as FromWorker);
  }
}
