// Fixed node sizes, computed from the manifest: rete needs every node's width and height for
// socket positions, the minimap and zoom-to-fit, so nothing in a node may change its height.
//
// A node is a header (title, first output socket on the right), one row per further output,
// a body (input sockets in a left column beside the preview, the preview centred when there are
// none, or the curve editor across the whole width) and one row per param. The shipped graphs
// are collapsed on a grid of 144 × 176 canvas units, and expanded nodes need rows 350 apart
// (an fBm noise, six params, is 340 high): tests/graph-layout.test.ts checks that no node of a
// shipped graph covers another.

import { nodeDef } from '../../../nodes/index.ts';
import type { GraphNode } from '../../model/graph.ts';
import type { AnyNodeDef } from '../../model/manifest.ts';
import type { ParamSpec } from '../../model/params.ts';

export const NODE_WIDTH = 244;
export const HEADER_HEIGHT = 28;
export const PORT_ROW = 20;
export const BODY_GAP = 6;
/** Side of a node's preview picture, in CSS pixels. */
export const PREVIEW_SIZE = 148;
export const INPUT_COLUMN = 84;
/** The curve editor spans the node between 8-pixel margins. */
export const CURVE_WIDTH = NODE_WIDTH - 16;
export const PARAM_ROW = 24;
/** A row of the biome table in an expanded node: three lines of 9-pixel names (param.styles.ts). */
export const TABLE_ROW = 33;
export const FOOTER = 8;

/** Height of the control a param gets. */
export function paramHeight(spec: ParamSpec): number {
  if (spec.kind === 'points') return 0; // drawn in the body as the curve editor
  if (spec.kind === 'table') return spec.rows * TABLE_ROW + 4;
  return PARAM_ROW;
}

/** Outputs after the first, each a row under the header. */
export function extraOutputRows(def: AnyNodeDef): number {
  return Math.max(0, Object.keys(def.outputs).length - 1);
}

/** True for node types whose body is a curve editor instead of a picture. */
export function hasCurveEditor(def: AnyNodeDef): boolean {
  return Object.values(def.params).some((p) => p.kind === 'points');
}

export function bodyHeight(def: AnyNodeDef): number {
  return Math.max(PREVIEW_SIZE, Object.keys(def.inputs).length * PORT_ROW);
}

/**
 * A collapsed node: its title, and its picture (or curve) with the input sockets on its left
 * edge, names in their tooltips. The default graph's sixteen nodes, collapsed and laid out
 * eight columns wide, fit a 1600 × 1000 window at a scale that keeps the titles above 10 px;
 * a selected collapsed node shows its params in a card below it, over the canvas.
 */
export const COLLAPSED_WIDTH = 124;
/** A collapsed node's title, in CSS pixels at full size. */
export const COLLAPSED_TITLE_FONT = 12;
/**
 * The least zoom a graph opens at: its collapsed titles 10 px on the screen. Below it the
 * canvas opens panned, not fitted whole (fit.ts readableFit).
 */
export const READABLE_ZOOM = 10 / COLLAPSED_TITLE_FONT;
export const COLLAPSED_PREVIEW = 104;
/** Width of the params card of a selected collapsed node. */
export const CARD_WIDTH = NODE_WIDTH;
/** A card holding a table (the Whittaker biomes): room for its four columns' names. */
export const WIDE_CARD_WIDTH = 360;

/** True for node types whose card needs the wide width. */
export function hasTable(def: AnyNodeDef): boolean {
  return Object.values(def.params).some((p) => p.kind === 'table');
}

export function collapsedBodyHeight(def: AnyNodeDef): number {
  return Math.max(COLLAPSED_PREVIEW, Object.keys(def.inputs).length * PORT_ROW);
}

export function nodeSize(def: AnyNodeDef, collapsed = false): { width: number; height: number } {
  if (collapsed) return { width: COLLAPSED_WIDTH, height: HEADER_HEIGHT + extraOutputRows(def) * PORT_ROW + BODY_GAP + collapsedBodyHeight(def) + BODY_GAP };
  const params = Object.values(def.params).reduce((sum, p) => sum + paramHeight(p), 0);
  const height = HEADER_HEIGHT + extraOutputRows(def) * PORT_ROW + BODY_GAP + bodyHeight(def) + BODY_GAP + params + FOOTER;
  return { width: NODE_WIDTH, height };
}

/** A node's size on the canvas as drawn (collapsed or not); an unknown type takes no room. */
export function drawnSize(n: Pick<GraphNode, 'type' | 'collapsed'>): { width: number; height: number } {
  const d = nodeDef(n.type);
  return d ? nodeSize(d, !!n.collapsed) : { width: 0, height: 0 };
}

/**
 * Canvas pixels at its foot that the graph's notes line covers (its 8 px margin and ~26 px
 * line): a params card and a node just added are kept above it.
 */
export const CANVAS_FOOT = 40;
