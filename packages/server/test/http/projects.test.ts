// Projects over HTTP: creation with Location, quotas per plan, pagination, isolation between accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const create = (key: string, name: string, primaryDomain = 'https://www.example.com') =>
  server.call('/projects', { key, method: 'POST', json: { name, primaryDomain } });

describe('projects', () => {
  it('creates a project: 201, Location, and the project readable at that location with stats', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const response = await create(key, 'Example Shop');
    expect(response.status).toBe(201);
    expectContract('createProject', response);
    expect(response.body.data).toMatchObject({ name: 'Example Shop', primaryDomain: 'https://www.example.com' });
    expect(response.body.data.createdAt).toBe('2025-01-15T09:30:00.000Z');
    const location = response.headers.get('location')!;
    expect(location).toBe(`/api/public/v1/projects/${response.body.data.id}`);
    const fetched = await fetch(server.url + location, { headers: { authorization: `Bearer ${key}` } });
    const body = await fetched.json();
    expectContract('getProject', { status: fetched.status, body, headers: fetched.headers });
    expect(body.data).toMatchObject({ ...response.body.data, stats: { avgGeoScore: null, auditsCount: 0, lastAuditAt: null, pagesAudited: 0 } });
  });

  it('refuses a public suffix as primaryDomain (its scope would be every site under it), not a site on one', async () => {
    const key = await server.createKey();
    for (const primaryDomain of ['https://com', 'https://co.uk/', 'http://github.io', 'https://COM.']) {
      const response = await create(key, 'x', primaryDomain);
      expect(response.status, primaryDomain).toBe(400);
      expectContract('createProject', response);
      expect(response.body.error.details[0]).toMatchObject({ in: 'body', field: 'primaryDomain' });
      expect(response.body.error.details[0].message).toContain('public suffix');
    }
    for (const primaryDomain of ['https://someone.github.io', 'https://example.co.uk']) {
      expect((await create(key, 'x', primaryDomain)).status, primaryDomain).toBe(201);
    }
  });

  it('takes JSON bodies as typed: a number is no name and true is no page count (query parameters are still read as numbers)', async () => {
    const key = await server.createKey();
    const named = await server.call('/projects', { key, method: 'POST', json: { name: 12, primaryDomain: 'https://www.example.com' } });
    expect(named.status).toBe(400);
    expectContract('createProject', named);
    expect(named.body.error.details).toEqual([expect.objectContaining({ in: 'body', field: 'name' })]);
    const project = await create(key, 'Typed');
    const audit = await server.call(`/projects/${project.body.data.id}/audits`, { key, method: 'POST', json: { maxPages: true } });
    expect(audit.status).toBe(400);
    expect(audit.body.error.details).toEqual([expect.objectContaining({ in: 'body', field: 'maxPages' })]);
    expect((await server.call('/projects?page=1&pageSize=5', { key })).status).toBe(200);
  });

  it('refuses a primaryDomain that is not an absolute http(s) URL', async () => {
    const key = await server.createKey();
    for (const primaryDomain of ['ftp://example.com', 'example.com', 'https://user:pw@example.com', 'javascript:alert(1)']) {
      const response = await create(key, 'x', primaryDomain);
      expect(response.status, primaryDomain).toBe(400);
      expectContract('createProject', response);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const blank = await create(key, '   ');
    expect(blank.status).toBe(400);
  });

  it.each([
    ['starter', 3],
    ['pro', 25],
  ] as const)('enforces the %s plan quota of %i projects with 403 PLAN_LIMIT_EXCEEDED', async (plan, max) => {
    const key = await server.createKey({ plan });
    for (let i = 0; i < max; i++) expect((await create(key, `p${i}`)).status).toBe(201);
    const over = await create(key, 'one too many');
    expect(over.status).toBe(403);
    expectContract('createProject', over);
    expect(over.body.error.code).toBe('PLAN_LIMIT_EXCEEDED');
    expect(over.body.error.message).toContain(String(max));
  });

  it('lists newest first with the list meta of the spec’s Pagination, and a page past the end is empty', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      server.clock.advance(1000);
      ids.push((await create(key, `site ${i}`)).body.data.id);
    }
    const first = await server.call('/projects?pageSize=2', { key });
    expectContract('listProjects', first);
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.meta).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3, hasNextPage: true });
    const last = await server.call('/projects?pageSize=2&page=3', { key });
    expect(last.body.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(last.body.meta.hasNextPage).toBe(false);
    const past = await server.call('/projects?pageSize=2&page=9', { key });
    expect(past.status).toBe(200);
    expectContract('listProjects', past);
    expect(past.body).toMatchObject({ data: [], meta: { page: 9, total: 5, totalPages: 3, hasNextPage: false } });
    const defaults = await server.call('/projects', { key });
    expect(defaults.body.meta).toMatchObject({ page: 1, pageSize: 20 });
    expect(defaults.body.data[0]).not.toHaveProperty('stats');
  });

  it("answers 404 for another account's project, exactly as for one that does not exist", async () => {
    const owner = await server.createKey();
    const stranger = await server.createKey();
    const project = (await create(owner, 'private')).body.data;
    const foreign = await server.call(`/projects/${project.id}`, { key: stranger });
    const missing = await server.call('/projects/0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e', { key: stranger });
    expect(foreign.status).toBe(404);
    expectContract('getProject', foreign);
    expect(missing.status).toBe(404);
    expect(foreign.body.error.message.replace(project.id, 'ID')).toBe(missing.body.error.message.replace('0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e', 'ID'));
    const list = await server.call('/projects', { key: stranger });
    expect(list.body.meta.total).toBe(0);
  });
});
