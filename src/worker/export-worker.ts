// The export worker's entry: the one file that owns this worker's `onmessage`. It writes the
// viewer's export files: of another size than the view's, computed here with an engine of its
// own (ExportRequest → ExportProgress…, ExportResult), so a long export never holds up the
// editor's previews, drag frames or hovered cells, which the engine worker answers meanwhile;
// at the view's size, encoded from the grids the engine worker read off its results
// (ExportEncode → ExportResult); and Export → Tiles, the files `terrain-graph build` writes,
// rendered a tile at a time and zipped (TilesRequest → ExportProgress a tile, ExportResult). The
// page starts it on the first export (export-port.ts) and
// ends it to cancel one. It runs alone, without a band pool: on a machine of two cores
// the engine worker and its band worker already use both, and a pool here would take them
// from the previews the export is meant to leave alone (README, "What runs where").

import { PreviewEvaluator } from './evaluator.ts';
import type { ExportProgress, ExportResult, TilesRequest, ToExportWorker } from './protocol.ts';
import { buildZip } from '../build/files.ts';
import { releaseDeflateMemory } from '../build/deflate.ts';
import { releaseTileBuffers } from '../build/tile-render.ts';
import { parseGraph } from '../model/format.ts';
import { passThrough } from '../model/bypass.ts';
import { encodeExport, ViewerService } from './viewer-service.ts';
import { trimScratch } from '../kernels/scratch.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToExportWorker>) => void) | null;
  postMessage(message: ExportProgress | ExportResult, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const msg = e.data;
  try {
    if (msg.kind === 'export-encode') {
      const { result, transfer } = encodeExport(msg);
      scope.postMessage(result, transfer);
      return;
    }
    if (msg.kind === 'export-tiles') {
      const bytes = tilesZip(msg);
      scope.postMessage({ kind: 'export-result', seq: msg.seq, name: `${msg.folder}.zip`, mime: 'application/zip', bytes: bytes.buffer as ArrayBuffer, ms: 0 }, [bytes.buffer]);
      return;
    }
    if (msg.kind !== 'export') return;
    // The bypassed nodes' rewrite, as the engine worker does it for every request with a graph.
    const req = { ...msg, graph: passThrough(msg.graph) };
    // A fresh engine for each export: this worker keeps nothing between two of them.
    const viewer = new ViewerService(new PreviewEvaluator());
    const { result, transfer } = viewer.export(req, (p) => scope.postMessage(p, []));
    scope.postMessage(result, transfer);
  } catch (err) {
    scope.postMessage({ kind: 'export-result', seq: msg.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message: err instanceof Error ? err.message : String(err), ms: 0 }, []);
  } finally {
    // Its grids went with its engine; the kernels' scratch and WebAssembly memory go too, and
    // the free grids the tiles' engines kept for the next tile, and the PNG encoder's memory.
    trimScratch(0);
    releaseTileBuffers();
    releaseDeflateMemory();
  }
};

/**
 * The zip of a TilesRequest: the graph parsed from its file text and its bypassed nodes
 * rewritten, as `terrain-graph build` reads a file, then src/build/files.ts. Progress after the
 * coarse pass and after each tile.
 */
function tilesZip(msg: TilesRequest): Uint8Array {
  const graph = passThrough(parseGraph(msg.graphText, { file: msg.graphFile }));
  const progress = (done: number, total: number, step: string) => scope.postMessage({ kind: 'export-progress', seq: msg.seq, done, total, step }, []);
  progress(0, 0, 'the value range: a coarse pass over the region');
  const req = { graph, graphText: msg.graphText, graphFile: msg.graphFile, region: msg.region, cellsPerView: msg.cellsPerView, tileSize: msg.tileSize, nodes: [msg.node], formats: msg.formats, range: null, outDir: '', ...(msg.splatSize ? { splatSize: msg.splatSize } : {}) };
  const step = (done: number, total: number, before?: string | null) =>
    done === total ? `zipping ${total} tiles` : before ? `${before}, then ${msg.tileSize}² tiles` : `${msg.tileSize}² tiles`;
  const zip = buildZip(req, msg.folder, (done, total, before) => progress(done, total, step(done, total, before)), msg.scale);
  // A zip's bytes may sit in a larger buffer: the download is exactly the zip.
  return zip.byteOffset === 0 && zip.byteLength === zip.buffer.byteLength ? zip : zip.slice();
}
