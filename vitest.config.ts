import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default outside watch mode is one worker fewer than the cores: on a 2-core machine that is one,
    // and the whole suite ran file after file. Both cores (docs/testing.md#both-cores).
    maxWorkers: 2,
    reporters: ['default', './scripts/vitest-slowest-reporter.ts'],
  },
});
