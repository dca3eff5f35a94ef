// A node inserted on a wire (a wire's menu, Insert node…): the palette offers the node types
// that fit both ends, and the insert is one undo step that takes the wire's place.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';
import { insertItems } from '../src/editor/catalogue.ts';
import { EditError } from '../src/editor/commands.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { edgeKey } from '../src/editor/wiring.ts';
import { nodeDef } from '../nodes/index.ts';
import { canConnect } from '../src/model/values.ts';

const core = () => new EditorCore(parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' }));
const heightToWater = { from: { node: 'height', port: 'out' }, to: { node: 'water', port: 'height' } };

it('inserts a node on a wire in its place, as one undo step', () => {
  const c = core();
  const before = serializeGraph(c.snapshot());
  const index = c.graph.edges.findIndex((e) => edgeKey(e) === edgeKey(heightToWater));
  const id = c.insertNode('blur', [100, 100], heightToWater, { inPort: 'in', outPort: 'out' });
  const keys = c.graph.edges.map(edgeKey);
  expect(keys).not.toContain(edgeKey(heightToWater));
  expect(keys).toContain(`height.out>${id}.in`);
  // The wire into the water keeps its place in the list: the new node's output took it.
  expect(keys[index]).toBe(`${id}.out>water.height`);
  expect(c.undoLabel).toBe('insert Blur');
  c.undo();
  expect(serializeGraph(c.snapshot())).toBe(before);
  c.redo();
  expect(c.graph.edges.map(edgeKey)).toEqual(keys);
});

it('refuses a node whose ports do not fit the wire, and changes nothing', () => {
  const c = core();
  c.keep({ file: 'default.json', clean: true });
  const before = serializeGraph(c.snapshot());
  // The Whittaker node's output is a biome: the water's height input does not take it.
  expect(() => c.insertNode('whittaker', [0, 0], heightToWater, { inPort: 'terrain', outPort: 'out' })).toThrow(EditError);
  expect(() => c.insertNode('blur', [0, 0], { from: { node: 'height', port: 'out' }, to: { node: 'coast', port: 'terrain' } }, { inPort: 'in', outPort: 'out' })).toThrow(/no wire/);
  expect(serializeGraph(c.snapshot())).toBe(before);
  expect(c.canUndo).toBe(false);
  // Nor the unsaved mark: the node added before the refused wire was taken back.
  expect(c.clean).toBe(true);
});

it('offers only node types with an input that takes the wire and an output its input takes', () => {
  const items = insertItems('field', 'field');
  expect(items.map((i) => i.type)).toContain('blur');
  expect(items.map((i) => i.type)).not.toContain('whittaker');
  for (const it of [...items, ...insertItems('terrain', 'terrain'), ...insertItems('terrain', 'field')]) {
    const def = nodeDef(it.type)!;
    expect(def.inputs[it.port!], it.title).toBeDefined();
    expect(def.outputs[it.outPort!], it.title).toBeDefined();
  }
  for (const it of insertItems('terrain', 'terrain')) expect(canConnect(nodeDef(it.type)!.outputs[it.outPort!].type, 'terrain'), it.title).toBe(true);
  // Combine has several field inputs: each is its own item, named by its port.
  expect(items.filter((i) => i.type === 'combine').every((i) => i.title.includes(' · '))).toBe(true);
});
