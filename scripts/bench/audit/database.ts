// The database one run audits into, and the API server on it. Each run gets a fresh one (a new
// SQLite file, a new PostgreSQL schema) so that no run reads another's pages or planner statistics.
import { createLogger, loadConfig, startServer, type RunningServer } from '@seo-geo/server';
import { LOOPBACK } from '../lib/net.js';
import { dropSchema } from '../lib/postgres.js';
import { postgresSize, sqliteSize, type DatabaseSize } from './database-size.js';
import { HarnessError } from './harness-error.js';
import type { AuditBenchOptions } from './options.js';

export interface BenchDatabase {
  kind: string;
  sqliteFile: string;
  schema: string | undefined;
  /** What the API and the workers are configured by, as an operator sets it for scale mode. */
  env: Record<string, string>;
}

export function benchDatabase(kind: string, sqliteFile: string, workerCount: number, postgresUrl: string | undefined): BenchDatabase {
  const schema = kind === 'postgres' ? `bench_audit_${Date.now()}` : undefined;
  if (kind === 'postgres' && !postgresUrl) throw new HarnessError('--db postgres needs DATABASE_URL=postgres://…');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: '0',
    // The workers' errors (a helper that failed) are printed; the rest of their log is not.
    LOG_LEVEL: 'error',
    VALIDATE_RESPONSES: 'false',
    IN_PROCESS_WORKERS: 'false',
    CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
    DATABASE_URL: kind === 'sqlite' ? `sqlite:${sqliteFile}` : postgresUrl!,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    AUDIT_CRAWL_WORKERS: String(workerCount),
  };
  return { kind, sqliteFile, schema, env };
}

/** The API in this process, so that the lists can also be read through its services directly. */
export function startApi(database: BenchDatabase): Promise<RunningServer> {
  const { env, schema } = database;
  return startServer({ config: loadConfig(env), logger: createLogger('silent'), ...(schema ? { databaseSchema: schema } : {}) });
}

export function databaseSize(database: BenchDatabase, postgresUrl: string | undefined): Promise<DatabaseSize> {
  if (database.kind === 'sqlite') return Promise.resolve(sqliteSize(database.sqliteFile));
  return postgresSize(postgresUrl!, database.schema!);
}

/** Drops the run's PostgreSQL schema, unless --keep asks to look into it afterwards. */
export async function releaseDatabase(database: BenchDatabase, options: Pick<AuditBenchOptions, 'keep' | 'postgresUrl'>): Promise<void> {
  const { schema } = database;
  if (schema && options.keep) {
    console.log(`  kept: PostgreSQL schema ${schema} (drop it with DROP SCHEMA ${schema} CASCADE)`);
  } else if (schema && options.postgresUrl) {
    await dropSchema(options.postgresUrl, schema);
  }
}
