// Exact Euclidean distance transform in linear time (Felzenszwalb & Huttenlocher 2012,
// "Distance transforms of sampled functions").
//
// Our input is binary (a site or not), so the first 1-D pass needs no parabolas: along each
// row the distance to the nearest site is two scans, forward and back. The second pass runs
// the paper's lower envelope of parabolas down every column on those squared row distances.
// Non-sites stay out of the envelope altogether instead of taking the paper's INF = 1e20
// (which loses the q² terms to rounding), so the result is exact and a grid without any site
// stays at +Infinity. Row results are stored transposed so both passes read contiguously.

import { assertGrid, type Domain } from '../grid.ts';
import { scratch } from './scratch.ts';

/**
 * Lower envelope of the parabolas (q − p)² + f[p] for the finite f[p], evaluated at every q,
 * into d. v and z are scratch of length n and n + 1.
 */
function envelope1d(f: Float32Array, d: Float64Array, n: number, v: Int32Array, z: Float64Array): void {
  let k = -1;
  for (let q = 0; q < n; q++) {
    const fq = f[q];
    if (fq === Infinity) continue;
    const hq = fq + q * q;
    if (k < 0) {
      k = 0;
      v[0] = q;
      z[0] = -Infinity;
      z[1] = Infinity;
      continue;
    }
    // z[0] is −∞, so the loop always stops by k = 0.
    let p = v[k];
    let s = (hq - (f[p] + p * p)) / (2 * (q - p));
    while (s <= z[k]) {
      k--;
      p = v[k];
      s = (hq - (f[p] + p * p)) / (2 * (q - p));
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  if (k < 0) {
    d.fill(Infinity, 0, n);
    return;
  }
  let j = 0;
  for (let q = 0; q < n; q++) {
    while (z[j + 1] < q) j++;
    const p = v[j];
    d[q] = (q - p) * (q - p) + f[p];
  }
}

/**
 * Distance from every cell to the nearest cell whose `sites` entry is non-zero, in grid cells
 * times `unit`; 0 on sites, +Infinity everywhere when there is no site. Sites outside the grid
 * are not seen.
 */
export function distanceTransform(
  /* out */ out: Float32Array,
  domain: Domain,
  sites: Uint8Array,
  unit: number,
): void {
  assertGrid('distance output', out, domain);
  assertGrid('distance sites', sites, domain);
  const n = domain.n;
  // rowsT[c * n + r]: squared distance along row r to its nearest site, stored by column.
  // Float32 holds these integers exactly up to n = 4096 and halves the memory traffic.
  const rowsT = scratch('edt.rowsT', Float32Array, n * n);
  for (let r = 0; r < n; r++) {
    const base = r * n;
    let last = -Infinity;
    for (let c = 0; c < n; c++) {
      if (sites[base + c]) last = c;
      const g = c - last;
      rowsT[c * n + r] = g * g; // +Infinity until the first site
    }
    last = Infinity;
    for (let c = n - 1; c >= 0; c--) {
      if (sites[base + c]) last = c;
      const g = last - c;
      const at = c * n + r;
      if (g * g < rowsT[at]) rowsT[at] = g * g;
    }
  }
  const d = scratch('edt.d', Float64Array, n);
  const v = scratch('edt.v', Int32Array, n);
  const z = scratch('edt.z', Float64Array, n + 1);
  for (let c = 0; c < n; c++) {
    envelope1d(rowsT.subarray(c * n, c * n + n), d, n, v, z);
    for (let r = 0; r < n; r++) out[r * n + c] = Math.sqrt(d[r]) * unit;
  }
}
