// OpenAPI 3.1 / JSON Schema 2020-12 spellings that a 3.0-minded differ gets wrong
// (api-smart-diff 1.0.6 flags `type: string` → `[string, 'null']` in a request as
// breaking, and lets the same change in a response, or a changed `const`, pass).

import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../scripts/breaking/compare-documents.js';
import { api, breakingRules, compare, object } from './api.js';

const str = { type: 'string' };

describe('OpenAPI 3.1 schemas', () => {
  it('reads type arrays and anyOf-with-null as the same type', () => {
    const result = compare(
      { response: object({ lastAuditAt: { type: ['string', 'null'], format: 'date-time' } }) },
      { response: object({ lastAuditAt: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] } }) },
    );
    expect([...result.breaking, ...result.info]).toEqual([]);
  });

  it('treats a response field becoming nullable as a type change', () => {
    const result = compare({ response: object({ title: str }) }, { response: object({ title: { type: ['string', 'null'] } }) });
    expect(result.breaking).toMatchObject([{ rule: 'type-changed', before: 'string', after: 'null | string' }]);
  });

  it('treats a nullable $ref object in a response as a type change', () => {
    const schemas = { Err: object({ code: str }) };
    const result = compare(
      { schemas, response: object({ error: { $ref: '#/components/schemas/Err' } }) },
      { schemas, response: object({ error: { oneOf: [{ $ref: '#/components/schemas/Err' }, { type: 'null' }] } }) },
    );
    expect(breakingRules(result)).toEqual(['type-changed']);
  });

  it('reads const as a one-value enum', () => {
    const changed = compare({ response: object({ format: { const: 'markdown' } }) }, { response: object({ format: { const: 'html' } }) });
    expect(breakingRules(changed)).toEqual(['response-enum-value-removed']);
    const same = compare(
      { response: object({ format: { type: 'string', const: 'markdown' } }) },
      { response: object({ format: { type: 'string', enum: ['markdown'] } }) },
    );
    expect(same.breaking).toEqual([]);
    const requestConst = compare({ request: object({ kind: str }) }, { request: object({ kind: { type: 'string', const: 'x' } }) });
    expect(breakingRules(requestConst)).toEqual(['request-enum-added']);
  });

  it('ignores annotations: examples, example, description, title, deprecated', () => {
    const result = compare(
      { request: object({ a: { type: 'string', examples: ['x'], title: 'A' } }), response: object({ b: { ...str, example: 'y' } }) },
      { request: object({ a: { type: 'string', examples: ['z', 'w'], description: 'd' } }), response: object({ b: { ...str, deprecated: true } }) },
    );
    expect([...result.breaking, ...result.info]).toEqual([]);
  });

  it('applies constraints written next to a $ref (3.1 $ref siblings)', () => {
    const schemas = { Text: str };
    const result = compare(
      { schemas, request: object({ topic: { $ref: '#/components/schemas/Text', maxLength: 200, description: 'Topic' } }) },
      { schemas, request: object({ topic: { $ref: '#/components/schemas/Text', maxLength: 100, description: 'Topic' } }) },
    );
    expect(result.breaking).toMatchObject([{ rule: 'bounds-narrowed', before: 'maxLength 200', after: 'maxLength 100' }]);
  });

  it('follows nested $refs and reports the field path', () => {
    const v1 = { Stats: object({ avgGeoScore: { type: ['number', 'null'] }, auditsCount: { type: 'integer' } }) };
    const v2 = { Stats: object({ auditsCount: { type: 'integer' } }) };
    const response = object({ data: object({ stats: { $ref: '#/components/schemas/Stats' } }) });
    const result = compare({ schemas: v1, response }, { schemas: v2, response });
    expect(result.breaking).toEqual([
      {
        rule: 'response-field-removed',
        severity: 'breaking',
        location: 'POST /items/{itemId} › response 200 (application/json) › data.stats.avgGeoScore',
        // In the component the field is written in, not under the response.
        pointer: ['components', 'schemas', 'Stats', 'properties', 'avgGeoScore'],
        before: 'null | number',
        after: '(absent)',
      },
    ]);
  });

  it('terminates on recursive schemas and still finds changes inside them', () => {
    const node = (fields: Record<string, unknown>) => ({
      Node: object({ ...fields, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }),
    });
    const response = { $ref: '#/components/schemas/Node' };
    const result = compare({ schemas: node({ id: str, label: str }), response }, { schemas: node({ id: str }), response });
    expect(breakingRules(result)).toContain('response-field-removed');
    expect(result.breaking[0]?.location).toMatch(/› label$/);
  });

  it('terminates on a schema that includes itself through allOf', () => {
    const schemas = { Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, object({ a: str })] } };
    const result = compare({ schemas, response: { $ref: '#/components/schemas/Loop' } }, { schemas, response: { $ref: '#/components/schemas/Loop' } });
    expect(result.breaking).toEqual([]);
  });

  it('does not count readOnly fields as required request fields, nor writeOnly fields as response fields', () => {
    const v1 = { Item: object({ name: str, secret: { type: 'string', writeOnly: true } }) };
    const v2 = { Item: object({ name: str, id: { type: 'string', readOnly: true } }, ['id']) };
    const ref = { $ref: '#/components/schemas/Item' };
    const result = compare({ schemas: v1, request: ref, response: ref }, { schemas: v2, request: ref, response: ref });
    expect(result.breaking).toEqual([]);
  });

  it('matches an operation whose path parameter was renamed', () => {
    const base = api();
    const head = api();
    const paths = head.paths as Record<string, unknown>;
    const item = paths['/items/{itemId}'] as { post: { parameters: Array<{ name: string }> } };
    item.post.parameters[0]!.name = 'id';
    head.paths = { '/items/{id}': item };
    expect(compareDocuments(base, head).breaking).toEqual([]);
  });

  it('resolves $ref parameters, request bodies and responses to components', () => {
    const doc = (maxLength: number, fields: string[]) => {
      const d = api();
      const op = (d.paths as Record<string, { post: Record<string, unknown> }>)['/items/{itemId}']!.post;
      op.parameters = [...(op.parameters as unknown[]), { $ref: '#/components/parameters/Q' }];
      op.requestBody = { $ref: '#/components/requestBodies/Body' };
      op.responses = { '200': { $ref: '#/components/responses/Ok' } };
      d.components = {
        parameters: { Q: { name: 'q', in: 'query', schema: { type: 'string', maxLength } } },
        requestBodies: { Body: { content: { 'application/json': { schema: object({ a: str }) } } } },
        responses: { Ok: { description: 'ok', content: { 'application/json': { schema: object(Object.fromEntries(fields.map((f) => [f, str]))) } } } },
      };
      return d;
    };
    const result = compareDocuments(doc(50, ['id', 'name']), doc(40, ['id']));
    expect(breakingRules(result).sort()).toEqual(['bounds-narrowed', 'response-field-removed']);
  });
});
