// The column pass of the exact Euclidean distance transform (Felzenszwalb & Huttenlocher 2012)
// in WebAssembly, for any block of columns, so threads can each take a block.
//
// The row pass (distance.ts, in JS) gives every cell its squared distance to the nearest site
// along its row; this pass takes, down each column, the lower envelope of the parabolas
// (q − p)² + g²[p] and evaluates it on the rows wanted. Non-sites stay out of the envelope
// instead of taking INF = 1e20 (which loses the q² terms to rounding), so the result is exact
// and a column without a site stays at +∞. Columns are transposed into a contiguous buffer 16
// at a time, so the envelope reads each column contiguously, and finished 16 at a time, so the
// output is written 16 contiguous values per row.
//
// Not TypeScript: `npm run wasm` compiles this file into distance-binary.ts. The caller
// (distance-instance.ts) lays out every buffer and passes byte offsets; nothing here allocates.

/** Columns transposed and finished at a time. */
const BLOCK: i32 = 16;

/** Bytes of scratch columnPass needs for columns n long. */
export function columnScratchBytes(n: i32): usize {
  return ((<usize>(n + 1) + <usize>(BLOCK * n)) << 3) + ((<usize>(BLOCK * n) + <usize>n) << 2);
}

/**
 * Distances × unit, capped at `cap` (+∞ for none), for w columns n rows long: squared row
 * distances (f32, n rows of w) at `gAt`; rows rowFrom … rowFrom + rows − 1 written as f32 rows
 * of w at `outAt`. Scratch at `scratchAt` (8-aligned): columnScratchBytes(n).
 */
export function columnPass(n: i32, w: i32, gAt: usize, rowFrom: i32, rows: i32, outAt: usize, scratchAt: usize, unit: f64, cap: f64): void {
  const z = scratchAt; // f64 n + 1: boundaries between the envelope's parabolas
  const d = z + (<usize>(n + 1) << 3); // f64 BLOCK × n: squared distances of a block of columns
  const columns = d + (<usize>(BLOCK * n) << 3); // f32 BLOCK × n: a block of columns, each contiguous
  const v = columns + (<usize>(BLOCK * n) << 2); // i32 n: rows of the envelope's parabolas
  const capf = <f32>cap;
  for (let c0 = 0; c0 < w; c0 += BLOCK) {
    const width = min(BLOCK, w - c0);
    for (let q = 0; q < n; q++) {
      const row = gAt + (<usize>(q * w + c0) << 2);
      for (let t = 0; t < width; t++) store<f32>(columns + (<usize>(t * n + q) << 2), load<f32>(row + (<usize>t << 2)));
    }
    for (let t = 0; t < width; t++) envelope(columns + (<usize>(t * n) << 2), d + (<usize>(t * n) << 3), n, v, z, rowFrom, rows);
    for (let q = 0; q < rows; q++) {
      const out = outAt + (<usize>(q * w + c0) << 2);
      const from = d + (<usize>q << 3);
      for (let t = 0; t < width; t++) {
        const e = <f32>(Math.sqrt(load<f64>(from + (<usize>(t * n) << 3))) * unit);
        store<f32>(out + (<usize>t << 2), <f64>e > cap ? capf : e);
      }
    }
  }
}

/**
 * Lower envelope of the parabolas (q − p)² + f[p] over the finite f[p], evaluated at rows
 * rowFrom … rowFrom + rows − 1 into d (from its start). f is Float32 (squared integers, exact up
 * to n = 4096), d and z are Float64. A site (f = 0) with sites above and below is left out: its
 * neighbours are nearer to every row but its own, where the distance is 0 anyway. The open sea
 * is most of the sites, so the envelope holds about the coast's only. Every value is the exact
 * minimum over the parabolas (integers), so leaving dominated ones out changes no bit.
 */
function envelope(f: usize, d: usize, n: i32, v: usize, z: usize, rowFrom: i32, rows: i32): void {
  let k = -1;
  let above: f32 = Infinity; // f[q − 1]
  for (let q = 0; q < n; q++) {
    const f32q = load<f32>(f + (<usize>q << 2));
    const fq = <f64>f32q;
    const wasSite = above == 0;
    above = f32q;
    if (fq == Infinity) continue;
    if (fq == 0 && wasSite && q + 1 < n && load<f32>(f + (<usize>(q + 1) << 2)) == 0) continue;
    const qf = <f64>q;
    const hq = fq + qf * qf;
    if (k < 0) {
      k = 0;
      store<i32>(v, q);
      store<f64>(z, -Infinity);
      store<f64>(z + 8, Infinity);
      continue;
    }
    // z[0] is −∞, so the loop always stops by k = 0.
    let p = load<i32>(v + (<usize>k << 2));
    let pf = <f64>p;
    let s = (hq - (<f64>load<f32>(f + (<usize>p << 2)) + pf * pf)) / (2 * (qf - pf));
    while (s <= load<f64>(z + (<usize>k << 3))) {
      k--;
      p = load<i32>(v + (<usize>k << 2));
      pf = <f64>p;
      s = (hq - (<f64>load<f32>(f + (<usize>p << 2)) + pf * pf)) / (2 * (qf - pf));
    }
    k++;
    store<i32>(v + (<usize>k << 2), q);
    store<f64>(z + (<usize>k << 3), s);
    store<f64>(z + (<usize>(k + 1) << 3), Infinity);
  }
  if (k < 0) {
    for (let q = 0; q < rows; q++) store<f64>(d + (<usize>q << 3), Infinity);
    return;
  }
  let j = 0;
  for (let q = rowFrom; q < rowFrom + rows; q++) {
    const qf = <f64>q;
    while (load<f64>(z + (<usize>(j + 1) << 3)) < qf) j++;
    const fq = load<f32>(f + (<usize>q << 2));
    if (fq == 0) {
      store<f64>(d + (<usize>(q - rowFrom) << 3), 0);
      continue;
    }
    const p = load<i32>(v + (<usize>j << 2));
    const e = qf - <f64>p;
    store<f64>(d + (<usize>(q - rowFrom) << 3), e * e + <f64>load<f32>(f + (<usize>p << 2)));
  }
}
