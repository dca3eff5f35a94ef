// The export worker's entry: the one file that owns this worker's `onmessage`. It writes the
// viewer's export files: of another size than the view's, computed here with an engine of its
// own (ExportRequest → ExportProgress…, ExportResult), so a long export never holds up the
// editor's previews, drag frames or hovered cells, which the engine worker answers meanwhile;
// at the view's size, encoded from the grids the engine worker read off its results
// (ExportEncode → ExportResult). The page starts it on the first export (export-port.ts) and
// ends it to cancel one. It runs alone, without a band pool: on a machine of two cores
// the engine worker and its band worker already use both, and a pool here would take them
// from the previews the export is meant to leave alone (README, "What runs where").

import { PreviewEvaluator } from './evaluator.ts';
import type { ExportProgress, ExportResult, ToExportWorker } from './protocol.ts';
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
    // Its grids went with its engine; the kernels' scratch and WebAssembly memory go too.
    trimScratch(0);
  }
};
