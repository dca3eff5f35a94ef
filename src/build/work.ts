// What the grid-bound nodes of a build (an erosion, a flow) will cost on its grid, said before it
// starts (`build` and `build --plan` on stderr, Export → Tiles in the box): their parameters read
// as set at 256 cells a view and the engine scales them to the grid they run on (NodeDef.cellScale),
// so a thermal erosion of 40 passes runs 10,240 over a 4097² grid at 4096 cells a view. Each
// node says its own work (NodeDef.workAt); a time is estimated from a run of the same nodes on a
// small view of the same graph here (calibrate), never from a figure written in the code.

import { nodeDef } from '../../nodes/index.ts';
import { median } from '../bench/median.ts';
import { createEngine } from '../engine/engine.ts';
import { type Domain, viewDomain } from '../grid.ts';
import type { Graph } from '../model/graph.ts';
import { type NodeWork, workOf } from '../model/manifest.ts';

/** One grid-bound node's work on a grid. */
export interface GridWork {
  readonly node: string;
  /** The node's type's title ("Thermal erosion"). */
  readonly kind: string;
  /** Its work in its own terms; null for a node that declares none (it is said to run over the grid). */
  readonly work: NodeWork | null;
  /** Cells a side of the grid. */
  readonly n: number;
}

/** The work of each node of `ids` (grid-bound nodes of `graph`, in that order) on `grid`. */
export function gridWork(graph: Graph, ids: readonly string[], grid: Domain): GridWork[] {
  return ids.flatMap((id) => {
    const node = graph.nodes.find((n) => n.id === id);
    const def = node && nodeDef(node.type);
    return node && def ? [{ node: id, kind: def.title, work: workOf(def, node.params, grid), n: grid.n }] : [];
  });
}

/** The work in words, the node named `name` (its id on the command line, its title in the editor): "Thermal erosion 'scree': 10,240 passes over …". */
export function workText(w: GridWork, name: string): string {
  // In the editor a node keeps its type's title unless renamed: "Thermal erosion 'Thermal erosion'" says it twice.
  return `${name === w.kind ? w.kind : `${w.kind} '${name}'`}: ${w.work ? w.work.text : `runs over ${w.n}² cells`}`;
}

/**
 * Whether a node's work on the build's grid is large: more than `LARGE_WORK` times its work on
 * the editor's 256² view (what a person has seen it take), which the Tiles box says.
 */
export const LARGE_WORK = 10;

/** How many times `w`'s work is its work on a 256² view at the same place (`at`), or null when it declares none or does none there. */
export function timesView(graph: Graph, w: GridWork, at: { readonly x: number; readonly y: number }): number | null {
  if (!w.work) return null;
  const [view] = gridWork(graph, [w.node], viewDomain({ x: at.x, y: at.y, size: 256 }));
  return view?.work && view.work.units > 0 ? w.work.units / view.work.units : null;
}

/** The work a calibration run does at most per node: its view is made smaller until each node's work fits. */
export const CALIBRATION_UNITS = 2e7;
const CALIBRATION_SIZES = [256, 128, 64, 32];
/** Timed runs of a calibration at most, and the time after which it runs no more (ms). */
const CALIBRATION_RUNS = 7;
const CALIBRATION_MS = 400;

/** Milliseconds per unit of work of each node, measured on this machine, and the view's cells a side it was measured on. */
export interface Calibration {
  readonly msPerUnit: ReadonlyMap<string, number>;
  readonly size: number;
}

/**
 * Runs the nodes `ids` of `graph` on a small view at `at` (256² or smaller: the largest whose work
 * is at most CALIBRATION_UNITS a node), on one thread as a build runs them on its grid, and
 * returns each one's kernel time per unit of its work (the median of a few runs after a first).
 */
export function calibrate(graph: Graph, ids: readonly string[], at: { readonly x: number; readonly y: number }): Calibration {
  let size = CALIBRATION_SIZES[CALIBRATION_SIZES.length - 1];
  for (const s of CALIBRATION_SIZES) {
    const works = gridWork(graph, ids, viewDomain({ x: at.x, y: at.y, size: s }));
    if (works.every((w) => !w.work || w.work.units <= CALIBRATION_UNITS)) {
      size = s;
      break;
    }
  }
  const domain = viewDomain({ x: at.x, y: at.y, size });
  const works = gridWork(graph, ids, domain).filter((w) => w.work && w.work.units > 0);
  const msPerUnit = new Map<string, number>();
  if (!works.length) return { msPerUnit, size };
  const targets = works.map((w) => w.node);
  const engine = createEngine(graph);
  const runs = new Map<string, number[]>(targets.map((id) => [id, []]));
  // The first run compiles the kernels (several times slower) and is not kept; then runs until
  // CALIBRATION_MS have gone by, at least one and at most CALIBRATION_RUNS, the median kept: one
  // timed run of a few milliseconds told 3 s and 9 s for the same fluvial at 2049² under load.
  const start = performance.now();
  for (let k = 0; k <= CALIBRATION_RUNS && (k < 2 || performance.now() - start < CALIBRATION_MS); k++) {
    engine.clearCache();
    engine.evaluate({ domain, grid: domain, targets });
    if (k === 0) continue;
    const ms = engine.timings(domain);
    for (const id of targets) if (ms[id] !== undefined) runs.get(id)!.push(ms[id]);
  }
  engine.dispose();
  for (const w of works) {
    const t = runs.get(w.node)!;
    if (t.length && median(t) > 0) msPerUnit.set(w.node, median(t) / w.work!.units);
  }
  return { msPerUnit, size };
}

/** A duration for a person, rounded as an estimate is: "under a second", "40 s", "20 min", "3.5 h". */
export function durationText(ms: number): string {
  const s = ms / 1000;
  if (s < 1) return 'under a second';
  if (s < 90) return `${Math.round(s)} s`;
  const min = s / 60;
  if (min < 90) return `${Math.round(min)} min`;
  const h = min / 60;
  return `${h < 10 ? Number(h.toFixed(1)) : Math.round(h)} h`;
}

/** The estimated time of `w` from a calibration, in words, or null when it measured none for the node. */
export function estimateText(w: GridWork, calibration: Calibration): string | null {
  const per = calibration.msPerUnit.get(w.node);
  if (per === undefined || !w.work) return null;
  const ms = per * w.work.units;
  return `${ms < 1000 ? '' : 'about '}${durationText(ms)} on this machine (one thread, timed on a ${calibration.size}² view here)`;
}
