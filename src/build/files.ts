// A whole build as files in memory instead of a folder: what the editor's Export → Tiles zips
// (in the export worker). The same preparation (prepare.ts), plan and tile rendering
// (tile-render.ts) as `terrain-graph build`, so the same names and the same bytes; the tiles one
// at a time, never as blocks, so memory holds one tile's grids (and the files written so far),
// never the region's, but for an erosion's or a flow's run on the whole grid (TileJob.grid),
// which every tile crops (at most 4097², src/viewer-core/tiles.ts).

import type { ImportScale } from './import-scale.ts';
import { buildManifest, type BuildRequest, prepareBuild } from './prepare.ts';
import { gridBoundUpstream } from './blocks.ts';
import { renderBlockTo } from './tile-render.ts';
import { zipStored } from '../render/zip.ts';

export interface BuiltFile {
  /** Relative to the build folder, as `build --out DIR` writes it under DIR. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

/**
 * The files `terrain-graph build` writes for `req` (its outDir unused): manifest.json first,
 * then each tile's files and its tiles/tile-K.json, tile by tile in index order. `scale`: the
 * metres build takes as `--metres-per-cell` and `--height-range` (the manifest's `import`
 * block; null: none, as build without them). `onTile` hears (0, total, before) once the
 * preparation is done, `before` saying what the first tile waits for besides its own cells (an
 * erosion on the whole grid, which can take minutes) or null, then (k, total) as the k-th tile
 * is. A tile that fails fails the whole: a zip with a hole in it is no world.
 */
export function buildFiles(req: BuildRequest, onTile: (done: number, total: number, before?: string | null) => void = () => {}, scale: ImportScale | null = null): BuiltFile[] {
  const prepared = prepareBuild(req);
  const encoder = new TextEncoder();
  const files: BuiltFile[] = [{ path: 'manifest.json', bytes: encoder.encode(buildManifest(prepared, req.graphFile, scale)) }];
  const { plan, job } = prepared;
  const onGrid = job.grid ? gridBoundUpstream(job.graph, [...new Set(job.layers.map((l) => l.node))]) : [];
  onTile(0, plan.tiles.length, onGrid.length ? `${onGrid.join(', ')} on the whole region (${job.grid!.n}² samples)` : null);
  for (const tile of plan.tiles) {
    renderBlockTo(
      job,
      [tile],
      tile.domain,
      (path, bytes) => files.push({ path, bytes: typeof bytes === 'string' ? encoder.encode(bytes) : bytes }),
      (outcome) => {
        if (outcome.outcome === 'failed') throw new Error(`tile ${outcome.index} failed: ${outcome.message}`);
      },
    );
    onTile(tile.index + 1, plan.tiles.length);
  }
  return files;
}

/**
 * The build as one zip (stored: the PNGs are deflated already), every file under `folder/`, so
 * unzipping it gives the folder `build --out folder` would have written.
 */
export function buildZip(req: BuildRequest, folder: string, onTile?: (done: number, total: number, before?: string | null) => void, scale: ImportScale | null = null): Uint8Array {
  return zipStored(buildFiles(req, onTile, scale).map((f) => ({ name: `${folder}/${f.path}`, bytes: f.bytes })));
}
