// Vite serves and builds the editor; Vitest runs every test (unit and real-browser) from here.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: real-browser tests and heavy kernels should not fight over them.
    fileParallelism: false,
  },
});
