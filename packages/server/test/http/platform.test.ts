// The HTTP platform: every error path answers in the spec's error envelope with the right status, and
// every response of an operation matches the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = await server.createKey({ plan: 'pro', email: 'platform@example.com' });
});
afterAll(() => server.close());

const envelope = (body: any, code: string) => {
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
};

describe('GET /me', () => {
  it('answers the account, the plan and the key prefix with rate-limit headers and a request id', async () => {
    const response = await server.call('/me', { key });
    expect(response.status).toBe(200);
    expectContract('getMe', response);
    expect(response.body.data).toMatchObject({ email: 'platform@example.com', plan: 'pro', apiKeyPrefix: key.slice(0, 12) });
    expect(response.body.meta.requestId).toBe(response.headers.get('x-request-id'));
    expect(response.headers.get('x-ratelimit-limit')).toBe('300');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(300);
    expect(JSON.stringify(response.body)).not.toContain(key);
  });
});

describe('authentication', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['not Bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['a malformed key', { authorization: 'Bearer nope' }],
    ['an unknown key', { authorization: `Bearer sk_live_${'a'.repeat(32)}` }],
  ];
  it.each(cases)('answers 401 UNAUTHENTICATED with WWW-Authenticate for %s', async (_name, headers) => {
    const response = await server.call('/me', { headers });
    expect(response.status).toBe(401);
    expectContract('getMe', response);
    envelope(response.body, 'UNAUTHENTICATED');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers 401 for a revoked key with the same message as for an unknown one', async () => {
    const revokedKey = await server.createKey({ email: 'revoked@example.com' });
    await server.services.apiKeys.revokeKey(revokedKey.slice(0, 12));
    const revoked = await server.call('/me', { key: revokedKey });
    const unknown = await server.call('/me', { key: `sk_live_${'b'.repeat(32)}` });
    expect(revoked.status).toBe(401);
    // One wording for both, so the message never tells whether a key exists; each names its own prefix.
    expect(revoked.body.error.message.replace(revokedKey.slice(0, 12), '<prefix>')).toBe(unknown.body.error.message.replace(`sk_live_bbbb`, '<prefix>'));
  });

  it('tells a wrong key from a missing one, naming only the prefix of the key sent', async () => {
    const wrong = `sk_live_${'c'.repeat(32)}`;
    const wrongKey = await server.call('/me', { key: wrong });
    const missing = await server.call('/me', {});
    expect(wrongKey.body.error.message).not.toBe(missing.body.error.message);
    expect(wrongKey.body.error.message).toContain('sk_live_cccc');
    expect(wrongKey.body.error.message).toMatch(/not recognised or was revoked/);
    expect(wrongKey.body.error.message).not.toContain(wrong);
    expect(missing.body.error.message).toMatch(/^Authentication required/);
  });

  it('answers 403 INSUFFICIENT_SCOPE naming the scope, with rate-limit headers', async () => {
    const narrow = await server.createKey({ email: 'narrow@example.com', scopes: ['projects:read'] });
    const response = await server.call('/projects', { key: narrow, method: 'POST', json: { name: 'x', primaryDomain: 'https://x.example' } });
    expect(response.status).toBe(403);
    expectContract('createProject', response);
    envelope(response.body, 'INSUFFICIENT_SCOPE');
    expect(response.body.error.message).toContain('projects:write');
    expect((await server.call('/projects', { key: narrow })).status).toBe(200);
  });
});

describe('routing errors', () => {
  it('answers 404 NOT_FOUND for an unknown path, inside and outside the API', async () => {
    for (const path of ['/nope', '/projects/0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e/unknown']) {
      const response = await server.call(path, { key });
      expect(response.status).toBe(404);
      envelope(response.body, 'NOT_FOUND');
    }
    const outside = await fetch(`${server.url}/elsewhere`);
    expect(outside.status).toBe(404);
    envelope(await outside.json(), 'NOT_FOUND');
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path and another method', async () => {
    const response = await server.call('/projects', { key, method: 'DELETE' });
    expect(response.status).toBe(405);
    envelope(response.body, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('GET, POST');
  });
});

describe('request validation', () => {
  it('answers 400 VALIDATION_ERROR with one detail per violation', async () => {
    const response = await server.call('/projects?page=0&pageSize=101', { key });
    expect(response.status).toBe(400);
    expectContract('listProjects', response);
    envelope(response.body, 'VALIDATION_ERROR');
    expect(response.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', field: 'page' }), expect.objectContaining({ in: 'query', field: 'pageSize' })]),
    );
  });

  it('rejects unknown query parameters and unknown body fields', async () => {
    const query = await server.call('/projects?sort=name', { key });
    expect(query.status).toBe(400);
    expect(query.body.error.details[0]).toMatchObject({ in: 'query', field: 'sort' });
    const body = await server.call('/projects', { key, method: 'POST', json: { name: 'x', primaryDomain: 'https://x.example', extra: 1 } });
    expect(body.status).toBe(400);
    expectContract('createProject', body);
    expect(body.body.error.details[0]).toMatchObject({ in: 'body', field: 'extra' });
  });

  it('answers 400 for a path parameter that is not a UUID', async () => {
    const response = await server.call('/projects/not-a-uuid', { key });
    expect(response.status).toBe(400);
    expectContract('getProject', response);
    expect(response.body.error.details[0]).toMatchObject({ in: 'path', field: 'projectId' });
  });

  it('answers 400 MALFORMED_JSON for a body that is not JSON', async () => {
    const response = await server.call('/projects', { key, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": "x",' });
    expect(response.status).toBe(400);
    expectContract('createProject', response);
    envelope(response.body, 'MALFORMED_JSON');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over 64 KiB', async () => {
    const response = await server.call('/projects', { key, method: 'POST', json: { name: 'x'.repeat(70_000), primaryDomain: 'https://x.example' } });
    expect(response.status).toBe(413);
    expectContract('createProject', response);
    envelope(response.body, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body that is not application/json', async () => {
    const response = await server.call('/projects', { key, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=x' });
    expect(response.status).toBe(415);
    expectContract('createProject', response);
    envelope(response.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'cl\u00e9'],
  ])('answers 400 for an Idempotency-Key that is %s', async (_name, bad) => {
    const response = await server.call('/projects', {
      key,
      method: 'POST',
      headers: { 'idempotency-key': bad },
      json: { name: 'x', primaryDomain: 'https://x.example' },
    });
    expect(response.status).toBe(400);
    expectContract('createProject', response);
    expect(response.body.error.details[0]).toMatchObject({ in: 'header', field: 'Idempotency-Key' });
  });
});

describe('public document', () => {
  it('serves the OpenAPI document without a key, rate limited per address', async () => {
    const response = await server.call('/openapi.json');
    expect(response.status).toBe(200);
    expectContract('getOpenApiDocument', response);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.headers.get('x-ratelimit-limit')).toBe('120');
  });

  it('sends security headers: nosniff everywhere, no-store on the API, a CSP with frame-ancestors on the docs', async () => {
    const key = await server.createKey();
    const api = await server.call('/me', { key });
    const error = await server.call('/projects/not-a-uuid', { key });
    const docs = await fetch(`${server.url}/docs`);
    const health = await fetch(`${server.url}/healthz`);
    for (const response of [api, error, docs, health]) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    for (const response of [api, error]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves the offline docs page and its script', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/docs/redoc.standalone.js');
    const script = await fetch(`${server.url}/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it('points the bare address at the docs and the document, and the docs page asks for no favicon', async () => {
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.json()).toMatchObject({ docs: '/docs', openapi: '/api/public/v1/openapi.json', api: '/api/public/v1' });
    const lost = await fetch(`${server.url}/elsewhere`);
    expect((await lost.json()).error.message).toContain('/docs');
    // A data: icon keeps the browser from requesting /favicon.ico, which would be a 404.
    expect(await (await fetch(`${server.url}/docs`)).text()).toContain('<link rel="icon" href="data:,">');
  });

  it('answers the health probes outside the contract', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
