// Bypass and collapse: saved in the file as optional keys of version 2, undoable, and bypass
// evaluates as a rewrite of the wires around the bypassed node.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { passThrough, sameKind } from '../src/model/bypass.ts';
import { CATALOGUE } from '../nodes/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { evaluated, grab, grabIds, loadGraph } from './helpers/graphs.ts';

function bypassed(graph: Graph, ...ids: string[]): Graph {
  const g = structuredClone(graph);
  for (const n of g.nodes) if (ids.includes(n.id)) n.bypass = true;
  return g;
}

describe('bypass', () => {
  it('passes a curve\'s input through: the height is that of the graph wired around the curve', () => {
    const graph = loadGraph('default.json');
    const around = structuredClone(graph);
    around.edges = around.edges.map((e) => (e.from.node === 'contCurve' ? { from: { node: 'cont', port: 'out' }, to: e.to } : e));
    const a = evaluated(passThrough(bypassed(graph, 'contCurve')), 64);
    const b = evaluated(around, 64);
    const plain = evaluated(graph, 64);
    expect(grab(a, 'height')).toEqual(grab(b, 'height'));
    expect(grab(a, 'height')).not.toEqual(grab(plain, 'height'));
    expect(grabIds(a, 'biomes')).toEqual(grabIds(b, 'biomes'));
    // The bypassed node still has its own output, for its preview.
    expect(grab(a, 'contCurve')).toEqual(grab(plain, 'contCurve'));
  });

  it('follows a chain of bypassed nodes, and leaves an input unwired when no input fits', () => {
    const graph = loadGraph('default.json');
    const chain = passThrough(bypassed(graph, 'contCurve', 'cont'));
    // The fBm has no input: what it fed is left unwired (the height's base).
    expect(chain.edges.some((e) => e.to.node === 'height' && e.to.port === 'base')).toBe(false);
    expect(passThrough(graph)).toBe(graph);
  });

  it('gives what a bypassed water level fed its neutral value: the heights with no sea, so everything downstream keeps working', () => {
    const graph = loadGraph('default.json');
    const water = passThrough(bypassed(graph, 'water'));
    // No input of the water fits a terrain input: the terrain now comes from its neutral copy.
    const copy = water.nodes.find((n) => n.id !== 'water' && n.type === 'water')!;
    expect(copy.params).toMatchObject({ mode: 'percent', share: 0 });
    expect(water.edges.filter((e) => e.from.node === 'water')).toEqual([]);
    expect(water.edges.filter((e) => e.from.node === copy.id).map((e) => e.to.node).sort()).toEqual(['biomes', 'coast', 'rank', 'wind']);
    expect(water.edges).toContainEqual({ from: { node: 'height', port: 'out' }, to: { node: copy.id, port: 'height' } });
    // Every input that was wired is still wired.
    const inputs = (g: Graph) => g.edges.filter((e) => !e.to.node.includes('__')).map((e) => `${e.to.node}.${e.to.port}`).sort();
    expect(inputs(water)).toEqual(inputs(graph));
    // It evaluates as the graph with the water set to no sea, node for node, and has no sea.
    const noSea = structuredClone(graph);
    Object.assign(noSea.nodes.find((n) => n.id === 'water')!.params, { mode: 'percent', share: 0 });
    const a = evaluated(water, 64);
    const b = evaluated(noSea, 64);
    for (const id of ['coast', 'temperature', 'moisture']) expect(grab(a, id)).toEqual(grab(b, id));
    expect(grabIds(a, 'biomes')).toEqual(grabIds(b, 'biomes'));
    expect(a.status('biomes')?.state).toBe('ok');
    expect(grab(a, copy.id, 'mask').every((v) => v === 0)).toBe(true);
    // The bypassed node itself keeps its own output, for its preview: it does have a sea.
    expect(grab(a, 'water', 'mask').some((v) => v === 1)).toBe(true);
  });

  it('names the bypassed node, not its neutral copy, when what the copy feeds waits on it', () => {
    // A bypassed water level with nothing wired into it: its neutral copy cannot run either.
    const graph = bypassed(loadGraph('default.json'), 'water');
    graph.edges = graph.edges.filter((e) => e.to.node !== 'water');
    const a = evaluated(passThrough(graph), 32);
    const coast = a.status('coast');
    expect(coast?.state).toBe('blocked');
    expect(coast?.message).toContain('waits on "water"');
    expect(coast?.message).not.toContain('__');
  });

  it('gives a bypassed node\'s outputs of another kind than its input their neutral value: a water\'s mask is all land, not the heights', () => {
    const graph = loadGraph('default.json');
    // Something reads the water's mask: a curve (identity) over it.
    graph.nodes.push({ id: 'maskCurve', type: 'curve', title: 'Mask', position: [0, 900], params: { points: [[-4, -4], [4, 4]] } });
    graph.edges.push({ from: { node: 'water', port: 'mask' }, to: { node: 'maskCurve', port: 'in' } });
    const plain = evaluated(graph, 64);
    expect(grab(plain, 'maskCurve').some((v) => v === 1)).toBe(true);
    const rewired = passThrough(bypassed(graph, 'water'));
    const copy = rewired.nodes.find((n) => n.id !== 'water' && n.type === 'water')!;
    // The mask comes from the neutral copy (no sea), not from the height the water was given.
    expect(rewired.edges).toContainEqual({ from: { node: copy.id, port: 'mask' }, to: { node: 'maskCurve', port: 'in' } });
    const a = evaluated(rewired, 64);
    const mask = grab(a, 'maskCurve');
    expect(mask.every((v) => v === 0)).toBe(true);
    expect(mask).not.toEqual(grab(a, 'height'));
  });

  it('tells an output of the input\'s kind from one of another kind, for every node type', () => {
    // The main output reshapes its input (a curve over a noise); a mask or a second output of
    // another meaning does not stand for the heights it was given.
    const def = (type: string) => CATALOGUE.def(type)!;
    expect(sameKind(def('curve'), 'out', 'noise')).toBe(true);
    expect(sameKind(def('water'), 'mask', 'height')).toBe(false);
    expect(sameKind(def('water'), 'terrain', 'height')).toBe(true);
    expect(sameKind(def('flow'), 'rivers', 'height')).toBe(false);
    expect(sameKind(def('flow'), 'filled', 'height')).toBe(true);
    expect(sameKind(def('flow'), 'lakes', 'height')).toBe(false);
    expect(sameKind(def('hydraulic'), 'out', 'height')).toBe(true);
    expect(sameKind(def('hydraulic'), 'wear', 'height')).toBe(false);
  });

  it("never passes a bypassed flow's rain on as its lakes, whatever meaning the rain has", () => {
    // Rain through a curve (meaning 'value'): while the lakes meant 'value' too, a bypassed flow
    // handed that curve to whatever read its lakes, as lake depth.
    const graph = loadGraph('rivers-from-the-rain.json');
    const g = structuredClone(graph);
    const curve = structuredClone(g.nodes.find((n) => n.id === 'contCurve')!);
    g.nodes.push({ ...curve, id: 'rainCurve', title: 'Rain curve' }, { ...curve, id: 'lakeCurve', title: 'Lake curve' });
    g.edges = g.edges.filter((e) => !(e.to.node === 'rivers' && e.to.port === 'rain'));
    g.edges.push(
      { from: { node: 'moisture', port: 'out' }, to: { node: 'rainCurve', port: 'in' } },
      { from: { node: 'rainCurve', port: 'out' }, to: { node: 'rivers', port: 'rain' } },
      { from: { node: 'rivers', port: 'lakes' }, to: { node: 'lakeCurve', port: 'in' } },
    );
    const into = (x: Graph) => x.edges.filter((e) => e.to.node === 'lakeCurve').map((e) => `${e.from.node}.${e.from.port}`);
    expect(into(passThrough(g))).toEqual(['rivers.lakes']);
    expect(into(passThrough(bypassed(g, 'rivers')))).toEqual([]);
  });

  it('is saved as "bypass": true, is undoable, and a graph without it keeps its bytes', () => {
    const text = readFileSync('graphs/default.json', 'utf8');
    const core = new EditorCore(parseGraph(text));
    core.setFlag(['contCurve', 'pv'], 'bypass', true);
    core.setFlag(['height'], 'collapsed', true);
    const saved = serializeGraph(core.snapshot());
    expect(saved).toContain('"bypass": true');
    expect(saved).toContain('"collapsed": true');
    const back = parseGraph(saved);
    expect(back.nodes.filter((n) => n.bypass).map((n) => n.id)).toEqual(['pv', 'contCurve']);
    expect(back.nodes.find((n) => n.id === 'height')!.collapsed).toBe(true);
    expect(serializeGraph(back)).toBe(saved);
    core.undo();
    core.undo();
    expect(serializeGraph(core.snapshot())).toBe(text);
  });

  it('refuses a flag that is not true or false, naming where', () => {
    const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8'));
    doc.nodes[2].bypass = 'yes';
    expect(() => parseGraph(doc, { file: 'x.json' })).toThrow(/\$\.nodes\[2\]\.bypass: fbm node "pv" \("Peaks & valleys"\): expected true or false, got "yes"/);
  });
});

describe('format version 2 additions, read as version 3', () => {
  const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));

  it.each(files)('%s written as version 1 opens with nothing lost, and saves to the shipped bytes', (file) => {
    const text = readFileSync(`graphs/${file}`, 'utf8');
    const v2 = parseGraph(text, { file });
    // The version-1 file: no bypass, frame or reroute keys (version 1 had none), version 1.
    const v1 = JSON.parse(text);
    v1.version = 1;
    for (const n of v1.nodes) {
      delete n.bypass;
      delete n.collapsed;
    }
    const opened = parseGraph(v1, { file });
    expect(opened.nodes.map((n) => [n.id, n.type, n.title, n.position])).toEqual(v2.nodes.map((n) => [n.id, n.type, n.title, n.position]));
    expect(opened.edges).toEqual(v2.edges);
    expect(opened.nodes.every((n) => !n.bypass && !n.collapsed)).toBe(true);
    expect(opened.nodes.map((n) => n.params)).toEqual(v2.nodes.map((n) => n.params));
    expect(serializeGraph(v2)).toBe(text);
  });
});
