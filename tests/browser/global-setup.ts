// Starts the editor's Vite dev server once for every browser test, on a free local port.
import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
  }
}

let server: ViteDevServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the Vite dev server did not report its address');
  project.provide('appUrl', url);
  return async () => {
    await server?.close();
  };
}
