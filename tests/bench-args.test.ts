// `npm run bench` options (issue 11): --help prints the usage, and a wrong option, size or file
// is refused by name with exit 2, never a stack trace (it used to read "--help" as a graph file).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BenchArgError, BENCH_SCENARIOS, BENCH_SIZES, BENCH_USAGE, parseBenchArgs, scenarioProblem } from '../src/bench/args.ts';

function refusal(...argv: string[]): string {
  try {
    parseBenchArgs(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(BenchArgError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('bench options', () => {
  it('reads the documented forms', () => {
    expect(parseBenchArgs([])).toEqual({ kind: 'scenarios', file: 'graphs/default.json', scenarios: [...BENCH_SCENARIOS], sizes: [...BENCH_SIZES], quick: false });
    expect(parseBenchArgs(['--only', 'curve edit', '--sizes', '256,512'])).toMatchObject({ kind: 'scenarios', scenarios: ['curve edit'], sizes: [256, 512], quick: true });
    expect(parseBenchArgs(['graphs/climate-kauai.json', '--only', 'cold'])).toMatchObject({ file: 'graphs/climate-kauai.json', scenarios: ['cold'] });
    expect(parseBenchArgs(['--only', 'nodes', '--sizes', '64'])).toEqual({ kind: 'part', part: 'nodes', sizes: [64] });
    expect(parseBenchArgs(['--only', 'halo'])).toEqual({ kind: 'part', part: 'halo', sizes: null });
    expect(parseBenchArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseBenchArgs(['--only', 'cold', '-h'])).toEqual({ kind: 'help' });
  });

  it('names each wrong option', () => {
    expect(refusal('--frob')).toBe('unknown option --frob');
    expect(refusal('--only', 'fast')).toMatch(/^--only: no bench "fast"; there are cold, first run, curve edit/);
    expect(refusal('--only')).toMatch(/^--only needs a value/);
    expect(refusal('--only', 'cold', '--only', 'pan')).toMatch(/--only is given twice/);
    expect(refusal('--sizes', '300')).toBe('--sizes: "300" is not one of 256, 512, 1024 (in --sizes 300)');
    expect(refusal('--sizes', '256,,512')).toMatch(/^--sizes: "" is not one of/);
    expect(refusal('--only', 'nodes', '--sizes', '0')).toMatch(/^--sizes: "0" is not whole numbers from 16 to 4096/);
    expect(refusal('--sizes')).toMatch(/^--sizes needs a value/);
    expect(refusal('--only', 'build', '--sizes', '256')).toMatch(/--only build has fixed sizes/);
    expect(refusal('--only', 'halo', 'graphs/climate-kauai.json')).toMatch(/--only halo times graphs\/default.json; leave out graphs\/climate-kauai.json/);
    expect(refusal('a.json', 'b.json')).toBe('one graph file at a time: got a.json and b.json');
    expect(refusal('no-such.json')).toBe('no-such.json: no such file');
    expect(refusal('graphs')).toBe('graphs: not a regular file');
  });

  it("refuses a scenario that edits a node the graph lacks (it was a TypeError's stack trace)", () => {
    expect(scenarioProblem('one.json', ['cont'], ['cold', 'curve edit', 'wind edit'])).toBe(
      'one.json cannot run every scenario asked: "curve edit" edits the node "contCurve", "wind edit" edits the node "wind", which it does not have; choose others with --only',
    );
    expect(scenarioProblem('one.json', ['cont'], ['cold', 'pan'])).toBeNull();
    expect(scenarioProblem('default.json', ['contCurve', 'wind'], [...BENCH_SCENARIOS])).toBeNull();
  });

  it('refuses an unknown option with exit 2, its name and the usage, never a stack trace (one process: it loads the whole engine)', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/bench/main.ts', '--fast'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(`bench: unknown option --fast\n\n${BENCH_USAGE}\n`);
    expect(BENCH_USAGE).toMatch(/^usage: npm run bench -- /);
  });
});
