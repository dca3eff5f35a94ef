// Builds the editor once and serves the built files for every browser test, on a free local port.
//
// The tests drive the production build (what people get), not the Vite dev server: the dev
// server transforms modules on first request and pre-bundles dependencies it discovers late,
// then reloads or invalidates the page. On a fresh clone (a cold node_modules/.vite) that
// happened mid-test, at a moment that depended on the machine's load; a built app has no such
// moment. The build goes to a temporary folder of its own, so concurrent runs never share one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'terrain-graph-browser-tests-'));
  let server: PreviewServer | undefined;
  const cleanUp = async () => {
    if (server) await new Promise<void>((done) => server!.httpServer.close(() => done()));
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'warn', clearScreen: false, build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      clearScreen: false,
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await cleanUp();
    throw new Error('the Vite preview server did not report its address');
  }
  project.provide('appUrl', url);
  return cleanUp;
}
