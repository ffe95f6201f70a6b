// Logs and shutdown: the Authorization header never reaches a log line, every request's log line
// carries its request id, and SIGTERM-style close lets in-flight requests finish.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Handler } from '@seo-geo/types';
import type { RequestContext } from '../../src/handlers/context.js';
import { handlers } from '../../src/handlers/index.js';
import { createLogger } from '../../src/http/logging.js';
import { startTestServer } from '../support/server.js';

/** A server whose log lines are kept in `lines`. */
async function serverWithLogs() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, server: await startTestServer({ logger: createLogger('info', sink) }) };
}

describe('request logs', () => {
  it('redact the Authorization header and carry the request id', async () => {
    const { lines, server } = await serverWithLogs();
    try {
      const key = await server.createKey();
      const ok = await server.call('/me', { key });
      const denied = await server.call('/me', { headers: { authorization: `Bearer ${key}x` } });
      const all = lines.join('');
      expect(all).not.toContain(key);
      // No header is logged at all, the Authorization header least of all.
      expect(all.toLowerCase()).not.toContain('authorization');
      for (const response of [ok, denied]) expect(all).toContain(response.headers.get('x-request-id')!);
    } finally {
      await server.close();
    }
  });

  it('are short lines, and the health probes are logged at debug only', async () => {
    const { lines, server } = await serverWithLogs();
    try {
      const key = await server.createKey();
      lines.length = 0;
      await server.call('/projects?page=1', { key, headers: { 'user-agent': 'seo-geo-client/1.0.0 (api 1.6.0)', accept: 'application/json' } });
      for (const probe of ['/healthz', '/readyz']) expect((await fetch(`${server.url}${probe}`)).status).toBe(200);
      const requests = lines.filter((line) => line.includes('"req"'));
      expect(requests).toHaveLength(1);
      const line = JSON.parse(requests[0]!) as { req: Record<string, unknown>; res: Record<string, unknown> };
      expect(line.req).toEqual({
        method: 'GET',
        url: '/api/public/v1/projects?page=1',
        remoteAddress: expect.any(String),
        userAgent: 'seo-geo-client/1.0.0 (api 1.6.0)',
      });
      expect(line.res).toEqual({ statusCode: 200 });
      expect(requests[0]!.length).toBeLessThan(400);
    } finally {
      await server.close();
    }
  });
});

describe('credentials in the URL', () => {
  it('never reach a log line, whatever the parameter is called', async () => {
    const { lines, server } = await serverWithLogs();
    try {
      const key = await server.createKey();
      for (const path of [
        `/me?api_key=${key}`,
        `/projects?page=1&x=${key}`,
        `/projects?access_token=abc123def&pageSize=5`,
        `/projects?Password=hunter2hunter2`,
        `/me/${key}`,
        `/projects?k=${encodeURIComponent(key)}`,
      ]) {
        await server.call(path, { key });
      }
      const all = lines.join('');
      expect(lines.length).toBeGreaterThanOrEqual(6);
      for (const secret of [key, key.slice(8), 'abc123def', 'hunter2hunter2']) expect(all).not.toContain(secret);
      // What is not a credential stays readable.
      expect(all).toContain('page=1');
      expect(all).toContain('pageSize=5');
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests and refuses new connections', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slowGetMe: Handler<'getMe', RequestContext> = async (request, context) => {
      entered();
      await gate;
      return handlers.getMe(request, context);
    };
    const server = await startTestServer({ handlers: { ...handlers, getMe: slowGetMe } });
    const key = await server.createKey();
    const inFlight = server.call('/me', { key });
    await inside;
    const closing = server.close();
    await expect(fetch(`${server.baseUrl}/me`, { headers: { authorization: `Bearer ${key}` } })).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    await closing;
  });
});
