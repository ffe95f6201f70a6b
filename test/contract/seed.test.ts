// The API as first published is law: later versions may add to it, never change it. This walks the
// bundled document and checks every fact that publication fixes: operations, paths, methods, security, fields and their types, envelopes, headers,
// page size, plans, and RATE_LIMITED on 429.
import { describe, expect, it } from 'vitest';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { followRefs } from '@seo-geo/types/json-pointer';

type Json = Record<string, any>;
const doc = spec as Json;

const resolve = (node: any): any => followRefs(doc, node);

/** Properties of an object schema, refs resolved. */
function props(schema: any): Json {
  return resolve(schema).properties as Json;
}
function typeOf(schema: any): string | string[] {
  return resolve(schema).type;
}
function op(method: string, path: string): Json {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return operation;
}
function successSchema(method: string, path: string): Json {
  const responses = op(method, path).responses as Json;
  const status = Object.keys(responses).find((s) => s.startsWith('2'))!;
  return resolve(resolve(responses[status]).content['application/json'].schema);
}
function dataSchema(method: string, path: string): Json {
  return resolve(successSchema(method, path).properties.data);
}
function requestSchema(method: string, path: string): Json {
  return resolve(resolve(op(method, path).requestBody).content['application/json'].schema);
}

const seedOperations: Array<[string, string]> = [
  ['get', '/me'],
  ['get', '/projects'],
  ['post', '/projects'],
  ['get', '/projects/{projectId}'],
  ['get', '/projects/{projectId}/audits'],
  ['post', '/projects/{projectId}/audits'],
  ['get', '/projects/{projectId}/audits/{auditId}/pages'],
  ['get', '/projects/{projectId}/drafts'],
  ['post', '/projects/{projectId}/content/briefs'],
  ['get', '/projects/{projectId}/reports'],
  ['post', '/projects/{projectId}/geo-monitor/tests'],
];

describe('the document against the API as published', () => {
  it('is OpenAPI 3.1, version 1.x, with servers ending in /api/public/v1', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toMatch(/^1\.\d+\.\d+$/);
    for (const server of doc.servers) expect(server.url).toMatch(/\/api\/public\/v1$/);
  });

  it.each(seedOperations)('has %s %s, with bearer authentication, an operationId, a tag and a summary', (method, path) => {
    const operation = op(method, path);
    expect(operation.security ?? doc.security).toEqual([{ bearerAuth: expect.any(Array) }]);
    expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(operation.tags).toHaveLength(1);
    expect(operation.summary).toBeTruthy();
  });

  it('declares the bearer scheme and publishes GET /openapi.json without a key', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(op('get', '/openapi.json').security).toEqual([]);
  });

  it('uses UUID path segments for projectId and auditId', () => {
    for (const [method, path] of seedOperations) {
      for (const parameter of (op(method, path).parameters ?? []).map(resolve)) {
        if (parameter.in === 'path') expect(parameter.schema).toMatchObject({ type: 'string', format: 'uuid' });
      }
    }
  });

  it('has the success envelope: data plus meta.requestId', () => {
    const me = successSchema('get', '/me');
    expect(me.required).toEqual(expect.arrayContaining(['data', 'meta']));
    expect(typeOf(props(me.properties.meta).requestId)).toBe('string');
  });

  it('has the list meta as published on every list', () => {
    const lists: Array<[string, string]> = [
      ['get', '/projects'],
      ['get', '/projects/{projectId}/audits'],
      ['get', '/projects/{projectId}/audits/{auditId}/pages'],
      ['get', '/projects/{projectId}/drafts'],
      ['get', '/projects/{projectId}/reports'],
    ];
    const expected = { page: 'integer', pageSize: 'integer', total: 'integer', totalPages: 'integer', hasNextPage: 'boolean', requestId: 'string' };
    for (const [method, path] of lists) {
      const envelope = successSchema(method, path);
      expect(typeOf(envelope.properties.data)).toBe('array');
      const meta = resolve(envelope.properties.meta);
      expect(meta.required).toEqual(expect.arrayContaining(Object.keys(expected)));
      for (const [field, type] of Object.entries(expected)) expect(typeOf(meta.properties[field])).toBe(type);
      const parameters = (op(method, path).parameters as Json[]).map(resolve);
      const page = parameters.find((p) => p.name === 'page');
      const pageSize = parameters.find((p) => p.name === 'pageSize');
      expect(page).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1 } });
      expect(pageSize).toMatchObject({ in: 'query', schema: { type: 'integer', maximum: 100 } });
    }
  });

  it('has the error envelope: error.code, error.message, error.requestId', () => {
    const error = resolve(doc.components.schemas.Error);
    const inner = error.properties.error;
    expect(inner.required).toEqual(expect.arrayContaining(['code', 'message', 'requestId']));
    expect(typeOf(inner.properties.code)).toBe('string');
    expect(typeOf(inner.properties.message)).toBe('string');
    expect(typeOf(inner.properties.requestId)).toBe('string');
  });

  it('has the user as published with the three plans in lower case', () => {
    const user = dataSchema('get', '/me');
    expect(user.required).toEqual(expect.arrayContaining(['userId', 'email', 'plan', 'apiKeyPrefix']));
    expect(resolve(user.properties.userId)).toMatchObject({ type: 'string', format: 'uuid' });
    expect(typeOf(user.properties.email)).toBe('string');
    expect(resolve(user.properties.plan).enum).toEqual(['starter', 'pro', 'agency']);
    expect(typeOf(user.properties.apiKeyPrefix)).toBe('string');
  });

  it('has the project as published, stats.avgGeoScore only on the single project', () => {
    for (const project of [resolve(dataSchema('get', '/projects').items), dataSchema('get', '/projects/{projectId}'), dataSchema('post', '/projects')]) {
      expect(project.required).toEqual(expect.arrayContaining(['id', 'name', 'primaryDomain', 'createdAt']));
      expect(resolve(project.properties.id)).toMatchObject({ type: 'string', format: 'uuid' });
      expect(typeOf(project.properties.name)).toBe('string');
      expect(resolve(project.properties.primaryDomain)).toMatchObject({ type: 'string', format: 'uri' });
      expect(resolve(project.properties.createdAt)).toMatchObject({ type: 'string', format: 'date-time' });
    }
    expect(resolve(dataSchema('get', '/projects').items).properties.stats).toBeUndefined();
    const stats = resolve(dataSchema('get', '/projects/{projectId}').properties.stats);
    expect(typeOf(stats.properties.avgGeoScore)).toContain('number');
  });

  it('has the request bodies as published', () => {
    const project = requestSchema('post', '/projects');
    expect(typeOf(project.properties.name)).toBe('string');
    expect(resolve(project.properties.primaryDomain)).toMatchObject({ type: 'string', format: 'uri' });
    const audit = requestSchema('post', '/projects/{projectId}/audits');
    expect(resolve(audit.properties.seedUrl)).toMatchObject({ type: 'string', format: 'uri' });
    expect(typeOf(audit.properties.maxPages)).toBe('integer');
    const brief = requestSchema('post', '/projects/{projectId}/content/briefs');
    for (const field of ['topic', 'audience', 'goal']) expect(typeOf(brief.properties[field])).toBe('string');
    const geo = requestSchema('post', '/projects/{projectId}/geo-monitor/tests');
    for (const field of ['prompt', 'locale']) expect(typeOf(geo.properties[field])).toBe('string');
    for (const [method, path] of seedOperations.filter(([m]) => m === 'post')) {
      expect(Object.keys(resolve(op(method, path).requestBody).content)).toEqual(['application/json']);
    }
  });

  it('answers an audit start with auditRunId (UUID), status pending and jobId', () => {
    const accepted = dataSchema('post', '/projects/{projectId}/audits');
    expect(accepted.required).toEqual(expect.arrayContaining(['auditRunId', 'status', 'jobId']));
    expect(resolve(accepted.properties.auditRunId)).toMatchObject({ type: 'string', format: 'uuid' });
    expect(resolve(accepted.properties.status).enum).toContain('pending');
    expect(typeOf(accepted.properties.jobId)).toBe('string');
  });

  it('answers a GEO monitor test with testId', () => {
    const accepted = dataSchema('post', '/projects/{projectId}/geo-monitor/tests');
    expect(accepted.required).toContain('testId');
    expect(typeOf(accepted.properties.testId)).toBe('string');
  });

  it('filters audit pages by minGeoScore (number) and hasSchema (boolean), and the items carry both', () => {
    const parameters = (op('get', '/projects/{projectId}/audits/{auditId}/pages').parameters as Json[]).map(resolve);
    expect(parameters.find((p) => p.name === 'minGeoScore')).toMatchObject({ in: 'query', schema: { type: 'number' } });
    expect(parameters.find((p) => p.name === 'hasSchema')).toMatchObject({ in: 'query', schema: { type: 'boolean' } });
    const page = resolve(dataSchema('get', '/projects/{projectId}/audits/{auditId}/pages').items);
    expect(typeOf(page.properties.geoScore)).toBe('number');
    expect(typeOf(page.properties.hasSchema)).toBe('boolean');
  });

  it('accepts Idempotency-Key on every POST and documents 429 RATE_LIMITED with Retry-After everywhere a key is needed', () => {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        if (method === 'post') {
          const names = (operation.parameters as Json[]).map(resolve).map((p) => `${p.in}:${p.name}`);
          expect(names, `${method} ${path}`).toContain('header:Idempotency-Key');
        }
        const tooMany = resolve(operation.responses['429']);
        expect(tooMany, `${method} ${path}`).toBeDefined();
        expect(Object.keys(tooMany.headers)).toEqual(
          expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
        const examples = Object.values(tooMany.content['application/json'].examples).map((e) => resolve(e).value);
        expect(examples.map((e: Json) => e.error.code)).toEqual(['RATE_LIMITED']);
        expect(resolve(doc.components.schemas.ErrorCode).enum).toContain('RATE_LIMITED');
      }
    }
  });

  it('documents the three rate-limit headers on every 2xx and 4xx response', () => {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        for (const [status, raw] of Object.entries(operation.responses as Json)) {
          if (!/^[24]/.test(status)) continue;
          const headers = resolve(raw).headers ?? {};
          for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']) {
            expect(headers[name], `${method} ${path} ${status} ${name}`).toBeDefined();
          }
        }
      }
    }
    const limit = resolve(doc.components.headers['X-RateLimit-Limit']);
    const reset = resolve(doc.components.headers['X-RateLimit-Reset']);
    expect(limit.schema.type).toBe('integer');
    expect(reset.schema.type).toBe('integer');
  });

  it('states the plans and their rates in the description', () => {
    const text = doc.info.description as string;
    expect(text).toMatch(/starter[^\n]*60/);
    expect(text).toMatch(/pro[^\n]*300/);
    expect(text).toMatch(/agency[^\n]*1,200/);
  });
});
