// Serves the editor for the speed scripts: the production build by default (what people get),
// or the dev server with --dev.
import { build, createServer, preview } from 'vite';

export async function serve(dev: boolean): Promise<{ url: string; close(): Promise<void> }> {
  if (dev) {
    const server = await createServer({ configFile: 'vite.config.ts', logLevel: 'warn', server: { host: '127.0.0.1', port: 0, hmr: false } });
    await server.listen();
    return { url: server.resolvedUrls!.local[0], close: () => server.close() };
  }
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: 'dist' } });
  const server = await preview({ configFile: 'vite.config.ts', logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
  return { url: server.resolvedUrls!.local[0], close: () => new Promise((r) => server.httpServer.close(() => r())) };
}
