import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: files run in parallel processes, but PostgreSQL/Redis suites isolate by schema/prefix.
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
