// A REDIS_URL nobody answers at: the server starts (its liveness probe answers), the log names
// Redis once, /readyz says which dependency is missing, and every API call fails closed with 503
// and Retry-After. With a Redis that answers, /readyz is ready and names both checks.
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/http/logging.js';
import { redisUrl } from '../support/redis.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

/** A loopback port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('Redis that cannot be reached', () => {
  let server: TestServer;
  const lines: string[] = [];
  let key: string;
  let port: number;

  beforeAll(async () => {
    port = await closedPort();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({
      env: { REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`, IN_PROCESS_WORKERS: 'false' },
      logger: createLogger('info', sink),
    });
    key = await server.createKey();
  });
  afterAll(() => server?.close());

  it('names Redis in the log, once, without the password', async () => {
    const logged = await until('a log line naming Redis', () => lines.find((line) => line.includes('Redis')));
    expect(logged).toContain(`Redis at redis://:***@127.0.0.1:${port} cannot be reached`);
    expect(logged).toContain('ECONNREFUSED');
    expect(lines.join('')).not.toContain('hunter2');
    await server.call('/me', { key });
    expect(lines.filter((line) => line.includes('cannot be reached'))).toHaveLength(1);
  });

  it('answers /healthz, names the rate limits in /readyz, and refuses API calls with 503 and Retry-After', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', rateLimits: 'unavailable' } });
    const call = await server.call('/me', { key });
    expect(call.status).toBe(503);
    expect(call.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

const url = redisUrl();
if (!url) console.warn('SKIPPED: /readyz with a reachable Redis (REDIS_URL is not set)');
describe.skipIf(!url)('Redis that answers', () => {
  it('is ready, and says so per dependency', async () => {
    // With the in-process worker taking jobs: every check passes.
    const server = await startTestServer({ redis: true });
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', rateLimits: 'ok', jobs: 'ok' },
        queue: { workers: 1, oldestQueuedSeconds: null },
      });
    } finally {
      await server.close();
    }
  });
});
