import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default outside watch mode is one worker fewer than the cores: on a 2-core machine that is one,
    // and the whole suite ran file after file. One worker more than the cores: the device, broker and crash tests
    // spend much of their time waiting on a pseudo-terminal, a server or a child process, and with two workers the
    // suite used about 63 % of two cores (docs/testing.md#both-cores).
    maxWorkers: 3,
    reporters: ['default', './scripts/vitest-slowest-reporter.ts'],
  },
});
