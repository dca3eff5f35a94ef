// Vite serves and builds the editor; Vitest runs every test (unit and real-browser) from here.
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Cross-origin isolation, which SharedArrayBuffer needs: with it the engine worker spreads its
 * kernels over a pool of Web Workers (src/parallel). A static host must send the same two
 * headers; without them the editor runs every kernel in the engine worker alone.
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  server: { headers: ISOLATION_HEADERS },
  preview: { headers: ISOLATION_HEADERS },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  // Pre-bundle the editor's dependencies up front, so `npm run dev` does not reload the page
  // when it finds one late. The browser tests do not depend on this list: they run the build.
  optimizeDeps: {
    include: ['lit', 'lit/decorators.js', 'lit/directives/live.js', 'rete', 'rete-area-plugin', 'rete-connection-plugin', 'rete-render-utils', '@retejs/lit-plugin', 'three', 'three/addons/controls/OrbitControls.js'],
  },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // toEqual of two typed arrays in one loop (Vitest's own took ~10 µs an element).
    setupFiles: ['tests/helpers/setup.ts'],
    // Two cores: real-browser tests and heavy kernels should not fight over them.
    fileParallelism: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: [...configDefaults.exclude, 'tests/browser/**'] } },
      // The browser tests share one build of the editor, served by tests/browser/global-setup.ts;
      // Vitest runs that set-up only when a browser test is about to run.
      // expect.poll waits up to 15 s here, not Vitest's 1 s: each look is a round trip to the page,
      // and on a loaded machine (CI, two shared cores) the worker and the page's frames come late.
      // A condition that holds passes at once; only a failing one waits longer to say so.
      { extends: true, test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], globalSetup: ['tests/browser/global-setup.ts'], expect: { poll: { timeout: 15_000 } } } },
    ],
  },
});
