// The engine worker's entry: the one file that owns `onmessage`. It answers each request in
// turn; the main thread sends the next only when this answer is back (one in flight, one
// pending), so it never starts on a graph that a newer edit has already replaced; and where the
// page shares a stop word (stop.ts), a full evaluation that an edit made stale stops at its next
// node or kernel step and is answered "superseded". The viewer's
// requests (drag frames, hovered cells, the 3-D land, the compare pin) come on lanes of their own,
// in the same queue. Its exports are encoded in a worker of their own (export-worker.ts), which
// also computes those of another size than the view's; one at the view's size is read here.

import { type Answer, PreviewEvaluator } from './evaluator.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { passThrough } from '../model/bypass.ts';
import { ViewerService } from './viewer-service.ts';
import { startBrowserThreads } from '../parallel/browser-threads.ts';
import { threadCount } from '../parallel/threads.ts';
import { Stopped } from '../engine/stopped.ts';
import type { Domain } from '../grid.ts';

// Band workers beside this one, where the page is cross-origin isolated: kernels that split by
// rows use them, with the same bits as here alone (src/parallel/threads.ts); without isolation
// everything runs in this worker. Requests wait for the pool to start (a few tens of ms, at most
// STARTUP_MS; then without it), so every answer comes from one setting; answers say which.
const STARTUP_MS = 3000;
let started = false;
const waiting: MessageEvent<ToWorker>[] = [];
function poolSettled(): void {
  if (started) return;
  started = true;
  for (const e of waiting.splice(0)) handle(e);
}
void startBrowserThreads().then(poolSettled, poolSettled);
setTimeout(poolSettled, STARTUP_MS);

const evaluator = new PreviewEvaluator();
const viewer = new ViewerService(evaluator);
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
};

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The second part of the last evaluate answer, not drawn yet. It is drawn in a task of its
 * own, so a newer evaluate request that arrives first drops it (a drag then never waits for
 * the thumbnails of a graph it has left); any other request first lets it finish, since it
 * reads the engine's current results.
 */
let pendingRest: { draw: () => Answer; drop: () => Answer } | null = null;

/**
 * While drafts come (a param dragged), the other thumbnails are drawn at most this often: the
 * next draft's request is usually on its way when one is answered, and drawing them every time
 * would delay it. The final outputs and the viewer's picture follow every draft.
 */
const DRAFT_REST_MS = 100;
let restDrawnAt = -Infinity;

function finishRest(drop: boolean): void {
  const rest = pendingRest;
  if (!rest) return;
  pendingRest = null;
  if (!drop) restDrawnAt = performance.now();
  const { result, transfer } = drop ? rest.drop() : rest.draw();
  scope.postMessage(result, transfer);
}

scope.onmessage = (e) => {
  received = performance.timeOrigin + performance.now();
  if (started) handle(e);
  else waiting.push(e);
};

/** When the message being handled was taken off the queue (epoch ms; see EvaluateResult.timing). */
let received = 0;

function handle(e: MessageEvent<ToWorker>): void {
  // Bypassed nodes are a rewrite of the graph's wires (src/model/bypass.ts), done here once
  // for every request that carries a graph, so neither engine nor evaluator knows of them.
  const msg = 'graph' in e.data ? ({ ...e.data, graph: passThrough(e.data.graph) } as ToWorker) : e.data;
  finishRest(msg.kind === 'evaluate');
  switch (msg.kind) {
    case 'reset':
      evaluator.reset();
      return;
    case 'pan':
      try {
        const { result, transfer } = viewer.pan(msg);
        scope.postMessage(result, transfer);
      } catch (err) {
        scope.postMessage({ kind: 'pan-result', seq: msg.seq, node: msg.node, port: msg.port ?? '', x: msg.x, y: msg.y, n: msg.n, image: null, message: errorText(err), evaluateMs: 0, totalMs: 0 }, []);
      }
      return;
    case 'probe':
      try {
        scope.postMessage(viewer.probe(msg), []);
      } catch (err) {
        scope.postMessage({ kind: 'probe-result', seq: msg.seq, node: msg.node, i: msg.i, x: NaN, y: NaN, n: msg.graph.view.size, rows: [], message: errorText(err) }, []);
      }
      return;
    case 'export':
      // Only at the view's own size (export-port.ts sends no other): the layer is read from the
      // results the previews were drawn from and handed over, copied, for the export worker to
      // encode, so an export of what is on screen computes nothing again and holds the previews
      // up only for the copy. Other sizes are computed in the export worker. A cancelled one stops
      // at its stop word as a stale preview does, answered `stopped` (exportGrids).
      try {
        const { result, transfer } = viewer.exportGrids(msg, (p) => scope.postMessage(p, []));
        scope.postMessage(result, transfer);
      } catch (err) {
        scope.postMessage({ kind: 'export-result', seq: msg.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message: errorText(err), ms: 0 }, []);
      }
      return;
    case 'relief':
      try {
        const { result, transfer } = viewer.relief(msg);
        scope.postMessage(result, transfer);
      } catch (err) {
        scope.postMessage({ kind: 'relief-result', seq: msg.seq, node: msg.node, key: '', same: false, source: null, side: 0, heights: null, cells: null, n: msg.graph.view.size, x: msg.graph.view.x, y: msg.graph.view.y, min: 0, max: 0, seaLevel: null, message: errorText(err) }, []);
      }
      return;
    case 'picture':
      try {
        const { result, transfer } = viewer.picture(msg);
        scope.postMessage(result, transfer);
      } catch (err) {
        scope.postMessage({ kind: 'picture-result', seq: msg.seq, node: msg.node, port: msg.port ?? '', key: '', same: false, image: null, n: msg.graph.view.size, x: msg.graph.view.x, y: msg.graph.view.y, message: errorText(err) }, []);
      }
      return;
    case 'evaluate':
      try {
        // Each node the evaluation starts is told to the page, which names a slow one (protocol.ts EvaluateRunning).
        const running = (node: string, domain: Domain) => scope.postMessage({ kind: 'running', seq: msg.seq, node, domain }, []);
        const { first, rest, dropped } = evaluator.evaluateParts({ ...msg, receivedAt: received }, running);
        scope.postMessage({ ...first.result, threads: threadCount() }, first.transfer);
        const draw = { draw: rest, drop: dropped };
        pendingRest = draw;
        const wait = first.result.draft ? Math.max(0, restDrawnAt + DRAFT_REST_MS - performance.now()) : 0;
        setTimeout(() => pendingRest === draw && finishRest(false), wait);
      } catch (err) {
        // Stopped: a newer edit made the request stale (its stop word). The engine kept what
        // finished before; nothing was drawn or sent, so what the page holds is unchanged.
        if (err instanceof Stopped) {
          scope.postMessage({ kind: 'superseded', seq: msg.seq }, []);
          return;
        }
        // A thrown error here is a bug or a graph the editor should not have let through (a
        // cycle); the nodes keep their last previews and the page shows the message.
        evaluator.reset();
        scope.postMessage({ kind: 'failure', seq: msg.seq, message: errorText(err) }, []);
      }
  }
}
