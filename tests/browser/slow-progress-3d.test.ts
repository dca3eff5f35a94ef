// A slow evaluation seen from the 3-D view: the map's foot named the node the worker ran and for
// how long, but the 3-D tab hides the map, and a world given to eroded-valleys there showed only
// "updating…" for seconds. The land's foot now says the same as the map's would, on one line,
// clear of the captions and badge along its top, and it goes with the answer. The viewer's own
// requests (the land's heights, a drag's frames) say nothing of their own: the heights are read
// from the editor's results, and a drag's frames are sized to come quickly. With the real mouse,
// at 1600 × 1000 and 1024 × 700.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { type Box, overlaps, settle, showInViewer, withApp } from './harness.ts';

const SHOTS = '/work/notes/shots';

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`names the erosion running on the world at the 3-D land's foot, and takes it away with the answer (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      await showInViewer(page, 'erosion');
      const tab = (await page.locator('tg-viewer button', { hasText: '3-D' }).boundingBox())!;
      await page.mouse.click(tab.x + tab.width / 2, tab.y + tab.height / 2);
      await page.locator('tg-terrain-3d .exaggeration').waitFor();
      await settle(page);
      const status = page.locator('tg-terrain-3d tg-slow-status:not([idle])');
      expect(await status.count()).toBe(0);

      const give = (await page.locator('tg-viewer .grid-note button.world-set').boundingBox())!;
      await page.mouse.click(give.x + give.width / 2, give.y + give.height / 2);
      await status.waitFor({ timeout: 20_000 });
      // What shows: the line (the host's own text is its live region's, unseen).
      await expect.poll(() => status.locator('.line').textContent()).toMatch(/\u00a0on the world…\u00a0\d+(\.\d)?\u00a0s/);
      const land = (await page.locator('tg-terrain-3d .frame').boundingBox())!;
      const box = (await status.boundingBox())!;
      const title = await status.getAttribute('title');
      const top: [string, Box | null][] = [];
      for (const sel of ['.source', '.sea', '.badge']) {
        const other = page.locator(`tg-terrain-3d ${sel}`);
        top.push([sel, (await other.count()) ? await other.boundingBox() : null]);
      }
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/s35-status-3d-computing-${width}.png` });
      // Along the land's foot, whole inside it, one line.
      expect(box.x).toBeGreaterThanOrEqual(land.x);
      expect(box.x + box.width).toBeLessThanOrEqual(land.x + land.width + 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(land.y + land.height + 0.5);
      expect(box.y).toBeGreaterThan(land.y + land.height / 2);
      expect(box.height).toBeLessThan(30);
      // Clear of what the land's top says (where its heights come from, no sea, updating…).
      expect(top.some(([, other]) => other !== null)).toBe(true);
      for (const [sel, other] of top) if (other) expect(overlaps(box, other), sel).toBe(false);
      expect(title).toMatch(/^.+ on .+ \(.*\d+² cells\)…$/);

      await settle(page);
      expect(await status.count()).toBe(0);
    });
  }, 180_000);
}
