// The app entry, loaded by index.html: the one module that wires the DOM. It opens the tab's
// draft (or the latest, or graphs/default.json), starts the engine worker, mounts <tg-app> and
// keeps the tab's draft up to date. The viewer's session shares the worker on lanes of its own.

import { EditorCore } from '../editor/editor.ts';
import { draftText, fitForEditor, graphFileText, markAlive, otherDrafts, pageStorage, PIN_PREFIX, readGraphFile, restoreDraft, type SetAsideDraft, writeDraft } from '../editor/files.ts';
import { restoreSavedHistory, StepTexts, writeSavedHistory } from '../editor/saved-history.ts';
import { readShareFragment, SHARE_KEY } from '../editor/share.ts';
import { rememberTabId, TabClaim, tabId } from '../editor/tab.ts';
import { MAP_SIZE, MAP_SIZE_MIN, type ViewerChoices, ViewerSession } from '../viewer-core/session.ts';
import { readTheme, type Theme, writeTheme } from '../viewer-core/settings.ts';
import { PinKeeper, readKeptPin } from '../viewer-core/kept-pin.ts';
import { EngineClient } from '../worker/client.ts';
import { EditedSince, markedCards, ProgressClock } from '../viewer-core/progress.ts';
import { gridBoundNodes } from '../engine/grid-bound.ts';
import { CATALOGUE } from '../../nodes/index.ts';
import { newStopWord } from '../worker/stop.ts';
import { ExportPort } from '../worker/export-port.ts';
import { ViewerExports } from '../viewer-core/exports.ts';
import { download } from './download.ts';
import { defineElements } from './elements.ts';
import { PREVIEW_SIZE } from './node/layout.ts';
import { PreviewStore } from './previews.ts';
import { ENGINE_SIZES, roomFor, SIZES } from './viewer/viewer.ts';
import { recipes } from './recipes.ts';

/** The tab's session storage, or null where the browser refuses it. */
function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Quiet time before an edit is autosaved (a drag writes once, at its end). */
const AUTOSAVE_MS = 400;

defineElements();

/** Below this window width the viewer starts at its narrowest. */
const NARROW_WINDOW = 1300;

/** Restarts of a worker that died within a minute before the editor stops trying and says so. */
const WORKER_RESTARTS = 3;

const shipped = recipes();
const fallback = shipped.find((r) => r.file === 'default.json') ?? shipped[0];
const storage = pageStorage();
const session = sessionStore();
/** This tab's draft: a reload keeps the id (session storage), a new tab gets its own. */
let tab = tabId(session);
/** A link that carries a graph opens it instead of a copy of the latest draft (which stays listed). */
const linked = location.hash.startsWith(`#${SHARE_KEY}=`);
/** Drafts that no longer read, set aside on the way to the one that opens: the person is told. */
const setAside: SetAsideDraft[] = [];
const found = restoreDraft(storage, tab, Date.now(), (d) => setAside.push(d));
const draft = linked && found && !found.own ? null : found;
// A duplicated tab starts with its opener's id: another open tab that holds it makes this one move.
if (typeof BroadcastChannel === 'function') {
  const channel = new BroadcastChannel('terrain-graph:tabs');
  const claim = new TabClaim((m) => channel.postMessage(m), tab, (id) => {
    tab = id;
    rememberTabId(session, id);
  });
  channel.onmessage = (e) => claim.receive(e.data);
}
markAlive(storage, tab);
setInterval(() => markAlive(storage, tab), 60_000);
const restored = draft && fitForEditor(draft.graph);
const opened = restored ?? (fallback ? readGraphFile(fallback.text, fallback.file) : null);
const core = new EditorCore(opened && 'graph' in opened ? opened.graph : undefined);
// The draft's undo history comes with it (a copy's too: a new tab can undo what the latest
// draft's tab did last); one that does not fit the graph starts empty, and the person is told.
const savedHistory = draft ? restoreSavedHistory(storage, draft.id, draft.text, core.graph) : null;
if (savedHistory) core.restoreHistory(savedHistory.steps);
const previews = new PreviewStore();

const app = document.createElement('tg-app');
app.core = core;
app.previews = previews;
app.recipes = shipped;
// A draft keeps the name of the file it came from: Save offers it again after a reload. It
// opens with the unsaved mark unless that file holds it all (saved, or opened and not edited).
core.keep(restored ? { file: draft.file ?? null, clean: draft.clean } : { file: fallback?.file ?? null, clean: true });

// The person's choice of theme (src/viewer-core/settings.ts); without one the system's is followed.
const systemDark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  app.theme = theme;
}
applyTheme(readTheme(storage) ?? (systemDark && !systemDark.matches ? 'light' : 'dark'));
systemDark?.addEventListener('change', (e) => {
  if (!readTheme(storage)) applyTheme(e.matches ? 'dark' : 'light');
});
app.addEventListener('tg-theme', (e) => {
  const theme = (e as CustomEvent<{ theme: Theme }>).detail.theme;
  // A store that refuses leaves the switch for this page.
  writeTheme(storage, theme);
  applyTheme(theme);
});
app.drafts = {
  list: () => otherDrafts(storage, tab),
  text: (id) => draftText(storage, id),
};
{
  const opening = [draft && !draft.own ? 'Opened your latest draft. This tab keeps its own; Drafts… lists the others.' : '', savedHistory?.reason ?? ''].filter(Boolean);
  if (opening.length) queueMicrotask(() => app.say(opening.join(' ')));
}
if (setAside.length) queueMicrotask(() => showSetAside(setAside));

/**
 * Says why the graph on screen is not the draft the person had: the first draft set aside with
 * its problems, where it is kept, and what opened instead.
 */
function showSetAside([first, ...others]: readonly SetAsideDraft[]): void {
  const when = first.savedAt === null ? '' : ` (saved ${new Date(first.savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })})`;
  const kept = first.key ? `it is kept as it was in this browser's storage under "${first.key}", and a Terrain Graph that reads it takes it back as a draft` : "it stays as it was in this browser's storage";
  const more = others.length ? `; ${others.length} more draft${others.length === 1 ? '' : 's'} that did not read ${others.length === 1 ? 'is' : 'are'} kept alike` : '';
  const instead = restored ? `your draft "${core.graph.name}"` : `${fallback?.file ?? 'an empty graph'}`;
  app.showProblems(`Your draft "${first.name}"${when}`, first.problems, `${kept}${more}. Opened instead: ${instead}.`);
}

/** True between a param control's begin and its commit or cancel: the edits between are a drag. */
let paramDrag = false;

/**
 * Exports are encoded, and at another size than the view's computed, in a worker of their own,
 * started on the first one (src/worker/export-worker.ts): the engine worker meanwhile answers
 * the previews, drags and hovers; at the view's size it only hands over the layer it holds
 * (src/worker/export-port.ts). The exports outlive an engine restart, an export under way
 * included: each new viewer session takes them over.
 */
const exportPort = new ExportPort(() => new Worker(new URL('../worker/export-worker.ts', import.meta.url), { type: 'module' }));
// The export's size and mesh options are kept in this browser's storage, as the theme is (settings.ts).
const exports = new ViewerExports(exportPort, download, () => exportPort.cancel(), { store: storage, sizes: [...SIZES, ...ENGINE_SIZES.flatMap((g) => g.sizes)] });

/** The engine worker with the editor's client and the viewer's session on it. */
interface Engine {
  readonly worker: Worker;
  readonly client: EngineClient;
  readonly viewer: ViewerSession;
  /** Ticks while the client's request is slow: the map's status, the cards' marks. */
  readonly clock: ProgressClock;
}

const NONE: ReadonlySet<string> = new Set();
/** What the edits since the worker last owed nothing can change: the cards marked while it computes are among them. */
const editedSince = new EditedSince();
core.subscribe((changes) => editedSince.note(changes));

/**
 * Starts a worker; if it dies (out of memory, a failed load), a new one takes over, its viewer
 * session resuming what the person chose in the dead one's (`choices`).
 */
function startEngine(choices?: ViewerChoices): Engine {
  const worker = new Worker(new URL('../worker/engine-worker.ts', import.meta.url), { type: 'module' });
  // The viewer asks for its picture (node, port, style, size) with the editor's own requests.
  let viewer: ViewerSession | null = null;
  const client = new EngineClient(worker, () => ({
    graph: core.graph,
    previewSize: PREVIEW_SIZE,
    ...(viewer?.detailRequest ?? { detail: null, detailSize: 512 }),
    recycle: previews.takeRecycled(),
  }), newStopWord());
  viewer = new ViewerSession(core, previews, worker, { invalidate: () => client.invalidate(), download, drafting: () => paramDrag || client.drafting, computing: () => !client.answered, progress: () => client.progress, store: storage, exports });
  // A request that takes long (a world's erosion: seconds): the map names the node it runs with the
  // time waited, and the cards whose pictures it computes again say so, until their pictures come.
  // Nothing for a drag's drafts or an ordinary edit, answered well within SLOW_MS.
  const clock: ProgressClock = new ProgressClock(
    () => client.progress,
    () => {
      viewer!.progressTick();
      const affected = () => editedSince.affected(core.graph, () => gridBoundNodes(core.graph, CATALOGUE));
      previews.setRecomputing(clock.slow ? markedCards(core.graph, client.recomputing, client.progress?.running ?? null, affected()) : NONE);
    },
  );
  client.subscribeProgress(() => {
    if (!client.busy) editedSince.clear();
    clock.update();
  });
  exportPort.useEngine(worker);
  viewer.subscribe((c) => c.has('compare') && keepPin());
  if (choices) viewer.resume(choices);
  // A narrow window (1024 × 700) starts with the smallest map, so the canvas keeps most of the width.
  else if (window.innerWidth < NARROW_WINDOW) viewer.setFrame(MAP_SIZE_MIN);
  client.subscribe((answer) => {
    if (answer.kind === 'result') {
      previews.apply(answer);
      if (answer.final && !answer.draft && !client.drafting) viewer!.draftsDone();
    } else {
      previews.fail(answer.message);
      app.say(`Evaluation failed: ${answer.message}`, 'refused');
    }
    if (client.answered) viewer!.settled();
  });
  worker.addEventListener('error', (e) => restartEngine(e.message || 'the engine worker stopped'));
  return { worker, client, viewer, clock };
}

let engine = startEngine();
const restarts: number[] = [];

/**
 * The compare pin is kept with the tab's draft (src/viewer-core/kept-pin.ts): written a moment
 * after each change (a frozen picture packed first), and when the page is hidden.
 */
const pinKeeper = new PinKeeper(storage, () => PIN_PREFIX + tab, () => engine.viewer.compare);
let pinTimer = 0;
function keepPin(): void {
  clearTimeout(pinTimer);
  pinTimer = window.setTimeout(() => {
    draftForPin();
    void pinKeeper.keep();
  }, AUTOSAVE_MS);
}
/**
 * A pin is kept with its tab's draft and pruned without one (files.ts tidyDrafts), and a graph not
 * edited yet has none: the draft is written first, as it is, or a pin on the graph the editor
 * opened with was lost at the reload, and nothing said so.
 */
function draftForPin(): void {
  if (engine.viewer.compare.pin && draftText(storage, tab) === null) autosave();
}
window.addEventListener('pagehide', () => {
  draftForPin();
  pinKeeper.write();
});
// The draft's pin comes back with it (a copy's too, as its undo history does); one that does not
// read back is dropped, and the person told.
if (draft) {
  void readKeptPin(storage, draft.id).then((read) => {
    if (read.kind === 'pin') {
      if (read.packed && read.pin.picture) pinKeeper.remember(read.pin.picture, read.packed);
      engine.viewer.compare.restore(read.pin);
      if (read.note) app.say(read.note);
    } else if (read.kind === 'dropped') {
      app.say(read.message);
      try {
        if (draft.own) storage?.removeItem(PIN_PREFIX + draft.id);
      } catch {
        // It is read and dropped again at the next start.
      }
    }
  }).catch((err: unknown) => {
    // readKeptPin answers a damaged record itself; this is a fault of ours in restoring it.
    app.say(`The compare pin could not be brought back: ${err instanceof Error ? err.message : String(err)}`);
  });
}

function restartEngine(reason: string): void {
  const now = performance.now();
  while (restarts.length && now - restarts[0] > 60_000) restarts.shift();
  const choices = engine.viewer.choices;
  engine.client.dispose();
  engine.clock.dispose();
  previews.setRecomputing(NONE);
  engine.viewer.dispose();
  engine.worker.terminate();
  // An export the dead worker was reading is computed again in the export worker.
  exportPort.useEngine(null);
  if (restarts.length >= WORKER_RESTARTS) {
    app.say(`The engine keeps stopping (${reason}); your graph is saved. Try a smaller resolution, then reload the page.`, 'refused');
    return;
  }
  restarts.push(now);
  app.say(`The engine stopped (${reason}) and was restarted.`, 'refused');
  engine = startEngine(choices);
  app.viewer = engine.viewer;
  engine.client.resend();
}

app.viewer = engine.viewer;
// A window narrowed past NARROW_WINDOW after the page opened gives the canvas its width back,
// as a page opened narrow has it: the map goes to its smallest (the person may widen it again).
// Widened past it again, the map gets back the size it had (a page opened narrow: the default),
// unless the person resized it meanwhile: it stayed at its smallest for good, so a window made
// small for a moment lost the viewer's size.
let narrow = window.innerWidth < NARROW_WINDOW;
let wideFrame: number | null = narrow ? MAP_SIZE : null;
window.addEventListener('resize', () => {
  const now = window.innerWidth < NARROW_WINDOW;
  if (now && !narrow) {
    wideFrame = engine.viewer.frame;
    engine.viewer.setFrame(MAP_SIZE_MIN);
  } else if (!now && narrow) {
    if (wideFrame !== null && engine.viewer.frame === MAP_SIZE_MIN) engine.viewer.setFrame(roomFor(wideFrame));
    wideFrame = null;
  }
  narrow = now;
});
if (opened && 'note' in opened && opened.note) queueMicrotask(() => app.say(opened.note!));

let autosaveTimer = 0;
/** True after an autosave failed, so the notice is not repeated at every edit. */
let autosaveRefused = false;
/** True after the undo history could not be saved, likewise. */
let historyRefused = false;
/** Each undo step's JSON, written once however often the history is saved. */
const stepTexts = new StepTexts();
const autosave = () => {
  clearTimeout(autosaveTimer);
  autosaveTimer = 0;
  const text = graphFileText(core.graph);
  const saved = writeDraft(storage, tab, core.graph, Date.now(), app.openedAs, text, core.clean);
  if (!saved && storage && !autosaveRefused) app.say("The browser's storage refused the autosave (full?): save your graph with Save.", 'refused');
  autosaveRefused = !saved;
  // The graph first: the history is saved only beside the draft it belongs to.
  if (!saved) return;
  const kept = writeSavedHistory(storage, tab, core.historySteps, text, stepTexts);
  if (!kept && !historyRefused) app.say("The browser's storage is full: your graph is saved, but its undo history will not survive a reload.");
  historyRefused = !kept;
};
/**
 * Whether the open graph holds edits of the person's that no file has: true for a draft, false
 * for a shipped file just opened. A graph replaced while it does (New, Open, a recipe, a draft)
 * is kept as a draft of its own, listed under Drafts…, rather than written over.
 */
let edited = !!restored && !core.clean;
core.subscribe((changes) => {
  for (const c of changes) {
    if (c.kind === 'graph') {
      if (edited) writeDraft(storage, `${tab}~${Date.now()}`, c.outgoing);
      edited = false;
    } else if (c.kind !== 'selection') {
      edited = true;
    }
  }
  // No change at all: the history alone changed (a gesture filed), which is saved too.
  const toSave = changes.length === 0 || changes.some((c) => c.kind !== 'selection');
  if (toSave) {
    clearTimeout(autosaveTimer);
    autosaveTimer = window.setTimeout(autosave, AUTOSAVE_MS);
  }
  // A new selection reaches the worker through the viewer, when it changes what it shows.
  // Frames, reroute dots and a node's place are drawing only: nothing to evaluate again (each
  // move of a node drag sent the whole graph to the worker, which planned it again: 10-15 ms
  // of a core per move on a graph of 1000 nodes).
  const evaluated = changes.filter((c) => c.kind !== 'selection' && c.kind !== 'frame' && c.kind !== 'via' && c.kind !== 'nodeMoved');
  // A param dragged (a slider, a curve point) is drafted, then evaluated whole when the hand rests.
  if (paramDrag && evaluated.length && evaluated.every((c) => c.kind === 'param')) engine.client.draft();
  else if (evaluated.length) engine.client.invalidate();
});
// Seen on the way down (capture), before the canvas applies the edit.
app.addEventListener(
  'tg-param-edit',
  (e) => {
    const phase = (e as CustomEvent<{ phase: string }>).detail.phase;
    if (phase === 'begin') paramDrag = true;
    else if (phase === 'commit' || phase === 'cancel') {
      paramDrag = false;
      // After the canvas has applied it (a cancel reverts the drag's edits first).
      queueMicrotask(() => engine.client.rest());
    }
  },
  true,
);
/**
 * A graph sent as a link (#graph=…) opens as this tab's draft, asking first when the open graph
 * holds work no file has. The fragment is dropped once read, so a reload keeps later edits.
 */
async function openLink(): Promise<void> {
  const read = await readShareFragment(location.hash);
  if (read.kind === 'none') return;
  history.replaceState(null, '', location.pathname + location.search);
  await app.ready;
  if (await app.openShared(read, edited)) {
    edited = true;
    autosave();
  }
}
window.addEventListener('hashchange', () => void openLink());

// A reload or a closed tab must not lose the last edit.
window.addEventListener('pagehide', () => autosaveTimer && autosave());

document.body.append(app);
engine.client.invalidate();
void openLink();

/** A handle for the browser console and the browser tests: read-only use, please. */
const handle = {
  core,
  previews,
  app,
  get client() {
    return engine.client;
  },
  get viewer() {
    return engine.viewer;
  },
  get worker() {
    return engine.worker;
  },
  exportPort,
};
Object.assign(window, { terrainGraph: handle });
