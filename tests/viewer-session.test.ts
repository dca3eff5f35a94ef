// The viewer session driven headless, with the worker's own code answering in-process: the
// shown node follows the selection, hover reads provenance, a drag pans coarsely and commits
// one undoable move, the world cut holds the sea level, exports match the command line's.
import { decode } from 'fast-png';
import { describe, expect, it, vi } from 'vitest';
import { Engine, type EvaluateReport } from '../src/engine/engine.ts';
import { createEngine } from '../src/index.ts';
import { viewDomain } from '../src/grid.ts';
import { BIOMES } from '../src/model/biomes.ts';
import { exportFile, parseRangedName } from '../src/render/exports.ts';
import { frameToCell } from '../src/viewer-core/pan.ts';
import { provenanceOrder } from '../src/viewer-core/provenance.ts';
import { Lane, type LanePort } from '../src/worker/lane.ts';
import type { FromWorker, PanRequest, PanResult, ToWorker } from '../src/worker/protocol.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';
function engineAt(graph: typeof DEFAULT) {
  const engine = createEngine(graph);
  engine.evaluate();
  return engine;
}

describe('the viewer session', () => {
  it('starts on the final output, shows the selected node with its histogram, and keeps it when the selection empties', async () => {
    const { core, session, settle } = setup();
    await settle();
    // Nothing selected yet: the graph's final output, the biomes.
    expect(session.node).toBe('biomes');
    core.select(['water']);
    await settle();
    expect(session.node).toBe('water');
    expect(session.port).toBe('terrain');
    const d = session.detail!;
    expect(d.histogram?.kind).toBe('terrain');
    expect([d.x, d.y, d.n]).toEqual([0, 0, 256]);
    expect(session.picture()).toMatchObject({ source: 'detail', shift: { dx: 0, dy: 0 }, n: 256 });
    core.select([]);
    await settle();
    expect(session.node).toBe('water');
    session.setPort('mask');
    await settle();
    expect(session.detail?.port).toBe('mask');
    expect(session.detail?.histogram?.kind).toBe('mask');
    core.select(['biomes']);
    await settle();
    expect(session.detail?.origins?.length).toBe(256 * 256);
    expect(session.table!.cells.length).toBe(16);
  });

  it('reads a hovered cell, the compare pin and the 3-D land off the previews\' results: no kernel runs again', async () => {
    const { core, session, settle } = setup();
    core.select(['water']);
    await settle();
    const spy = vi.spyOn(Engine.prototype, 'evaluate');
    try {
      session.input({ type: 'move', x: 300, y: 120 });
      await settle();
      expect(session.provenance?.rows.length).toBeGreaterThan(0);
      session.pinShown();
      session.setTab('3d');
      await settle();
      core.select(['biomes']);
      await settle();
      session.input({ type: 'move', x: 200, y: 220 });
      await settle();
      expect(session.land.relief).toBeTruthy();
      const ran = spy.mock.results.flatMap((r) => Object.keys((r.value as EvaluateReport).ran));
      expect(ran).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it("reads the hovered cell's value at every upstream node, equal to an engine of its own", async () => {
    const { core, session, settle } = setup();
    core.select(['biomes']);
    await settle();
    session.input({ type: 'move', x: 300.4, y: 120.7 });
    await settle();
    const p = session.provenance!;
    const cell = frameToCell(session.zoom, session.frame, 300.4, 120.7, 256)!;
    expect(p.i).toBe(cell.i);
    const engine = engineAt(core.snapshot());
    expect(p.rows.length).toBe(17); // 16 nodes, the water node with two outputs
    for (const row of p.rows) expect(row.value, `${row.node}.${row.port}`).toBe(engine.output(row.node, row.port)!.data[cell.i]);
    expect(p.rows.at(-1)!.biome).toBe(BIOMES[engine.output('biomes')!.data[cell.i]].name);
    // An edit reads again: the values follow the new results.
    core.setParam('wind', 'angle', 90);
    await settle();
    const after = engineAt(core.snapshot());
    expect(session.provenance!.rows.find((r) => r.node === 'wind')!.value).toBe(after.output('wind')!.data[cell.i]);
    // Leaving the map clears it; a click pins the cell.
    session.input({ type: 'leave' });
    await settle();
    expect(session.provenance).toBeNull();
    session.input({ type: 'down', x: 10, y: 10 });
    session.input({ type: 'up', x: 10, y: 10 });
    session.input({ type: 'leave' });
    await settle();
    expect(session.provenance?.i).toBe(frameToCell(session.zoom, session.frame, 10, 10, 256)!.i);
  });

  it('drops the answer for a cell the pointer left before it came, on the map and in 3-D', async () => {
    const { core, session, settle } = setup();
    core.select(['biomes']);
    await settle();
    // The probe is posted on the move; the pointer leaves before its answer is back.
    session.input({ type: 'move', x: 300, y: 120 });
    session.input({ type: 'leave' });
    await settle();
    expect(session.provenance).toBeNull();
    session.pointAt({ x: 0.5, y: 0.5 });
    session.pointAt(null);
    await settle();
    expect(session.provenance).toBeNull();
    // So nothing is left to go stale: an edit shows no values of the graph before it.
    core.setParam('wind', 'angle', 90);
    await settle();
    expect(session.provenance).toBeNull();
  });

  it('pans coarsely while dragging and commits one undoable move of the view on release', async () => {
    const { core, session, worker, settle } = setup();
    core.select(['height']);
    await settle();
    session.input({ type: 'down', x: 100, y: 100 });
    for (let k = 1; k <= 8; k++) session.input({ type: 'move', x: 100 + 8 * k, y: 100 });
    expect(session.dragging).toBe(true);
    expect(session.origin).toEqual({ x: -64 / 512, y: 0 });
    await settle();
    const pans = worker.sent.filter((m): m is PanRequest => m.kind === 'pan');
    // One in flight and one pending: far fewer requests than moves, the last at the last origin.
    expect(pans.length).toBeLessThan(8);
    expect(pans.at(-1)).toMatchObject({ n: 64, x: -0.125, y: 0, node: 'height' });
    expect(session.picture()).toMatchObject({ source: 'drag', n: 64, origin: { x: -0.125, y: 0 }, shift: { dx: 0, dy: 0 } });
    expect(core.graph.view).toEqual({ x: 0, y: 0, size: 256 });
    session.input({ type: 'up', x: 164, y: 100 });
    expect(core.graph.view).toEqual({ x: -0.125, y: 0, size: 256 });
    expect(core.undoLabel).toBe('pan view');
    await settle();
    expect(session.picture()).toMatchObject({ source: 'detail', n: 256, origin: { x: -0.125, y: 0 } });
    core.undo();
    expect(core.graph.view).toEqual({ x: 0, y: 0, size: 256 });
  });

  it('keeps the sea level while panning with the world cut, and not with the view cut', async () => {
    for (const cut of ['world', 'view'] as const) {
      const graph = structuredClone(DEFAULT);
      graph.nodes.find((n) => n.id === 'water')!.params.cut = cut;
      const { core, session, settle } = setup(graph);
      core.select(['water']);
      await settle();
      const before = session.detail!;
      session.input({ type: 'down', x: 200, y: 200 });
      session.input({ type: 'move', x: 330, y: 250 });
      session.input({ type: 'up', x: 330, y: 250 });
      await settle();
      const after = session.detail!;
      expect([after.x, after.y]).not.toEqual([before.x, before.y]);
      const level = (d: typeof before) => (d.histogram as { seaLevel: number }).seaLevel;
      if (cut === 'world') expect(level(after)).toBe(level(before));
      else expect(level(after)).not.toBe(level(before));
    }
  });

  it("exports the same bytes as the command line, under its name with the graph's before it, with progress", async () => {
    const { core, session, downloads, worker, exportWorkers, settle } = setup();
    core.select(['moisture']);
    await settle();
    session.exportLayer('png16');
    await settle();
    const engine = engineAt(core.snapshot());
    const expected = exportFile(engine.output('moisture')!, 256, 'moisture.out', 'png16')!;
    // The command line's name, the graph's name before it (tests/export-names.test.ts).
    expect(downloads[0].name).toBe(`start-terrain-with-its-climate.${expected.name}`);
    expect(new Uint8Array(downloads[0].bytes)).toEqual(expected.bytes);
    expect(session.exports.note?.text).toContain(expected.name);
    // Kernel by kernel, then the encoding.
    const progress: number[] = [];
    session.subscribe(() => session.exports.state && progress.push(session.exports.state.done));
    session.exports.setSize(128);
    session.exportLayer('raw');
    await settle();
    expect(Math.max(...progress)).toBe(provenanceOrder(core.graph, 'moisture').length); // the nodes leading to it
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const named = parseRangedName(downloads[1].name)!;
    expect(named.stem).toBe('start-terrain-with-its-climate.moisture.out');
    const values = new Float32Array(downloads[1].bytes);
    expect(values.length).toBe(128 * 128);
    const big = createEngine(core.snapshot(), { size: 128 });
    big.evaluate({ targets: ['moisture'] });
    expect(values).toEqual(big.output('moisture')!.data);
    // The view's size read off the engine worker's results, the other computed in the export worker.
    expect(worker.sent.filter((m) => m.kind === 'export').map((m) => m.kind === 'export' && m.size)).toEqual([256]);
    expect(exportWorkers[0].sent.map((m) => m.kind)).toEqual(['export-encode', 'export']);
    // A 16-bit export reads back to the field within 1/65535 of its range.
    const png = decode(new Uint8Array(downloads[0].bytes));
    const m = engine.output('moisture')!.data;
    const span = expected.max! - expected.min!;
    for (let r = 0; r < 256; r += 17) {
      for (let c = 0; c < 256; c += 13) {
        const v = expected.min! + ((png.data as Uint16Array)[(255 - r) * 256 + c] / 65535) * span;
        expect(Math.abs(v - m[r * 256 + c])).toBeLessThanOrEqual(span / 65535);
      }
    }
  });

  it('reports the progress of an export of any size: 128² in the export worker, the view at 256² read off the engine worker, 1024²', async () => {
    // Up to 1024² an export said "starting" until its file came, with no step: a 1009² export
    // of the Island with a hydraulic erosion ran 35 s so. Now every size counts its nodes and
    // says when it encodes the file.
    const { core, session, exports, settle } = setup();
    core.select(['moisture']);
    await settle();
    const nodes = provenanceOrder(core.graph, 'moisture').length;
    for (const [size, total] of [[128, nodes], [null, core.graph.nodes.length], [1024, nodes]] as const) {
      const steps: { done: number; total: number; step: string }[] = [];
      const off = exports.subscribe(() => exports.state && steps.push({ ...exports.state }));
      session.exports.setSize(size);
      session.exportLayer('raw');
      await settle();
      off();
      const at = `${size ?? 'view'}`;
      expect(steps[0], at).toMatchObject({ done: 0, total: 0, step: 'starting' });
      expect(steps.map((p) => p.step), at).toContain(`evaluating at ${size ?? 256}²`);
      expect(steps.at(-1), at).toEqual({ format: 'raw', size: size ?? 256, done: total, total, step: 'encoding the file' });
      expect(steps.map((p) => p.done), at).toEqual(steps.map((p) => p.done).sort((a, b) => a - b));
      // Each node computed is told (once per domain it ran on) at a size the export worker
      // computes afresh; the view's come from the previews' cache.
      if (size !== null) expect(new Set(steps.filter((p) => p.step.startsWith('computed ')).map((p) => p.step)).size, at).toBe(nodes);
      expect(session.exports.note?.failed, at).toBe(false);
    }
  });

  it('magnifies around the pointer and asks for a picture large enough for it', async () => {
    const graph = structuredClone(DEFAULT);
    graph.view = { x: 0, y: 0, size: 1024 };
    const { core, session, settle } = setup(graph);
    core.select(['cont']);
    await settle();
    expect(session.detail!.image.width).toBe(512);
    session.input({ type: 'wheel', x: 256.3, y: 255.6, deltaY: -400 });
    expect(session.zoom.z).toBeGreaterThan(2);
    await settle();
    expect(session.detail!.image.width).toBe(1024);
    const d = viewDomain(core.graph.view);
    expect(session.cell()).toEqual(frameToCell(session.zoom, session.frame, 256.3, 255.6, d.n));
  });

  it('starts another graph opened (New, a recipe) at 1×, with no table cell chosen and no export note, and not an edit', async () => {
    const graph = structuredClone(DEFAULT);
    graph.view = { x: 0, y: 0, size: 1024 };
    const { core, session, settle } = setup(structuredClone(graph));
    await settle();
    session.input({ type: 'wheel', x: 256, y: 256, deltaY: -2000 });
    expect(session.zoom.z).toBe(8);
    session.setTableCell(5);
    session.exports.note = { text: 'biomes.out.png · 40 kB', failed: false };
    core.setParam('cont', 'seed', 7);
    await settle();
    expect(session.zoom.z).toBe(8);
    expect(session.tableCell).toBe(5);
    expect(session.detail!.image.width).toBe(1024);
    // The map magnified 8× over a new graph's first node read as a blur; the last graph's table
    // cell veiled the new biomes (the same node id), and its export's note stayed.
    core.replaceGraph(graph, 'open');
    expect(session.node).toBe('biomes');
    expect(session.zoom.z).toBe(1);
    expect(session.tableCell).toBe(null);
    expect(session.exports.note).toBe(null);
    await settle();
    expect(session.detail!.image.width).toBe(512);
  });
});

describe('a viewer lane', () => {
  class HeldWorker implements LanePort {
    sent: ToWorker[] = [];
    private l: ((e: MessageEvent<FromWorker>) => void) | null = null;
    postMessage(m: ToWorker): void {
      this.sent.push(m);
    }
    addEventListener(_t: 'message', l: (e: MessageEvent<FromWorker>) => void): void {
      this.l = l;
    }
    removeEventListener(): void {
      this.l = null;
    }
    answer(a: FromWorker): void {
      this.l?.({ data: a } as MessageEvent<FromWorker>);
    }
  }

  it('keeps one request in flight and builds the pending one from the newest state when it goes', () => {
    const w = new HeldWorker();
    const lane = new Lane<PanRequest, PanResult>(w, ['pan-result']);
    let x = 0;
    const got: number[] = [];
    const ask = () =>
      lane.request(
        () => ({ request: { kind: 'pan', graph: DEFAULT, node: 'cont', port: 'out', x, y: 0, n: 64, style: {} } }),
        (a) => got.push(a.x),
      );
    for (x = 1; x <= 5; x++) ask();
    expect(w.sent.length).toBe(1);
    expect(lane.busy).toBe(true);
    const answer = (seq: number, ax: number): PanResult => ({ kind: 'pan-result', seq, node: 'cont', port: 'out', x: ax, y: 0, n: 64, image: null, evaluateMs: 0, totalMs: 0 });
    // Answers of other lanes and kinds, or to other seqs, pass by.
    w.answer({ kind: 'result', seq: 1, final: true, nodes: [], removed: [], detail: null, evaluateMs: 0, totalMs: 0, ran: {} });
    w.answer(answer(7, 9));
    expect(got).toEqual([]);
    w.answer(answer(1, 1));
    expect(w.sent.length).toBe(2);
    expect((w.sent[1] as PanRequest).x).toBe(6);
    lane.cancelPending();
    w.answer(answer(2, 6));
    expect(got).toEqual([1, 6]);
    expect(lane.busy).toBe(false);
  });
});
