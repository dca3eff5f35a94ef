// A build stopped while its erosion runs on the whole grid (README "Which layers are seamless"):
// the erosion runs on a worker thread, so the command's own thread takes the signal at once and
// the build stops, where it used to wait for the erosion's end (minutes on a large grid).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from './helpers/cli.ts';

/**
 * eroded-valleys with 8 droplets a cell: on the 4097² grid of 16 tiles of 1025² its erosion
 * does 4 × 8 times the work of the 32 s measured for 1 droplet over 2049²: many minutes here.
 */
function heavyErosion(dir: string): string {
  const graph = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8')) as { nodes: { id: string; params: Record<string, unknown> }[] };
  graph.nodes.find((n) => n.id === 'erosion')!.params.droplets = 8;
  const file = join(dir, 'heavy.json');
  writeFileSync(file, JSON.stringify(graph));
  return file;
}

/** How long the test waits for the build to end after the signal: far less than the erosion takes. */
const AFTER_SIGNAL_MS = 90_000;

describe('a build stopped while its erosion runs on the whole grid', () => {
  for (const jobs of ['1', '2']) {
    it(`ends on SIGINT before the erosion does, with --jobs ${jobs}, and says what it kept`, async () => {
      const dir = scratchDir('stop-grid');
      const out = join(dir, 'out');
      const argv = ['bin/terrain-graph.mjs', 'build', heavyErosion(dir), '--region', '0,0,4,4', '--cells-per-view', '1024', '--tile-size', '1025', '--node', 'erosion', '--jobs', jobs, '--out', out];
      const child = spawn('node', argv, { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      let signalled = false;
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        err += chunk;
        // The build's line before its whole grid's run; the signal a moment after, once the
        // command has its handler (it installs it right after the line, in the same turn).
        // With --jobs 1, after the line it says every 10 s while the erosion runs.
        const waitFor = jobs === '1' ? /^erosion on the whole build: 10 s so far \(the tiles come after\)$/m : /runs once on the whole build \(4097² samples\)/;
        if (!signalled && waitFor.test(err)) {
          signalled = true;
          setTimeout(() => child.kill('SIGINT'), 500);
        }
      });
      const closed = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => {
        const check = () => (timer = setTimeout(() => (signalled ? (timer = setTimeout(() => resolve('late'), AFTER_SIGNAL_MS)) : check()), 200));
        check();
      });
      let code: number | null | 'late';
      try {
        code = await Promise.race([closed, late]);
      } finally {
        clearTimeout(timer);
        // Never left eroding for a quarter of an hour after the test.
        child.kill('SIGKILL');
      }
      expect(code, `still running ${AFTER_SIGNAL_MS / 1000} s after SIGINT: the whole grid's erosion held the command's thread\n${err}`).toBe(130);
      expect(err).toContain('erosion runs once on the whole build (4097² samples) before the first tile');
      expect(err).toContain('0 rendered, 0 already built, 0 failed, 16 not built (stopped)');
      expect(err).toContain('stopped by SIGINT: the tiles finished so far are kept, unfinished files removed; run the same command again to go on (0 of 16 tiles built)');
      expect(err).not.toContain('FAILED');
      // Nothing but the build's manifest: no tile, no half-written file.
      expect(readdirSync(out)).toEqual(['manifest.json']);
    }, 240_000);
  }
});
