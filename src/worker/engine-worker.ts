// The engine worker's entry: the one file that owns `onmessage`. It answers each request in
// turn; the main thread sends the next only when this answer is back (one in flight, one
// pending), so it never works on a graph that a newer edit has already replaced.

import { PreviewEvaluator } from './evaluator.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

const evaluator = new PreviewEvaluator();
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.kind === 'reset') {
    evaluator.reset();
    return;
  }
  try {
    for (const { result, transfer } of evaluator.evaluate(msg)) scope.postMessage(result, transfer);
  } catch (err) {
    // A thrown error here is a bug or a graph the editor should not have let through (a
    // cycle); the nodes keep their last previews and the page shows the message.
    evaluator.reset();
    scope.postMessage({ kind: 'failure', seq: msg.seq, message: err instanceof Error ? err.message : String(err) }, []);
  }
};
