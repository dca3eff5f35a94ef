// Undo that never breaks, through the page: a seeded mix of real gestures (a node dragged, a
// wire dragged onto an input, a slider dragged, Delete, Ctrl+Z, Ctrl+Shift+Z) with the mouse and
// keyboard, then Ctrl+Z until nothing is left: the graph is the one the page opened with, and
// Ctrl+Shift+Z until nothing is left gives the graph the gestures made. After every gesture the
// canvas shows exactly the model's nodes and wires, each node where the model has it (polled,
// not slept for).
// tests/editor-history-fuzz.test.ts does the same to the headless core with every edit there is.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { rng } from '../helpers/graphs.ts';
import { appPerSuite, drag, graphText, openApp, screenshot, socketCenter, type TestHandle } from './harness.ts';

const SEED = 2026;
const GESTURES = 36;

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];

interface Model {
  nodes: { id: string; inputs: string[]; outputs: string[] }[];
  wires: string[];
  canUndo: boolean;
  canRedo: boolean;
}

/** The model as the core holds it: node ids with their socket keys, wire keys, what undo offers. */
function model(page: Page): Promise<Model> {
  return page.evaluate(() => {
    const tg = (window as unknown as { terrainGraph: TestHandle & { core: { canRedo: boolean } } }).terrainGraph;
    const core = tg.core;
    return {
      nodes: core.graph.nodes.map((n) => {
        const el = [...document.querySelectorAll('tg-app')].flatMap((a) => [...(a.shadowRoot?.querySelectorAll(`tg-node[data-node-id="${n.id}"]`) ?? [])])[0];
        const refs = [...(el?.shadowRoot?.querySelectorAll<HTMLElement>('rete-ref[data-socket]') ?? [])].map((x) => x.dataset.socket ?? '');
        return { id: n.id, inputs: refs.filter((s) => s.startsWith('input:')).map((s) => s.slice(6)), outputs: refs.filter((s) => s.startsWith('output:')).map((s) => s.slice(7)) };
      }),
      wires: core.graph.edges.map((e) => `${e.from.node}.${e.from.port}>${e.to.node}.${e.to.port}`),
      canUndo: core.canUndo,
      canRedo: core.canRedo,
    };
  });
}

/**
 * Waits until the canvas has mirrored every change and shows exactly the model's nodes and
 * wires; fails naming the difference when it does not within 10 s.
 */
async function viewAgrees(page: Page, what: string): Promise<void> {
  let last = '';
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    await page.evaluate(async () => {
      const tg = (window as unknown as { terrainGraph: TestHandle }).terrainGraph;
      await (await tg.app.ready).settled();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const m = await model(page);
    const shownNodes = (await page.locator('tg-node').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.nodeId ?? ''))).sort();
    const shownWires = (await page.locator('tg-wire svg[data-wire]').evaluateAll((els) => els.map((e) => e.getAttribute('data-wire') ?? ''))).sort();
    const nodes = m.nodes.map((n) => n.id).sort();
    const wires = [...m.wires].sort();
    // Where rete draws each node, against where the model has it.
    const misplaced = await page.evaluate(() => {
      const tg = (window as unknown as { terrainGraph: TestHandle & { app: { canvas: { area: { nodeViews: Map<string, { position: { x: number; y: number } }> } } } } }).terrainGraph;
      return tg.core.graph.nodes
        .filter((n) => {
          const view = tg.app.canvas.area.nodeViews.get(n.id);
          return view && (view.position.x !== n.position[0] || view.position.y !== n.position[1]);
        })
        .map((n) => n.id);
    });
    if (JSON.stringify(shownNodes) === JSON.stringify(nodes) && JSON.stringify(shownWires) === JSON.stringify(wires) && !misplaced.length) return;
    last = `nodes shown ${JSON.stringify(shownNodes)}, in the model ${JSON.stringify(nodes)}; wires shown ${JSON.stringify(shownWires)}, in the model ${JSON.stringify(wires)}; drawn elsewhere than the model says: ${JSON.stringify(misplaced)}`;
  }
  throw new Error(`after ${what} the canvas does not show the model: ${last}`);
}

/**
 * Clicks a node's title with the mouse when it is on the canvas, after Escape has closed the
 * card of the node selected before (it may lie over this one); true when the node is then the
 * one selected (another node may lie over its title).
 */
async function clickNode(page: Page, id: string): Promise<boolean> {
  await page.keyboard.press('Escape');
  const box = await page.locator(`tg-node[data-node-id="${id}"] header .title`).boundingBox();
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  if (!box || box.x < area.x || box.y < area.y || box.x + box.width > area.x + area.width || box.y + box.height > area.y + area.height) return false;
  await page.mouse.click(box.x + Math.min(12, box.width / 2), box.y + box.height / 2);
  return page.evaluate((nodeId) => {
    const core = (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core;
    return core.selection.size === 1 && core.selection.has(nodeId);
  }, id);
}

/**
 * Runs `count` seeded gestures on the open page, checking the canvas after each; then undoes
 * everything and redoes everything, with the checks the file's comment names.
 */
async function gesturesUndoneAndRedone(page: Page, seed: number, count: number, shots: string): Promise<void> {
  const r = rng(seed);
  const start = await graphText(page);
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  const done: string[] = [];
  for (let k = 0; k < count; k++) {
    const m = await model(page);
    const roll = r();
    let what: string;
    if (roll < 0.22) {
      // A node dragged by its title (the selection moves with it: here the node alone).
      const id = pick(r, m.nodes).id;
      const box = await page.locator(`tg-node[data-node-id="${id}"] header .title`).boundingBox();
      const dx = Math.round((r() - 0.5) * 240);
      const dy = Math.round((r() - 0.5) * 240);
      what = `drag node ${id} by ${dx},${dy}`;
      if (box) {
        const from = { x: box.x + Math.min(12, box.width / 2), y: box.y + box.height / 2 };
        const to = { x: Math.max(area.x + 5, Math.min(area.x + area.width - 5, from.x + dx)), y: Math.max(area.y + 5, Math.min(area.y + area.height - 5, from.y + dy)) };
        await drag(page, from, to, 8);
      }
    } else if (roll < 0.44) {
      // A wire from an output onto an input: new, replacing, or refused (wrong type, a loop).
      const from = pick(r, m.nodes.filter((n) => n.outputs.length));
      const to = pick(r, m.nodes.filter((n) => n.inputs.length));
      const out = pick(r, from.outputs);
      const input = pick(r, to.inputs);
      what = `wire ${from.id}.${out} to ${to.id}.${input}`;
      await drag(page, await socketCenter(page, from.id, 'output', out), await socketCenter(page, to.id, 'input', input), 10);
    } else if (roll < 0.56 && m.wires.length) {
      // A wire picked off its input and dropped on another input: moved, or refused and put back.
      const wire = pick(r, m.wires);
      const [, toRef] = wire.split('>');
      const [toNode, toPort] = toRef.split('.');
      const other = pick(r, m.nodes.filter((n) => n.inputs.length));
      const input = pick(r, other.inputs);
      what = `move wire ${wire} to ${other.id}.${input}`;
      await drag(page, await socketCenter(page, toNode, 'input', toPort), await socketCenter(page, other.id, 'input', input), 10);
    } else if (roll < 0.72) {
      // A slider dragged: the node's params shown (it is selected), pressed and moved.
      const withSliders = await page.evaluate(() => {
        const tg = (window as unknown as { terrainGraph: TestHandle & { core: { graph: { nodes: { id: string; collapsed?: boolean }[] } } } }).terrainGraph;
        return tg.core.graph.nodes.map((n) => n.id);
      });
      const id = pick(r, withSliders);
      what = `slider of ${id}`;
      if (await clickNode(page, id)) {
        const sliders = page.locator(`tg-node[data-node-id="${id}"] tg-param input[type="range"]`);
        const count = await sliders.count();
        if (count) {
          const slider = sliders.nth(Math.floor(r() * count));
          const box = await slider.boundingBox();
          if (box) {
            const y = box.y + box.height / 2;
            const x0 = box.x + 4 + r() * (box.width - 8);
            const x1 = box.x + 4 + r() * (box.width - 8);
            what += ` ${(await slider.getAttribute('name')) ?? ''} from ${Math.round(x0 - box.x)} to ${Math.round(x1 - box.x)} px`;
            await drag(page, { x: x0, y }, { x: x1, y }, 8);
          }
        }
      }
    } else if (roll < 0.8) {
      const id = pick(r, m.nodes).id;
      what = `delete ${id}`;
      if (await clickNode(page, id)) await page.keyboard.press('Delete');
    } else if (roll < 0.92) {
      what = 'Ctrl+Z';
      await page.keyboard.press('Control+z');
    } else {
      what = 'Ctrl+Shift+Z';
      await page.keyboard.press('Control+Shift+z');
    }
    await viewAgrees(page, `gesture ${k} (${what})`);
    done.push(what);
  }
  await screenshot(page, `${shots}-edited`);
  const end = await graphText(page);
  expect(end, `the gestures changed nothing: ${done.join('; ')}`).not.toBe(start);

  // Ctrl+Z until there is nothing left to undo (a click on empty canvas first: no field focused).
  await page.mouse.click(area.x + area.width / 2, area.y + 3);
  let undos = 0;
  while ((await model(page)).canUndo) {
    await page.keyboard.press('Control+z');
    await viewAgrees(page, `undo ${++undos}`);
    expect(undos).toBeLessThan(200);
  }
  expect(await graphText(page), `undo all after: ${done.join('; ')}`).toBe(start);
  while ((await model(page)).canRedo) {
    await page.keyboard.press('Control+Shift+z');
    await viewAgrees(page, 'redo');
  }
  expect(await graphText(page), `redo all after: ${done.join('; ')}`).toBe(end);
  await screenshot(page, `${shots}-redone`);
}

describe('undo over a random mix of real gestures', () => {
  describe('at 1600 × 1000', () => {
    const app = appPerSuite();
    it(`${GESTURES} seeded gestures with the mouse and keyboard: undoing all gives the opened graph, redoing all the edited one`, async () => {
      await gesturesUndoneAndRedone(app.s.page, SEED, GESTURES, 'history-fuzz-1600');
    });
  });

  describe('at 1024 × 700', () => {
    const app = appPerSuite((browser) => openApp(browser, { viewport: { width: 1024, height: 700 } }));
    it(`${GESTURES} other seeded gestures on a small window: undoing all gives the opened graph, redoing all the edited one`, async () => {
      await gesturesUndoneAndRedone(app.s.page, SEED + 1, GESTURES, 'history-fuzz-1024');
    });
  });
});
