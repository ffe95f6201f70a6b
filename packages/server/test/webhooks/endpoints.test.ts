// Webhook endpoints over HTTP: create (secret shown once), list, delete, the deliveries list;
// validation, scopes, other accounts' endpoints (404) and the 10-endpoint limit. Every response is
// checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENDPOINTS_PER_ACCOUNT } from '../../src/services/webhooks/endpoints.js';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: "webhook endpoints [postgres]" — DATABASE_URL is not set to a postgres:// URL');

describe.each(backends)('webhook endpoints [%s]', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (key: string, json: unknown) => server.call('/webhooks/endpoints', { key, method: 'POST', json });

  it('creates an endpoint with a Location and the secret, which no later read shows', async () => {
    const key = await server.createKey();
    const created = await create(key, { url: 'https://hooks.example.com/seo-geo', events: ['audit.failed', 'audit.completed'], description: 'CMS' });
    expect(created.status).toBe(201);
    expectContract('createWebhookEndpoint', created);
    const endpoint = created.body.data;
    expect(created.headers.get('location')).toBe(`/api/public/v1/webhooks/endpoints/${endpoint.id}`);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/seo-geo', events: ['audit.completed', 'audit.failed'], description: 'CMS' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);

    const list = await server.call('/webhooks/endpoints', { key });
    expect(list.status).toBe(200);
    expectContract('listWebhookEndpoints', list);
    expect(list.body.data).toEqual([
      {
        id: endpoint.id,
        url: endpoint.url,
        events: endpoint.events,
        description: 'CMS',
        createdAt: endpoint.createdAt,
        health: { status: 'unused', lastSucceededAt: null, lastFailedAt: null, consecutiveFailures: 0, pendingDeliveries: 0 },
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
  });

  it('gives every endpoint its own secret and lists them newest first', async () => {
    const key = await server.createKey();
    const first = await create(key, { url: 'https://a.example.com/hook', events: ['audit.completed'] });
    server.clock.advance(1000);
    const second = await create(key, { url: 'https://b.example.com/hook', events: ['geo_monitor_test.completed'] });
    expect(first.body.data.secret).not.toBe(second.body.data.secret);
    expect(first.body.data.description).toBeNull();
    const list = await server.call('/webhooks/endpoints?pageSize=1', { key });
    expectContract('listWebhookEndpoints', list);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([second.body.data.id]);
    expect(list.body.meta).toMatchObject({ total: 2, totalPages: 2, hasNextPage: true });
  });

  it('refuses URLs and events outside the contract, literal refused addresses and credentials', async () => {
    const key = await server.createKey();
    const cases: unknown[] = [
      { url: 'ftp://hooks.example.com/x', events: ['audit.completed'] },
      { url: '/relative', events: ['audit.completed'] },
      { url: 'https://hooks.example.com/x', events: [] },
      { url: 'https://hooks.example.com/x', events: ['audit.started'] },
      { url: 'https://hooks.example.com/x', events: ['audit.completed', 'audit.completed'] },
      { url: 'https://hooks.example.com/x', events: ['audit.completed'], secret: 'whsec_mine' },
      { url: 'http://169.254.169.254/latest', events: ['audit.completed'] },
      { url: 'http://10.1.2.3/hook', events: ['audit.completed'] },
      { url: 'http://[fd00::1]/hook', events: ['audit.completed'] },
      { url: 'https://user:pass@hooks.example.com/x', events: ['audit.completed'] },
    ];
    for (const json of cases) {
      const response = await create(key, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expectContract('createWebhookEndpoint', response);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const list = await server.call('/webhooks/endpoints', { key });
    expect(list.body.data).toEqual([]);
  });

  it('deletes with 204 and no body; the endpoint and its deliveries are gone', async () => {
    const key = await server.createKey();
    const { id } = (await create(key, { url: 'https://hooks.example.com/x', events: ['audit.completed'] })).body.data;
    const deliveries = await server.call(`/webhooks/endpoints/${id}/deliveries`, { key });
    expectContract('listWebhookDeliveries', deliveries);
    expect(deliveries.body.data).toEqual([]);

    const deleted = await server.call(`/webhooks/endpoints/${id}`, { key, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expectContract('deleteWebhookEndpoint', deleted);
    expect(deleted.body).toBeUndefined();
    for (const response of [
      await server.call(`/webhooks/endpoints/${id}`, { key, method: 'DELETE' }),
      await server.call(`/webhooks/endpoints/${id}/deliveries`, { key }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('reads one endpoint without its secret, changes the fields given, and rotates the secret', async () => {
    const key = await server.createKey();
    const created = (await create(key, { url: 'https://hooks.example.com/a', events: ['audit.completed'], description: 'CMS' })).body.data;
    const path = `/webhooks/endpoints/${created.id}`;
    const read = await server.call(path, { key });
    expect(read.status).toBe(200);
    expectContract('getWebhookEndpoint', read);
    expect(read.body.data).toEqual({
      id: created.id,
      url: created.url,
      events: ['audit.completed'],
      description: 'CMS',
      createdAt: created.createdAt,
      health: { status: 'unused', lastSucceededAt: null, lastFailedAt: null, consecutiveFailures: 0, pendingDeliveries: 0 },
    });

    const changed = await server.call(path, { key, method: 'PATCH', json: { events: ['geo_monitor.alert', 'audit.completed'], description: null } });
    expect(changed.status).toBe(200);
    expectContract('updateWebhookEndpoint', changed);
    expect(changed.body.data).toMatchObject({ url: created.url, events: ['audit.completed', 'geo_monitor.alert'], description: null });
    const moved = await server.call(path, { key, method: 'PATCH', json: { url: 'https://hooks.example.com/b' } });
    expect(moved.body.data).toMatchObject({ url: 'https://hooks.example.com/b', events: ['audit.completed', 'geo_monitor.alert'] });
    for (const json of [{}, { url: 'https://10.0.0.1/hook' }, { url: 'https://user:pw@hooks.example.com/' }, { events: [] }, { secret: 'whsec_x' }]) {
      const refused = await server.call(path, { key, method: 'PATCH', json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expectContract('updateWebhookEndpoint', refused);
    }

    const rotated = await server.call(`${path}/secret`, { key, method: 'POST' });
    expect(rotated.status).toBe(200);
    expectContract('rotateWebhookEndpointSecret', rotated);
    expect(rotated.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    expect(JSON.stringify((await server.call(path, { key })).body)).not.toContain(rotated.body.data.secret);

    const stranger = await server.createKey();
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/secret'],
    ] as const) {
      const foreign = await server.call(`${path}${suffix}`, { key: stranger, method, ...(method === 'PATCH' && { json: { description: 'mine' } }) });
      expect(foreign.status, `${method} ${suffix}`).toBe(404);
    }
  });

  it("answers 404 for another account's endpoint and never lists it", async () => {
    const owner = await server.createKey();
    const stranger = await server.createKey();
    const { id } = (await create(owner, { url: 'https://hooks.example.com/x', events: ['audit.completed'] })).body.data;
    const deleted = await server.call(`/webhooks/endpoints/${id}`, { key: stranger, method: 'DELETE' });
    expect(deleted.status).toBe(404);
    expectContract('deleteWebhookEndpoint', deleted);
    const deliveries = await server.call(`/webhooks/endpoints/${id}/deliveries`, { key: stranger });
    expect(deliveries.status).toBe(404);
    expectContract('listWebhookDeliveries', deliveries);
    expect((await server.call('/webhooks/endpoints', { key: stranger })).body.data).toEqual([]);
    expect((await server.call('/webhooks/endpoints', { key: owner })).body.data).toHaveLength(1);
    const unknown = await server.call('/webhooks/endpoints/0192f8f1-93d5-74ab-b1c8-f36e7f809102', { key: owner, method: 'DELETE' });
    expect(unknown.status).toBe(404);
  });

  it('needs webhooks:read to read and webhooks:write to write; default keys have both', async () => {
    const email = `scopes-${Date.now()}-${backend}@example.com`;
    const reader = await server.createKey({ email, scopes: ['webhooks:read'] });
    const other = await server.createKey({ email, scopes: ['projects:read'] });
    const full = await server.createKey({ email });
    const me = await server.call('/me', { key: full });
    expect(me.body.data.scopes).toEqual(expect.arrayContaining(['webhooks:read', 'webhooks:write']));

    const refused = await create(reader, { url: 'https://hooks.example.com/x', events: ['audit.completed'] });
    expect(refused.status).toBe(403);
    expectContract('createWebhookEndpoint', refused);
    expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('webhooks:write') });

    const { id } = (await create(full, { url: 'https://hooks.example.com/x', events: ['audit.completed'] })).body.data;
    const listed = await server.call('/webhooks/endpoints', { key: reader });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    const notDeleted = await server.call(`/webhooks/endpoints/${id}`, { key: reader, method: 'DELETE' });
    expect(notDeleted.status).toBe(403);
    for (const path of ['/webhooks/endpoints', `/webhooks/endpoints/${id}/deliveries`]) {
      const response = await server.call(path, { key: other });
      expect(response.status).toBe(403);
      expect(response.body.error.message).toContain('webhooks:read');
    }
  });

  it(`allows ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account, also when created at once`, async () => {
    const key = await server.createKey({ plan: 'agency' });
    const responses = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_ACCOUNT + 3 }, (_, i) => create(key, { url: `https://hooks.example.com/${i}`, events: ['audit.completed'] })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ENDPOINTS_PER_ACCOUNT);
    const refused = responses.filter((r) => r.status === 403);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expectContract('createWebhookEndpoint', response);
      expect(response.body.error.code).toBe('PLAN_LIMIT_EXCEEDED');
    }
    const id = responses.find((r) => r.status === 201)!.body.data.id;
    expect((await server.call(`/webhooks/endpoints/${id}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await create(key, { url: 'https://hooks.example.com/again', events: ['audit.completed'] })).status).toBe(201);
  });
});
