// Deprecation headers come from the spec: a fixture document marks getMe deprecated with a sunset
// date and a migration link; the server answers with Deprecation, Sunset and Link for it only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { deprecationHeaders } from '../../src/http/deprecation.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  const fixture = structuredClone(spec) as any;
  Object.assign(fixture.paths['/me'].get, {
    deprecated: true,
    'x-sunset': '2026-06-30T00:00:00Z',
    'x-deprecation-link': 'https://seo-geo.example/docs/migrations/me-v2',
  });
  server = await startTestServer({ document: fixture });
  key = await server.createKey();
});
afterAll(() => server.close());

describe('deprecation headers', () => {
  it('adds Deprecation, Sunset and Link to the deprecated operation', async () => {
    const response = await server.call('/me', { key });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.headers.get('sunset')).toBe('Tue, 30 Jun 2026 00:00:00 GMT');
    expect(response.headers.get('link')).toBe('<https://seo-geo.example/docs/migrations/me-v2>; rel="deprecation"');
  });

  it('adds them to error responses of an authenticated caller too', async () => {
    const response = await server.call('/me?unknown=1', { key });
    expect(response.status).toBe(400);
    expect(response.headers.get('deprecation')).toBe('true');
  });

  it('leaves other operations alone', async () => {
    const response = await server.call('/projects', { key });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });

  it('derives nothing for an operation that is not deprecated, and only Deprecation without extensions', () => {
    const base = {
      operationId: 'x',
      method: 'get' as const,
      path: '/x',
      scope: null,
      authenticated: true,
      statuses: [200],
      hasRequestBody: false,
      headerParameters: [],
      sunset: null,
      deprecationLink: null,
    };
    expect(deprecationHeaders({ ...base, deprecated: false })).toEqual({});
    expect(deprecationHeaders({ ...base, deprecated: true })).toEqual({ Deprecation: 'true' });
  });
});
