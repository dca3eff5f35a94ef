// The Export → Tiles box's command line wraps between its flags, each flag on one line with its
// value: broken anywhere it read "--height-range 1" at a line's end and "200" at the next one's
// start, and "--cells-pe" / "r-view". At 1600 × 1000 and 1024 × 700, and what a copy takes is the
// command itself.
import { describe, expect, it } from 'vitest';
import { settle, withApp } from './harness.ts';

describe('the Export → Tiles command line', () => {
  for (const [width, height] of [
    [1600, 1000],
    [1024, 700],
  ]) {
    it(`keeps each flag and its value on one line at ${width} × ${height}`, async () => {
      await withApp({ viewport: { width, height }, recipe: 'island.json' }, async (page) => {
        await page.locator('tg-node[data-node-id="water"] header .title').click();
        await settle(page);
        await page.locator('tg-viewer button.tiles-open').click();
        const code = page.locator('tg-tiles-dialog p.command code');
        await code.waitFor();
        const command = await code.textContent();
        expect(command).toMatch(/^npx terrain-graph build island\.json --region .* --metres-per-cell 10 --height-range 1000 --out island\.water\.tiles-1009-256$/);
        // The lines each part of the command lies on, read from the text's own boxes.
        const split = await code.evaluate((el) => {
          const text = el.textContent!;
          const parts = text.split(/ (?=--)/);
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const nodes: Text[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
          /** The text node and offset of the k-th character of the code's text. */
          const at = (k: number): [Text, number] => {
            for (const n of nodes) {
              if (k < n.length) return [n, k];
              k -= n.length;
            }
            const last = nodes[nodes.length - 1];
            return [last, last.length];
          };
          const broken: string[] = [];
          let from = 0;
          for (const part of parts) {
            const range = document.createRange();
            range.setStart(...at(from));
            range.setEnd(...at(from + part.length));
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) broken.push(part);
            from += part.length + 1;
          }
          return { broken };
        });
        expect(split.broken).toEqual([]);
      });
    });
  }
});
