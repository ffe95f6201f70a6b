import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'];

// Files that mock a module another file imports for real: they need a module cache of their own.
const OWN_MODULES = ['packages/engine/test/crawl/analysis-failure.test.ts'];

// Files that compare times measured inside the test (a parse against a linear bound, a request
// against the event loop's delay): they run last, one at a time, so no other file takes their core.
const TIMED = [
  'packages/engine/test/analyse/pathological-pages.test.ts',
  'packages/engine/test/answer-engines/pathological-answers.test.ts',
  'packages/engine/test/markup/bounded-parser.test.ts',
  'packages/engine/test/page/analysis-pool.test.ts',
  'packages/server/test/http/analysis-off-the-loop.test.ts',
  'packages/server/test/http/geo-work-stops.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel processes; PostgreSQL/Redis suites isolate by schema/prefix.
    pool: 'forks',
    // One module cache per worker process instead of one per file: importing the server, the engine
    // and their dependencies again for each of about 180 files was a fifth of the run. Every test
    // builds its own app, database and servers, so no state rides on the cache; what a file sets in
    // the environment it deletes in its afterAll. Vitest decides this for the whole pool; the
    // projects below that need a module cache per file ask for it again.
    poolOptions: { forks: { isolate: false } },
    // One file more than vitest's default (cores - 1): most files spend their time waiting on sockets,
    // child processes and databases, so on a 2-core machine two files at once nearly halve the run
    // (newcomer mode 307 s to 213 s, with PostgreSQL and Redis 986 s to 307 s), every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...OWN_MODULES, ...TIMED],
        },
      },
      {
        extends: true,
        test: { name: 'own-modules', include: OWN_MODULES, poolOptions: { forks: { isolate: true } } },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          poolOptions: { forks: { isolate: true, singleFork: true } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
