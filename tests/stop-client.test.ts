// The page's side of stopping a stale evaluation (src/worker/client.ts, stop.ts) with a fake
// worker, and the worker's (src/worker/evaluator.ts) on the real engine in Node.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { Stopped } from '../src/engine/stopped.ts';
import { type AnyNodeDef, catalogueOf } from '../src/model/manifest.ts';
import type { Graph } from '../src/model/graph.ts';
import { EngineClient } from '../src/worker/client.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { EvaluateRequest, EvaluateResult } from '../src/worker/protocol.ts';
import { markStale, newStopWord } from '../src/worker/stop.ts';
import { FakeWorker } from './helpers/fake-worker.ts';
import { loadGraph } from './helpers/graphs.ts';


const GRAPH = loadGraph('carved-valleys.json');

function client(worker: FakeWorker, word: Int32Array | null): { client: EngineClient; answers: string[]; edit: () => void } {
  let version = 0;
  const c = new EngineClient(worker, () => ({ graph: { ...GRAPH, name: `v${version}`, view: { ...GRAPH.view, size: 1024 } }, previewSize: 148, detail: null, detailSize: 512 }), word);
  const answers: string[] = [];
  c.subscribe((a) => answers.push(`${a.seq}${a.kind === 'result' && a.final ? ' final' : ''}`));
  return { client: c, answers, edit: () => void version++ };
}

describe('the client stops a stale full evaluation', () => {
  it('marks the full request in flight stale on an edit, shows nothing of its superseded answer, and sends the newest request at once', () => {
    const worker = new FakeWorker();
    const word = newStopWord(true)!;
    const { client: c, answers, edit } = client(worker, word);
    c.invalidate();
    expect(worker.sent[0].stop).toBe(word);
    expect(Atomics.load(word, 0)).toBe(0);
    edit();
    c.invalidate();
    expect(Atomics.load(word, 0)).toBe(1);
    expect(worker.sent.length).toBe(1);
    worker.supersede(1);
    expect(answers).toEqual([]);
    expect(worker.sent.length).toBe(2);
    expect(worker.sent[1].graph.name).toBe('v1');
    expect(c.supersededCount).toBe(1);
    expect(c.busy).toBe(true);
    worker.answer(2, false);
    worker.answer(2, true);
    expect(answers).toEqual(['2', '2 final']);
    expect(c.busy).toBe(false);
    // Request 2 ran to the end: the word still names only request 1.
    expect(Atomics.load(word, 0)).toBe(1);
  });

  it('leaves drafts running, and a request whose pictures came, unmarked', () => {
    const worker = new FakeWorker();
    const word = newStopWord(true)!;
    const { client: c, edit } = client(worker, word);
    c.draft();
    expect(worker.sent[0].draft).toBe(148);
    expect(worker.sent[0].stop).toBeUndefined();
    edit();
    c.draft();
    expect(Atomics.load(word, 0)).toBe(0);
    worker.answer(1, false);
    c.rest();
    // The full request after the drag: its first part in, an edit marks nothing.
    worker.answer(2, false);
    expect(worker.sent[2].stop).toBe(word);
    worker.answer(3, false);
    edit();
    c.invalidate();
    expect(Atomics.load(word, 0)).toBe(0);
    c.dispose();
  });

  it('sends no stop word and marks nothing without one (a page not cross-origin isolated)', () => {
    expect(newStopWord(false)).toBeNull();
    const worker = new FakeWorker();
    const { client: c, answers, edit } = client(worker, null);
    c.invalidate();
    edit();
    c.invalidate();
    expect(worker.sent[0].stop).toBeUndefined();
    worker.answer(1, false);
    expect(worker.sent.length).toBe(2);
    expect(answers).toEqual(['1']);
  });

  it('keeps the largest seq in the word', () => {
    const word = newStopWord(true)!;
    markStale(word, 5);
    markStale(word, 3);
    expect(Atomics.load(word, 0)).toBe(5);
  });
});

describe('the worker evaluates a stale request only up to its next checkpoint', () => {
  /** The catalogue with fluvial marking its request stale at its second step, as an edit on the page would. */
  function staleAtSecondStep(word: Int32Array, seq: () => number) {
    return catalogueOf(
      CATALOGUE.types.map((d): AnyNodeDef => {
        if (d.type !== 'fluvial') return d;
        return {
          ...d,
          run(ctx, p) {
            let steps = 0;
            const checkpoint = ctx.checkpoint;
            const marking = { ...ctx, checkpoint: () => (++steps === 2 && markStale(word, seq()), checkpoint()) };
            return d.run(marking as never, p as never);
          },
        } as AnyNodeDef;
      }),
    );
  }

  function request(seq: number, graph: Graph, stop?: Int32Array): EvaluateRequest {
    return { kind: 'evaluate', seq, graph, previewSize: 16, detail: 'valleys', detailSize: 32, ...(stop ? { stop } : {}) };
  }

  it('throws Stopped with nothing drawn, then answers the next request with every picture a fresh evaluator draws', () => {
    const word = newStopWord(true)!;
    let seq = 1;
    const evaluator = new PreviewEvaluator(staleAtSecondStep(word, () => seq));
    const g50 = structuredClone({ ...GRAPH, view: { ...GRAPH.view, size: 48 } });
    g50.nodes.find((n) => n.id === 'valleys')!.params.iterations = 50;
    expect(() => evaluator.evaluateParts(request(1, g50, word))).toThrow(Stopped);
    seq = 0; // the next request is not marked stale
    const g5 = structuredClone(g50);
    g5.nodes.find((n) => n.id === 'valleys')!.params.iterations = 5;
    const after = evaluator.evaluate(request(2, g5, word)).map((a) => a.result);
    const fresh = new PreviewEvaluator().evaluate(request(2, g5)).map((a) => a.result);
    const pictures = (answers: EvaluateResult[]) => answers.flatMap((a) => a.nodes.map((nd) => [nd.id, nd.state, nd.image && new Uint8Array(nd.image.rgba)]));
    expect(pictures(after)).toEqual(pictures(fresh));
    expect(after[0].detail?.image?.rgba).toEqual(fresh[0].detail?.image?.rgba);
    // Only the stopped node and what lies below it ran: the stopped request's upstream was kept.
    expect(Object.keys(after[0].ran).sort()).toEqual(['rivers', 'valleys']);
  });
});
