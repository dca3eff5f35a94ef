// The engine worker's work, run in Node: previews, histograms, errors on one node, and the
// client that keeps one request in flight and one pending.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { downstreamOf, type Graph } from '../src/model/graph.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { PreviewEvaluator, CURVE_BINS } from '../src/worker/evaluator.ts';
import { EngineClient, type WorkerPort } from '../src/worker/client.ts';
import type { EvaluateRequest, FromWorker, ToWorker } from '../src/worker/protocol.ts';
import { distanceMemoryBytes } from '../src/kernels/wasm/distance-instance.ts';
import { constantOf } from '../src/render/preview.ts';
import { SOFT_SLOTS } from '../src/model/values.ts';

const DEFAULT = parseGraph(readFileSync('graphs/default.json', 'utf8'));

function request(graph: Graph, seq = 1, detail: string | null = null): EvaluateRequest {
  return { kind: 'evaluate', seq, graph, previewSize: 64, detail, detailSize: 128 };
}

/** Both parts of an answer as one. */
function run(ev: PreviewEvaluator, req: EvaluateRequest) {
  const answers = ev.evaluate(req);
  expect(answers.map((a) => a.result.final)).toEqual([false, true]);
  const [first, last] = answers.map((a) => a.result);
  return {
    result: { ...last, nodes: [...first.nodes, ...last.nodes], detail: first.detail },
    transfer: answers.flatMap((a) => a.transfer),
    first,
  };
}

function distinctColours(rgba: ArrayBuffer): number {
  const px = new Uint32Array(rgba);
  return new Set(px).size;
}

describe('the preview evaluator', () => {
  it('gives each node the kernel time of its last run over every domain, not 0 for one that ran on a grown view', () => {
    // The default graph's coast and wind read a halo: everything upstream of them (the noises,
    // the height, the water) runs on a grown view, and their view results are crops of it.
    const g: Graph = { ...DEFAULT, view: { ...DEFAULT.view, size: 96 } };
    const ev = new PreviewEvaluator();
    const check = (graph: Graph, seq: number, mustRun: readonly string[]) => {
      const { result } = run(ev, request(graph, seq));
      for (const id of mustRun) {
        const node = result.nodes.find((n) => n.id === id)!;
        expect(result.ran[id], id).toBeGreaterThan(0);
        expect(node.ms, id).toBe(result.ran[id]);
      }
      return result;
    };
    check(g, 1, ['cont', 'height', 'water', 'coast']);
    // After an edit, the nodes that ran again say so; the rest keep theirs (not sent again).
    const edited: Graph = { ...g, nodes: g.nodes.map((n) => (n.id === 'cont' ? { ...n, params: { ...n.params, seed: (n.params.seed as number) + 1 } } : n)) };
    const after = check(edited, 2, ['cont', 'height', 'water']);
    expect(after.nodes.some((n) => n.id === 'tempNoise')).toBe(false);
  });

  it('draws a non-blank preview of every node of the default graph at the preview size', () => {
    const ev = new PreviewEvaluator();
    const { result, transfer } = run(ev, request(DEFAULT));
    expect(result.nodes.map((n) => n.id).sort()).toEqual(DEFAULT.nodes.map((n) => n.id).sort());
    for (const n of result.nodes) {
      expect(n.state, n.id).toBe('ok');
      if (DEFAULT.nodes.find((d) => d.id === n.id)!.type === 'curve') {
        // A curve node shows its curve over its input's histogram, not a picture.
        expect(n.image).toBeNull();
        expect(n.inputBins).toBeDefined();
        continue;
      }
      expect(n.image?.width).toBe(64);
      expect(distinctColours(n.image!.rgba), n.id).toBeGreaterThan(1);
    }
    expect(transfer.length).toBeGreaterThanOrEqual(DEFAULT.nodes.length);
  });

  it('says which value a picture of one value everywhere holds, and says nothing of a varied one', () => {
    const ev = new PreviewEvaluator();
    const varied = run(ev, request(DEFAULT)).result;
    expect(varied.nodes.filter((n) => n.constant).map((n) => `${n.id}: ${n.constant}`)).toEqual([]);
    // All sea: no land to measure a coast or a rank on, and every biome the ocean.
    const sea = structuredClone(DEFAULT);
    sea.nodes.find((n) => n.id === 'water')!.params.share = 1;
    const { result } = run(ev, request(sea, 2));
    const said = Object.fromEntries(result.nodes.map((n) => [n.id, n.constant]));
    expect(said.coast).toBe('constant 0');
    expect(said.rank).toBe('constant 0');
    expect(said.biomes).toBe('all ocean');
    expect(said.water).toBeUndefined();
  });

  it("lets a node say why its picture is one value: a flow with no river names the river area that makes one", () => {
    const ev = new PreviewEvaluator();
    const graph = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));
    const flow = graph.nodes.find((n) => n.type === 'flow')!;
    const said = (g: Graph, seq: number) => run(ev, request(g, seq)).result.nodes.find((n) => n.id === flow.id)?.note;
    // Rivers there: nothing to say.
    expect(said(graph, 1)).toBeUndefined();
    // A river area no basin reaches: the most any cell gathers, under it.
    const dry = structuredClone(graph);
    dry.nodes.find((n) => n.id === flow.id)!.params.riverArea = 100000;
    const answer = run(ev, request(dry, 2)).result.nodes.find((n) => n.id === flow.id)!;
    expect(answer.constant).toBe('constant 0');
    const note = answer.note;
    expect(note).toMatch(/^no river: lower river area to \d+$/);
    const most = Number(/to (\d+)/.exec(note!)![1]);
    expect(most).toBeGreaterThan(8);
    expect(most).toBeLessThan(100000);
    // Lowered to it, a river; one above it, none.
    const wet = structuredClone(dry);
    wet.nodes.find((n) => n.id === flow.id)!.params.riverArea = most;
    expect(said(wet, 3)).toBeUndefined();
    wet.nodes.find((n) => n.id === flow.id)!.params.riverArea = most + 1;
    expect(said(wet, 4)).toBe(note);
    // Bypassed, its rivers are the neutral value: no note of the flow's.
    const bypassed = structuredClone(dry);
    bypassed.nodes.find((n) => n.id === flow.id)!.bypass = true;
    expect(said(bypassed, 5)).toBeUndefined();
  });

  it('words a constant layer by its type, and never calls NaN or soft biomes constant', () => {
    const field = (data: number[]) => ({ type: 'field', meaning: 'unit', data: Float32Array.from(data) }) as const;
    expect(constantOf(field([0.4, 0.4, 0.4, 0.4]))).toBe('constant 0.4');
    expect(constantOf(field([1 / 3, 1 / 3]))).toBe('constant 0.333');
    expect(constantOf(field([0, -0]))).toBe('constant 0');
    expect(constantOf(field([0.4, 0.4, 0.41, 0.4]))).toBeNull();
    expect(constantOf(field([NaN, NaN]))).toBeNull();
    expect(constantOf({ type: 'biome', meaning: 'biome', data: Uint8Array.from([12, 12]) })).toBe('all beach');
    const soft = { ids: new Uint8Array(2 * SOFT_SLOTS), weights: new Float32Array(2 * SOFT_SLOTS) };
    expect(constantOf({ type: 'biome', meaning: 'biome', data: Uint8Array.from([3, 3]), soft })).toBeNull();
  });

  it('sends nothing again for an unchanged graph, and only what lies downstream after an edit', () => {
    const ev = new PreviewEvaluator();
    run(ev, request(DEFAULT));
    expect(run(ev, request(DEFAULT, 2)).result.nodes).toEqual([]);
    const edited = structuredClone(DEFAULT);
    edited.nodes.find((n) => n.id === 'contCurve')!.params.points = [[-1, -0.5], [0, 0.05], [1, 0.45]];
    const { result } = run(ev, request(edited, 3));
    expect(new Set(result.nodes.map((n) => n.id))).toEqual(downstreamOf(edited, 'contCurve'));
    expect(Object.keys(result.ran)).not.toContain('cont');
  });

  it('gives a curve node the histogram of its input values', () => {
    const ev = new PreviewEvaluator();
    const { result } = run(ev, request(DEFAULT));
    const curve = result.nodes.find((n) => n.id === 'contCurve')!;
    expect(curve.inputBins?.counts.length).toBe(CURVE_BINS);
    expect(curve.inputBins!.counts.reduce((a, b) => a + b, 0)).toBe(256 * 256);
    // fBm lives well inside ±1: the bins cover its real range.
    expect(curve.inputBins!.lo).toBeGreaterThan(-1);
    expect(curve.inputBins!.hi).toBeLessThan(1);
  });

  it('shows the error of a failing node on that node while the others keep working', () => {
    const ed = new EditorCore(DEFAULT);
    const chain = ed.addNode('chain', [0, 1400]);
    ed.connect({ from: { node: 'cont', port: 'out' }, to: { node: chain, port: 'selector' } });
    ed.connect({ from: { node: 'eros', port: 'out' }, to: { node: chain, port: 'in0' } });
    ed.connect({ from: { node: 'pv', port: 'out' }, to: { node: chain, port: 'in1' } });
    ed.connect({ from: { node: 'cont', port: 'out' }, to: { node: chain, port: 'in3' } });
    const { result } = run(new PreviewEvaluator(), request(ed.snapshot()));
    const failed = result.nodes.find((n) => n.id === chain)!;
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/3 inputs are wired \(in0, in1, in3\) but 2 knots are given/);
    expect(failed.image).toBeNull();
    expect(result.nodes.find((n) => n.id === 'biomes')!.state).toBe('ok');
  });

  it('sends the final outputs and the viewer node first, the rest after', () => {
    const { first, result } = run(new PreviewEvaluator(), request(DEFAULT, 1, 'height'));
    // biomes is the one node no wire reads; height is the viewer's.
    expect(first.nodes.map((n) => n.id).sort()).toEqual(['biomes', 'height']);
    expect(first.detail?.id).toBe('height');
    expect(result.nodes.length).toBe(DEFAULT.nodes.length);
  });

  it('gives back the kernels\' memory when the view comes back from a larger size', () => {
    const ev = new PreviewEvaluator();
    const big = { ...DEFAULT, view: { ...DEFAULT.view, size: 1024 } };
    run(ev, request(big));
    // The coast's transform takes its band of rows (here the whole grown grid) into its memory.
    // (The cell-by-cell kernels' memory no longer grows with the grid: they stage chunks.)
    const grown = distanceMemoryBytes();
    expect(grown).toBeGreaterThan(8 * 1024 * 1024);
    run(ev, request(DEFAULT, 2));
    expect(distanceMemoryBytes()).toBeLessThan(grown / 4);
  });

  it('draws the viewer node larger, once per version', () => {
    const ev = new PreviewEvaluator();
    const first = run(ev, request(DEFAULT, 1, 'biomes')).result.detail!;
    expect(first.image.width).toBe(128);
    expect(first.portType).toBe('biome');
    expect(run(ev, request(DEFAULT, 2, 'biomes')).result.detail).toBeNull();
    expect(run(ev, request(DEFAULT, 3, 'height')).result.detail?.meaning).toBe('height');
  });
});

describe('the engine client', () => {
  class FakeWorker implements WorkerPort {
    sent: ToWorker[] = [];
    private listener: ((e: MessageEvent<FromWorker>) => void) | null = null;
    postMessage(message: ToWorker): void {
      this.sent.push(structuredClone(message));
    }
    addEventListener(_type: 'message', l: (e: MessageEvent<FromWorker>) => void): void {
      this.listener = l;
    }
    removeEventListener(): void {
      this.listener = null;
    }
    answer(seq: number, final = true): void {
      const result: FromWorker = { kind: 'result', seq, final, nodes: [], removed: [], detail: null, evaluateMs: 0, totalMs: 0, ran: {} };
      this.listener?.({ data: result } as MessageEvent<FromWorker>);
    }
  }

  it('keeps one request in flight and sends only the newest of the edits made meanwhile', () => {
    const worker = new FakeWorker();
    let value = 0;
    const client = new EngineClient(worker, () => ({ graph: { ...DEFAULT, name: `v${value}` }, previewSize: 64, detail: null, detailSize: 128 }));
    const answers: number[] = [];
    client.subscribe((a) => answers.push(a.seq));
    client.invalidate();
    for (value = 1; value <= 5; value++) client.invalidate();
    expect(worker.sent.length).toBe(1);
    worker.answer(1, false);
    expect(worker.sent.length).toBe(2);
    expect((worker.sent[1] as EvaluateRequest).graph.name).toBe('v6');
    worker.answer(1, true);
    worker.answer(2, false);
    expect(worker.sent.length).toBe(2);
    expect(client.busy).toBe(true); // the rest of answer 2 is still to come
    worker.answer(2, true);
    expect(answers).toEqual([1, 1, 2, 2]);
    expect(client.busy).toBe(false);
  });

  it('sends the next request when the first part of an answer is in, and still passes on the rest', () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker, () => ({ graph: DEFAULT, previewSize: 64, detail: null, detailSize: 128 }));
    const parts: string[] = [];
    client.subscribe((a) => parts.push(`${a.seq}${a.kind === 'result' && a.final ? ' final' : ''}`));
    client.invalidate();
    client.invalidate();
    expect(worker.sent.length).toBe(1);
    worker.answer(1, false);
    expect(worker.sent.length).toBe(2);
    worker.answer(1, true);
    worker.answer(2, false);
    worker.answer(2, true);
    expect(parts).toEqual(['1', '1 final', '2', '2 final']);
    expect(client.busy).toBe(false);
  });

  it('ignores an answer to a request it never sent', () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker, () => ({ graph: DEFAULT, previewSize: 64, detail: null, detailSize: 128 }));
    const answers: number[] = [];
    client.subscribe((a) => answers.push(a.seq));
    client.invalidate();
    worker.answer(7);
    expect(answers).toEqual([]);
    expect(client.busy).toBe(true);
  });
});
