// What the page says while an evaluation takes long (src/viewer-core/progress.ts) and what the
// client knows of it (src/worker/client.ts: the request in flight, the node it runs, the nodes
// whose pictures are being computed again), with a fake worker and a fake clock; and the
// worker's side (src/worker/evaluator.ts), which tells the nodes a full evaluation starts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Domain, viewDomain } from '../src/grid.ts';
import { worldGrid } from '../src/engine/domains.ts';
import type { Graph } from '../src/model/graph.ts';
import { EngineClient } from '../src/worker/client.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { EvaluateRequest } from '../src/worker/protocol.ts';
import { newStopWord } from '../src/worker/stop.ts';
import { askedWhere, EditedSince, elapsedText, markedCards, ProgressClock, progressParts, progressText, type RunningNode, SLOW_MS, TICK_MS, whereText } from '../src/viewer-core/progress.ts';
import { FakeWorker } from './helpers/fake-worker.ts';
import { loadGraph } from './helpers/graphs.ts';
import { gridBoundNodes } from '../src/engine/grid-bound.ts';
import { CATALOGUE } from '../nodes/index.ts';

const VALLEYS = loadGraph('eroded-valleys.json');
const WORLD = { ...VALLEYS, world: { x: -1, y: -1, size: 3 } };

/** The world's grid at the view's resolution, grown by `margin` cells each side. */
function worldDomain(graph: Graph, margin = 0): Domain {
  const g = worldGrid(graph.world!, viewDomain(graph.view))!;
  const cell = g.extent / g.n;
  return { x0: g.x0 - margin * cell, y0: g.y0 - margin * cell, extent: g.extent + 2 * margin * cell, n: g.n + 2 * margin };
}

/** Node `node` running on `domain` for a request of `graph` (the client's Progress.running). */
const on = (graph: Graph, node: string, domain: Domain): RunningNode => ({ node, domain, view: graph.view, world: graph.world });

describe('the status text', () => {
  it('names an erosion on the world, its views and cells, and the time waited', () => {
    expect(worldDomain(WORLD).n).toBe(769);
    expect(progressText(on(WORLD, 'erosion', worldDomain(WORLD)), WORLD, 2140)).toBe('Hydraulic erosion on the world (3 × 3 views, 769² cells)…\u00a02.1\u00a0s');
    // Grown by the margin the nodes below read around a cell (a coast distance's halo).
    expect(progressText(on(WORLD, 'erosion', worldDomain(WORLD, 32)), WORLD, 6300)).toBe('Hydraulic erosion on the world (3 × 3 views and a margin, 833² cells)…\u00a06.3\u00a0s');
    const five = { ...WORLD, world: { x: -2, y: -2, size: 5 } };
    expect(whereText(worldDomain(five, 32), five)).toBe('on the world (5 × 5 views and a margin, 1345² cells)');
  });

  it('says the view, a grown view, and other regions by what they are', () => {
    const view = viewDomain(VALLEYS.view);
    expect(whereText(view, VALLEYS)).toBe('on the view (256² cells)');
    // A draft's coarser grid of the same square.
    expect(whereText({ ...view, n: 148 }, VALLEYS)).toBe('on the view (148² cells)');
    expect(whereText({ x0: -0.125, y0: -0.125, extent: 1.25, n: 320 }, VALLEYS)).toBe('on the view and a margin (320² cells)');
    // The water's world cut.
    expect(whereText({ x0: -8, y0: -8, extent: 16, n: 128 }, VALLEYS)).toBe('on 16 × 16 views (128² cells)');
    expect(whereText({ x0: -5.5, y0: -1.5, extent: 6.0625, n: 97 }, VALLEYS)).toBe('on 6.1 × 6.1 views (97² cells)');
    // With a world, a node run on the view alone (above a water level read from the view) says so.
    expect(whereText(viewDomain(WORLD.view), WORLD)).toBe('on the view (256² cells)');
    // The world's grid is of the view's resolution: another resolution is not the world.
    expect(whereText({ ...worldDomain(WORLD), n: 385, extent: 3 + 1 / 128 }, WORLD)).toBe('on 3 × 3 views (385² cells)');
  });

  it('says nothing before SLOW_MS, only that something computes when the worker has not named a node (or one since deleted)', () => {
    expect(progressText(on(WORLD, 'erosion', worldDomain(WORLD)), WORLD, SLOW_MS - 1)).toBeNull();
    expect(progressText(null, WORLD, 450)).toBe('Computing…\u00a00.4\u00a0s');
    expect(progressText(on(WORLD, 'gone', worldDomain(WORLD)), WORLD, 450)).toBe('Computing…\u00a00.4\u00a0s');
  });

  it('says what the request computes, and where, before the worker names a node', () => {
    // A world and an erosion to run on it: the world's grid.
    expect(progressText(null, WORLD, 450, askedWhere(WORLD, true))).toBe('Computing on the world (3 × 3 views, 769² cells)…\u00a00.4\u00a0s');
    expect(progressParts(null, WORLD, 450, askedWhere(WORLD, true))).toEqual({ what: 'Computing on the world (3 × 3 views, 769² cells)…', node: 'Computing', at: 'on the world', detail: '3 × 3 views, 769² cells', elapsed: '0.4\u00a0s' });
    // A world no node runs on (the engine gives it to none), or none: the view.
    expect(progressText(null, WORLD, 450, askedWhere(WORLD, false))).toBe('Computing on the view (256² cells)…\u00a00.4\u00a0s');
    expect(progressText(null, VALLEYS, 1250, askedWhere(VALLEYS, true))).toBe('Computing on the view (256² cells)…\u00a01.2\u00a0s');
    // The request's view and world, not the newest graph's: the world taken away since.
    expect(progressText(null, VALLEYS, 450, askedWhere(WORLD, true))).toBe('Computing on the world (3 × 3 views, 769² cells)…\u00a00.4\u00a0s');
    // Named, the node wins; a node since deleted gives way to what the request computes.
    expect(progressText(on(WORLD, 'erosion', worldDomain(WORLD)), WORLD, 450, askedWhere(WORLD, true))).toBe('Hydraulic erosion on the world (3 × 3 views, 769² cells)…\u00a00.4\u00a0s');
    expect(progressText(on(WORLD, 'gone', worldDomain(WORLD)), WORLD, 450, askedWhere(WORLD, true))).toBe('Computing on the world (3 × 3 views, 769² cells)…\u00a00.4\u00a0s');
    expect(progressText(null, WORLD, SLOW_MS - 1, askedWhere(WORLD, true))).toBeNull();
  });

  it('counts tenths of seconds, whole ones from 10 s, then minutes, kept whole (no-break spaces)', () => {
    expect(elapsedText(0)).toBe('0.0\u00a0s');
    expect(elapsedText(9_949)).toBe('9.9\u00a0s');
    // Not '10.0 s': a 256-px map's status has no room for the tenth, which would cut the node's title.
    expect(elapsedText(9_990)).toBe('9.9\u00a0s');
    expect(elapsedText(10_000)).toBe('10\u00a0s');
    expect(elapsedText(12_940)).toBe('12\u00a0s');
    expect(elapsedText(59_900)).toBe('59\u00a0s');
    expect(elapsedText(65_400)).toBe('1\u00a0min 05\u00a0s');
    expect(elapsedText(-5)).toBe('0.0\u00a0s');
  });
});

describe('the cards marked', () => {
  it('are the nodes started and not pictured, and everything below the node running', () => {
    const below = markedCards(VALLEYS, [], on(WORLD, 'erosion', worldDomain(WORLD)));
    expect(below.has('erosion')).toBe(true);
    expect(below.has('biomes')).toBe(true);
    expect(below.has('water')).toBe(true);
    // Nothing above the erosion is recomputed by a world change: it is not marked.
    for (const id of ['cont', 'contCurve', 'height', 'tempNoise']) expect(below.has(id), id).toBe(false);
    expect([...markedCards(VALLEYS, ['height', 'gone'], null)]).toEqual(['height']);
    expect(markedCards(VALLEYS, [], on(WORLD, 'gone', worldDomain(WORLD))).size).toBe(0);
  });
});

describe('what the edits since the last answer can change', () => {
  const bound = () => gridBoundNodes(VALLEYS, CATALOGUE);
  it("is the grid-bound nodes and below for a world, a param's node and below, everything for a view", () => {
    const e = new EditedSince();
    e.note([{ kind: 'world' }, { kind: 'nodeMoved', id: 'cont' }, { kind: 'title', id: 'cont' }]);
    const world = e.affected(VALLEYS, bound);
    expect(world.has('erosion')).toBe(true);
    expect(world.has('biomes')).toBe(true);
    // The noises above the erosion run on the world's grid, and their pictures stay the same.
    for (const id of ['cont', 'contCurve', 'height', 'tempNoise', 'moistNoise']) expect(world.has(id), id).toBe(false);
    // So a slow world change marks the erosion and what it feeds, not the noises it started.
    const marked = markedCards(VALLEYS, ['cont', 'height', 'erosion'], on(WORLD, 'erosion', worldDomain(WORLD)), world);
    expect(marked.has('cont')).toBe(false);
    expect(marked.has('erosion')).toBe(true);
    expect(marked.has('moisture')).toBe(true);
    e.clear();
    expect(e.affected(VALLEYS, bound).size).toBe(0);
    e.note([{ kind: 'param', id: 'moisture', key: 'strength' }]);
    expect([...e.affected(VALLEYS, bound)].sort()).toEqual(['biomes', 'moisture']);
    e.note([{ kind: 'view' }]);
    expect(e.affected(VALLEYS, bound).size).toBe(VALLEYS.nodes.length);
  });
});

describe('the progress clock', () => {
  function fakeClock() {
    let now = 0;
    const timers: { at: number; run: () => void; id: number }[] = [];
    let ids = 0;
    return {
      timers: {
        now: () => now,
        set: (run: () => void, ms: number) => {
          timers.push({ at: now + ms, run, id: ++ids });
          return ids;
        },
        clear: (id: unknown) => {
          const k = timers.findIndex((t) => t.id === id);
          if (k >= 0) timers.splice(k, 1);
        },
      },
      advance(ms: number) {
        const end = now + ms;
        for (;;) {
          timers.sort((a, b) => a.at - b.at);
          const next = timers[0];
          if (!next || next.at > end) break;
          timers.shift();
          now = next.at;
          next.run();
        }
        now = end;
      },
      pending: () => timers.length,
    };
  }

  it('ticks nothing for requests answered within SLOW_MS, then every TICK_MS, and once when answered', () => {
    const clock = fakeClock();
    let progress: { since: number; running: null; asked: { view: Graph['view'] } } | null = null;
    let ticks = 0;
    const c = new ProgressClock(() => progress, () => ticks++, clock.timers);
    // A drag: a request every frame, each answered in 20 ms.
    for (let k = 0; k < 30; k++) {
      progress = { since: k * 33, running: null, asked: VALLEYS };
      c.update();
      clock.advance(20);
      progress = null;
      c.update();
      clock.advance(13);
    }
    expect(ticks).toBe(0);
    expect(c.slow).toBe(false);
    expect(clock.pending()).toBe(0);
    // A slow one: nothing until SLOW_MS, then a tick every TICK_MS.
    progress = { since: 1000, running: null, asked: VALLEYS };
    clock.advance(1000 - 990);
    c.update();
    clock.advance(SLOW_MS - 1);
    expect(ticks).toBe(0);
    clock.advance(1);
    expect(ticks).toBe(1);
    expect(c.slow).toBe(true);
    clock.advance(TICK_MS * 5);
    expect(ticks).toBe(6);
    // Answered: one tick, to take the status away; then nothing.
    progress = null;
    c.update();
    expect(ticks).toBe(7);
    expect(c.slow).toBe(false);
    clock.advance(5000);
    expect(ticks).toBe(7);
    expect(clock.pending()).toBe(0);
  });
});


describe("the client's progress", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(word: Int32Array | null = null) {
    const worker = new FakeWorker();
    const client = new EngineClient(worker, () => ({ graph: VALLEYS, previewSize: 148, detail: null, detailSize: 512 }), word);
    let told = 0;
    client.subscribeProgress(() => told++);
    return { worker, client, told: () => told };
  }

  it('says since when a request is in flight and which node it runs, and which nodes are being computed until their pictures come', () => {
    const { worker, client, told } = start();
    expect(client.progress).toBeNull();
    vi.advanceTimersByTime(1000);
    client.invalidate();
    const since = performance.now();
    expect(client.progress).toEqual({ since, running: null, asked: { view: VALLEYS.view, world: VALLEYS.world } });
    expect(told()).toBe(1);
    worker.running(1, 'erosion', viewDomain(VALLEYS.view));
    vi.advanceTimersByTime(500);
    worker.running(1, 'water', viewDomain(VALLEYS.view));
    expect(client.progress).toEqual({ since, running: on(VALLEYS, 'water', viewDomain(VALLEYS.view)), asked: { view: VALLEYS.view, world: VALLEYS.world } });
    expect([...client.recomputing].sort()).toEqual(['erosion', 'water']);
    expect(told()).toBe(3);
    // The first part brings the water's picture; the rest the erosion's.
    worker.answer(1, false, ['water']);
    expect(client.progress).toBeNull();
    expect([...client.recomputing]).toEqual(['erosion']);
    worker.answer(1, true, ['erosion']);
    expect([...client.recomputing]).toEqual([]);
  });

  it("says a slider's draft computes on the view at the draft's size, never on the world (a draft runs on no world)", () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker, () => ({ graph: WORLD, previewSize: 148, detail: null, detailSize: 512 }), null);
    client.draft();
    const asked = client.progress!.asked;
    expect(askedWhere(asked, true).text).toBe('on the view (148² cells)');
    client.rest();
    client.dispose();
  });

  it('forgets every node once nothing is awaited, whatever came (a dropped rest, a failure)', () => {
    const { worker, client } = start();
    client.invalidate();
    worker.running(1, 'erosion', viewDomain(VALLEYS.view));
    worker.running(1, 'biomes', viewDomain(VALLEYS.view));
    // The rest dropped (a newer request came): no picture of the erosion, and nothing awaited.
    worker.answer(1, false, []);
    expect([...client.recomputing].sort()).toEqual(['biomes', 'erosion']);
    worker.answer(1, true, []);
    expect(client.busy).toBe(false);
    expect([...client.recomputing]).toEqual([]);
    client.invalidate();
    worker.running(2, 'erosion', viewDomain(VALLEYS.view));
    worker.fail(2);
    expect([...client.recomputing]).toEqual([]);
    expect(client.progress).toBeNull();
  });

  it('keeps the time waited, and the nodes started, through a request stopped for a newer edit', () => {
    const { worker, client } = start(newStopWord(true));
    client.invalidate();
    const since = performance.now();
    worker.running(1, 'cont', viewDomain(VALLEYS.view));
    worker.running(1, 'erosion', viewDomain(VALLEYS.view));
    vi.advanceTimersByTime(2000);
    client.invalidate();
    worker.supersede(1);
    expect(worker.sent.length).toBe(2);
    // The new request has started nothing yet; the person has waited since the first.
    expect(client.progress).toEqual({ since, running: null, asked: { view: VALLEYS.view, world: VALLEYS.world } });
    expect([...client.recomputing].sort()).toEqual(['cont', 'erosion']);
    worker.running(2, 'erosion', viewDomain(VALLEYS.view));
    expect(client.progress?.running?.node).toBe('erosion');
    // A late message of the stopped request changes nothing.
    worker.running(1, 'height', viewDomain(VALLEYS.view));
    expect(client.progress?.running?.node).toBe('erosion');
    expect(client.recomputing.has('height')).toBe(false);
  });

  it('keeps the time waited when the newest edit goes out on a slow answer, and starts afresh after a quick one', () => {
    const { worker, client } = start();
    client.invalidate();
    const first = performance.now();
    vi.advanceTimersByTime(SLOW_MS + 50);
    client.invalidate();
    worker.answer(1, false);
    expect(worker.sent.length).toBe(2);
    expect(client.progress?.since).toBe(first);
    worker.answer(1, true);
    worker.answer(2, false);
    worker.answer(2, true);
    // Quick answers (a drag's drafts): each request's wait is its own.
    client.invalidate();
    vi.advanceTimersByTime(20);
    client.invalidate();
    worker.answer(3, false);
    expect(client.progress?.since).toBe(performance.now());
  });

  it("describes where the running node runs against the graph its request evaluates, not the newest one", () => {
    // No stop word: the request on the world runs on after the world is taken away.
    let graph: Graph = WORLD;
    const worker = new FakeWorker();
    const client = new EngineClient(worker, () => ({ graph, previewSize: 148, detail: null, detailSize: 512 }));
    client.invalidate();
    worker.running(1, 'erosion', worldDomain(WORLD, 32));
    vi.advanceTimersByTime(1000);
    const said = () => progressText(client.progress!.running, graph, performance.now() - client.progress!.since);
    expect(said()).toBe('Hydraulic erosion on the world (3 × 3 views and a margin, 833² cells)…\u00a01.0\u00a0s');
    // The world removed, then another given elsewhere: the erosion still runs on the first world.
    graph = VALLEYS;
    client.invalidate();
    expect(said()).toBe('Hydraulic erosion on the world (3 × 3 views and a margin, 833² cells)…\u00a01.0\u00a0s');
    graph = { ...VALLEYS, world: { x: 4, y: 4, size: 2 } };
    client.invalidate();
    expect(said()).toBe('Hydraulic erosion on the world (3 × 3 views and a margin, 833² cells)…\u00a01.0\u00a0s');
    // Answered, the newest request goes out: its nodes are described against its own graph.
    worker.answer(1, false);
    expect(worker.sent.length).toBe(2);
    worker.running(2, 'erosion', viewDomain(graph.view));
    expect(said()).toMatch(/^Hydraulic erosion on the view \(256² cells\)…/);
  });

  it('ignores running messages of requests it did not send or no longer awaits', () => {
    const { worker, client } = start();
    worker.running(7, 'erosion', viewDomain(VALLEYS.view));
    expect(client.recomputing.size).toBe(0);
    client.invalidate();
    worker.answer(1, false);
    worker.answer(1, true);
    worker.running(1, 'erosion', viewDomain(VALLEYS.view));
    expect(client.recomputing.size).toBe(0);
  });
});

describe('the worker tells the nodes a full evaluation starts', () => {
  it('tells each node a full evaluation runs, on its domain, and nothing for a draft', () => {
    const evaluator = new PreviewEvaluator();
    const graph = { ...WORLD, view: { ...WORLD.view, size: 64 } };
    const told: [string, Domain][] = [];
    const request = (seq: number, draft?: number): EvaluateRequest => ({ kind: 'evaluate', seq, graph, previewSize: 32, detail: null, detailSize: 64, ...(draft ? { draft } : {}) });
    evaluator.evaluateParts(request(1, 32), (node, domain) => told.push([node, domain]));
    expect(told).toEqual([]);
    evaluator.evaluateParts(request(2), (node, domain) => told.push([node, domain]));
    const nodes = new Set(told.map(([id]) => id));
    for (const n of graph.nodes) expect(nodes.has(n.id), n.id).toBe(true);
    const erosion = told.filter(([id]) => id === 'erosion').map(([, d]) => whereText(d, graph));
    // The world's samples alone: the nodes below read past them extended (tests/erosion-readers.test.ts).
    expect(erosion).toContain('on the world (3 × 3 views, 193² cells)');
  });
});
