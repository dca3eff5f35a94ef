// The build folder's side of rendering tiles (tile-render.ts renders them): each file written
// atomically inside the output folder, the half-written files of a stopped build removed, and
// a tile already built recognised, so a build resumes.

import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, type Stats, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Domain } from '../grid.ts';
import { reasonOf } from './errno.ts';
import type { BuildFormat, BuildPlan, PlannedTile } from './plan.ts';
import { renderBlockTo, type TileJob, type TileManifest, type TileOutcome } from './tile-render.ts';

export { sha256 } from './digest.ts';
export type { BuildLayer, TileJob, TileManifest, TileOutcome } from './tile-render.ts';

function code(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
}

/**
 * Writes `rel` inside the output folder `outDir` through a temporary name and a rename, so a
 * reader never sees half a file. The folders on the way are made one level at a time, and only
 * inside `outDir`: a name that climbs out ("..") or a link where a folder should be is refused,
 * so a build never makes folders or files elsewhere. Every error names the path.
 */
export function writeAtomic(outDir: string, rel: string, bytes: Uint8Array | string): void {
  const root = resolve(outDir);
  const path = resolve(root, rel);
  if (isAbsolute(rel) || !path.startsWith(root + sep)) throw new Error(`cannot write ${rel}: it is not inside the output folder ${outDir}`);
  let dir = root;
  for (const part of relative(root, dirname(path)).split(sep).filter(Boolean)) {
    dir = join(dir, part);
    let st: Stats | undefined;
    try {
      st = lstatSync(dir);
    } catch {
      st = undefined;
    }
    if (st?.isSymbolicLink()) throw new Error(`cannot write ${path}: ${dir} is a link; a build makes its folders inside ${outDir} only`);
    if (st && !st.isDirectory()) throw new Error(`cannot write ${path}: ${dir} is not a folder`);
    if (st) continue;
    try {
      mkdirSync(dir);
    } catch (err) {
      if (code(err) !== 'EEXIST') throw new Error(`cannot write ${path}: cannot make the folder ${dir}: ${reasonOf(err)}`);
    }
  }
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new Error(`cannot write ${path}: ${reasonOf(err)}`);
  }
}

/** writeAtomic's temporary names: `<file>.<pid>.<random>.part`. */
const PART_NAME = /\.(\d+)\.[a-z0-9]+\.part$/;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the half-written `.part` files a stopped build left in its folders: those of
 * processes that no longer run, and with `own`, this process's (called as it stops). Returns
 * how many went. Other builds running into the same folder keep theirs.
 */
export function removeParts(outDir: string, folders: readonly string[], own = false): number {
  let removed = 0;
  for (const folder of ['.', ...folders]) {
    let names: string[];
    try {
      names = readdirSync(join(outDir, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const m = PART_NAME.exec(name);
      if (!m) continue;
      const pid = Number(m[1]);
      if (pid === process.pid ? !own : running(pid)) continue;
      rmSync(join(outDir, folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** A tile manifest is a few kilobytes; anything else at its name is not one (read no further). */
const TILE_MANIFEST_MAX_BYTES = 1024 * 1024;

/** Is the tile already built from the same graph and settings, with every file in place? */
export function tileDone(job: TileJob, tile: PlannedTile): boolean {
  const path = join(job.outDir, tile.manifest);
  let m: TileManifest;
  try {
    // Not a regular file (a device, a pipe, a link to one) or too large: rebuilt, never read.
    const st = lstatSync(path);
    if (!st.isFile() || st.size > TILE_MANIFEST_MAX_BYTES) return false;
    m = JSON.parse(readFileSync(path, 'utf8')) as TileManifest;
  } catch {
    return false;
  }
  if (m?.graphSha256 !== job.graphSha256 || m.settingsSha256 !== job.settingsSha256 || m.index !== tile.index || !Array.isArray(m.files)) return false;
  return tile.files.every((f) => m.files.some((g) => g?.path === f.path) && existsSync(join(job.outDir, f.path)));
}

/** Renders a block of tiles (tile-render.ts renderBlockTo) into the build folder job.outDir. */
export function renderBlock(job: TileJob, tiles: readonly PlannedTile[], domain: Domain, report: (outcome: TileOutcome) => void): void {
  renderBlockTo(job, tiles, domain, (rel, bytes) => writeAtomic(job.outDir, rel, bytes), report);
}

/**
 * What a build's layout is, as its manifest.json and a plan both say it: where its files go.
 * Layers and formats in a fixed order: `--format png16,r16` writes the files `r16,png16` does,
 * and `--node b --node a` those of `--node a --node b` (a rerun so typed was refused).
 */
function layoutText(region: unknown, cellsPerView: unknown, tileSize: unknown, tilesX: unknown, tilesY: unknown, layers: readonly { layer: unknown; formats: unknown }[]): string {
  const r = region as { x0?: unknown; y0?: unknown; x1?: unknown; y1?: unknown } | null;
  const each = layers.map((l) => `${String(l.layer)} as ${Array.isArray(l.formats) ? l.formats.map(String).sort().join(', ') : '?'}`);
  const what = each.sort().join('; ');
  return `region ${r?.x0},${r?.y0},${r?.x1},${r?.y1} at ${cellsPerView} cells per view, ${tilesX} × ${tilesY} tiles of ${tileSize}², ${what}`;
}

/**
 * The most bytes the manifest.json of a build of `plan` holds, generously (about 430 a tile of
 * one file; node ids are at most 64 characters): a larger file is no manifest of this layout and
 * is read no further. A flat 64 MB took the 68.5 MB manifest of a build of 160,000 tiles
 * (`--region 0,0,50,50 --cells-per-view 256 --tile-size 33`) for another program's, and
 * refused to resume that build.
 */
function buildManifestMaxBytes(plan: BuildPlan): number {
  const files = plan.tiles[0]?.files.length ?? 0;
  return TILE_MANIFEST_MAX_BYTES + plan.tiles.length * (1024 + 512 * files);
}

/**
 * Why the build folder `outDir` cannot take this build, or null when it can: a folder with no
 * manifest.json, or the manifest of a build with the same layout (region, resolution, tile size,
 * layers and formats: a resume, or the same world from an edited graph, whose tiles overwrite
 * every file). Another layout's tiles would stay beside this build's, and the engines' tiled
 * imports read every file of a layer's folder; a manifest.json of anything else would be
 * overwritten.
 */
export function otherBuildIn(outDir: string, plan: BuildPlan, layers: readonly { readonly stem: string; readonly formats: readonly BuildFormat[] }[]): string | null {
  const path = join(outDir, 'manifest.json');
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch {
    return null;
  }
  const foreign = `${path} is not a terrain-graph build's manifest, and a build would write over it: choose another --out`;
  if (!st.isFile() || st.size > buildManifestMaxBytes(plan)) return foreign;
  let m: { kind?: unknown; region?: unknown; cellsPerView?: unknown; tileSize?: unknown; tilesX?: unknown; tilesY?: unknown; layers?: unknown };
  try {
    m = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return foreign;
  }
  if (m?.kind !== 'terrain-graph build' || !Array.isArray(m.layers)) return foreign;
  const theirs = layoutText(m.region, m.cellsPerView, m.tileSize, m.tilesX, m.tilesY, m.layers as { layer: unknown; formats: unknown }[]);
  const ours = layoutText(plan.region, plan.cellsPerView, plan.tileSize, plan.tilesX, plan.tilesY, layers.map((l) => ({ layer: l.stem, formats: l.formats })));
  if (theirs === ours) return null;
  return (
    `--out ${outDir} holds another build (${theirs}); this one is ${ours}. Its tiles would stay beside this build's, ` +
    `and an engine's tiled import takes every file of a layer's folder: choose another --out, or remove that build first`
  );
}
