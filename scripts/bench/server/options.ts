// The command line of bench:server: which targets to load and how hard. A wrong option is a usage
// error (exit 2, with the usage), told apart from a broken harness (exit 1).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PRISM_VERSION } from './prism.js';

export const ALL = ['reference', 'reference-x2', 'node-http', 'express', 'express-validated', 'prism'] as const;
export type Target = (typeof ALL)[number];

export const LABELS: Record<Target, string> = {
  reference: 'reference server',
  'reference-x2': 'reference ×2',
  'node-http': 'raw node:http',
  express: 'plain Express 5',
  'express-validated': 'Express 5 + validator',
  prism: `Prism ${PRISM_VERSION} mock`,
};

export const USAGE = `Usage: npm run bench:server -- [options]
  --duration <s>      measured seconds per target (default 10)
  --warmup <s>        warm-up seconds per target, discarded (default 3)
  --connections <n>   concurrent connections (default 20)
  --targets <list>    comma-separated subset of ${ALL.join(',')} (default all)
                      reference-x2: the reference server as 2 API processes on one port (node:cluster,
                      as API_PROCESSES=2 runs it) and as 1, on PostgreSQL + Redis when DATABASE_URL
                      (postgres://) and REDIS_URL are set (a schema and key prefix of its own), else
                      on a SQLite file with in-memory buckets per process
  --prism-dir <dir>   where Prism ${PRISM_VERSION} is installed on demand (default ${join(tmpdir(), 'prism-bench')})
  --cpu-prof <dir>    write a V8 CPU profile of the reference server's process into <dir>
  --help`;

export interface Options {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  targets: Set<Target>;
  prismDir: string;
  cpuProfileDir: string | undefined;
}

export class UsageError extends Error {}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '20' },
      targets: { type: 'string', default: ALL.join(',') },
      'prism-dir': { type: 'string', default: join(tmpdir(), 'prism-bench') },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const targets = targetsOf(values.targets);
  return {
    durationSeconds: number(values.duration, 'duration', 1),
    warmupSeconds: number(values.warmup, 'warmup', 0),
    connections: Math.round(number(values.connections, 'connections', 1)),
    targets,
    prismDir: values['prism-dir'],
    cpuProfileDir: values['cpu-prof'],
  };
}

function number(raw: string, name: string, min: number): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new UsageError(`--${name} must be a number ≥ ${min} (got "${raw}")`);
  return value;
}

function targetsOf(list: string): Set<Target> {
  const targets = new Set<Target>();
  for (const name of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(ALL as readonly string[]).includes(name)) throw new UsageError(`Unknown target "${name}"; choose from ${ALL.join(', ')}`);
    targets.add(name as Target);
  }
  return targets;
}
