// The command line of bench:audit (its usage is in scripts/bench/audit.ts). Parsed once at start,
// before any process is forked, so that a mistyped option fails before minutes of site building.
import { parseArgs } from 'node:util';
import { HarnessError } from './harness-error.js';

/** The most an operator may allow one account (`npm run admin -- accounts set-page-cap`). */
const MAX_PAGE_CAP = 1_000_000;

export interface AuditBenchOptions {
  pages: number;
  /** What the audit asks for and must crawl: the site, up to the largest page cap an account may have. */
  expectedPages: number;
  requests: number;
  pollMs: number;
  dbs: string[];
  /** Whether --db was given: without it, a missing PostgreSQL is worth a line. */
  dbGiven: boolean;
  workerCounts: number[];
  postgresUrl: string | undefined;
  profile: boolean;
  timeBudgetMs: string | undefined;
  keep: boolean;
  /** Extra node flags for the worker processes, on top of the ones `npm run worker` uses. */
  workerNodeFlags: string[];
}

export function parseAuditOptions(): AuditBenchOptions {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '50000' },
      db: { type: 'string' },
      requests: { type: 'string', default: '50' },
      profile: { type: 'boolean', default: false },
      'time-budget-ms': { type: 'string' },
      'poll-ms': { type: 'string', default: '100' },
      /** Keep the SQLite file and the PostgreSQL schema afterwards, to look into them. */
      keep: { type: 'boolean', default: false },
      /** Worker processes sharing each audit, a list (1,2,4): more than 1 runs on PostgreSQL only, with AUDIT_CRAWL_WORKERS. */
      workers: { type: 'string', default: '1' },
      /** Extra node flags for the worker process (experiments: --max-semi-space-size=4 …). */
      'worker-node-flags': { type: 'string', default: '' },
    },
  });
  const pages = Number(values.pages);
  const url = process.env.DATABASE_URL;
  const postgresUrl = url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
  return {
    pages,
    expectedPages: Math.min(pages, MAX_PAGE_CAP),
    requests: Number(values.requests),
    pollMs: Number(values['poll-ms']),
    dbs: (values.db ?? (postgresUrl ? 'both' : 'sqlite')) === 'both' ? ['sqlite', 'postgres'] : [values.db ?? 'sqlite'],
    dbGiven: values.db !== undefined,
    workerCounts: values.workers.split(',').map(Number),
    postgresUrl,
    profile: values.profile,
    timeBudgetMs: values['time-budget-ms'],
    keep: values.keep,
    workerNodeFlags: values['worker-node-flags'].split(' ').filter(Boolean),
  };
}

/** Values parseArgs cannot check; a wrong one is the harness's fault, not a missed target. */
export function checkAuditOptions(options: AuditBenchOptions): void {
  if (!Number.isInteger(options.pages) || options.pages < 1) throw new HarnessError('--pages must be a positive integer');
  if (!options.workerCounts.every((n) => Number.isInteger(n) && n >= 1 && n <= 64))
    throw new HarnessError('--workers must list worker counts from 1 to 64, e.g. 1,2,4');
  for (const db of options.dbs) if (db !== 'sqlite' && db !== 'postgres') throw new HarnessError(`--db must be sqlite, postgres or both (got ${db})`);
}
