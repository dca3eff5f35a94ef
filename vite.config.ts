// Vite serves and builds the editor; Vitest runs every test (unit and real-browser) from here.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  // Pre-bundle every dependency of the editor up front: a dependency found late makes the
  // dev server reload the page, which a browser test would see as a flake.
  optimizeDeps: {
    include: ['lit', 'lit/decorators.js', 'lit/directives/live.js', 'rete', 'rete-area-plugin', 'rete-connection-plugin', 'rete-minimap-plugin', 'rete-render-utils', '@retejs/lit-plugin'],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: real-browser tests and heavy kernels should not fight over them.
    fileParallelism: false,
    // The browser tests share one dev server of the editor (tests/browser/global-setup.ts).
    globalSetup: ['tests/browser/global-setup.ts'],
  },
});
