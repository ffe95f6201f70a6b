// Inputs at the edges of what a client can send: numbers too large for a double, HEAD requests,
// POSTs without a body, and NUL characters. Each gets a clear answer, never a 500; the stored
// data stays as it was. Run on SQLite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

const backends: Array<'sqlite' | 'postgres'> = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.DATABASE_URL) console.warn('SKIPPED: input edges on PostgreSQL (DATABASE_URL is not set)');

describe.each(backends)('input edges [%s]', (backend) => {
  let server: TestServer;
  let key: string;
  let projectId: string;
  const url = (path: string) => `${server.url}/api/public/v1${path}`;

  beforeAll(async () => {
    server = await startTestServer(backend === 'postgres' ? { database: 'postgres' } : {});
    key = await server.createKey({ plan: 'agency' });
    const created = await server.call('/projects', { key, method: 'POST', json: { name: 'Edges', primaryDomain: 'https://www.example.com' } });
    projectId = created.body.data.id;
  });
  afterAll(async () => server?.close());

  it('answers 400 to page and pageSize beyond what a number holds, on every list', async () => {
    for (const list of ['/projects', `/projects/${projectId}/audits`, `/projects/${projectId}/reports`, `/projects/${projectId}/geo-monitor/tests`]) {
      for (const query of ['page=1e400', 'pageSize=1e400', 'page=1e300', 'page=-1e400']) {
        const response = await server.call(`${list}?${query}`, { key });
        expect(response.status, `${list}?${query}`).toBe(400);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
      }
      const far = await server.call(`${list}?page=1000000&pageSize=100`, { key });
      expect(far.status, `${list} ${JSON.stringify(far.body)}`).toBe(200);
      expect(far.body.data).toEqual([]);
      expect(far.body.meta.hasNextPage).toBe(false);
    }
  });

  it('answers 400 naming the parameter to a path value that is not valid percent-encoding, after counting the key', async () => {
    const response = await server.call(`/projects/%E0%A4%A`, { key });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details).toEqual([expect.objectContaining({ in: 'path', field: 'projectId' })]);
    expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('validates path parameters of every request of an operation, not only the first', async () => {
    for (const id of [projectId, 'not-a-uuid', projectId, 'still-not-a-uuid']) {
      const response = await server.call(`/projects/${id}`, { key });
      expect(response.status, id).toBe(id === projectId ? 200 : 400);
      if (id === projectId) expect(response.body.data.id).toBe(projectId);
    }
  });

  it('answers HEAD on a GET operation as GET without a body, and 405 where there is no GET', async () => {
    const get = await fetch(url('/projects'), { headers: { authorization: `Bearer ${key}` } });
    const head = await fetch(url('/projects'), { method: 'HEAD', headers: { authorization: `Bearer ${key}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('x-ratelimit-limit')).toBe('1200');
    const noGet = await fetch(url(`/projects/${projectId}/audits/00000000-0000-7000-8000-000000000000/cancel`), {
      method: 'HEAD',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(noGet.status).toBe(405);
    expect(noGet.headers.get('allow')).toBe('POST');
  });

  it('starts an audit from a POST without a body, with or without a JSON content type', async () => {
    for (const headers of [{ 'content-type': 'application/json' }, {}] as Array<Record<string, string>>) {
      const response = await fetch(url(`/projects/${projectId}/audits`), { method: 'POST', headers: { authorization: `Bearer ${key}`, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(202);
      expectContract('startAudit', { status: response.status, body: await response.json(), headers: response.headers });
    }
  });

  it('answers 400 to a POST without a body where one is required', async () => {
    const response = await fetch(url('/projects'), { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a NUL character in any string of a body, and stores nothing', async () => {
    const before = (await server.call('/projects', { key })).body.meta.total;
    for (const json of [
      { name: 'a\u0000b', primaryDomain: 'https://www.example.com' },
      { name: 'ok', primaryDomain: 'https://www.example.com/\u0000' },
    ]) {
      const response = await server.call('/projects', { key, method: 'POST', json });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const brief = await server.call(`/projects/${projectId}/content/briefs`, {
      key,
      method: 'POST',
      json: { topic: 'x\u0000', audience: 'y', goal: 'awareness' },
    });
    expect(brief.status).toBe(400);
    expect(brief.body.error.details[0]).toMatchObject({ in: 'body', field: 'topic' });
    expect((await server.call('/projects', { key })).body.meta.total).toBe(before);
  });
});
