// Serves and opens the editor for the speed scripts: the production build by default (what
// people get), or the dev server with --dev.
import type { Browser, Page } from 'playwright-core';
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

/** Opens the editor at 1600 × 1000 and waits until every node has a preview and the worker is idle. */
export async function openEditor(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(url);
  await page.waitForFunction(() => {
    const tg = (window as never as { terrainGraph?: { core: { graph: { nodes: { id: string }[] } }; previews: { get(id: string): unknown }; client: { busy: boolean } } }).terrainGraph;
    return !!tg && tg.core.graph.nodes.every((n) => tg.previews.get(n.id)) && !tg.client.busy;
  });
  return page;
}
