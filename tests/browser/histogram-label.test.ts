// The sea level's label on the viewer's height histogram stays on the plot wherever the sea
// line falls on the axis, on the smallest map (a 1024 × 700 window: 256 px): right of the line
// up to the middle of the axis, left of it past the middle.
import { describe, expect, it } from 'vitest';
import { appPerTest, settle } from './harness.ts';

describe('the height histogram’s sea level label', () => {
  const app = appPerTest();

  it('stays on the plot at every position of the sea line on a 256 px map', async () => {
    const page = app.s.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.locator('tg-node[data-node-id="water"] header .title').click();
    await settle(page);
    await page.locator('tg-viewer tg-histogram .sea span').waitFor();
    // The histogram the worker sent, its sea level moved along the axis: 5 % to 95 % of it.
    const off = await page.evaluate(async () => {
      const viewer = document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!;
      const el = viewer.querySelector('tg-histogram') as HTMLElement & { histogram: { lo: number; hi: number; seaLevel: number }; width: number; updateComplete: Promise<boolean> };
      const h = el.histogram;
      const out: string[] = [];
      for (let k = 1; k < 20; k++) {
        el.histogram = { ...h, seaLevel: h.lo + (k / 20) * (h.hi - h.lo) };
        await el.updateComplete;
        const plot = el.shadowRoot!.querySelector('.plot')!.getBoundingClientRect();
        const label = el.shadowRoot!.querySelector('.sea span')!.getBoundingClientRect();
        if (label.left < plot.left - 0.5 || label.right > plot.right + 0.5) {
          out.push(`${k * 5} %: label ${label.left.toFixed(1)}–${label.right.toFixed(1)}, plot ${plot.left.toFixed(1)}–${plot.right.toFixed(1)} (map ${el.width} px)`);
        }
      }
      el.histogram = h;
      return out;
    });
    expect(off).toEqual([]);
  });
});
