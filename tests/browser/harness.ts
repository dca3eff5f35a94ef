// Drives the editor in a real headless Chromium: launch, open the app, read pixels from the
// page's own canvases, find sockets and controls, drag with a real mouse, keep screenshots.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launch } from './chromium.ts';

export { launch };

export const SCREENSHOTS = 'tests/screenshots';

export interface Session {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

export function appUrl(): string {
  return inject('appUrl');
}

/**
 * Opens the app in a new context (its own storage) and waits until every node has a preview.
 * The view is then fitted to the whole graph (see wholeView) unless `asOpened` keeps the view
 * the graph opened at.
 */
export async function openApp(browser: Browser, options: { context?: BrowserContext; viewport?: { width: number; height: number }; asOpened?: boolean } = {}): Promise<Session> {
  const context = options.context ?? (await browser.newContext({ viewport: options.viewport ?? { width: 1600, height: 1000 }, acceptDownloads: true }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`${e.message}\n${e.stack ?? ''}`));
  await page.goto(appUrl());
  await waitForPreviews(page);
  if (!options.asOpened) await wholeView(page);
  return { context, page, errors, close: () => context.close() };
}

/**
 * Fits the view to every node and frame, as F or Fit does, without moving the keyboard's focus
 * (a click on Fit would put it on the button). A graph too large to read whole opens panned at a
 * zoom where its titles read (src/app/canvas/fit.ts readableFit): on a 1024 × 700 window every
 * shipped graph does, its first columns out of sight. The tests that drive a graph's nodes were
 * written with all of them in sight, as at fit, and start from there; tests/browser/
 * legibility.test.ts checks the view a graph opens at (asOpened).
 */
export async function wholeView(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const tg = (window as unknown as { terrainGraph: { app: { ready: Promise<{ zoomToFit(): Promise<void>; settled(): Promise<void> }> } } }).terrainGraph;
    const canvas = await tg.app.ready;
    await canvas.zoomToFit();
    await canvas.settled();
  });
  await settle(page);
}

/** A suite's browser and the app session of the running test. */
export interface AppSuite {
  browser: Browser;
  s: Session;
}

/**
 * Registers the hooks of a suite that opens the app afresh for every test in one browser, and
 * fails a test during which the page logged an error. Call inside `describe`.
 */
export function appPerTest(): AppSuite {
  const suite = {} as AppSuite;
  beforeAll(async () => {
    suite.browser = await launch();
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  beforeEach(async () => {
    suite.s = await openApp(suite.browser);
  });
  afterEach(async () => {
    expect(suite.s.errors).toEqual([]);
    await suite.s.close();
  });
  return suite;
}

/**
 * Registers the hooks of a suite whose tests share one page of the app (opened by `open`, by
 * default as openApp does) in one browser, and fails the suite if the page logged an error.
 * Call inside `describe`.
 */
export function appPerSuite(open: (browser: Browser) => Promise<Session> = (browser) => openApp(browser)): AppSuite {
  const suite = {} as AppSuite;
  beforeAll(async () => {
    suite.browser = await launch();
    suite.s = await open(suite.browser);
  });
  afterAll(async () => {
    expect(suite.s?.errors ?? []).toEqual([]);
    await suite.s?.close();
    await suite.browser?.close();
  });
  return suite;
}

/**
 * Runs `body` on the app opened afresh in a browser of its own, at `viewport` (default 1600 ×
 * 1000) and, with `recipe` (a shipped graph's file name), that graph opened from the toolbar's
 * Recipes list and its previews waited for (both fitted to the whole graph unless `asOpened`);
 * fails it when the page logged an error; closes the
 * browser whatever happens. For a test of its own window size or recipe; suites that share one
 * window use appPerTest or appPerSuite.
 */
export async function withApp(options: { viewport?: { width: number; height: number }; recipe?: string; asOpened?: boolean }, body: (page: Page, s: Session) => Promise<void>): Promise<void> {
  const browser = await launch();
  try {
    const s = await openApp(browser, { viewport: options.viewport, asOpened: options.asOpened });
    try {
      if (options.recipe) await openRecipe(s.page, options.recipe, { asOpened: options.asOpened });
      await body(s.page, s);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Opens a shipped graph (its file name, as `island.json`) from the toolbar's Recipes list and
 * waits for every node's preview; the view is then fitted to the whole graph (wholeView) unless
 * `asOpened` keeps the view it opened at.
 */
export async function openRecipe(page: Page, file: string, options: { asOpened?: boolean } = {}): Promise<void> {
  await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption(file);
  await waitForPreviews(page);
  if (!options.asOpened) await wholeView(page);
}

/**
 * A shipped graph's file (its name in graphs/, as `eroded-valleys.json`) with some of its nodes'
 * params changed, as the text of a file: a test's own copy of a recipe, e.g. with its erosion
 * lowered where the erosion's cost is not what the test is about.
 */
export function recipeWith(file: string, params: Record<string, Record<string, unknown>>): string {
  const doc = JSON.parse(readFileSync(`graphs/${file}`, 'utf8')) as { nodes: { id: string; params: Record<string, unknown> }[] };
  for (const [id, changed] of Object.entries(params)) {
    const node = doc.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`recipeWith: ${file} has no node ${id}`);
    node.params = { ...node.params, ...changed };
  }
  return JSON.stringify(doc);
}

/**
 * eroded-valleys.json with its erosion lowered (a twentieth of the droplets, lifetime 8), for
 * tests of the world, its menu, notes and chips, history: the erosion's wear is none of what
 * they check, and at the recipe's params it ran seconds to minutes on a 3 × 3 world (769²) or a
 * 1024² view (4 times the steps since format 7) on a loaded machine. Open it with openText.
 */
export function lightValleys(): string {
  return recipeWith('eroded-valleys.json', { erosion: { droplets: 0.05, lifetime: 8 } });
}

/**
 * Opens graph file text (`name`, as a file the person chose) through the toolbar's Open, waits
 * until the editor holds it (by its graph's name: give it one the open graph does not have) and
 * for every node's preview, and fits the view to the whole graph, as openRecipe does.
 */
export async function openText(page: Page, name: string, text: string): Promise<void> {
  await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.name === n, (JSON.parse(text) as { name: string }).name);
  await waitForPreviews(page);
  await wholeView(page);
}

/** The open graph as the editor core holds it, as JSON text. */
export async function graphText(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify((window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()));
}

/** Waits until the worker has answered for every node of the open graph and the canvas is built. */
export async function waitForPreviews(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const tg = (window as unknown as { terrainGraph?: TestHandle }).terrainGraph;
      if (!tg) return false;
      const nodes = tg.core.graph.nodes;
      return nodes.every((n) => tg.previews.get(n.id)) && !tg.client.busy && !tg.viewer?.busy && document.querySelectorAll('tg-app').length === 1;
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.evaluate(async () => {
    const tg = (window as unknown as { terrainGraph: TestHandle }).terrainGraph;
    const canvas = await tg.app.ready;
    await canvas.settled();
  });
  await settle(page);
}

/**
 * Waits for the worker to be idle (the editor's requests and the viewer's) and two frames to be
 * drawn; at most `timeout` ms (an erosion at 1024², whose droplets walk 4 times the steps of
 * 256², takes longer than 30 s on a loaded machine).
 */
export async function settle(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const tg = (window as unknown as { terrainGraph: TestHandle }).terrainGraph;
      return !tg.client.busy && !tg.viewer?.busy;
    },
    undefined,
    { timeout },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Waits until no params card waits to be placed. A press that selects a collapsed node opens its
 * card; when no place beside the node is in sight the card waits, hidden, until a double-click
 * could no longer come (some 400 ms after a click's release; a drag's release places it at once,
 * the view kept still) and then moves the view for it (node.ts).
 * A box measured before that moment no longer shows where it was, and a press aimed there lands
 * elsewhere: on a loaded machine the move often came between a test's measuring and its press.
 */
export async function cardsPlaced(page: Page): Promise<void> {
  await expect.poll(() => page.locator('tg-node[card-waits]').count(), { timeout: 30_000 }).toBe(0);
}

/** The part of window.terrainGraph the tests read (typed loosely: it runs in the page). */
export interface TestHandle {
  core: {
    graph: { nodes: { id: string; type: string; title: string; position: [number, number]; params: Record<string, unknown> }[]; edges: { from: { node: string; port: string }; to: { node: string; port: string } }[]; name: string };
    node(id: string): { params: Record<string, unknown>; position: [number, number] } | undefined;
    selection: Set<string>;
    canUndo: boolean;
    history: { isOpen: boolean };
    snapshot(): unknown;
  };
  previews: { get(id: string): { state: string; version: number; message?: string } | undefined };
  client: { busy: boolean };
  viewer?: { busy: boolean };
  app: { ready: Promise<{ settled(): Promise<void> }>; canvas: unknown };
}

/** A fingerprint of the pixels of a node's picture (the curve editor for curve nodes), read from the page. */
export async function nodePixels(page: Page, id: string): Promise<{ hash: string; colours: number }> {
  const picture = page.locator(`tg-node[data-node-id="${id}"] tg-preview, tg-node[data-node-id="${id}"] tg-curve-editor`).first();
  return picture.evaluate(async (host: HTMLElement) => {
    // The picture is an <img>, decoded after the element's update: its updateComplete waits for it.
    await (host as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const img = host.shadowRoot!.querySelector('img');
    const c = document.createElement('canvas');
    c.width = img?.naturalWidth ?? 0;
    c.height = img?.naturalHeight ?? 0;
    if (!img || !c.width) return { hash: 'no picture', colours: 0 };
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      const px = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2] | (data[i + 3] << 24);
      seen.add(px);
      h = Math.imul(h ^ px, 0x01000193) >>> 0;
    }
    return { hash: `${c.width}x${c.height}:${h.toString(16)}`, colours: seen.size };
  });
}

/** Centre of a socket in page pixels. */
export async function socketCenter(page: Page, nodeId: string, side: 'input' | 'output', key: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`tg-node[data-node-id="${nodeId}"] rete-ref[data-socket="${side}:${key}"]`).boundingBox();
  if (!box) throw new Error(`no socket ${side}:${key} on node ${nodeId}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A point on a wire (a third of the way along), in page pixels. */
export async function wirePoint(page: Page, key: string): Promise<{ x: number; y: number }> {
  return page.locator(`tg-wire svg[data-wire="${key}"] path.hit`).evaluate((path: SVGPathElement) => {
    const p = path.getPointAtLength(path.getTotalLength() / 3);
    const m = path.getScreenCTM()!;
    return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
  });
}

/** Drags with the real mouse from one point to another in steps. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 12): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** Drags a wire from an output socket to an input socket. */
export async function dragWire(page: Page, from: [string, string], to: [string, string]): Promise<void> {
  const a = await socketCenter(page, from[0], 'output', from[1]);
  const b = await socketCenter(page, to[0], 'input', to[1]);
  await drag(page, a, b);
}

/** The graph's wires as "from.port>to.port" strings. */
export async function wires(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.edges.map((e) => `${e.from.node}.${e.from.port}>${e.to.node}.${e.to.port}`),
  );
}

export async function params(page: Page, id: string): Promise<Record<string, unknown>> {
  return page.evaluate((nodeId) => structuredClone((window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.node(nodeId)!.params), id);
}

/** Clicks the node's title on the canvas and waits until the viewer shows it. */
export async function showInViewer(page: Page, id: string): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await settle(page);
  await page.waitForFunction((node) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector(`h2[data-viewer-node="${node}"]`), id);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Makes a node's params reachable: a collapsed node (the default graph's are) shows them in a
 * card while it is the only node selected, so this clicks its title when needed, and waits for
 * the card to show (one that needs the view to move waits, unseen, until a double-click could
 * no longer come).
 */
export async function showParams(page: Page, id: string): Promise<void> {
  const shown = await page.locator(`tg-node[data-node-id="${id}"] tg-param`).count();
  if (!shown) await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await page.locator(`tg-node[data-node-id="${id}"] tg-param`).first().waitFor();
}

/** The 3-D canvas's pixels, summed up: a hash and how many colours. */
export async function glPixels(page: Page): Promise<{ hash: string; colours: number; dark: number }> {
  return page.locator('tg-terrain-3d canvas').evaluate((gl: HTMLCanvasElement) => {
    const c = document.createElement('canvas');
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5;
    const seen = new Set<number>();
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      const px = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      seen.add(px);
      if (px === 0x1b1f24) dark++;
      h = Math.imul(h ^ px, 0x01000193) >>> 0;
    }
    return { hash: h.toString(16), colours: seen.size, dark: dark / (data.length / 4) };
  });
}

/** Where the keyboard is, through the shadow roots: "tg-node tg-param[seed] input[number]" or "tg-viewer input". */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    let el: Element | null = document.activeElement;
    while (el) {
      const name = el.getAttribute('name');
      const type = el.getAttribute('type');
      parts.push(`${el.tagName.toLowerCase()}${name ? `[${name}]` : ''}${type ? `[${type}]` : ''}`);
      el = el.shadowRoot?.activeElement ?? null;
    }
    return parts.slice(1).join(' ');
  });
}

/** A box on the page, as Playwright's boundingBox gives it. */
export type Box = { x: number; y: number; width: number; height: number };

/** True when two boxes share some area (touching edges do not). */
export const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Types `value` over the viewer's `field` input (class: origin-x, …) and presses Enter. */
export async function typeInto(page: Page, field: string, value: string): Promise<void> {
  await page.locator(`tg-viewer input.${field}`).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

/** The compare pin's picture requests held by holdPinPictures. */
export interface Held {
  /** The pin's picture requests posted so far and not yet sent on to the worker. */
  readonly held: unknown[];
  /** Sends them on, in order, and sends every later one at once. */
  release(): void;
}

/** Holds the compare pin's picture requests (the only 'picture' requests) until `release`. */
export async function holdPinPictures(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { terrainGraph: { worker: Worker }; pinPictures: Held };
    const worker = w.terrainGraph.worker;
    const post = worker.postMessage.bind(worker) as (m: unknown, t?: Transferable[]) => void;
    const held: unknown[] = [];
    w.pinPictures = {
      held,
      release: () => {
        worker.postMessage = post as Worker['postMessage'];
        for (const m of held.splice(0)) post(m);
      },
    };
    worker.postMessage = ((m: { kind: string }, t?: Transferable[]) => {
      // Copied as posted: the worker would have had this graph, whatever the page does next.
      if (m.kind === 'picture') held.push(structuredClone(m));
      else post(m, t ?? []);
    }) as Worker['postMessage'];
  });
}

/**
 * A point of the canvas on no node, wire or the minimap: the first free of a few spots low on
 * the canvas (under the graph's rows), then its top-left corner. Throws when all are taken.
 */
export async function emptyCanvas(page: Page): Promise<{ x: number; y: number }> {
  const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
  for (const [fx, fy] of [[0.3, 0.85], [0.05, 0.85], [0.5, 0.8], [0.15, 0.7], [0.05, 0.05]]) {
    const p = { x: canvas.x + canvas.width * fx, y: canvas.y + canvas.height * fy };
    const taken = await page.evaluate(({ x, y }) => document.elementsFromPoint(x, y).some((e) => ['tg-node', 'tg-wire', 'tg-minimap'].includes(e.localName)), p);
    if (!taken) return p;
  }
  throw new Error('no empty canvas in sight');
}
