// A Gaea user's first hour with erosion, rivers and export (the Island recipe, a Hydraulic
// erosion inserted on the heights' wire, a Flow node from the moisture's wire dropped on empty
// canvas), with the real mouse and keyboard at 1600 × 1000 and 1024 × 700, each defect found
// kept fixed: the palette's heading and search field squeezed by a long list (the heading's
// text cut through, the field 16 px high instead of 24), the arrow keys walking the palette's
// highlight out of its list with nothing scrolled, and two flow nodes of the same title (a
// second is numbered now; here one is typed so) listed alike in the viewer's pick of whose rivers.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardsPlaced, screenshot, settle, socketCenter, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The palette's heading, search field and list: their boxes and whether the heading's text fits. */
async function paletteParts(page: Page) {
  return page.locator('tg-node-menu').evaluate((menu) => {
    const root = menu.shadowRoot!;
    const box = (e: Element) => e.getBoundingClientRect().toJSON() as Box;
    const heading = root.querySelector('.heading')!;
    return {
      heading: box(heading),
      headingCut: heading.scrollHeight > heading.clientHeight,
      field: box(root.querySelector('input')!),
      list: box(root.querySelector('ul')!),
      active: root.querySelector('.item.active') ? box(root.querySelector('.item.active')!) : null,
      activeText: root.querySelector('.item.active')?.textContent?.trim() ?? '',
    };
  });
}

describe('a Gaea user’s first hour with erosion, rivers and export', () => {
  for (const viewport of SIZES) {
    it(`keeps the palette's heading and search field whole over a long list, and its highlight in sight under the arrow keys (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        // A right-click on empty canvas: every node type, a list longer than the palette.
        const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
        await page.mouse.click(canvas.x + 60, canvas.y + canvas.height - 90, { button: 'right' });
        await page.locator('tg-node-menu').waitFor();
        let parts = await paletteParts(page);
        await screenshot(page, `erosion-hour-palette-${viewport.width}`);
        expect(parts.headingCut).toBe(false);
        expect(parts.field.height).toBeGreaterThanOrEqual(23.5);
        expect(parts.field.y).toBeGreaterThanOrEqual(parts.heading.y + parts.heading.height);
        // Down the list with the keys, past what it shows: the highlighted type stays in sight.
        for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
        parts = await paletteParts(page);
        expect(parts.active).not.toBeNull();
        expect(parts.active!.y).toBeGreaterThanOrEqual(parts.list.y - 0.5);
        expect(parts.active!.y + parts.active!.height).toBeLessThanOrEqual(parts.list.y + parts.list.height + 0.5);
        // And back up to the first, its group's name in sight above it.
        for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
        parts = await paletteParts(page);
        expect(parts.active!.y).toBeGreaterThanOrEqual(parts.list.y - 0.5);
        expect(await page.locator('tg-node-menu').evaluate((menu) => menu.shadowRoot!.querySelector('ul')!.scrollTop)).toBe(0);
        await screenshot(page, `erosion-hour-palette-keys-${viewport.width}`);
        // Enter adds the type it shows.
        const shown = parts.activeText;
        await page.keyboard.press('Enter');
        await settle(page);
        const added = await page.evaluate(() => {
          const tg = (window as unknown as { terrainGraph: { core: { graph: { nodes: { title: string }[] } } } }).terrainGraph;
          return tg.core.graph.nodes.at(-1)!.title;
        });
        expect(added).toBe(shown);
      });
    });
  }
});

/**
 * Drags the moisture's output with the real mouse onto empty canvas left of the Water level,
 * types "rivers" in the palette that opens and presses Enter: a second Flow node takes the
 * moisture as its rain.
 */
async function secondFlow(page: Page): Promise<void> {
  const from = await socketCenter(page, 'moisture', 'output', 'out');
  const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(canvas.x + canvas.width * 0.4, canvas.y + canvas.height * 0.72, { steps: 12 });
  await page.mouse.up();
  await page.locator('tg-node-menu').waitFor();
  await page.keyboard.type('rivers');
  await page.keyboard.press('Enter');
  await page.locator('tg-node[data-node-id="flow"]').waitFor();
  await settle(page);
}

/** The closed select's text against the room it has: the text's width and the select's inner width. */
async function pickRoom(page: Page): Promise<{ text: number; room: number; label: string }> {
  return page.locator('tg-viewer select.rivers-pick').evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const g = document.createElement('canvas').getContext('2d')!;
    g.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const label = select.selectedOptions[0].textContent!.trim();
    // The arrow takes about 20 px of the right side of a closed select.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { text: g.measureText(label).width, room, label };
  });
}

describe('two flow nodes of the same title', () => {
  for (const viewport of SIZES) {
    it(`are told apart in the viewer's pick of whose rivers, the picked one's name whole (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'island.json' }, async (page) => {
        await secondFlow(page);
        const titles = () =>
          page.evaluate(() => {
            const tg = (window as unknown as { terrainGraph: { core: { graph: { nodes: { type: string; title: string }[] } } } }).terrainGraph;
            return tg.core.graph.nodes.filter((n) => n.type === 'flow').map((n) => n.title);
          });
        // The second comes in numbered (tests/browser/numbered-titles.test.ts); typed, the first's
        // title is kept as typed, and the two share it.
        expect(await titles()).toEqual(['Flow and rivers', 'Flow and rivers 2']);
        await page.locator('tg-node[data-node-id="flow"] header .title').click();
        await page.keyboard.press('F2');
        await page.keyboard.press('Control+a');
        await page.keyboard.type('Flow and rivers');
        await page.keyboard.press('Enter');
        await page.locator('tg-node[data-node-id="biomes"] header .title').click();
        await settle(page);
        expect(await titles()).toEqual(['Flow and rivers', 'Flow and rivers']);
        const pick = page.locator('tg-viewer select.rivers-pick');
        const options = await pick.locator('option').allTextContents();
        expect(options.map((o) => o.trim())).toEqual(['Flow and rivers (rivers)', 'Flow and rivers (flow)']);
        // Picked, the second flow's name reads whole in the closed select.
        await pick.selectOption('flow.rivers');
        await settle(page);
        const room = await pickRoom(page);
        expect(room.label).toBe('Flow and rivers (flow)');
        expect(room.text).toBeLessThanOrEqual(room.room);
        await screenshot(page, `erosion-hour-two-flows-${viewport.width}`);
      });
    });
  }
});

/** The ids of the selected nodes. */
async function selection(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection].sort());
}

describe('a params card over another node', () => {
  for (const viewport of SIZES) {
    it(`lets a Ctrl+click through to the node under it, which joins the selection; without Ctrl the card keeps its clicks (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'island.json' }, async (page) => {
        // A card that lies beside its node over part of a neighbour's picture: the rivers' (over
        // the Moisture noise's at 1024 × 700 until its grid row of format 8 made it taller), else
        // the first such of the island's other nodes at fit (at 1600 × 1000 the rivers' card lies
        // clear since the Moisture noise went under the Water level, 07c1ad3).
        const ids = await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => n.id));
        let found: { id: string; over: Box; underId: string; under: Box } | null = null;
        for (const id of ['rivers', ...ids.filter((i) => i !== 'rivers')]) {
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await page.keyboard.press('f');
          await settle(page);
          await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
          const card = page.locator(`tg-node[data-node-id="${id}"] .params.card`);
          if (!(await card.count())) continue;
          await cardsPlaced(page);
          await settle(page);
          const over = (await card.boundingBox()) as Box;
          const pictures = await page.locator('tg-node').evaluateAll(
            (nodes, self) =>
              nodes.flatMap((n) => {
                // A preview, not a curve's editor: a click there edits the curve's knots.
                const p = n.shadowRoot!.querySelector('tg-preview');
                return p && n.dataset.nodeId !== self ? [{ id: n.dataset.nodeId!, box: p.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number } }] : [];
              }),
            id,
          );
          const shared = (b: Box) => Math.max(0, Math.min(b.x + b.width, over.x + over.width) - Math.max(b.x, over.x)) * Math.max(0, Math.min(b.y + b.height, over.y + over.height) - Math.max(b.y, over.y));
          const most = pictures.sort((a, b) => shared(b.box) - shared(a.box))[0];
          if (most && shared(most.box) > 0) {
            found = { id, over, underId: most.id, under: most.box };
            break;
          }
        }
        expect(found, 'a card over a picture').not.toBeNull();
        const { id: cardOf, over, underId, under } = found!;
        const card = page.locator(`tg-node[data-node-id="${cardOf}"] .params.card`);
        // A point of that picture under the card.
        const x = (Math.max(under.x, over.x) + Math.min(under.x + under.width, over.x + over.width)) / 2;
        const y = (Math.max(under.y, over.y) + Math.min(under.y + under.height, over.y + over.height)) / 2;
        // The card lies there: a plain click goes to it, and nothing is added.
        expect(await page.locator(`tg-node[data-node-id="${cardOf}"]`).evaluate((n, [px, py]) => !!n.shadowRoot!.elementFromPoint(px, py)?.closest('.card'), [x, y] as const)).toBe(true);
        await page.mouse.click(x, y);
        expect(await selection(page)).toEqual([cardOf]);
        // With Ctrl held the card fades and the click reaches the node under it.
        await page.keyboard.down('Control');
        await page.mouse.move(x + 1, y + 1);
        expect(Number(await card.evaluate((c) => getComputedStyle(c).opacity))).toBeLessThan(0.5);
        await screenshot(page, `erosion-hour-card-through-${viewport.width}`);
        await page.mouse.click(x, y);
        await page.keyboard.up('Control');
        expect(await selection(page)).toEqual([cardOf, underId].sort());
        // Ctrl let go, one node selected again (a click on empty canvas first): its card takes its clicks.
        const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
        await page.mouse.click(canvas.x + 12, canvas.y + 12);
        await expect.poll(() => selection(page)).toEqual([]);
        // On its picture: a second press on its title this soon after the first renames it.
        await page.locator(`tg-node[data-node-id="${cardOf}"] tg-preview, tg-node[data-node-id="${cardOf}"] tg-curve-editor`).first().click();
        await card.waitFor();
        expect(await card.evaluate((c) => getComputedStyle(c).pointerEvents)).toBe('auto');
        expect(Number(await card.evaluate((c) => getComputedStyle(c).opacity))).toBe(1);
      });
    });
  }
});

/** Whether the point is drawn by the element (through the viewer's shadow root), not something over it. */
async function drawnAt(page: Page, selector: string, x: number, y: number): Promise<boolean> {
  return page.locator('tg-viewer').evaluate(
    (viewer, [sel, px, py]) => {
      const el = viewer.shadowRoot!.querySelector(sel as string);
      const top = viewer.shadowRoot!.elementFromPoint(px as number, py as number);
      return !!el && !!top && (el === top || el.contains(top));
    },
    [selector, x, y] as const,
  );
}

describe('a single heightmap exported for Unreal', () => {
  for (const viewport of SIZES) {
    it(`brings the export's progress and Cancel into sight when a button starts it (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'island.json' }, async (page) => {
        await page.locator('tg-node[data-node-id="water"] header .title').click();
        await settle(page);
        await page.locator('tg-viewer select.export-size').selectOption('2017');
        // The wheel over the panel until the 16-bit PNG button shows below the map, which stays
        // at the panel's top.
        const button = page.locator('tg-viewer button[data-format="png16"]');
        const map = page.locator('tg-viewer tg-map-view');
        for (let i = 0; i < 20; i++) {
          const b = (await button.boundingBox()) as Box;
          const m = (await map.boundingBox()) as Box;
          if (b.y > m.y + m.height && b.y + b.height < viewport.height) break;
          await page.mouse.move(viewport.width - 150, viewport.height - 60);
          await page.mouse.wheel(0, 60);
          await page.waitForTimeout(50);
        }
        const b = (await button.boundingBox()) as Box;
        expect(await drawnAt(page, 'button[data-format="png16"]', b.x + b.width / 2, b.y + b.height / 2)).toBe(true);
        await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
        const progress = page.locator('tg-viewer .exports .progress');
        await progress.waitFor();
        await page.waitForTimeout(100);
        // The step's words take a line of the panel's width under the bar (beside it at 1024 ×
        // 700 they had some 85 px and broke inside "Continentalness"), no word split.
        await expect.poll(() => progress.locator('span').textContent(), { timeout: 30_000 }).toMatch(/^computed /);
        const line = await progress.evaluate((row) => {
          const span = row.querySelector('span')!;
          const broken: string[] = [];
          const walk = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
          for (let t = walk.nextNode(); t; t = walk.nextNode()) {
            for (const m of t.textContent!.matchAll(/\S+/g)) {
              const r = document.createRange();
              r.setStart(t, m.index!);
              r.setEnd(t, m.index! + m[0].length);
              if (r.getClientRects().length > 1) broken.push(m[0]);
            }
          }
          return { span: span.getBoundingClientRect().width, row: row.getBoundingClientRect().width, broken };
        });
        expect(line.span).toBeGreaterThanOrEqual(line.row - 1);
        expect(line.broken).toEqual([]);
        const cancel = (await page.locator('tg-viewer .exports .progress button.cancel-export').boundingBox()) as Box;
        await screenshot(page, `erosion-hour-export-progress-${viewport.width}`);
        // Its Cancel lies inside the window, drawn (not under the map), and a click on it stops the export.
        expect(cancel.y + cancel.height).toBeLessThanOrEqual(viewport.height);
        expect(await drawnAt(page, 'button.cancel-export', cancel.x + cancel.width / 2, cancel.y + cancel.height / 2)).toBe(true);
        await page.mouse.click(cancel.x + cancel.width / 2, cancel.y + cancel.height / 2);
        await expect.poll(() => page.locator('tg-viewer .exports .note').textContent(), { timeout: 30_000 }).toContain('Cancelled the 2017² export');
      });
    });
  }
});

/** Right-clicks the wire from the heights to the water level, picks Insert node… and adds a Hydraulic erosion there. */
async function insertErosion(page: Page): Promise<void> {
  const at = await page.locator('tg-wire svg[data-wire="height.out>water.height"] path.hit').evaluate((path: SVGPathElement) => {
    const p = path.getPointAtLength(path.getTotalLength() / 2);
    const m = path.getScreenCTM()!;
    return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
  });
  await page.mouse.click(at.x, at.y, { button: 'right' });
  await page.getByText('Insert node…').click();
  await page.locator('tg-node-menu').waitFor();
  // The heading names both ends of the wire, cut to the palette's width: whole in its tooltip.
  const heading = page.locator('tg-node-menu .heading');
  expect(await heading.getAttribute('title')).toBe('Insert on Height = C + E · PV · out → Water level · height');
  expect(await heading.evaluate((h) => h.scrollWidth > h.clientWidth)).toBe(true);
  await page.keyboard.type('hydraulic');
  await page.keyboard.press('Enter');
  await page.locator('tg-node[data-node-id="hydraulic"]').waitFor();
  await settle(page);
}

describe("a heightmap's export at 1009²", () => {
  it('counts its steps in the bar, as a larger one does, until the file comes or Cancel is pressed (1600 × 1000)', async () => {
    await withApp({ recipe: 'island.json' }, async (page) => {
      await insertErosion(page);
      await page.keyboard.press('Escape');
      await page.locator('tg-node[data-node-id="water"] header .title').click();
      await settle(page);
      await page.locator('tg-viewer select.export-size').selectOption('1009');
      // The wheel over the panel until the 16-bit PNG button shows below the map (the line under
      // an eroded map, with its world's buttons, puts the Export row below the window's edge).
      const button = page.locator('tg-viewer button[data-format="png16"]');
      const map = page.locator('tg-viewer tg-map-view');
      for (let i = 0; i < 20; i++) {
        const at = (await button.boundingBox()) as Box;
        const m = (await map.boundingBox()) as Box;
        if (at.y > m.y + m.height && at.y + at.height < 1000) break;
        await page.mouse.move(1600 - 150, 1000 - 60);
        await page.mouse.wheel(0, 60);
        await page.waitForTimeout(50);
      }
      const b = (await button.boundingBox()) as Box;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      const bar = page.locator('tg-viewer .exports .progress progress');
      await bar.waitFor();
      // Up to 1024² an export reported no steps, "starting" until its file came, 35 s here: it
      // counts the nodes computed now, as a larger one does, the bar filling with them.
      const words = page.locator('tg-viewer .exports .progress span');
      await expect.poll(() => words.textContent(), { timeout: 30_000 }).toMatch(/^computed .+ \(\d+\/\d+\)$/);
      expect(await bar.evaluate((p: HTMLProgressElement) => p.position)).toBeGreaterThan(0);
      await screenshot(page, 'erosion-hour-export-under-way');
      await page.locator('tg-viewer .exports button.cancel-export').click();
      await expect.poll(() => page.locator('tg-viewer .exports .note').textContent(), { timeout: 60_000 }).toContain('Cancelled the 1009² export');
    });
  });
});
