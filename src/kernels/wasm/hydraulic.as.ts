// Hydraulic erosion's droplets (src/kernels/hydraulic.ts) in WebAssembly: the same operations on
// the same doubles in the same order as the JS kernel, which stays the reference, so the same
// bits (tests/erosion.test.ts compares them).
//
// The caller lays out, in this module's memory, the heights times the height scale (h), the
// wear and the deposit sums (all doubles, n × n) and the brush (its cells' offsets in the grid,
// their column and row offsets as i32, their weights as doubles), and calls `rows` for each row
// of cells in turn, between its checkpoints; the sediment carried off the map's edge adds up in
// `carried`, read after the last row.
//
// Not TypeScript: `npm run wasm` compiles this file into hydraulic-binary.ts. IEEE add, subtract,
// multiply, divide and square root only (no fused multiply-add); nothing allocates.

/** Sediment carried off the map's edge by the droplets so far (set to 0 by `start`). */
let carried: f64 = 0;

export function start(): void {
  carried = 0;
}

export function carriedOff(): f64 {
  return carried;
}

/** hash32 of hydraulic.ts (lowbias32), on i32 with wrapping multiplies. */
@inline function hash32(v: i32): i32 {
  let x = v;
  x ^= <i32>(<u32>x >>> 16);
  x = x * 0x7feb352d;
  x ^= <i32>(<u32>x >>> 15);
  x = x * <i32>0x846ca68b;
  x ^= <i32>(<u32>x >>> 16);
  return x;
}

/** unit of hydraulic.ts: a number in [0, 1) from a seed, a world cell and a slot. */
@inline function unit(seed: i32, col: i32, row: i32, slot: i32): f64 {
  return <f64><u32>hash32(hash32(hash32(hash32(seed) ^ col) ^ row) + slot) / 4294967296.0;
}

/**
 * Lays `amount` down on the four cells around (x, y) = (c + u, r + v), cell i = r · n + c: the
 * parts bilinear, the last the rest, so they sum to `amount` exactly.
 */
@inline function layDown(hAt: usize, laidAt: usize, i: i32, n: i32, u: f64, v: f64, amount: f64): void {
  const a00 = amount * (1 - u) * (1 - v);
  const a10 = amount * u * (1 - v);
  const a01 = amount * (1 - u) * v;
  const a11 = amount - a00 - a10 - a01;
  add(hAt, i, a00);
  add(laidAt, i, a00);
  add(hAt, i + 1, a10);
  add(laidAt, i + 1, a10);
  add(hAt, i + n, a01);
  add(laidAt, i + n, a01);
  add(hAt, i + n + 1, a11);
  add(laidAt, i + n + 1, a11);
}

@inline function at(base: usize, i: i32): f64 {
  return load<f64>(base + (<usize>i << 3));
}

@inline function add(base: usize, i: i32, d: f64): void {
  const p = base + (<usize>i << 3);
  store<f64>(p, load<f64>(p) + d);
}

/**
 * The droplets of the cells of rows r0 … r1 − 1, in row order, each cell releasing `whole`
 * droplets and one more with chance `part`; returns the steps they took. Every name is
 * hydraulic.ts's.
 */
export function rows(
  n: i32, r0: i32, r1: i32,
  hAt: usize, wornAt: usize, laidAt: usize,
  brushAt: usize, dcAt: usize, drAt: usize, wAt: usize, brushCells: i32, reach: i32,
  whole: i32, part: f64, col0: i32, row0: i32, seed: i32, lifetime: i32,
  inertia: f64, capacity: f64, minCapacity: f64, erosion: f64, deposition: f64, keep: f64, gravity: f64,
): i32 {
  const last = n - 1;
  const lastF = <f64>last;
  let steps = 0;
  for (let sr = r0; sr < r1; sr++) {
    for (let sc = 0; sc < n; sc++) {
      const wc = sc + col0;
      const wr = sr + row0;
      for (let k = 0; ; k++) {
        if (k >= whole && !(k == whole && unit(seed, wc, wr, 0) < part)) break;
        // Anywhere in the cell (cell centres sit at whole coordinates), kept inside [0, n − 1).
        let x = (<f64>sc - 0.5) + unit(seed, wc, wr, 2 * k + 1);
        let y = (<f64>sr - 0.5) + unit(seed, wc, wr, 2 * k + 2);
        x = x < 0 ? 0 : x >= lastF ? lastF - 1e-9 : x;
        y = y < 0 ? 0 : y >= lastF ? lastF - 1e-9 : y;
        let dx: f64 = 0;
        let dy: f64 = 0;
        let speed: f64 = 1;
        let water: f64 = 1;
        let sediment: f64 = 0;
        let inside = true;
        for (let step = 0; step < lifetime; step++) {
          const c = <i32>x;
          const r = <i32>y;
          const u = x - <f64>c;
          const v = y - <f64>r;
          const i = r * n + c;
          const h00 = at(hAt, i);
          const h10 = at(hAt, i + 1);
          const h01 = at(hAt, i + n);
          const h11 = at(hAt, i + n + 1);
          const gx = (h10 - h00) * (1 - v) + (h11 - h01) * v;
          const gy = (h01 - h00) * (1 - u) + (h11 - h10) * u;
          const here = h00 * (1 - u) * (1 - v) + h10 * u * (1 - v) + h01 * (1 - u) * v + h11 * u * v;
          dx = dx * inertia - gx * (1 - inertia);
          dy = dy * inertia - gy * (1 - inertia);
          const len = Math.sqrt(dx * dx + dy * dy);
          if (len == 0) break;
          dx /= len;
          dy /= len;
          x += dx;
          y += dy;
          steps++;
          if (!(x >= 0 && y >= 0 && x < lastF && y < lastF)) {
            carried += sediment;
            sediment = 0;
            inside = false;
            break;
          }
          const nc = <i32>x;
          const nr = <i32>y;
          const nu = x - <f64>nc;
          const nv = y - <f64>nr;
          const j = nr * n + nc;
          const there = at(hAt, j) * (1 - nu) * (1 - nv) + at(hAt, j + 1) * nu * (1 - nv) + at(hAt, j + n) * (1 - nu) * nv + at(hAt, j + n + 1) * nu * nv;
          const drop = there - here;
          const carry = Math.max(-drop * speed * water * capacity, minCapacity);
          if (drop > 0 || sediment > carry) {
            const amount = drop > 0 ? Math.min(drop, sediment) : (sediment - carry) * deposition;
            sediment -= amount;
            layDown(hAt, laidAt, i, n, u, v, amount);
          } else {
            const amount = Math.min((carry - sediment) * erosion, -drop);
            const bc = <i32>(x - dx + 0.5);
            const br = <i32>(y - dy + 0.5);
            let taken: f64 = 0;
            if (bc >= reach && br >= reach && bc < n - reach && br < n - reach) {
              const bi = br * n + bc;
              for (let b = 0; b < brushCells; b++) {
                const m = bi + load<i32>(brushAt + (<usize>b << 2));
                const want = amount * load<f64>(wAt + (<usize>b << 3));
                const room = at(hAt, m) - there;
                const t = want < room ? want : room > 0 ? room : 0;
                add(hAt, m, -t);
                add(wornAt, m, t);
                taken += t;
              }
            } else {
              for (let b = 0; b < brushCells; b++) {
                const cc = bc + load<i32>(dcAt + (<usize>b << 2));
                const rr = br + load<i32>(drAt + (<usize>b << 2));
                if (cc < 0 || rr < 0 || cc >= n || rr >= n) continue;
                const m = rr * n + cc;
                const want = amount * load<f64>(wAt + (<usize>b << 3));
                const room = at(hAt, m) - there;
                const t = want < room ? want : room > 0 ? room : 0;
                add(hAt, m, -t);
                add(wornAt, m, t);
                taken += t;
              }
            }
            sediment += taken;
          }
          speed = Math.sqrt(Math.max(0, speed * speed - drop * gravity));
          water *= keep;
        }
        if (inside && sediment > 0) {
          const c = <i32>x;
          const r = <i32>y;
          layDown(hAt, laidAt, r * n + c, n, x - <f64>c, y - <f64>r, sediment);
        }
      }
    }
  }
  return steps;
}
