// Where a build's worker threads load their code from: the engine bundled once into one plain
// JavaScript module, or, where that cannot be made, worker.mjs through tsx.
//
// Through tsx, every module a thread imports is resolved and compiled by a loader thread of its
// own, one message at a time: two threads took about 0.9 s of CPU and of wall time to load the
// engine (load 3.5), a tile's worth of work each before their first tile. esbuild (what tsx
// compiles with) bundles the same sources in about 0.1 s of its own process, and both threads
// then load the bundle in 0.35 s. The bundle is the same TypeScript compiled the same way, so a
// tile's bytes do not depend on which thread rendered it (tests/build.test.ts compares them).

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

type BuildSync = (options: Record<string, unknown>) => { outputFiles?: { contents: Uint8Array }[] };

let bundled: URL | null | undefined;

/** The module a build worker thread starts from (made on the first call, then kept). */
export function workerCode(): URL {
  if (bundled === undefined) bundled = bundle();
  return bundled ?? new URL('./worker.mjs', import.meta.url);
}

/** worker.ts and everything it imports as one ES module in a data: URL; null where esbuild is unavailable or fails. */
function bundle(): URL | null {
  try {
    const { buildSync } = createRequire(import.meta.url)('esbuild') as { buildSync: BuildSync };
    const result = buildSync({
      entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles?.[0]?.contents;
    if (!code) return null;
    return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  } catch {
    return null;
  }
}
