// The viewer's output select says which output the map shows. At 1024 × 700, with a node of
// several outputs kept in the viewer (selected, then the canvas clicked), the "kept" chip beside
// it left the Hydraulic erosion's select 60 px: it read "out · h", which could be any output.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, openRecipe, screenshot, settle } from './harness.ts';

/** The viewer's header: the select's width and the width its selected words need, the title's, and the row's. */
async function header(page: Page): Promise<{ select: number; needs: number; title: number; right: number; row: number; text: string }> {
  return page.locator('tg-viewer select.port').evaluate((s: HTMLSelectElement) => {
    // The select's own size with only its selected option: as wide as those words and its arrow.
    const alone = s.cloneNode(false) as HTMLSelectElement;
    alone.append(s.selectedOptions[0].cloneNode(true));
    Object.assign(alone.style, { position: 'absolute', width: 'auto', minWidth: '0', maxWidth: 'none', flex: 'none', visibility: 'hidden' });
    s.parentNode!.append(alone);
    const needs = alone.getBoundingClientRect().width;
    alone.remove();
    const row = (s.parentNode as HTMLElement).getBoundingClientRect();
    const box = s.getBoundingClientRect();
    const h2 = (s.parentNode as HTMLElement).querySelector('h2')!.getBoundingClientRect();
    return { select: box.width, needs, title: h2.width, right: box.right, row: row.right, text: s.selectedOptions[0].textContent ?? '' };
  });
}

describe('the viewer’s output select', () => {
  const app = appPerTest();

  it('shows its chosen output’s words whole at 1024 × 700 beside a long title and the "kept" chip', async () => {
    const page: Page = app.s.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await openRecipe(page, 'eroded-valleys.json');
    await page.locator('tg-node[data-node-id="erosion"] header .title').click();
    await settle(page);
    const selected = await header(page);
    // Kept: the canvas clicked, no node selected, the viewer still on the erosion with its chip.
    // Empty canvas: a point of it on no node, card, minimap or notes.
    const empty = await page.locator('tg-app .canvas').evaluate((canvas) => {
      const box = canvas.getBoundingClientRect();
      const taken = [...canvas.querySelectorAll('tg-node, .tg-minimap, .notes-line, .notes-card')].flatMap((el) => [el, ...(el.shadowRoot ? [...el.shadowRoot.querySelectorAll('.params.card')] : [])]).map((el) => el.getBoundingClientRect());
      for (let y = box.top + 20; y < box.bottom - 20; y += 10)
        for (let x = box.left + 20; x < box.right - 20; x += 10) if (!taken.some((r) => x > r.left - 8 && x < r.right + 8 && y > r.top - 8 && y < r.bottom + 8)) return { x, y };
      return null;
    });
    expect(empty).not.toBeNull();
    await page.mouse.click(empty!.x, empty!.y);
    await settle(page);
    expect(await page.locator('tg-viewer .pinned-node').isVisible()).toBe(true);
    const kept = await header(page);
    await screenshot(page, 'viewer-output-select-kept-1024x700');
    for (const [state, h] of [['selected', selected], ['kept', kept]] as const) {
      expect(h.text, state).toBe('out · height');
      expect(h.select, `${state}: the select is ${h.select} px, its words need ${h.needs}`).toBeGreaterThanOrEqual(h.needs - 0.5);
      expect(h.right, state).toBeLessThanOrEqual(h.row + 0.5);
      // The title gives way, cut with an ellipsis (whole in its tooltip), but still reads.
      expect(h.title, state).toBeGreaterThanOrEqual(60);
    }
  });
});
