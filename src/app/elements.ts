// Registers every custom element of the app. Called once by the app entry: importing a
// component module defines nothing by itself.

import { TgAskDialog } from './ask/ask-dialog.ts';
import { TgTilesDialog } from './viewer/tiles-dialog.ts';
import { TgBiomeTable } from './biome-table/biome-table.ts';
import { TgContextMenu } from './context-menu/context-menu.ts';
import { TgCurveEditor } from './curve-editor/curve-editor.ts';
import { TgFrame } from './frame/frame.ts';
import { TgHelp } from './help/help.ts';
import { define } from './define.ts';
import { TgHistogram } from './histogram/histogram.ts';
import { TgMapView } from './map-view/map-view.ts';
import { TgNode } from './node/node.ts';
import { TgNodeMenu } from './node-menu/node-menu.ts';
import { TgParam } from './param/param.ts';
import { TgPreview } from './preview/preview.ts';
import { TgProblems } from './problems/problems.ts';
import { TgProvenance } from './provenance/provenance.ts';
import { TgApp } from './shell/shell.ts';
import { TgShareDialog } from './share/share-dialog.ts';
import { TgSlowStatus } from './slow-status/slow-status.ts';
import { TgSocket } from './socket/socket.ts';
import { TgTerrain3d } from './terrain-3d/terrain-3d.ts';
import { TgToolbar } from './toolbar/toolbar.ts';
import { TgViewer } from './viewer/viewer.ts';
import { TgWire } from './wire/wire.ts';

declare global {
  interface HTMLElementTagNameMap {
    'tg-app': TgApp;
    'tg-toolbar': TgToolbar;
    'tg-node': TgNode;
    'tg-socket': TgSocket;
    'tg-wire': TgWire;
    'tg-frame': TgFrame;
    'tg-param': TgParam;
    'tg-curve-editor': TgCurveEditor;
    'tg-preview': TgPreview;
    'tg-node-menu': TgNodeMenu;
    'tg-viewer': TgViewer;
    'tg-problems': TgProblems;
    'tg-map-view': TgMapView;
    'tg-histogram': TgHistogram;
    'tg-biome-table': TgBiomeTable;
    'tg-provenance': TgProvenance;
    'tg-terrain-3d': TgTerrain3d;
    'tg-slow-status': TgSlowStatus;
    'tg-share-dialog': TgShareDialog;
    'tg-ask-dialog': TgAskDialog;
    'tg-tiles-dialog': TgTilesDialog;
    'tg-context-menu': TgContextMenu;
    'tg-help': TgHelp;
  }
}

export function defineElements(): void {
  define('tg-app', TgApp);
  define('tg-toolbar', TgToolbar);
  define('tg-node', TgNode);
  define('tg-socket', TgSocket);
  define('tg-wire', TgWire);
  define('tg-frame', TgFrame);
  define('tg-param', TgParam);
  define('tg-curve-editor', TgCurveEditor);
  define('tg-preview', TgPreview);
  define('tg-node-menu', TgNodeMenu);
  define('tg-viewer', TgViewer);
  define('tg-problems', TgProblems);
  define('tg-map-view', TgMapView);
  define('tg-histogram', TgHistogram);
  define('tg-biome-table', TgBiomeTable);
  define('tg-provenance', TgProvenance);
  define('tg-terrain-3d', TgTerrain3d);
  define('tg-slow-status', TgSlowStatus);
  define('tg-share-dialog', TgShareDialog);
  define('tg-ask-dialog', TgAskDialog);
  define('tg-tiles-dialog', TgTilesDialog);
  define('tg-context-menu', TgContextMenu);
  define('tg-help', TgHelp);
}
