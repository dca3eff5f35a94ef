// Drafts while a param is dragged (src/worker/client.ts, evaluator.ts, held.ts): coarser
// pictures of the same world during the drag, the full resolution when the hand rests, and the
// pictures after the drag equal to an evaluation that never drafted, bit for bit.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { downstreamOf, type Graph } from '../src/model/graph.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import { draftSize, EngineClient, REST_MS, type WorkerPort } from '../src/worker/client.ts';
import { Signatures } from '../src/worker/held.ts';
import { createEngine } from '../src/engine/engine.ts';
import { renderPreview } from '../src/render/preview.ts';
import { draftedParams } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { checkParams } from '../src/model/validate.ts';
import { CATALOGUE } from '../nodes/index.ts';
import { BEACH } from '../src/model/biomes.ts';
import { DRAFT_BEACH_WIDTH } from '../nodes/whittaker.ts';
import type { Detail, EvaluateRequest, EvaluateResult, FromWorker, NodeResult, ToWorker } from '../src/worker/protocol.ts';

// The default graph with its sea level read on the world-16 cut, which a draft reads on world-8:
// on the shipped world-8 cut, which drafts to itself, a drafts' setting that leaked into a full
// evaluation would change no bit, and the tests below could not see it.
const SHIPPED = parseGraph(readFileSync('graphs/default.json', 'utf8'));
const DEFAULT: Graph = { ...SHIPPED, nodes: SHIPPED.nodes.map((n) => (n.type === 'water' ? { ...n, params: { ...n.params, cut: 'world' } } : n)) };
const PREVIEW = 64;

function request(graph: Graph, seq: number, draft?: number): EvaluateRequest {
  return { kind: 'evaluate', seq, graph, previewSize: PREVIEW, detail: 'biomes', detailSize: 256, ...(draft ? { draft } : {}) };
}

/** Both parts of an answer as one. */
function run(ev: PreviewEvaluator, req: EvaluateRequest): EvaluateResult {
  const [first, last] = ev.evaluate(req).map((a) => a.result);
  return { ...last, nodes: [...first.nodes, ...last.nodes], detail: first.detail };
}

/** The C curve with its x = 0 point moved to y. */
function dragged(y: number): Graph {
  const g = structuredClone(DEFAULT);
  const curve = g.nodes.find((n) => n.id === 'contCurve')!;
  curve.params.points = (curve.params.points as [number, number][]).map(([x, py]): [number, number] => [x, x === 0 ? y : py]);
  return g;
}

/** What the main thread shows after taking in these answers in order (as the preview store keeps them). */
function shown(answers: readonly EvaluateResult[]): { nodes: Map<string, NodeResult>; detail: Detail | null } {
  const nodes = new Map<string, NodeResult>();
  let detail: Detail | null = null;
  for (const a of answers) {
    for (const n of a.nodes) nodes.set(n.id, n.inputBins || !nodes.get(n.id)?.inputBins ? n : { ...n, inputBins: nodes.get(n.id)!.inputBins });
    for (const id of a.removed) nodes.delete(id);
    if (a.detail) detail = a.detail;
  }
  return { nodes, detail };
}

function bytes(b: ArrayBuffer | undefined): Uint8Array {
  return new Uint8Array(b ?? new ArrayBuffer(0));
}

/** What these answers leave shown equals, byte for byte, one evaluation of `graph` that never drafted. */
function expectNeverDrafted(answers: readonly EvaluateResult[], graph: Graph): void {
  const after = shown(answers);
  const plain = shown([run(new PreviewEvaluator(), request(graph, 1))]);
  expect([...after.nodes.keys()].sort()).toEqual([...plain.nodes.keys()].sort());
  for (const [id, want] of plain.nodes) {
    const got = after.nodes.get(id)!;
    expect(got.state, id).toBe(want.state);
    expect(bytes(got.image?.rgba), id).toEqual(bytes(want.image?.rgba));
    expect(got.inputBins?.counts, id).toEqual(want.inputBins?.counts);
  }
  expect(after.detail!.n).toBe(graph.view.size);
  expect(after.detail!.draft).toBe(false);
  expect(bytes(after.detail!.image.rgba)).toEqual(bytes(plain.detail!.image.rgba));
  expect(after.detail!.origins).toEqual(plain.detail!.origins);
  expect(after.detail!.histogram).toEqual(plain.detail!.histogram);
  // And both are the pictures of a plain engine (the command line's), so a drafts' setting that
  // leaked into the worker's full engine would show here, not cancel out.
  const engine = createEngine(graph);
  engine.evaluate();
  for (const [id, got] of after.nodes) {
    const value = engine.output(id);
    if (got.image && value) expect(bytes(got.image.rgba), id).toEqual(bytes(renderPreview(value, graph.view.size, PREVIEW).rgba.buffer as ArrayBuffer));
  }
}

describe('drafts in the worker', () => {
  it('draws a draft at the draft side, only for what the edit changed, and marks it', () => {
    const ev = new PreviewEvaluator();
    run(ev, request(DEFAULT, 1));
    const draft = run(ev, request(dragged(0.1), 2, 48));
    expect(draft.draft).toBe(true);
    // The noises upstream of the curve keep their full pictures: they are not sent again.
    expect(new Set(draft.nodes.map((n) => n.id))).toEqual(downstreamOf(DEFAULT, 'contCurve'));
    const biomes = draft.nodes.find((n) => n.id === 'biomes')!;
    expect(biomes.image!.width).toBe(48);
    expect(draft.detail!.n).toBe(48);
    expect(draft.detail!.draft).toBe(true);
    // The same graph state drafted again: nothing new to show.
    expect(run(ev, request(dragged(0.1), 3, 48)).nodes).toEqual([]);
  });

  it('leaves, after a drag of drafts and its full answer, the same bytes as an evaluation that never drafted', () => {
    const ev = new PreviewEvaluator();
    const answers = [run(ev, request(DEFAULT, 1))];
    let seq = 2;
    for (const y of [0.05, 0.1, 0.2, 0.15]) answers.push(run(ev, request(dragged(y), seq++, 64)));
    answers.push(run(ev, request(dragged(0.15), seq++)));
    expect(answers.at(-1)!.draft).toBe(false);
    expectNeverDrafted(answers, dragged(0.15));
  });

  it('leaves the same bytes when the worker dropped the drafts\' other thumbnails (a newer request came first)', () => {
    const ev = new PreviewEvaluator();
    const answers = [run(ev, request(DEFAULT, 1))];
    let seq = 2;
    for (const y of [0.05, 0.1, 0.2, 0.15]) {
      // As src/worker/engine-worker.ts does when the next request arrives before the rest is drawn.
      const { first, dropped } = ev.evaluateParts(request(dragged(y), seq++, 64));
      const last = dropped().result;
      expect(last.nodes).toEqual([]);
      answers.push({ ...last, nodes: first.result.nodes, detail: first.result.detail });
    }
    answers.push(run(ev, request(dragged(0.15), seq++)));
    expectNeverDrafted(answers, dragged(0.15));
  });

  it('draws a draft as a coarser sampling of the same world: the biomes mostly agree with the full picture', () => {
    const full = run(new PreviewEvaluator(), { ...request(DEFAULT, 1), previewSize: 256 }).nodes.find((n) => n.id === 'biomes')!;
    const coarse = run(new PreviewEvaluator(), { ...request(DEFAULT, 1, 64), previewSize: 256 }).nodes.find((n) => n.id === 'biomes')!;
    // Nearest cell of the full grid under each draft cell's centre: the pictures are of one world.
    const a = new Uint32Array(full.image!.rgba);
    const b = new Uint32Array(coarse.image!.rgba);
    let same = 0;
    for (let r = 0; r < 64; r++) for (let c = 0; c < 64; c++) if (b[r * 64 + c] === a[(r * 4 + 2) * 256 + c * 4 + 2]) same++;
    expect(same / (64 * 64)).toBeGreaterThan(0.8);
  });

  it('runs a drafts\' engine with every node\'s draftParams: the same bits as a full engine on the graph so rewritten', () => {
    const graph = { ...DEFAULT, view: { ...DEFAULT.view, size: 96 } };
    const draft = createEngine(graph, { draft: true });
    const rewritten = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, params: draftedParams(CATALOGUE.def(n.type)!, n.params) })) };
    expect(rewritten.nodes).not.toEqual(graph.nodes);
    const plain = createEngine(rewritten);
    draft.evaluate();
    plain.evaluate();
    for (const n of graph.nodes) expect(draft.output(n.id)?.data, n.id).toEqual(plain.output(n.id)?.data);
    // A param set on the drafts' engine is drafted too: the cut set back to world reads world-8.
    const water = graph.nodes.find((n) => n.type === 'water')!;
    draft.setParam(water.id, 'cut', 'view');
    draft.setParam(water.id, 'cut', 'world');
    draft.setParam(water.id, 'share', 0.5);
    plain.setGraph({ ...rewritten, nodes: rewritten.nodes.map((n) => (n.id === water.id ? { ...n, params: draftedParams(CATALOGUE.def(n.type)!, { ...water.params, share: 0.5 }) } : n)) });
    draft.evaluate();
    plain.evaluate();
    expect((draft.output(water.id, 'terrain') as { sorted: Float32Array }).sorted.length).toBe(16 * 16 * 8 * 8);
    expect(draft.output('biomes')?.data).toEqual(plain.output('biomes')?.data);
  });

  it('draws the beaches in a draft at 148² (the land cells next to the sea), where the beach of 1.5 has no cell', () => {
    const share = (size: number, draft: boolean) => {
      const e = createEngine({ ...DEFAULT, view: { ...DEFAULT.view, size } }, { draft });
      e.evaluate();
      const b = e.output('biomes')!.data;
      let beach = 0;
      for (const id of b) if (id === BEACH) beach++;
      return beach / b.length;
    };
    // A 148² cell is 1.73 256-map cells: the nearest land lies farther from the sea than 1.5.
    expect(256 / 148).toBeGreaterThan(1.5);
    expect(256 / 148).toBeLessThan(DRAFT_BEACH_WIDTH);
    expect(share(148, false)).toBe(0);
    const full = share(256, false);
    const drafted = share(148, true);
    expect(full).toBeGreaterThan(0.01);
    // About as much beach as the full picture (its band is 1.5 cells at 256²).
    expect(drafted).toBeGreaterThan(full / 2);
    expect(drafted).toBeLessThan(full * 2);
  });

  it('samples a world-16 cut coarser in a draft: the water level read from 16,384 heights, not 65,536', () => {
    const graph = { ...DEFAULT, view: { ...DEFAULT.view, size: 96 } };
    const water = graph.nodes.find((n) => n.type === 'water')!.id;
    const sampled = (draft: boolean) => {
      const e = createEngine(graph, { draft });
      e.evaluate();
      return (e.output(water, 'terrain') as { sorted: Float32Array }).sorted.length;
    };
    expect(sampled(false)).toBe(16 * 16 * 16 * 16);
    expect(sampled(true)).toBe(16 * 16 * 8 * 8);
  });

  it('gives every node type\'s draftParams valid params at every draft resolution, the same again when drafted twice at the full one', () => {
    for (const def of CATALOGUE.types) {
      const base = defaultParams(def);
      // The defaults, and each option of every enum param.
      const variants = [base, ...Object.entries(def.params).flatMap(([key, spec]) => (spec.kind === 'enum' ? spec.options.map((o) => ({ ...base, [key]: o })) : []))];
      for (const params of variants) {
        // 148² drafts of views of 148, 256, 1024 and 4096 cells a side.
        for (const cells of [1, 148 / 256, 148 / 1024, 148 / 4096]) expect(checkParams(def, 'n', draftedParams(def, params, cells), '$'), `${def.type} at ${cells}`).toEqual([]);
        const drafted = draftedParams(def, params);
        expect(draftedParams(def, drafted), def.type).toEqual(drafted);
      }
    }
  });

  it('gives equal signatures to equal graph states and new ones downstream of an edit', () => {
    const sig = new Signatures();
    const a = sig.of(DEFAULT);
    const b = sig.of(structuredClone(DEFAULT));
    expect(b).toEqual(a);
    const c = sig.of(dragged(0.3));
    for (const n of DEFAULT.nodes) expect(c.get(n.id) !== a.get(n.id), n.id).toBe(downstreamOf(DEFAULT, 'contCurve').has(n.id));
    // The view's origin is part of every output; its resolution is not.
    const moved = sig.of({ ...DEFAULT, view: { ...DEFAULT.view, x: DEFAULT.view.x + 1 } });
    for (const n of DEFAULT.nodes) expect(moved.get(n.id)).not.toBe(a.get(n.id));
    expect(sig.of({ ...DEFAULT, view: { ...DEFAULT.view, size: 97 } })).toEqual(a);
  });

  it('gives every node of a graph with a cycle a signature, without looping', () => {
    const cyclic = structuredClone(DEFAULT);
    // height → contCurve closes a loop contCurve → height.
    cyclic.edges.push({ from: { node: 'height', port: 'out' }, to: { node: 'contCurve', port: 'in' } });
    const states = new Signatures().of(cyclic);
    expect(states.size).toBe(cyclic.nodes.length);
  });
});

describe('drafts in the client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  class FakeWorker implements WorkerPort {
    sent: EvaluateRequest[] = [];
    private listener: ((e: MessageEvent<FromWorker>) => void) | null = null;
    postMessage(message: ToWorker): void {
      if (message.kind === 'evaluate') this.sent.push(structuredClone(message));
    }
    addEventListener(_type: 'message', l: (e: MessageEvent<FromWorker>) => void): void {
      this.listener = l;
    }
    removeEventListener(): void {
      this.listener = null;
    }
    answerLast(): void {
      const req = this.sent.at(-1)!;
      for (const final of [false, true]) {
        const result: FromWorker = { kind: 'result', seq: req.seq, final, draft: req.draft !== undefined, nodes: [], removed: [], detail: null, evaluateMs: 0, totalMs: 0, ran: {} };
        this.listener?.({ data: result } as MessageEvent<FromWorker>);
      }
    }
  }

  function client(size = 1024): { worker: FakeWorker; client: EngineClient; set(v: number): void } {
    const worker = new FakeWorker();
    let value = 0;
    const c = new EngineClient(worker, () => ({ graph: { ...DEFAULT, name: `v${value}`, view: { ...DEFAULT.view, size } }, previewSize: 148, detail: null, detailSize: 512 }));
    return { worker, client: c, set: (v) => (value = v) };
  }

  it('sizes a draft at the previews\' side whatever the view, and none for a view not much larger', () => {
    expect(draftSize(1024, 148)).toBe(148);
    expect(draftSize(2048, 148)).toBe(148);
    expect(draftSize(256, 148)).toBe(148);
    expect(draftSize(222, 148)).toBe(148);
    expect(draftSize(221, 148)).toBeNull();
    expect(draftSize(200, 148)).toBeNull();
  });

  it('drafts on one thread unless told otherwise', () => {
    const { worker, client: c } = client();
    c.draft();
    expect(worker.sent[0]).toMatchObject({ draft: 148, draftThreads: 1 });
    c.dispose();
  });

  it('drafts while the hand moves, then asks the full picture of the newest graph when it rests', () => {
    vi.useFakeTimers();
    const { worker, client: c, set } = client();
    for (let v = 1; v <= 4; v++) {
      set(v);
      c.draft();
      worker.answerLast();
      vi.advanceTimersByTime(16);
    }
    expect(worker.sent.map((r) => r.draft)).toEqual([148, 148, 148, 148]);
    expect(c.busy).toBe(true); // a full answer is owed
    vi.advanceTimersByTime(REST_MS);
    expect(worker.sent.length).toBe(5);
    expect(worker.sent[4].draft).toBeUndefined();
    expect(worker.sent[4].graph.name).toBe('v4');
    worker.answerLast();
    expect(c.busy).toBe(false);
    // Nothing more once the full picture is in: no second full request at the release.
    c.rest();
    vi.advanceTimersByTime(REST_MS * 2);
    expect(worker.sent.length).toBe(5);
  });

  it('asks the full picture at once when the drag ends, after the answer in flight, and never an older graph after a newer one', () => {
    vi.useFakeTimers();
    const { worker, client: c, set } = client();
    set(1);
    c.draft();
    set(2);
    c.draft(); // waits for the answer in flight
    c.rest(); // released: the pending request becomes a full one
    expect(worker.sent.length).toBe(1);
    worker.answerLast();
    expect(worker.sent.length).toBe(2);
    expect(worker.sent[1]).toMatchObject({ graph: { name: 'v2' } });
    expect(worker.sent[1].draft).toBeUndefined();
    worker.answerLast();
    vi.advanceTimersByTime(REST_MS * 2);
    expect(worker.sent.length).toBe(2);
    expect(c.busy).toBe(false);
  });

  it('sends full requests when drafts are off, or when the view is small', () => {
    const off = client();
    off.client.drafts = false;
    off.client.draft();
    expect(off.worker.sent[0].draft).toBeUndefined();
    expect(off.client.busy).toBe(true);
    off.worker.answerLast();
    expect(off.client.busy).toBe(false);
    const small = client(128);
    small.client.draft();
    expect(small.worker.sent[0].draft).toBeUndefined();
    small.worker.answerLast();
    expect(small.client.busy).toBe(false);
    small.client.dispose();
  });
});

describe('the viewer while drafting', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its own full-resolution requests (the compare pin) for the full answer after the drafts', async () => {
    const { EditorCore } = await import('../src/editor/editor.ts');
    const { PreviewStore } = await import('../src/app/previews.ts');
    const { ViewerSession } = await import('../src/viewer-core/session.ts');
    const { InProcessWorker } = await import('./helpers/viewer-setup.ts');
    const big = { ...DEFAULT, view: { ...DEFAULT.view, size: 320 } };
    /** Between the control's begin and commit (src/app/main.ts's paramDrag). */
    let dragging = false;
    const core = new EditorCore(big);
    const previews = new PreviewStore();
    const worker = new InProcessWorker();
    let session: InstanceType<typeof ViewerSession> | null = null;
    const client = new EngineClient(worker, () => ({ graph: core.graph, previewSize: 32, ...(session?.detailRequest ?? { detail: null, detailSize: 128 }) }));
    session = new ViewerSession(core, previews, worker, { invalidate: () => client.invalidate(), download: () => {}, drafting: () => dragging || client.drafting });
    // As src/app/main.ts wires them.
    client.subscribe((a) => {
      if (a.kind !== 'result') return;
      previews.apply(a);
      if (a.final && !a.draft && !client.drafting) session!.draftsDone();
    });
    core.subscribe((changes) => (dragging && changes.every((c) => c.kind === 'param') ? client.draft() : client.invalidate()));
    const settle = async () => {
      for (let k = 0; k < 400 && (client.busy || session!.busy); k++) await new Promise((r) => setTimeout(r, 5));
      expect(client.busy || session!.busy).toBe(false);
    };
    client.invalidate();
    await settle();
    session.pinShown();
    await settle();
    const pictures = () => worker.sent.filter((m) => m.kind === 'picture').length;
    const before = pictures();

    dragging = true;
    const points = core.graph.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
    for (const y of [0.05, 0.1, 0.15]) {
      core.setParam('contCurve', 'points', points.map(([x, py]): [number, number] => [x, x === 0 ? y : py]));
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(worker.sent.some((m) => m.kind === 'evaluate' && m.draft === 32)).toBe(true);
    // No full-resolution picture for the pin while the drafts come.
    expect(pictures()).toBe(before);
    dragging = false;
    client.rest();
    await settle();
    // The full answer is in: the pin is drawn again, from the newest graph.
    expect(pictures()).toBe(before + 1);
    session.dispose();
    client.dispose();
  });
});
