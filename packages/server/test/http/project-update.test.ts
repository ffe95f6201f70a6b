// Changing a project (PATCH /projects/{projectId}): a new name or primary domain, validated as on
// creation; the fields not given stay; another account's project is a 404 as one that is not there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = await server.createKey({ plan: 'pro' });
});
afterAll(() => server.close());

const create = async () =>
  (await server.call('/projects', { key, method: 'POST', json: { name: 'Kilns', primaryDomain: 'https://kilns.example' } })).body.data.id as string;

describe('PATCH /projects/{projectId}', () => {
  it('renames the project and keeps its domain, then moves it and keeps its name', async () => {
    const id = await create();
    const renamed = await server.call(`/projects/${id}`, { key, method: 'PATCH', json: { name: '  Kilns EU ' } });
    expect(renamed.status).toBe(200);
    expectContract('updateProject', renamed);
    expect(renamed.body.data).toMatchObject({ id, name: 'Kilns EU', primaryDomain: 'https://kilns.example' });
    const moved = await server.call(`/projects/${id}`, { key, method: 'PATCH', json: { primaryDomain: 'https://shop.kilns.example' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Kilns EU', primaryDomain: 'https://shop.kilns.example' });
    expect((await server.call(`/projects/${id}`, { key })).body.data).toMatchObject({ name: 'Kilns EU', primaryDomain: 'https://shop.kilns.example' });
  });

  it('refuses an empty change, a blank name and a public suffix with 400, changing nothing', async () => {
    const id = await create();
    for (const json of [{}, { name: '   ' }, { primaryDomain: 'https://co.uk' }, { primaryDomain: 'ftp://kilns.example' }, { name: 'x', extra: 1 }]) {
      const refused = await server.call(`/projects/${id}`, { key, method: 'PATCH', json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expectContract('updateProject', refused);
      expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await server.call(`/projects/${id}`, { key })).body.data).toMatchObject({ name: 'Kilns', primaryDomain: 'https://kilns.example' });
  });

  it("answers 404 for another account's project and 403 without projects:write", async () => {
    const id = await create();
    const stranger = await server.createKey({ plan: 'pro' });
    const foreign = await server.call(`/projects/${id}`, { key: stranger, method: 'PATCH', json: { name: 'Mine' } });
    expect(foreign.status).toBe(404);
    expectContract('updateProject', foreign);
    const readOnly = await server.createKey({ plan: 'pro', scopes: ['projects:read'] });
    expect((await server.call(`/projects/${id}`, { key: readOnly, method: 'PATCH', json: { name: 'Mine' } })).status).toBe(403);
    expect((await server.call(`/projects/${id}`, { key })).body.data.name).toBe('Kilns');
  });
});
