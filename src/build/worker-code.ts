// Where a build's worker threads load their code from: the engine bundled into one plain
// JavaScript module, or, where that cannot be made, worker.mjs through tsx.
//
// Through tsx, every module a thread imports is resolved and compiled by a loader thread of its
// own, one message at a time: two threads took about 0.9 s of CPU and of wall time to load the
// engine (load 3.5), a tile's worth of work each before their first tile. esbuild (what tsx
// compiles with) bundles the same sources in about 0.1 s of its own process, and both threads
// then load the bundle in 0.35 s. The bundle is the same TypeScript compiled the same way, so a
// tile's bytes do not depend on which thread rendered it (tests/build.test.ts compares them).
//
// The bundle is kept in node_modules/.cache/terrain-graph beside the sources' sha256 (every file
// esbuild read, tsconfig.json and package.json included): the next build whose sources hash the
// same loads it from there instead of bundling again (hashing them takes a few milliseconds;
// bundling was 0.1–0.2 s of wall time before any thread could start). Where the cache cannot
// be written, every build bundles, as before.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type BuildSync = (options: Record<string, unknown>) => { outputFiles?: { contents: Uint8Array }[]; metafile?: { inputs: Record<string, unknown> } };

let bundled: URL | null | undefined;

/** The module a build worker thread starts from (made on the first call, then kept). */
export function workerCode(): URL {
  if (bundled === undefined) bundled = bundle();
  return bundled ?? new URL('./worker.mjs', import.meta.url);
}

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a cached bundle was made from: the key (bundler, Node, entry) and each input's sha256. */
interface CacheRecord {
  readonly key: string;
  readonly inputs: Readonly<Record<string, string>>;
  readonly bundle: string;
}

/** The record of the bundle made for `key`: one per key, so checkouts sharing a node_modules do not take turns replacing one. */
function recordName(key: string): string {
  return `worker-bundle-${sha256(key).slice(0, 16)}.json`;
}

/** The cached bundle's path when `dir` holds one made for `key` from inputs that still hash the same; else null. */
export function readCachedBundle(dir: string, key: string): string | null {
  try {
    const record = JSON.parse(readFileSync(join(dir, recordName(key)), 'utf8')) as CacheRecord;
    if (record.key !== key || typeof record.inputs !== 'object' || !/^[0-9a-f]{64}\.mjs$/.test(record.bundle)) return null;
    for (const [path, hash] of Object.entries(record.inputs)) if (sha256(readFileSync(path)) !== hash) return null;
    const path = join(dir, record.bundle);
    return sha256(readFileSync(path)) === record.bundle.slice(0, 64) ? path : null;
  } catch {
    return null;
  }
}

/** Keeps `code`, bundled for `key` from `inputs` (absolute paths), in `dir`; returns its path, or null when it cannot be written. */
export function writeCachedBundle(dir: string, key: string, inputs: readonly string[], code: Uint8Array): string | null {
  // Through temporary names and renames: a build starting meanwhile sees the old record or the new one, whole.
  const tmp = `.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const name = `${sha256(code)}.mjs`;
  const path = join(dir, name);
  const recordPath = join(dir, recordName(key));
  try {
    mkdirSync(dir, { recursive: true });
    const record: CacheRecord = { key, inputs: Object.fromEntries(inputs.map((p) => [p, sha256(readFileSync(p))])), bundle: name };
    writeFileSync(path + tmp, code);
    renameSync(path + tmp, path);
    writeFileSync(recordPath + tmp, `${JSON.stringify(record, null, 2)}\n`);
    renameSync(recordPath + tmp, recordPath);
    // Bundles of older sources go after a day (a build started meanwhile may still be loading one).
    for (const old of readdirSync(dir)) {
      if (old !== name && /\.mjs$/.test(old) && Date.now() - statSync(join(dir, old)).mtimeMs > 86_400_000) rmSync(join(dir, old), { force: true });
    }
    return path;
  } catch {
    for (const p of [path + tmp, recordPath + tmp]) {
      try {
        rmSync(p, { force: true });
      } catch {
        // Nothing was written there.
      }
    }
    return null;
  }
}

/** worker.ts and everything it imports as one ES module (the cached file, or a data: URL); null where esbuild is unavailable or fails. */
function bundle(): URL | null {
  try {
    const require = createRequire(import.meta.url);
    const esbuild = require('esbuild') as { buildSync: BuildSync; version: string };
    const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
    const root = resolve(dirname(entry), '../..');
    const cache = join(dirname(require.resolve('esbuild/package.json')), '..', '.cache', 'terrain-graph');
    const key = `esbuild ${esbuild.version}, node ${process.version}, ${entry}`;
    const cached = readCachedBundle(cache, key);
    if (cached) return pathToFileURL(cached);
    const result = esbuild.buildSync({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles?.[0]?.contents;
    if (!code) return null;
    const inputs = [...Object.keys(result.metafile?.inputs ?? {}).map((p) => resolve(root, p)), join(root, 'tsconfig.json'), join(root, 'package.json')].filter((p) => existsSync(p));
    const kept = writeCachedBundle(cache, key, inputs, code);
    return kept ? pathToFileURL(kept) : new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  } catch {
    return null;
  }
}
