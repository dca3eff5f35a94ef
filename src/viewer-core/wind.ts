// Wind arrows over the map: which winds lead to the shown node, and where to draw their arrows.
// Pure geometry in the frame's unit square (x east, y down: the map is drawn north up).

import { CATALOGUE } from '../../nodes/index.ts';
import { arrowsUpstream } from '../engine/reading.ts';
import { passThrough } from '../model/bypass.ts';
import type { Graph } from '../model/graph.ts';
import type { Arrows, Catalogue } from '../model/manifest.ts';

/** A wind (any node with an arrow overlay) and the direction its arrows point. */
export type WindInfo = Arrows;

/**
 * The nodes with arrows (winds that are on) that lead to `target` (itself included) as the graph
 * is evaluated, in file order: a bypassed wind feeds nothing, so no arrows over what it fed.
 */
export function windsUpstream(graph: Graph, target: string, catalogue: Catalogue = CATALOGUE): WindInfo[] {
  return arrowsUpstream(passThrough(graph, catalogue), catalogue, target);
}

export interface Arrow {
  /** Tail and tip in the unit square, y down. */
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/**
 * A k × k grid of arrows pointing where the wind blows, each `length` long (unit square),
 * centred in its grid square, or moved along its diagonal by `phase` squares (−½…½) so the
 * grids of several winds interleave. On screen north is up, so a wind at angle a points
 * (cos a, −sin a).
 */
export function windArrows(angle: number, k = 5, length = 0.11, phase = 0): Arrow[] {
  const rad = (angle * Math.PI) / 180;
  const dx = (Math.cos(rad) * length) / 2;
  const dy = (-Math.sin(rad) * length) / 2;
  const arrows: Arrow[] = [];
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) {
      const cx = (c + 0.5 + phase) / k;
      const cy = (r + 0.5 + phase) / k;
      arrows.push({ x1: cx - dx, y1: cy - dy, x2: cx + dx, y2: cy + dy });
    }
  }
  return arrows;
}

/** Winds drawn over one map at most: more would hide it. */
export const WINDS_DRAWN = 3;

/**
 * The arrows of every wind leading to the shown node (up to WINDS_DRAWN), each wind's grid
 * moved along the diagonal so they interleave instead of covering each other.
 */
export function windLayers(winds: readonly WindInfo[], k = 4, length = 0.09): (WindInfo & { readonly arrows: Arrow[] })[] {
  const shown = winds.slice(0, WINDS_DRAWN);
  // Phases spread over less than a square, so the outer grids keep their arrows inside the map.
  return shown.map((w, j) => ({ ...w, arrows: windArrows(w.angle, k, length, (j - (shown.length - 1) / 2) / (shown.length + 1)) }));
}
