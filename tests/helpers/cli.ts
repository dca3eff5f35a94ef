// The command line run in this process (src/cli/main.ts) with its output caught, and scratch
// folders for what it writes: the cli, build and hostile tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { main } from '../../src/cli/main.ts';

/** The scratch folders this test file made: removed when it is done (a run made thousands). */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `terrain-graph …argv`: its exit code and what it wrote to stdout and stderr. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) });
  return { code, out, err };
}

/** A fresh folder in the system's temporary one, named tg-`what`-…, removed after the test file. */
export function scratchDir(what: string): string {
  const dir = mkdtempSync(join(tmpdir(), `tg-${what}-`));
  made.push(dir);
  return dir;
}
