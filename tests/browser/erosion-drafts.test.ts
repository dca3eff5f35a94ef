// An erosion's slider dragged with the view at 1024²: the draft the viewer shows while the hand
// moves looks like the full picture that follows (the erosion's params scaled to the draft's
// resolution, NodeDef.draftParams). With the full params, the 148² draft of eroded-valleys wore
// wide flat hollows the full picture does not have: its hill-shaded map differed from the full
// one by 22.2-22.7 grey levels a 64² block on average; scaled, by 9.2-9.3 (both window sizes).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, openApp, screenshot, settle, showParams } from './harness.ts';

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
  else await screenshot(page, name);
}

/** The viewer's map as grey levels on a side × side grid (each the mean of the canvas's pixels over it). */
async function mapGrey(page: Page, side: number): Promise<number[]> {
  return page.locator('tg-map-view canvas.map').evaluate((c: HTMLCanvasElement, m) => {
    const { width, height } = c;
    const data = c.getContext('2d')!.getImageData(0, 0, width, height).data;
    const sum = new Float64Array(m * m);
    const count = new Float64Array(m * m);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = (y * width + x) * 4;
        const i = Math.floor((y * m) / height) * m + Math.floor((x * m) / width);
        sum[i] += (data[k] + data[k + 1] + data[k + 2]) / 3;
        count[i]++;
      }
    }
    return Array.from(sum, (s, i) => s / count[i]);
  }, side);
}

/** Drags a param's slider thumb `dx` pixels in small steps, a frame apart, and calls `during` before letting go. */
async function dragSlider(page: Page, node: string, param: string, dx: number, during: () => Promise<void>): Promise<void> {
  const box = (await page.locator(`tg-node[data-node-id="${node}"] tg-param[name="${param}"] input[type="range"]`).boundingBox())!;
  const value = await page.locator(`tg-node[data-node-id="${node}"] tg-param[name="${param}"] input[type="range"]`).evaluate((el: HTMLInputElement) => (Number(el.value) - Number(el.min)) / (Number(el.max) - Number(el.min)));
  const x = box.x + 6 + value * (box.width - 12);
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const steps = Math.abs(dx);
  for (let j = 1; j <= steps; j++) {
    await page.mouse.move(x + Math.sign(dx) * j, y);
    await page.waitForTimeout(16);
  }
  await during();
  await page.mouse.up();
}

describe('erosion drafts in the editor', () => {
  const app = appPerTest();

  // SHOTS_DIR=… also runs it at 1024 × 700 and keeps the screenshots there.
  for (const viewport of [{ width: 1600, height: 1000 }, ...(SHOTS ? [{ width: 1024, height: 700 }] : [])]) {
    it(`shows a hydraulic erosion's draft like its full picture while its slider is dragged at 1024² (${viewport.width} × ${viewport.height})`, async () => {
      const s = viewport.width === 1600 ? app.s : await openApp(app.browser, { viewport });
      const page = s.page;
      try {
        await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption('eroded-valleys.json');
        await settle(page);
        // The erosion at 1024² (its params in 256-map cells since format 7: 4 times the steps).
        await page.locator('tg-viewer select.size').selectOption('1024');
        await settle(page, 180_000);
        await showParams(page, 'erosion');
        await settle(page, 180_000);
        const size = `${viewport.width}x${viewport.height}`;
        let during: number[] = [];
        let badge = '';
        await dragSlider(page, 'erosion', 'capacity', 6, async () => {
          during = await mapGrey(page, 64);
          badge = await page.locator('tg-map-view').evaluate((el) => el.shadowRoot?.querySelector('.badge')?.textContent ?? '');
          await shot(page, `s27-drafts2-hydraulic-${size}-dragging`);
        });
        await settle(page, 180_000);
        await shot(page, `s27-drafts2-hydraulic-${size}-after`);
        const after = await mapGrey(page, 64);
        let diff = 0;
        for (let i = 0; i < after.length; i++) diff += Math.abs(after[i] - during[i]);
        // Read while the map was still the draft (its badge says so), then the full picture.
        expect(badge).toContain('coarse');
        expect(diff / after.length).toBeLessThan(15);
        expect(s.errors).toEqual([]);
      } finally {
        if (s !== app.s) await s.close();
      }
    }, 600_000);
  }
});
