// Graph file versions and the small pure functions that bring an older file up to date.

import { NODE_TYPES } from '../../nodes/index.ts';
import type { AnyNodeDef } from './manifest.ts';
import { cloneParam, type AnyParamValue } from './params.ts';

export const FORMAT = 'terrain-graph';

/** The version this build writes, and the newest it reads. */
export const CURRENT_VERSION = 8;

export type Document = Record<string, unknown>;

/** Turns a document of version v into one of version v + 1. Pure: never mutates its input. */
export type Migration = (doc: Document) => Document;

/**
 * Fills in, on every node of a known type, each param its manifest says came with `version`,
 * with the value the param's `since.legacy` names (its default when none): a file written
 * before that version keeps meaning what it meant. Params already there are left alone, and
 * nodes of unknown types are left for validation to name.
 */
export function addParamsSince(version: number, catalogue: readonly AnyNodeDef[] = NODE_TYPES): Migration {
  const byType = new Map(catalogue.map((d) => [d.type, d]));
  return (doc) => {
    if (!Array.isArray(doc.nodes)) return doc;
    const nodes = doc.nodes.map((node: unknown) => {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
      const n = node as Record<string, unknown>;
      const def = typeof n.type === 'string' ? byType.get(n.type) : undefined;
      if (!def || typeof n.params !== 'object' || n.params === null || Array.isArray(n.params)) return node;
      const params = { ...(n.params as Record<string, unknown>) };
      for (const [key, spec] of Object.entries(def.params)) {
        if (spec.since?.version !== version || Object.hasOwn(params, key)) continue;
        params[key] = cloneParam((spec.since.legacy ?? spec.default) as AnyParamValue);
      }
      return { ...n, params };
    });
    return { ...doc, nodes };
  };
}

/**
 * The steps of version 1 → 2, in order. Version 2 was the first format with such steps: every addition it
 * makes (new params, new keys) is one step here, each a small pure function with its test.
 */
export const V1_TO_V2: readonly Migration[] = [addParamsSince(2)];

/**
 * Version 3 brings comment frames (a top-level `frames` list) and reroute dots on wires (an
 * optional `via` list on each wire). A version-2 file has neither: it gets an empty frame list,
 * and its wires stay straight. Nothing else changes, so nothing a version-2 file said is lost.
 */
export const addFrameList: Migration = (doc) => (Object.hasOwn(doc, 'frames') ? doc : { ...doc, frames: [] });

/** The steps of version 2 → 3, in order. */
export const V2_TO_V3: readonly Migration[] = [addFrameList];

/**
 * Version 4 has an erosion read on a coarse grid (the water's world cut, the wind's coarse pass)
 * pass on the land before it (the hydraulic and thermal nodes' `coarse`: before); version 3 ran
 * the erosion again on those grids. A version-3 file gets `coarse: run`, which keeps that, so
 * its pixels stay (tests/saved-pixels.test.ts).
 */
export const V3_TO_V4: readonly Migration[] = [addParamsSince(4)];

/**
 * Version 5 brings the fluvial erosion's `deposition` (Yuan et al.'s G): a version-4 file gets
 * 0, no deposition, which is what it computed, so its pixels stay.
 */
export const V4_TO_V5: readonly Migration[] = [addParamsSince(5)];

/**
 * Version 6 brings the graph's world (an optional top-level `world`: the square its erosions and
 * flows run over). A version-5 file has none, and its erosions run on the view as they did:
 * nothing to add, so its pixels stay.
 */
export const V5_TO_V6: readonly Migration[] = [];

/**
 * Version 7 has the hydraulic and thermal erosions count their cells in 256-map cells, scaled to
 * the grid they run on (their `cells`: map256), so a 1024² view wears the valleys of the 256²
 * one; version 6 counted the cells of the grid they ran on. A version-6 file gets `cells: grid`,
 * which keeps that, so its pixels stay at every resolution (tests/erosion-cells.test.ts).
 */
export const V6_TO_V7: readonly Migration[] = [addParamsSince(7)];

/**
 * Version 8 has an erosion or a flow run on the grid it is bound to alone (the view without a
 * world, the world's grid, a build's grid), whatever reads it: a node below that reads round a
 * cell reads past that grid its edge cells carried out (their `grid`: own, NodeDef.ownGrid);
 * version 7 ran it on that grid grown by its readers' halos. A version-7 file gets `grid: grown`,
 * which keeps that, so its pixels stay (tests/saved-pixels.test.ts). The coast without a cap and
 * the wind starting at the view's edge (format 1's modes) keep growing, with no param (NodeDef.ownGrid).
 */
export const V7_TO_V8: readonly Migration[] = [addParamsSince(8)];

/** MIGRATIONS[v] upgrades version v to v + 1. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  1: (doc) => V1_TO_V2.reduce((d, step) => step(d), doc),
  2: (doc) => V2_TO_V3.reduce((d, step) => step(d), doc),
  3: (doc) => V3_TO_V4.reduce((d, step) => step(d), doc),
  4: (doc) => V4_TO_V5.reduce((d, step) => step(d), doc),
  5: (doc) => V5_TO_V6.reduce((d, step) => step(d), doc),
  6: (doc) => V6_TO_V7.reduce((d, step) => step(d), doc),
  7: (doc) => V7_TO_V8.reduce((d, step) => step(d), doc),
};

/** Applies the steps from `from` up to `to`; throws naming the first missing step. */
export function migrate(
  doc: Document,
  from: number,
  to: number = CURRENT_VERSION,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
): Document {
  let cur = doc;
  for (let v = from; v < to; v++) {
    const step = migrations[v];
    if (!step) throw new Error(`no migration from version ${v} to ${v + 1}`);
    cur = { ...step(cur), version: v + 1 };
  }
  return cur;
}
