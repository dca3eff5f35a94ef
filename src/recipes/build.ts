// A recipe (recipes.ts holds the list) and how it becomes a graph: its edits applied to a copy
// of the base graph, its added nodes placed on the shipped graphs' layout grid, and the layout
// of a file already shipped kept when it is generated again (scripts/make-recipes.ts).

import { cloneParam, defaultParams, type AnyParamValue } from '../model/params.ts';
import type { Edge, Graph } from '../model/graph.ts';
import { nodeDef } from '../../nodes/index.ts';
import { RECIPES } from './recipes.ts';

export interface Recipe {
  readonly file: string;
  readonly name: string;
  readonly notes: string;
  /** Param values by node id. */
  readonly params?: Readonly<Record<string, Readonly<Record<string, AnyParamValue>>>>;
  readonly view?: { readonly x: number; readonly y: number };
  /** Nodes to add, collapsed, at a cell of the layout grid, with their params (others from the manifest's defaults). */
  readonly addNodes?: readonly { id: string; type: string; title: string; cell: Cell; params?: Record<string, AnyParamValue> }[];
  /** Wires to add ("node.port" pairs); a wire into an input replaces the one there. */
  readonly wires?: readonly [string, string][];
  /** Moves of existing nodes to other cells of the layout grid, to make room. */
  readonly moves?: Readonly<Record<string, Cell>>;
  /** Another recipe whose edits come first (the Altiplano starts from the Plateau). */
  readonly from?: string;
  /** Outputs ("node.port") the gallery shows besides the height and the biomes (the rivers). */
  readonly show?: readonly string[];
}

/** A cell of the shipped graphs' layout grid: [column, row], row 0 at the top. */
export type Cell = readonly [number, number];

/**
 * The grid the shipped graphs are laid out on, every node collapsed (src/app/node/layout.ts): a
 * collapsed node is 124 wide and 144 high, more with a third output or a fifth input (the flow
 * node is 204), and then reaches into the cell below, which must stay free. Recipes used to place
 * their nodes on the old expanded grid of 280 × 330, and a recipe made from scratch (with no
 * shipped file whose layout regeneration keeps) still got that: tests/graph-layout.test.ts.
 */
export const LAYOUT_GRID = { x: 144, y: 176 } as const;

/** Canvas position of a layout cell. */
export function cellPosition([col, row]: Cell): [number, number] {
  return [col * LAYOUT_GRID.x, row * LAYOUT_GRID.y];
}

/** The recipe applied to a copy of the base graph. */
export function buildRecipe(base: Graph, recipe: Recipe): Graph {
  const g = structuredClone(base);
  if (recipe.from) {
    const parent = RECIPES.find((r) => r.file === recipe.from);
    if (!parent) throw new Error(`${recipe.file}: no recipe ${recipe.from} to start from`);
    Object.assign(g, buildRecipe(base, parent));
  }
  g.name = recipe.name;
  g.notes = recipe.notes;
  if (recipe.view) g.view = { ...g.view, ...recipe.view };
  for (const add of recipe.addNodes ?? []) {
    const def = nodeDef(add.type);
    if (!def) throw new Error(`${recipe.file}: unknown node type ${add.type}`);
    const params = defaultParams(def);
    for (const [k, v] of Object.entries(add.params ?? {})) params[k] = cloneParam(v);
    g.nodes.push({ id: add.id, type: add.type, title: add.title, position: cellPosition(add.cell), params, collapsed: true });
  }
  for (const [id, cell] of Object.entries(recipe.moves ?? {})) {
    const node = g.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`${recipe.file}: no node ${id} to move`);
    node.position = cellPosition(cell);
  }
  for (const [id, values] of Object.entries(recipe.params ?? {})) {
    const node = g.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`${recipe.file}: no node ${id}`);
    for (const [k, v] of Object.entries(values)) node.params[k] = cloneParam(v);
  }
  for (const [from, to] of recipe.wires ?? []) {
    const [fn, fp] = from.split('.');
    const [tn, tp] = to.split('.');
    g.edges = g.edges.filter((e) => !(e.to.node === tn && e.to.port === tp));
    g.edges.push({ from: { node: fn, port: fp }, to: { node: tn, port: tp } });
  }
  return g;
}

/**
 * The generated recipe with the canvas layout of the file already shipped: each node's position
 * and collapsed flag, the wires' reroute dots and the frames, where the shipped file has them.
 * A recipe made from scratch is laid out on the same collapsed grid, but a shipped file may have
 * been arranged by hand since (nodes moved, reroute dots, frames): regenerating keeps that.
 */
export function keepLayout(generated: Graph, shipped: Graph): Graph {
  const g = structuredClone(generated);
  const nodes = new Map(shipped.nodes.map((n) => [n.id, n]));
  for (const node of g.nodes) {
    const old = nodes.get(node.id);
    if (!old) continue;
    node.position = [...old.position];
    if (old.collapsed) node.collapsed = true;
    else delete node.collapsed;
  }
  const wire = (e: Edge) => `${e.from.node}.${e.from.port}>${e.to.node}.${e.to.port}`;
  const dots = new Map(shipped.edges.filter((e) => e.via?.length).map((e) => [wire(e), e.via!]));
  for (const edge of g.edges) {
    const via = dots.get(wire(edge));
    if (via) edge.via = via.map(([x, y]) => [x, y]);
    else delete edge.via;
  }
  if (shipped.frames?.length) g.frames = structuredClone(shipped.frames);
  else delete g.frames;
  return g;
}
