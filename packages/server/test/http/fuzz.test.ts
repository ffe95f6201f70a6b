// Property-based bad input for every operation of the spec: wrong types, out-of-range numbers,
// overlong strings, unknown fields, bad UUIDs, bad and missing headers, bad list parameters.
// Every answer must be a 4xx in the error envelope (or, for generated input that happens to be
// valid, the documented success): never a 5xx, never a stack trace.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '@seo-geo/types';
import { responseViolations } from '@seo-geo/types/validator';
import { startTestServer, type ApiResponse, type TestServer } from '../support/server.js';

let server: TestServer;
let key: string;
let projectId: string;
let auditId: string;

beforeAll(async () => {
  // No workers: a generated body that happens to be valid must not start real crawls. PostgreSQL
  // when available: it is the stricter dialect about parameter types.
  server = await startTestServer({ env: { IN_PROCESS_WORKERS: 'false' }, database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' });
  key = await server.createKey({ plan: 'agency' });
  projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Fuzz', primaryDomain: 'https://fuzz.example' } })).body.data.id;
  auditId = (await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: {} })).body.data.auditRunId;
});
afterAll(() => server.close());

const uuid = () => fc.uuid().map((u) => u.toLowerCase());
const badUuid = fc
  .oneof(
    fc.constantFrom('not-a-uuid', '123', '0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '%00', '..%2F..'),
    fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  )
  .filter(
    // Not a UUID, and not a dot segment (URL normalisation would turn it into another path).
    (segment) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) && !/^(\.|%2e){1,2}$/i.test(segment),
  );
const hugeString = fc.integer({ min: 201, max: 3000 }).map((n) => 'x'.repeat(n));
const wrongType = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }), fc.double());
const badPage = fc.constantFrom('0', '-1', '1.5', 'abc', '', '1e20', 'true', '1000001', '9'.repeat(30));
const badPageSize = fc.constantFrom('0', '101', '-5', 'x', '2.5', '1000');
const badHasSchema = fc.constantFrom('yes', '1', '0', 'TRUE', 'False', '', 'null');
const badMinGeoScore = fc.constantFrom('abc', '-1', '101', 'NaN', 'Infinity', '1e400', '');

/** A body that breaks the request schema: wrong type, overlong string, unknown field, or not an object. */
const badBody = (fields: string[]) =>
  fc.oneof(
    wrongType.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
    fc.record({ field: fc.constantFrom(...fields), value: fc.oneof(wrongType, hugeString) }).map(({ field, value }) => ({ [field]: value })),
    fc
      .record({ extra: fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !fields.includes(k) && k !== '__proto__'), value: fc.anything() })
      .map(({ extra, value }) => ({ [extra]: value })),
  );

const BODY_FIELDS: Partial<Record<OperationId, string[]>> = {
  createProject: ['name', 'primaryDomain'],
  startAudit: ['seedUrl', 'maxPages'],
  createBrief: ['topic', 'audience', 'goal'],
  createGeoMonitorTest: ['prompt', 'locale'],
};

interface Attempt {
  path: string;
  init: RequestInit & { key?: string; json?: unknown };
}

function pathFor(template: string, fill: (name: string) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => fill(name));
}

function attempts(operationId: OperationId): fc.Arbitrary<Attempt> {
  const operation = operationTable[operationId];
  const method = operation.method.toUpperCase();
  const hasPathParams = operation.path.includes('{');
  const isList = (operation.statuses as readonly number[]).includes(200) && /^list/.test(operationId);
  // Real ids where the test has them, so that bad input reaches the queries behind them.
  const validPath = uuid().map((id) => pathFor(operation.path, (name) => (name === 'projectId' ? projectId : name === 'auditId' ? auditId : id)));
  const options: Array<fc.Arbitrary<Attempt>> = [];
  if (operation.authenticated) {
    options.push(
      validPath.chain((path) =>
        fc
          .constantFrom<Record<string, string>>(
            {},
            { authorization: 'Bearer' },
            { authorization: 'Bearer sk_live_short' },
            { authorization: `Token ${key}` },
            { authorization: `Bearer ${key.slice(0, -1)}!` },
          )
          .map((headers) => ({ path, init: { method, headers } })),
      ),
    );
  }
  if (hasPathParams) {
    options.push(badUuid.map((bad) => ({ path: pathFor(operation.path, () => bad), init: { method, key } })));
  }
  options.push(
    validPath.chain((path) =>
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((k) => /^[a-z]+$/i.test(k) && !['page', 'pageSize', 'minGeoScore', 'hasSchema'].includes(k))
        .map((param) => ({ path: `${path}?${param}=1`, init: { method, key } })),
    ),
  );
  if (isList) {
    options.push(
      validPath.chain((path) =>
        fc
          .oneof(
            badPage.map((v) => `page=${encodeURIComponent(v)}`),
            badPageSize.map((v) => `pageSize=${encodeURIComponent(v)}`),
          )
          .map((q) => ({ path: `${path}?${q}`, init: { method, key } })),
      ),
    );
  }
  if (operationId === 'listAuditPages') {
    // Valid filters too: any number in range, either boolean, any page; none may become a 5xx.
    options.push(
      validPath.chain((path) =>
        fc
          .record({
            minGeoScore: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined }),
            hasSchema: fc.option(fc.boolean(), { nil: undefined }),
            page: fc.integer({ min: 1, max: 50 }),
          })
          .map(({ minGeoScore, hasSchema, page }) => {
            const query = new URLSearchParams({ page: String(page) });
            if (minGeoScore !== undefined) query.set('minGeoScore', String(minGeoScore));
            if (hasSchema !== undefined) query.set('hasSchema', String(hasSchema));
            return { path: `${path}?${query}`, init: { method, key } };
          }),
      ),
    );
    options.push(
      validPath.chain((path) =>
        fc
          .oneof(
            badHasSchema.map((v) => `hasSchema=${encodeURIComponent(v)}`),
            badMinGeoScore.map((v) => `minGeoScore=${encodeURIComponent(v)}`),
          )
          .map((q) => ({ path: `${path}?${q}`, init: { method, key } })),
      ),
    );
  }
  const fields = BODY_FIELDS[operationId];
  if (fields) {
    options.push(validPath.chain((path) => badBody(fields).map((json) => ({ path, init: { method, key, json } }))));
    options.push(validPath.map((path) => ({ path, init: { method, key, headers: { 'content-type': 'application/json' }, body: '{"name": ' } })));
    options.push(validPath.map((path) => ({ path, init: { method, key, headers: { 'content-type': 'text/csv' }, body: 'a,b' } })));
  }
  if (method === 'POST') {
    options.push(
      validPath.chain((path) =>
        fc
          .constantFrom('', 'k'.repeat(256), 'caf\u00e9')
          .map((idempotencyKey) => ({ path, init: { method, key, headers: { 'idempotency-key': idempotencyKey }, json: { unexpected: true } } })),
      ),
    );
  }
  return fc.oneof(...options);
}

function assertClientError(operationId: OperationId, response: ApiResponse, attempt: Attempt): void {
  const where = `${attempt.init.method} ${attempt.path} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
  if (response.status < 300) {
    // Generated input that happens to be valid (a valid filter, an integer maxPages): the
    // documented success, never a 5xx.
    expect(responseViolations(operationId, response), where).toEqual([]);
    return;
  }
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  expect(response.body?.error?.code, where).toMatch(/^[A-Z_]+$/);
  expect(response.body.error.requestId, where).toBe(response.headers.get('x-request-id'));
  expect(JSON.stringify(response.body), where).not.toMatch(/\bat .*\.(ts|js):\d+/);
  if ((operationTable[operationId].statuses as readonly number[]).includes(response.status)) {
    expect(responseViolations(operationId, response), where).toEqual([]);
  }
}

describe('bad input never gets a 5xx', () => {
  const operationIds = Object.keys(operationTable) as OperationId[];
  it.each(operationIds)(
    '%s',
    async (operationId) => {
      await fc.assert(
        fc.asyncProperty(attempts(operationId), async (attempt) => {
          // Keep the key's bucket full: 429s are correct but would hide what the input gets.
          server.clock.advance(60_000);
          const response = await server.call(attempt.path, attempt.init);
          assertClientError(operationId, response, attempt);
        }),
        { numRuns: 60 },
      );
    },
    60_000,
  );
});
