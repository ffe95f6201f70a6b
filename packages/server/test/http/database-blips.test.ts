// PostgreSQL connections that die under the server: backends terminated (as a failover, a
// restart or idle_in_transaction_session_timeout would) while POSTs and GETs are in flight, with
// the in-process workers polling beside them. Every request answers, a dead connection fails its
// request with 503 and Retry-After, nothing is half-written, and the server serves again once
// the database answers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('SKIPPED: terminated PostgreSQL backends (DATABASE_URL is not set)');

describe.skipIf(!databaseUrl)('PostgreSQL backends terminated mid-request', () => {
  // The server's own connections carry this name, so only they are terminated, never those of
  // other test files running beside this one.
  const applicationName = `blip_${randomBytes(6).toString('hex')}`;
  let server: TestServer;
  let admin: pg.Client;
  let key: string;

  const terminateServerBackends = async (): Promise<number> => {
    const result = await admin.query<{ pid: number }>('select pg_terminate_backend(pid) as done, pid from pg_stat_activity where application_name = $1', [
      applicationName,
    ]);
    return result.rowCount ?? 0;
  };

  beforeAll(async () => {
    const url = new URL(databaseUrl!);
    url.searchParams.set('application_name', applicationName);
    server = await startTestServer({ database: 'postgres', env: { DATABASE_URL: url.toString() } });
    admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    key = await server.createKey({ plan: 'agency' });
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  it('answers every request in flight (success or 503 with Retry-After), writes nothing by halves, and serves again', async () => {
    const created: string[] = [];
    const statuses = new Map<number, number>();
    const refusedPosts: Array<{ key: string; name: string; domain: string }> = [];
    let terminated = 0;
    for (let round = 0; round < 6; round++) {
      const requests = Array.from({ length: 12 }, async (_, i) => {
        const name = `Blip ${round}-${i}`;
        const response =
          i % 3 === 2
            ? await server.call('/projects?pageSize=5', { key })
            : await server.call('/projects', {
                key,
                method: 'POST',
                headers: { 'idempotency-key': `blip-${round}-${i}` },
                json: { name, primaryDomain: `https://blip-${round}-${i}.example` },
              });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) {
          expect(response.status, JSON.stringify(response.body)).toBe(503);
          expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        if (response.status === 201) created.push(response.body.data.id as string);
        if (response.status === 503 && i % 3 !== 2) refusedPosts.push({ key: `blip-${round}-${i}`, name, domain: `https://blip-${round}-${i}.example` });
      });
      // Terminated while the requests are being served: some mid-transaction, some idle in the pool.
      terminated += await terminateServerBackends();
      await Promise.all(requests);
      terminated += await terminateServerBackends();
    }
    expect(terminated).toBeGreaterThan(0);
    expect(
      [...statuses.keys()].every((status) => [200, 201, 503].includes(status)),
      JSON.stringify([...statuses]),
    ).toBe(true);

    // Back to serving: the pool replaces its dead connections.
    const fresh = await until('a POST to succeed after the blips', async () => {
      const response = await server.call('/projects', { key, method: 'POST', json: { name: 'After', primaryDomain: 'https://after.example' } });
      return response.status === 201 ? (response.body.data.id as string) : undefined;
    });
    created.push(fresh);

    // A POST refused with 503 freed its Idempotency-Key: retried as it was, it runs (a claim left
    // behind would answer 409 until its lease ran out).
    for (const post of refusedPosts) {
      const retry = await server.call('/projects', {
        key,
        method: 'POST',
        headers: { 'idempotency-key': post.key },
        json: { name: post.name, primaryDomain: post.domain },
      });
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      created.push(retry.body.data.id as string);
    }

    // Every 201 was committed, and nothing else was: the projects listed are exactly those answered.
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const response = await server.call(`/projects?pageSize=100&page=${page}`, { key });
      expect(response.status).toBe(200);
      listed.push(...(response.body.data as Array<{ id: string }>).map((p) => p.id));
      if (!response.body.meta.hasNextPage) break;
    }
    expect(listed.sort()).toEqual(created.sort());
  });

  it('keeps serving when the backends die while the server is idle', async () => {
    await until('the server to hold a connection', async () => ((await terminateServerBackends()) > 0 ? true : (await server.call('/me', { key }), undefined)));
    const response = await until('GET /me to answer 200 after the blip', async () => {
      const me = await server.call('/me', { key });
      return me.status === 200 ? me : undefined;
    });
    expect(response.status).toBe(200);
  });
});
