// What every fault test file sets up: one SQLite file or PostgreSQL schema, an answer engine, a site
// and a webhook receiver on loopback, a real API process (`npm start`'s entry) and the worker
// processes a test starts, short leases so that recovery happens within a test's deadline, and an
// agency account's key. The test reads the database directly to check what was stored.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { systemClock } from '../../src/support/clock.js';
import { createAccountService } from '../../src/services/accounts/service.js';
import { createApiKeyService } from '../../src/services/accounts/api-keys.js';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';
import { startApi, startSite, startWorkerProcess, type RunningProcess, type Site } from './processes.js';

export type FaultBackend = 'sqlite' | 'postgres';

export const faultBackends = (suite: string): FaultBackend[] => {
  if (!postgresUrl()) console.warn(`SKIPPED: ${suite} on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)`);
  return postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
};

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

export interface FaultEnvironment {
  backend: FaultBackend;
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  /** The PostgreSQL schema, on that backend. */
  schema: string | undefined;
  database: DatabaseHandle;
  repositories: Repositories;
  engine: FakeEngine;
  site: Site;
  receiver: Receiver;
  /** The API process now (a test that kills it starts another with restartApi). */
  api: RunningProcess & { baseUrl: string };
  key: string;
  accountId: string;
  call(path: string, init?: { method?: string; json?: unknown; idempotencyKey?: string }): Promise<CallResult>;
  /** Starts a worker process (stopped with the environment). */
  worker(extraEnv?: NodeJS.ProcessEnv): Promise<RunningProcess>;
  /** Starts a new API process on the same database, in place of one that was killed. */
  restartApi(): Promise<void>;
  /** The processes started so far (the last one started last). */
  processes: RunningProcess[];
  close(): Promise<void>;
}

export interface FaultEnvironmentOptions {
  sitePages: number;
  /** The engine's answer to each question; default a plain completion. */
  engineReply?: Parameters<typeof startFakeEngine>[0];
  env?: NodeJS.ProcessEnv;
}

export async function startFaultEnvironment(backend: FaultBackend, options: FaultEnvironmentOptions): Promise<FaultEnvironment> {
  let dir: string | undefined;
  const schema = backend === 'postgres' ? randomSchemaName() : undefined;
  const engine = await startFakeEngine(options.engineReply ?? (() => completion('Kilns by Example Pottery are a good choice.')));
  const site = await startSite(options.sitePages);
  const receiver = await startReceiver();
  let databaseUrl: string;
  if (backend === 'postgres') databaseUrl = postgresUrl()!;
  else {
    dir = mkdtempSync(join(tmpdir(), 'seo-geo-faults-'));
    databaseUrl = `sqlite:${join(dir, 'faults.db')}`;
  }
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    PORT: '0',
    LOG_LEVEL: 'warn',
    IN_PROCESS_WORKERS: 'false',
    CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
    GEO_ENGINES: JSON.stringify([{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1, timeoutMs: 60_000 }]),
    WORKER_LEASE_MS: '1500',
    WORKER_POLL_MS: '50',
    IDEMPOTENCY_LEASE_MS: '2000',
    WEBHOOK_TIMEOUT_MS: '2000',
    REDIS_URL: '',
    ...options.env,
  };
  const processes: RunningProcess[] = [];
  const api = await startApi(env);
  processes.push(api);
  // The API has migrated the database.
  const database = await createDatabase(databaseUrl, schema ? { schema } : {});
  const repositories = createRepositories(database.db, database.dialect);
  const accounts = createAccountService({ accounts: repositories.accounts, clock: systemClock });
  const keys = createApiKeyService({ accounts, apiKeys: repositories.apiKeys, clock: systemClock });
  const created = await keys.createKey({ email: `faults-${randomUUID()}@example.com`, plan: 'agency' });

  const environment: FaultEnvironment = {
    backend,
    env,
    databaseUrl,
    schema,
    database,
    repositories,
    engine,
    site,
    receiver,
    api,
    key: created.apiKey,
    accountId: created.account.id,
    processes,
    async call(path, init = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${environment.key}` };
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
      const response = await fetch(`${environment.api.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
      const body: any = await response.json().catch(() => undefined);
      return { status: response.status, headers: response.headers, body };
    },
    async worker(extraEnv = {}) {
      const started = await startWorkerProcess({ ...env, ...extraEnv });
      processes.push(started);
      return started;
    },
    async restartApi() {
      environment.api = await startApi(env);
      processes.push(environment.api);
    },
    async close() {
      for (const running of processes) await running.kill();
      await database.close();
      await Promise.all([engine.close(), site.close(), receiver.close()]);
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (schema) await dropSchema(postgresUrl()!, schema);
    },
  };
  return environment;
}
