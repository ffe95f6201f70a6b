// Every operation of the spec has a client method, and that method sends the operation's method
// to its path. A new operation in the spec without a method fails here (and in the typecheck of
// src/operations.ts).
import { operationTable } from '@seo-geo/types';
import { followRefs } from '@seo-geo/types/json-pointer';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { clientMethod, clientMethods, createClient } from '../src/index.js';

const operations = Object.entries(operationTable);
const doc = spec as unknown as {
  components: { examples: Record<string, { value: unknown }> };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { examples?: Record<string, { $ref: string }> }> } }>>;
};

function firstExample(path: string, method: string): unknown {
  const examples = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.examples ?? {};
  const example = Object.values(examples)[0];
  return example ? followRefs<{ value: unknown }>(doc, example).value : undefined;
}

describe('client methods cover the spec', () => {
  it('names a method for every operationId, and nothing else', () => {
    expect(Object.keys(clientMethods).sort()).toEqual(Object.keys(operationTable).sort());
  });

  it.each(operations)('%s is called by its method with its method and path', async (operationId, operation) => {
    const sent: Request[] = [];
    const client = createClient({
      apiKey: 'sk_live_test',
      baseUrl: 'http://api.test/api/public/v1',
      fetch: async (request) => {
        sent.push(request);
        const body =
          operation.path === '/openapi.json'
            ? { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }
            : { data: [], meta: { requestId: 'r', page: 1, pageSize: 20, total: 0, totalPages: 0, hasNextPage: false } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const method = clientMethod(client, operationId);
    expect(method, `client method ${clientMethods[operationId as keyof typeof clientMethods]}`).toBeTypeOf('function');
    // Positional convention of every method: path parameters in path order, then the body.
    const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => `id-of-${m[1]}`);
    const args = operation.hasRequestBody ? [...pathParams, firstExample(operation.path, operation.method)] : pathParams;
    await method!(...args);
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.method).toBe(operation.method.toUpperCase());
    const expectedPath = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => `id-of-${name}`);
    expect(new URL(request.url).pathname).toBe(`/api/public/v1${expectedPath}`);
    expect(request.headers.get('authorization')).toBe('Bearer sk_live_test');
    if (operation.method === 'post') expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    else expect(request.headers.get('idempotency-key')).toBeNull();
    if (operation.hasRequestBody) expect(JSON.parse(await request.text())).toEqual(args.at(-1));
  });
});
