// The brand profile over HTTP: read before it is set (the project's name, nothing else), replace
// it whole, keep competitors by id, refuse what the analysis could not tell apart; and `GET /me`'s
// monthly usage, which GEO tests are charged against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function project(key: string): Promise<string> {
  return (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body.data.id;
}

describe('the brand profile', () => {
  it('is the project name alone until it is set, then exactly what was set, competitors with ids', async () => {
    const key = await server.createKey();
    const projectId = await project(key);
    const empty = await server.call(`/projects/${projectId}/brand`, { key });
    expect(empty.status).toBe(200);
    expectContract('getBrandProfile', empty);
    expect(empty.body.data).toEqual({ name: 'Example Shop', nameIsProjectName: true, aliases: [], domains: [], competitors: [], updatedAt: null });

    const set = await server.call(`/projects/${projectId}/brand`, {
      key,
      method: 'PUT',
      json: {
        aliases: ['Example Ceramics'],
        domains: ['Example.co.uk'],
        competitors: [
          { name: 'Etsy', domains: ['etsy.com'] },
          { name: 'Kilnworks', aliases: ['Kilnworks Studio'] },
        ],
      },
    });
    expect(set.status).toBe(200);
    expectContract('setBrandProfile', set);
    const [etsy, kilnworks] = set.body.data.competitors;
    expect(set.body.data).toMatchObject({ name: 'Example Shop', aliases: ['Example Ceramics'], domains: ['example.co.uk'], updatedAt: expect.any(String) });
    expect(etsy).toEqual({ id: expect.any(String), name: 'Etsy', aliases: [], domains: ['etsy.com'] });
    expect(kilnworks).toEqual({ id: expect.any(String), name: 'Kilnworks', aliases: ['Kilnworks Studio'], domains: [] });
    expect((await server.call(`/projects/${projectId}/brand`, { key })).body.data).toEqual(set.body.data);

    // Etsy kept by its id, Kilnworks dropped, a new one added.
    const again = await server.call(`/projects/${projectId}/brand`, {
      key,
      method: 'PUT',
      json: { aliases: [], domains: [], competitors: [{ id: etsy.id, name: 'Etsy' }, { name: 'Potter & Co' }] },
    });
    expectContract('setBrandProfile', again);
    expect(again.body.data.competitors.map((c: { id: string; name: string }) => [c.id === etsy.id, c.name])).toEqual([
      [true, 'Etsy'],
      [false, 'Potter & Co'],
    ]);

    // A name equal to the project's is no name of its own.
    const same = await server.call(`/projects/${projectId}/brand`, {
      key,
      method: 'PUT',
      json: { name: 'Example Shop', aliases: ['Example Ceramics'], domains: [], competitors: [] },
    });
    expect(same.body.data).toMatchObject({ name: 'Example Shop', nameIsProjectName: true });
  });

  it('refuses an unknown competitor id, a name two brands share, and bad domains, with the field', async () => {
    const key = await server.createKey();
    const projectId = await project(key);
    const cases: Array<[unknown, string]> = [
      [{ aliases: [], domains: [], competitors: [{ id: '0192f99a-0c1d-7e2f-8a3b-4c5d6e7f8a9b', name: 'Etsy' }] }, 'competitors.0.id'],
      [{ aliases: [], domains: [], competitors: [{ name: 'example shop' }] }, 'competitors.0.name'],
      [{ aliases: ['Etsy'], domains: [], competitors: [{ name: 'Etsy' }] }, 'competitors.0.name'],
      [{ aliases: [], domains: ['https://etsy.com/x'], competitors: [] }, 'domains.0'],
      // The brand's own name is the brand's, like the project's name would be.
      [{ name: 'Kilnworks', aliases: [], domains: [], competitors: [{ name: 'kilnworks' }] }, 'competitors.0.name'],
      [{ name: '   ', aliases: [], domains: [], competitors: [] }, 'name'],
      [{ aliases: [], domains: [], competitors: Array.from({ length: 21 }, (_, i) => ({ name: `Brand ${i}` })) }, 'competitors'],
    ];
    for (const [json, field] of cases) {
      const response = await server.call(`/projects/${projectId}/brand`, { key, method: 'PUT', json });
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expectContract('setBrandProfile', response);
      expect(response.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await server.call(`/projects/${projectId}/brand`, { key })).body.data.updatedAt).toBeNull();
  });

  it("is not another account's to read or set", async () => {
    const projectId = await project(await server.createKey());
    const other = await server.createKey();
    const read = await server.call(`/projects/${projectId}/brand`, { key: other });
    expect(read.status).toBe(404);
    expectContract('getBrandProfile', read);
    const write = await server.call(`/projects/${projectId}/brand`, { key: other, method: 'PUT', json: { aliases: [], domains: [], competitors: [] } });
    expect(write.status).toBe(404);
  });
});

describe('usage in GET /me', () => {
  it('shows the month, the calls charged and the plan limits', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const me = await server.call('/me', { key });
    expectContract('getMe', me);
    expect(me.body.data.usage).toEqual({ month: '2025-01', answerEngineCalls: 0, answerEngineCallLimit: 300, monitors: 0, monitorLimit: 1 });
  });
});
