// A small deployment of real processes for the tests of what accounts share: an API process (`npm
// start`, IN_PROCESS_WORKERS=false) and `npm run worker` processes on one SQLite file or one
// PostgreSQL schema, with keys made straight in the database and calls to the API by key.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../src/support/clock.js';
import { createAccountService } from '../../src/services/accounts/service.js';
import { createApiKeyService } from '../../src/services/accounts/api-keys.js';
import type { PlanName } from '../../src/services/accounts/plans.js';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { startApi, startWorkerProcess, type RunningProcess } from '../faults/processes.js';
import { dropSchema, postgresUrl, randomSchemaName } from './databases.js';

export type DeploymentBackend = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL when DATABASE_URL names one (else a warning says the suite is skipped). */
export function deploymentBackends(title: string): DeploymentBackend[] {
  if (postgresUrl()) return ['sqlite', 'postgres'];
  console.warn(`SKIPPED: "${title} [postgres]" — DATABASE_URL is not set to a postgres:// URL`);
  return ['sqlite'];
}

export interface ApiCall {
  status: number;
  body: any;
}

export interface Deployment {
  /** The database the processes share, for the test to read (polls go here: the API's rate limits would refuse them). */
  database: DatabaseHandle;
  repositories: Repositories;
  /** Starts one more `npm run worker` process (environment: the deployment's, then `env`). */
  startWorker(env?: NodeJS.ProcessEnv): Promise<RunningProcess>;
  /** A new account on `plan`, and its key. */
  createKey(plan: PlanName): Promise<string>;
  call(key: string, path: string, init?: { method?: string; json?: unknown }): Promise<ApiCall>;
  /** Kills every process, closes the database and removes it. */
  close(): Promise<void>;
}

/** `env` goes to every process, on top of loopback crawling, quick worker polls and quiet logs. */
export async function startDeployment(backend: DeploymentBackend, env: NodeJS.ProcessEnv = {}): Promise<Deployment> {
  const schema = randomSchemaName();
  const dir = backend === 'sqlite' ? mkdtempSync(join(tmpdir(), 'seo-geo-deployment-')) : undefined;
  const databaseUrl = dir ? `sqlite:${join(dir, 'deployment.db')}` : postgresUrl()!;
  const shared: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl,
    ...(backend === 'postgres' ? { DATABASE_SCHEMA: schema } : {}),
    PORT: '0',
    LOG_LEVEL: 'warn',
    IN_PROCESS_WORKERS: 'false',
    CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
    WORKER_POLL_MS: '50',
    REDIS_URL: '',
    ...env,
  };
  const processes: RunningProcess[] = [];
  let database: DatabaseHandle | undefined;
  const close = async () => {
    for (const running of processes) await running.kill();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (backend === 'postgres') await dropSchema(databaseUrl, schema);
  };
  try {
    const api = await startApi(shared);
    processes.push(api);
    // The API has migrated the database.
    database = await createDatabase(databaseUrl, backend === 'postgres' ? { schema } : {});
    const repositories = createRepositories(database.db, database.dialect);
    const keys = createApiKeyService({
      accounts: createAccountService({ accounts: repositories.accounts, clock: systemClock }),
      apiKeys: repositories.apiKeys,
      clock: systemClock,
    });
    const handle = database;
    return {
      database: handle,
      repositories,
      async startWorker(extra = {}) {
        const worker = await startWorkerProcess({ ...shared, ...extra });
        processes.push(worker);
        return worker;
      },
      async createKey(plan) {
        return (await keys.createKey({ email: `deployment-${randomUUID()}@example.com`, plan })).apiKey;
      },
      async call(key, path, init = {}) {
        const response = await fetch(`${api.baseUrl}${path}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${key}`, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
        });
        return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
