import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel processes; PostgreSQL/Redis suites isolate by schema/prefix.
    pool: 'forks',
    // Vitest's default worker count (cores - 1) is kept: on a 2-core machine that is one file at a time.
    // Two at once (`--maxWorkers 2`) halved the run on a loaded machine with every test passing in newcomer
    // mode, but the suites that time child processes (admin, worker processes) have not yet been measured
    // with it on a quiet machine with PostgreSQL and Redis; until they are, the default stays.
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
