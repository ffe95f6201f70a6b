// Starts the real reference server in-process on a random port for HTTP tests: SQLite in memory
// by default, or a fresh PostgreSQL schema; a manual clock so rate limits move only when told.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { assertResponseMatchesContract } from '@seo-geo/types/validator';
import { ManualClock } from '../../src/support/clock.js';
import { loadConfig } from '../../src/config/environment.js';
import { createLogger } from '../../src/http/logging.js';
import type { BackgroundOptions } from '../../src/composition/root.js';
import { startServer, type RunningServer, type StartOptions } from '../../src/processes/api-server.js';
import type { PlanName } from '../../src/services/accounts/plans.js';

export interface TestServer extends RunningServer {
  clock: ManualClock;
  /** Creates an account (if needed) and a key; returns the full key. */
  createKey(input?: { plan?: PlanName; email?: string; scopes?: string[] }): Promise<string>;
  /** fetch relative to the API base, with the key as bearer token when given. */
  call(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<ApiResponse>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface TestServerOptions extends Partial<Omit<StartOptions, 'config' | 'background'>>, Pick<BackgroundOptions, 'crawl' | 'webhooks' | 'worker'> {
  database?: 'sqlite' | 'postgres';
  redis?: boolean;
  env?: NodeJS.ProcessEnv;
}

let emailCounter = 0;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = new ManualClock(Date.UTC(2025, 0, 15, 9, 30));
  const usePostgres = options.database === 'postgres';
  // A schema given by the caller outlives this server (tests that restart the API); our own is dropped.
  const ownsSchema = usePostgres && !options.databaseSchema;
  const schema = usePostgres ? (options.databaseSchema ?? `t_http_${randomBytes(6).toString('hex')}`) : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: usePostgres ? process.env.DATABASE_URL! : 'sqlite::memory:',
    ...(options.redis ? { REDIS_URL: process.env.REDIS_URL } : {}),
    VALIDATE_RESPONSES: 'true',
    // The fixture sites of the tests live on loopback; the product refuses it unless told.
    CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
    ...options.env,
  });
  const running = await startServer({
    config,
    clock,
    logger: options.logger ?? createLogger('silent'),
    ...(schema ? { databaseSchema: schema } : {}),
    ...(options.redis ? { rateLimitKeyPrefix: options.rateLimitKeyPrefix ?? `test:${randomBytes(6).toString('hex')}:` } : {}),
    ...(options.document ? { document: options.document } : {}),
    ...(options.handlers ? { handlers: options.handlers } : {}),
    background: {
      ...(options.crawl ? { crawl: options.crawl } : {}),
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
      worker: { pollIntervalMs: 50, ...options.worker },
    },
  });

  return {
    ...running,
    clock,
    async createKey({ plan = 'pro', email, scopes } = {}) {
      const created = await running.services.apiKeys.createKey({
        email: email ?? `user${++emailCounter}-${randomBytes(4).toString('hex')}@example.com`,
        plan,
        ...(scopes ? { scopes } : {}),
      });
      return created.apiKey;
    },
    async call(path, init = {}) {
      const { key, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set('authorization', `Bearer ${key}`);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const response = await fetch(running.baseUrl + path, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text, the test will say so
      }
      return { status: response.status, headers: response.headers, body };
    },
    async close() {
      await running.close();
      if (schema && ownsSchema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}

/** Asserts that the response is one the operation documents, body and headers valid. */
export function expectContract(operationId: string, response: ApiResponse): void {
  assertResponseMatchesContract(operationId, { status: response.status, body: response.body, headers: response.headers });
}

/** Every item of a paginated list, read 100 at a time: each page answers 200 and is checked against the operation's contract. */
export async function listAll(server: Pick<TestServer, 'call'>, key: string, operationId: string, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const response = await server.call(`${path}${path.includes('?') ? '&' : '?'}page=${page}&pageSize=100`, { key });
    expect(response.status, path).toBe(200);
    expectContract(operationId, response);
    items.push(...response.body.data);
    if (!response.body.meta.hasNextPage) return items;
  }
}
