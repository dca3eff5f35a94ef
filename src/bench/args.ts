// `npm run bench` options: one strict reading, so `--help` prints the usage and a wrong option
// is refused with a message naming it, instead of being taken for a graph file's name.

import { existsSync, statSync } from 'node:fs';

/** The whole-graph scenarios; each `--only` value below picks one of them or a separate bench. */
export const BENCH_SCENARIOS = ['cold', 'first run', 'curve edit', 'inland edit', 'wind edit', 'pan'] as const;
/** The sizes the scenarios have run counts for (src/bench/main.ts RUNS). */
export const BENCH_SIZES = [256, 512, 1024] as const;
/** Benches of their own: halo costs, tiled builds, the terrain operators, each node's kernel. */
const SEPARATE = ['halo', 'build', 'build-16k', 'operators', 'nodes'] as const;

export type BenchScenario = (typeof BENCH_SCENARIOS)[number];
export type BenchPart = (typeof SEPARATE)[number];

export type BenchArgs =
  | { readonly kind: 'help' }
  | { readonly kind: 'scenarios'; readonly file: string; readonly scenarios: BenchScenario[]; readonly sizes: number[]; readonly quick: boolean }
  | { readonly kind: 'part'; readonly part: BenchPart; readonly sizes: number[] | null };

export const BENCH_USAGE = `usage: npm run bench -- [graph.json] [--only WHAT] [--sizes N,N]

  graph.json       the graph to time (default graphs/default.json)
  --only WHAT      one scenario: ${BENCH_SCENARIOS.map((s) => (s.includes(' ') ? `"${s}"` : s)).join(', ')}
                   or a bench of its own: ${SEPARATE.join(', ')}
  --sizes N,N      sizes to run: ${BENCH_SIZES.join(', ')} for the scenarios; any of 16…4096 for
                   --only operators and --only nodes (default 256,1024)
  --help           this text

With no option it runs every scenario at every size and then the tiled build, and writes
bench-results/bench.json.`;

/** A refusal of the bench's options; main prints its message and the usage, and exits 2. */
export class BenchArgError extends Error {}

function parseSizes(text: string | undefined, part: BenchPart | null): number[] {
  if (text === undefined || text.startsWith('--')) throw new BenchArgError('--sizes needs a value, such as 256,512');
  const sizes = text.split(',').map((s) => s.trim());
  for (const s of sizes) {
    const n = Number(s);
    const ok = s !== '' && Number.isInteger(n) && (part ? n >= 16 && n <= 4096 : (BENCH_SIZES as readonly number[]).includes(n));
    if (!ok) {
      const range = part ? 'whole numbers from 16 to 4096' : `one of ${BENCH_SIZES.join(', ')}`;
      throw new BenchArgError(`--sizes: "${s}" is not ${range} (in --sizes ${text})`);
    }
  }
  return sizes.map(Number);
}

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  let file: string | null = null;
  let only: string | null = null;
  let sizesText: string | undefined;
  let sizesGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') return { kind: 'help' };
    if (a === '--only') {
      if (only !== null) throw new BenchArgError(`--only is given twice ("${only}" and "${argv[i + 1] ?? ''}"); give it once`);
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new BenchArgError('--only needs a value, such as "curve edit" or nodes');
      if (!(BENCH_SCENARIOS as readonly string[]).includes(v) && !(SEPARATE as readonly string[]).includes(v)) {
        throw new BenchArgError(`--only: no bench "${v}"; there are ${[...BENCH_SCENARIOS, ...SEPARATE].join(', ')}`);
      }
      only = v;
    } else if (a === '--sizes') {
      if (sizesGiven) throw new BenchArgError('--sizes is given twice; give it once');
      sizesGiven = true;
      sizesText = argv[++i];
      if (sizesText === undefined || sizesText.startsWith('--')) throw new BenchArgError('--sizes needs a value, such as 256,512');
    } else if (a.startsWith('-')) {
      throw new BenchArgError(`unknown option ${a}`);
    } else {
      if (file !== null) throw new BenchArgError(`one graph file at a time: got ${file} and ${a}`);
      file = a;
    }
  }
  const part = (SEPARATE as readonly string[]).includes(only ?? '') ? (only as BenchPart) : null;
  const sizes = sizesGiven ? parseSizes(sizesText, part) : null;
  if (part) {
    // The separate benches read graphs/default.json (their own set-ups); say so rather than ignore a file.
    if (file !== null) throw new BenchArgError(`--only ${part} times graphs/default.json; leave out ${file}`);
    if (sizes && part !== 'operators' && part !== 'nodes') throw new BenchArgError(`--only ${part} has fixed sizes; leave out --sizes`);
    return { kind: 'part', part, sizes };
  }
  const path = file ?? 'graphs/default.json';
  if (!existsSync(path)) throw new BenchArgError(`${path}: no such file`);
  if (!statSync(path).isFile()) throw new BenchArgError(`${path}: not a regular file`);
  return {
    kind: 'scenarios',
    file: path,
    scenarios: only ? [only as BenchScenario] : [...BENCH_SCENARIOS],
    sizes: sizes ?? [...BENCH_SIZES],
    quick: only !== null || sizes !== null,
  };
}

/** The node each edit scenario changes (src/bench/main.ts stepFor), by id. */
const EDITED: Partial<Record<BenchScenario, string>> = { 'curve edit': 'contCurve', 'inland edit': 'contCurve', 'wind edit': 'wind' };

/** Why the graph cannot run a scenario asked for (it lacks the node the scenario edits), or null. */
export function scenarioProblem(file: string, nodeIds: readonly string[], scenarios: readonly BenchScenario[]): string | null {
  const missing = scenarios.filter((sc) => EDITED[sc] !== undefined && !nodeIds.includes(EDITED[sc]!));
  if (!missing.length) return null;
  const what = missing.map((sc) => `"${sc}" edits the node "${EDITED[sc]}"`).join(', ');
  return `${file} cannot run every scenario asked: ${what}, which it does not have; choose others with --only`;
}
