// Property-based bad input for every operation of the spec: wrong types, out-of-range numbers,
// overlong strings, unknown fields, bad UUIDs, bad and missing headers, bad list parameters, and
// for every operation with a body, hostile bodies: nesting deep enough to overflow a recursive
// walk, every content encoding (decodable or not), numbers at and past what a double holds, and
// any Unicode (lone surrogates, NUL, a byte order mark). Every answer must be a 4xx in the error
// envelope (or, for generated input that happens to be valid, the documented success): never a
// 5xx, never a stack trace; the server, in this process, stays up throughout.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '@seo-geo/types';
import document from '@seo-geo/types/openapi.json' with { type: 'json' };
import { followRefs } from '@seo-geo/types/json-pointer';
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

/** The top-level fields of an operation's JSON request body, read from the spec. */
function bodyFields(operationId: OperationId): string[] {
  const { path, method } = operationTable[operationId];
  const operation = (document.paths as Record<string, Record<string, { requestBody?: unknown }>>)[path]?.[method];
  if (!operation?.requestBody) return [];
  const body = followRefs<{ content?: Record<string, { schema?: unknown }> }>(document, operation.requestBody);
  const schema = followRefs<{ properties?: Record<string, unknown> }>(document, body.content?.['application/json']?.schema ?? {});
  return Object.keys(schema.properties ?? {});
}

const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** JSON text nested past what the server accepts (32 levels), at the top or in a field. */
const deepBody = (fields: string[]) =>
  fc
    .record({
      depth: fc.integer({ min: 33, max: 30_000 }),
      kind: fc.constantFrom('array' as const, 'object' as const),
      field: fc.option(fc.constantFrom(...fields)),
    })
    .map(({ depth, kind, field }) => (field === null ? nested(depth, kind) : `{${JSON.stringify(field)}:${nested(depth, kind)}}`));
/** Numbers as JSON text: past a double, negative zero, beyond 2^53, tiny, fractional. */
const boundaryNumber = fc.constantFrom(
  '0',
  '-0',
  '-1',
  '1.5',
  '9007199254740993',
  '1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '2147483648',
  '-2147483649',
  '0.0000001',
);
/** Any code points, plus lone surrogates (as JSON escapes), NUL, a BOM, right-to-left text. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }).map((text) => JSON.stringify(text)),
  fc.constantFrom('"\\ud800"', '"\\udfff x"', '"a\\u0000b"', '"\\ufeffname"', '"\u202eevil"', '"' + '\u{1F600}'.repeat(300) + '"'),
);
const encode = (encoding: string, text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    encoding === 'gzip' ? gzipSync(text) : encoding === 'deflate' ? deflateSync(text) : encoding === 'br' ? brotliCompressSync(text) : Buffer.from(text),
  );

function hostileBodies(fields: string[]): fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  const json = { 'content-type': 'application/json' };
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('name');
  return fc.oneof(
    deepBody(fields.length > 0 ? fields : ['name']).map((body) => ({ body, headers: json })),
    fc.record({ field, value: boundaryNumber }).map(({ field, value }) => ({ body: `{${JSON.stringify(field)}:${value}}`, headers: json })),
    fc.record({ field, value: anyText }).map(({ field, value }) => ({ body: `{${JSON.stringify(field)}:${value}}`, headers: json })),
    fc.record({ key: anyText, value: anyText }).map(({ key, value }) => ({ body: `{${key}:${value}}`, headers: json })),
    fc
      .record({
        encoding: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'compress', 'x-unknown', 'gzip, br', 'GZIP'),
        encoded: fc.boolean(),
        text: fc.oneof(fc.constant('{}'), deepBody(fields.length > 0 ? fields : ['name']), fc.constant('{"name": ')),
      })
      .map(({ encoding, encoded, text }) => ({
        body: encoded ? encode(encoding.toLowerCase(), text) : text,
        headers: { ...json, 'content-encoding': encoding },
      })),
  );
}

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
  if (operation.path in document.paths && bodyFields(operationId).length > 0) {
    options.push(
      validPath.chain((path) => hostileBodies(bodyFields(operationId)).map(({ body, headers }) => ({ path, init: { method, key, headers, body } }))),
    );
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
