// The long-ranges recipe's claims on many seed shifts: a pass table beyond the three seed shifts
// that tests/recipes.test.ts holds (every claim, each shift, the figure and ✓ or ✗).
//
//   npx tsx scripts/long-ranges-seeds.ts [graph file] [shifts, e.g. 0,1000,…]
//
// Ten shifts (0 … 9000) by default. Too slow for the test suite at 256² on every run.

import { readFileSync } from 'node:fs';
import { parseGraph } from '../src/model/format.ts';
import { checkClaims } from '../src/recipes/claims.ts';

const file = process.argv[2] ?? 'graphs/long-ranges.json';
const shifts = (process.argv[3] ?? '0,1000,2000,3000,4000,5000,6000,7000,8000,9000').split(',').map(Number);
const graph = parseGraph(readFileSync(file, 'utf8'));
const start = parseGraph(readFileSync('graphs/terrain-start.json', 'utf8'));

const rows = shifts.map((shift) => ({ shift, results: checkClaims('long-ranges.json', graph, start, shift) }));
const claims = rows[0].results.map((r) => r.claim);
const fmt = (v: number, unit: string) => (!Number.isFinite(v) ? '–' : unit === '%' ? `${(v * 100).toFixed(1)} %` : v.toFixed(2) + unit);
console.log(`| claim | ${shifts.map((s) => `+${s}`).join(' | ')} | passes |`);
console.log(`|---|${shifts.map(() => '---').join('|')}|---|`);
claims.forEach((claim, k) => {
  const cells = rows.map((row) => `${fmt(row.results[k].value, claim.unit)} ${row.results[k].ok ? '✓' : '✗'}`);
  const passes = rows.filter((row) => row.results[k].ok).length;
  console.log(`| ${claim.text.slice(0, 70)} | ${cells.join(' | ')} | ${passes}/${rows.length} |`);
});
