import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel processes; PostgreSQL/Redis suites isolate by schema/prefix.
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, which on a 2-core machine is a single worker, and most
    // files spend their time waiting on servers, child processes and Chromium rather than computing: two files at
    // once there. From 3 cores up this is the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
