// Where a fit puts the graph: the zoom and pan that show some rectangles (nodes, frames) whole
// in the canvas, clear of what lies over the canvas's foot (the notes line at its left, the
// minimap in its right corner).
//
// I used to fit into the whole canvas, as rete's zoomAt does: at 1024 × 700 the long-ranges
// recipe opened with its Inland curve under the notes line, and at both window sizes the
// carved-valleys recipe with its Fluvial erosion node under the minimap, so "see everything"
// hid a node. I did not fit into the box above the foot instead: that drew every tall graph
// smaller, the long ranges' titles under 10 px at 1600 × 1000, where nothing lay under the notes
// line. Plain geometry, no DOM: the canvas measures, this decides.

/** A rectangle: in canvas units for what is fitted, in the canvas box's pixels for the covers. */
export interface FitRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The canvas box in pixels and what covers it at its foot (each touching its bottom edge). */
export interface FitBox {
  readonly w: number;
  readonly h: number;
  readonly covers: readonly FitRect[];
}

export interface FitTransform {
  readonly x: number;
  readonly y: number;
  readonly k: number;
}

/** The share of the box's width or height the graph takes (a margin of 4 % each side). */
const SPAN = 0.92;
/** Pixels kept between a node and what covers the canvas. */
const GAP = 8;

const overlaps = (a: FitRect, b: FitRect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The transform (screen = canvas · k + (x, y)) that shows every rectangle, at most at full size
 * (k ≤ 1): centred in the box; when that puts one under a cover, moved up or left just enough
 * (the shorter move that keeps the graph in the box and clears every cover); when no move does,
 * fitted into the box above the covers, or left of the right one, whichever draws it larger.
 */
export function fitTransform(rects: readonly FitRect[], box: FitBox): FitTransform {
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const width = Math.max(...rects.map((r) => r.x + r.w)) - left || 1;
  const height = Math.max(...rects.map((r) => r.y + r.h)) - top || 1;
  const into = (w: number, h: number): FitTransform => {
    const k = Math.min((w / width) * SPAN, (h / height) * SPAN, 1);
    return { k, x: w / 2 - (left + width / 2) * k, y: h / 2 - (top + height / 2) * k };
  };
  const covers = box.covers.filter((c) => c.w > 0 && c.h > 0);
  const screen = (t: FitTransform) => rects.map((r) => ({ x: t.x + r.x * t.k, y: t.y + r.y * t.k, w: r.w * t.k, h: r.h * t.k }));
  const clear = (t: FitTransform) => t.x + left * t.k >= 0 && t.y + top * t.k >= 0 && !screen(t).some((r) => covers.some((c) => overlaps(r, c)));
  const fit = into(box.w, box.h);
  if (clear(fit)) return fit;
  // Up: whatever lies over a cover's columns ends above its top; left: whatever lies over a
  // cover's rows ends left of it (the minimap's; the notes line starts at the canvas's left).
  const drawn = screen(fit);
  const shift = (cross: (r: FitRect, c: FitRect) => boolean, past: (r: FitRect, c: FitRect) => number) =>
    Math.max(0, ...covers.flatMap((c) => drawn.filter((r) => cross(r, c)).map((r) => past(r, c) + GAP)));
  const up = shift((r, c) => r.x < c.x + c.w && r.x + r.w > c.x, (r, c) => r.y + r.h - c.y);
  const aside = shift((r, c) => r.y < c.y + c.h && r.y + r.h > c.y, (r, c) => r.x + r.w - c.x);
  const moves = [
    { by: up, t: { ...fit, y: fit.y - up } },
    { by: aside, t: { ...fit, x: fit.x - aside } },
  ].filter((m) => clear(m.t));
  if (moves.length) return moves.reduce((a, b) => (b.by < a.by ? b : a)).t;
  const above = into(box.w, Math.max(1, Math.min(...covers.map((c) => c.y)) - GAP));
  const rightmost = covers.reduce((a, b) => (b.x > a.x ? b : a));
  const beside = into(Math.max(1, rightmost.x - GAP), box.h);
  return clear(beside) && beside.k > above.k ? beside : above;
}

/** Pixels a column cut by the canvas's edge needs past its nodes: their sockets stand half out of their sides. */
const SOCKET_ROOM = 8;

/**
 * The transform a graph opens at: the whole fit (fitTransform) when that draws it at `minK` or
 * more, else `minK` with the graph panned. At 1024 × 700 the whole fit drew the shipped recipes'
 * titles at 7-8 px (eroded valleys, the rivers: 8 columns of nodes in a 730-pixel canvas), too
 * small to read; Gaea and World Machine open a graph at a zoom one can read and let one pan,
 * and so does this, the minimap showing the rest. Fit (F) still shows everything.
 *
 * Panned: along an axis the graph fits, it is centred; along one it does not, its start (left,
 * top: where its sources are) is shown, and a column the canvas's edge cuts by less than the
 * margin comes in whole. `focus`, a node the person selected, is shown whole even when that
 * takes the start out of sight. Each of `also` (the final output, then the graph's other outputs)
 * is brought in whole where a further move can, keeping the start and the focus in sight.
 *
 * I used to show the final output always, the start only when the output was in sight with it:
 * at 1024 × 700 every shipped recipe opened at "Height = C + E · PV", its noises and curves out
 * of sight to the left, and a newcomer's first view began in the middle of the graph. The viewer
 * beside the canvas draws the final output large already; the canvas is where one reads how the
 * graph gets there, from its first node on.
 */
export function readableFit(rects: readonly FitRect[], box: FitBox, minK: number, focus?: FitRect, also: readonly FitRect[] = []): FitTransform {
  const whole = fitTransform(rects, box);
  if (whole.k >= minK || !rects.length) return whole;
  const k = minK;
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const width = Math.max(...rects.map((r) => r.x + r.w)) - left;
  const height = Math.max(...rects.map((r) => r.y + r.h)) - top;
  const margin = (size: number) => (size * (1 - SPAN)) / 2;
  // One axis: the graph's span [start, start + span] at k in a box `size` long.
  const place = (spans: readonly (readonly [number, number])[], start: number, span: number, size: number, focusStart?: number, focusSpan?: number) => {
    const m = margin(size);
    if (span * k <= size - 2 * m) return size / 2 - (start + span / 2) * k;
    let t = m - start * k;
    // A column (row) the edge cuts by less than the margin: the view moves that little further,
    // the start staying in the box. At 1024 × 700 the sixth column of a recipe ended 0.3 px past
    // the canvas, its output sockets cut in half.
    const cut = spans.map(([a, w]) => t + (a + w) * k + SOCKET_ROOM - size).filter((d, i) => d > 0 && t + spans[i][0] * k < size && t + start * k - d >= 0);
    if (cut.length) t -= Math.min(...cut);
    if (focusStart !== undefined && focusSpan !== undefined) {
      const end = t + (focusStart + focusSpan) * k;
      if (end > size - m) t -= end - (size - m);
    }
    return t;
  };
  let x = place(rects.map((r) => [r.x, r.w] as const), left, width, box.w, focus?.x, focus?.w);
  let y = place(rects.map((r) => [r.y, r.h] as const), top, height, box.h, focus?.y, focus?.h);
  // An output past the right or bottom edge: moved in when it comes in whole and the start and
  // the focus stay in the box.
  // A start already out of the box (a focus far from it took it out) holds no move back.
  const stays = (t: number, start: number | undefined) => start === undefined || t + start * k >= 0;
  const keeps = (t: number, d: number, start: number | undefined) => stays(t - d, start) || !stays(t, start);
  for (const r of also) {
    const mx = margin(box.w);
    const my = margin(box.h);
    const past = (t: number, start: number, span: number, size: number, m: number) => t + (start + span) * k - (size - m);
    const dx = past(x, r.x, r.w, box.w, mx);
    if (dx > 0 && keeps(x, dx, left) && stays(x - dx, focus?.x) && x + r.x * k - dx >= mx) x -= dx;
    const dy = past(y, r.y, r.h, box.h, my);
    if (dy > 0 && keeps(y, dy, top) && stays(y - dy, focus?.y) && y + r.y * k - dy >= my) y -= dy;
  }
  // A node wholly in sight under the notes line or the minimap (the focus, or the island's
  // Flow and rivers under the minimap at 1024 × 700): the view moves up or left of the cover,
  // whichever is the shorter move that keeps the start and the focus in the box. Nodes cut by
  // the box's edge are the panned-away part of the graph, reached by panning as the rest is.
  const covers = box.covers.filter((c) => c.w > 0 && c.h > 0);
  const at = (r: FitRect) => ({ x: x + r.x * k, y: y + r.y * k, w: r.w * k, h: r.h * k });
  const inBox = (r: FitRect) => r.x >= 0 && r.y >= 0 && r.x + r.w <= box.w && r.y + r.h <= box.h;
  for (const c of covers) {
    const under = rects.map(at).filter((r) => inBox(r) && overlaps(r, c));
    if (!under.length) continue;
    const up = Math.max(...under.map((r) => r.y + r.h - c.y)) + GAP;
    const aside = Math.max(...under.map((r) => r.x + r.w - c.x)) + GAP;
    const moves = [
      { by: up, ok: keeps(y, up, top) && stays(y - up, focus?.y), apply: () => (y -= up) },
      { by: aside, ok: keeps(x, aside, left) && stays(x - aside, focus?.x), apply: () => (x -= aside) },
    ].filter((m) => m.ok);
    if (moves.length) moves.reduce((a, b) => (b.by < a.by ? b : a)).apply();
  }
  // A row (column) the box's far edge still cuts, with only a sliver of it in sight: the view
  // moves down (right) that little, the row wholly past the edge, when that cuts no other node
  // nor puts one under a cover. At 1024 × 700 the long ranges opened with their ridges' row cut
  // by the canvas's foot, its titles alone in sight, under the notes line.
  const under = (tx: number, ty: number) => rects.some((r) => {
    const s = { x: tx + r.x * k, y: ty + r.y * k, w: r.w * k, h: r.h * k };
    return inBox(s) && covers.some((c) => overlaps(s, c));
  });
  const coveredNow = under(x, y);
  const sliver = (t: number, spans: readonly (readonly [number, number])[], size: number) => {
    const cut = spans.filter(([a, w]) => t + a * k < size && t + (a + w) * k > size);
    if (!cut.length) return 0;
    const d = Math.max(...cut.map(([a]) => size - (t + a * k)));
    if (d > 2 * margin(size)) return 0;
    // No node whole in the box before cut by the move, or taken out of it.
    if (spans.some(([a, w]) => t + (a + w) * k <= size && t + (a + w) * k + d > size)) return 0;
    return d;
  };
  const dy = sliver(y, rects.map((r) => [r.y, r.h] as const), box.h);
  if (dy && (coveredNow || !under(x, y + dy))) y += dy;
  const dx = sliver(x, rects.map((r) => [r.x, r.w] as const), box.w);
  if (dx && (coveredNow || !under(x + dx, y))) x += dx;
  return { x, y, k };
}

/**
 * The transform Fit uses when the rectangles do not all show even at the least zoom `k`
 * (fitTransform wants less): at `k`, centred on their middle, as Blender's View All is when its
 * zoom is at its limit. I used to set the pan fitTransform chose for the smaller zoom and let
 * rete's restrictor clamp the zoom about the canvas's top left: a row of 120 nodes sat with its
 * first node 42 px in and some 4 px low, neither centred nor at its start.
 */
export function centredAt(rects: readonly FitRect[], box: FitBox, k: number): FitTransform {
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const width = Math.max(...rects.map((r) => r.x + r.w)) - left;
  const height = Math.max(...rects.map((r) => r.y + r.h)) - top;
  return { k, x: box.w / 2 - (left + width / 2) * k, y: box.h / 2 - (top + height / 2) * k };
}
