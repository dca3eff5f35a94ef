// The stop word the page and the engine worker share: one Int32 in a SharedArrayBuffer, where
// the page writes the seq of a full request a newer edit made stale, and the worker's evaluation
// of that request reads it at each node and kernel checkpoint (EvaluateOptions.shouldStop).
// Without cross-origin isolation there is no SharedArrayBuffer to share: no word, no stop.

/**
 * A fresh stop word, or null where memory cannot be shared with the worker: the page is not
 * cross-origin isolated (README, "Every core"), or there is no SharedArrayBuffer at all.
 */
export function newStopWord(isolated: boolean = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true): Int32Array | null {
  if (!isolated || typeof SharedArrayBuffer !== 'function') return null;
  return new Int32Array(new SharedArrayBuffer(4));
}

/** Marks request `seq` and every one before it stale. Seqs only grow, so the word keeps the largest. */
export function markStale(word: Int32Array, seq: number): void {
  let seen = Atomics.load(word, 0);
  while (seen < seq) {
    const was = Atomics.compareExchange(word, 0, seen, seq);
    if (was === seen) return;
    seen = was;
  }
}

/** The shouldStop of request `seq`'s evaluation: true once the page has marked it stale. */
export function staleTest(word: Int32Array, seq: number): () => boolean {
  return () => Atomics.load(word, 0) >= seq;
}
