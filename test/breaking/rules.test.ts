// Every rule of the gate, proven both ways: the breaking pair fails with that rule,
// and its non-breaking counterpart passes (no breaking change at all).

import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../scripts/breaking/change.js';
import { breakingRules, compare, object, type ApiParts } from './api.js';

interface RuleCase {
  name: string;
  rule: RuleId;
  breaking: [ApiParts, ApiParts];
  compatible: [ApiParts, ApiParts];
  /** A rule the compatible pair must report as information, when there is one. */
  info?: RuleId;
}

const extraOperation = { '/extras': { get: { summary: 'List extras', responses: { '204': { description: 'none' } } } } };
const str = { type: 'string' };
const query = (schema: object, required = false) => ({ name: 'q', in: 'query', required, schema });
const header = (required: boolean) => ({ name: 'X-Trace', in: 'header', required, schema: str });
const itemSchema = (fields: string[]) => object(Object.fromEntries(fields.map((f) => [f, str])));

const cases: RuleCase[] = [
  {
    name: 'removed operation',
    rule: 'operation-removed',
    breaking: [{ paths: extraOperation }, {}],
    compatible: [{}, { paths: extraOperation }],
    info: 'operation-added',
  },
  {
    name: 'removed response field',
    rule: 'response-field-removed',
    breaking: [{ response: object({ a: str, b: str }) }, { response: object({ a: str }) }],
    compatible: [{ response: object({ a: str }) }, { response: object({ a: str, b: str }) }],
    info: 'response-field-added',
  },
  {
    name: 'removed response field behind $ref',
    rule: 'response-field-removed',
    breaking: [
      { response: { $ref: '#/components/schemas/Item' }, schemas: { Item: itemSchema(['id', 'name']) } },
      { response: { $ref: '#/components/schemas/Item' }, schemas: { Item: itemSchema(['id']) } },
    ],
    compatible: [
      { response: { $ref: '#/components/schemas/Item' }, schemas: { Item: itemSchema(['id']) } },
      { response: { $ref: '#/components/schemas/Item' }, schemas: { Item: itemSchema(['id', 'name']) } },
    ],
  },
  {
    name: 'removed response field inside allOf',
    rule: 'response-field-removed',
    breaking: [
      { response: { allOf: [{ $ref: '#/components/schemas/Base' }, object({ extra: str })] }, schemas: { Base: itemSchema(['id', 'createdAt']) } },
      { response: { allOf: [{ $ref: '#/components/schemas/Base' }, object({ extra: str })] }, schemas: { Base: itemSchema(['id']) } },
    ],
    // Moving a field from the shared part into the inline part changes syntax, not the response.
    compatible: [
      { response: { allOf: [{ $ref: '#/components/schemas/Base' }, object({ extra: str })] }, schemas: { Base: itemSchema(['id', 'createdAt']) } },
      { response: { allOf: [{ $ref: '#/components/schemas/Base' }, object({ extra: str, createdAt: str })] }, schemas: { Base: itemSchema(['id']) } },
    ],
  },
  {
    name: 'removed response field in array items',
    rule: 'response-field-removed',
    breaking: [
      { response: object({ data: { type: 'array', items: itemSchema(['id', 'url']) } }) },
      { response: object({ data: { type: 'array', items: itemSchema(['id']) } }) },
    ],
    compatible: [
      { response: object({ data: { type: 'array', items: itemSchema(['id']) } }) },
      { response: object({ data: { type: 'array', items: itemSchema(['id', 'url']) } }) },
    ],
  },
  {
    name: 'removed enum value in a response',
    rule: 'response-enum-value-removed',
    breaking: [
      { response: object({ status: { type: 'string', enum: ['pending', 'done'] } }) },
      { response: object({ status: { type: 'string', enum: ['pending'] } }) },
    ],
    compatible: [
      { response: object({ status: { type: 'string', enum: ['pending'] } }) },
      { response: object({ status: { type: 'string', enum: ['pending', 'done'] } }) },
    ],
    info: 'response-enum-value-added',
  },
  {
    name: 'new required request field',
    rule: 'request-field-required',
    breaking: [{ request: object({ a: str }) }, { request: object({ a: str, b: str }, ['b']) }],
    compatible: [{ request: object({ a: str }) }, { request: object({ a: str, b: str }) }],
    info: 'request-field-added',
  },
  {
    name: 'optional request field made required',
    rule: 'request-field-required',
    breaking: [{ request: object({ a: str }) }, { request: object({ a: str }, ['a']) }],
    compatible: [{ request: object({ a: str }, ['a']) }, { request: object({ a: str }) }],
  },
  {
    name: 'new required query parameter',
    rule: 'parameter-required',
    breaking: [{}, { parameters: [query(str, true)] }],
    compatible: [{}, { parameters: [query(str, false)] }],
    info: 'parameter-added',
  },
  {
    name: 'new required header parameter',
    rule: 'parameter-required',
    breaking: [{}, { parameters: [header(true)] }],
    compatible: [{}, { parameters: [header(false)] }],
  },
  {
    name: 'optional parameter made required',
    rule: 'parameter-required',
    breaking: [{ parameters: [query(str, false)] }, { parameters: [query(str, true)] }],
    compatible: [{ parameters: [query(str, true)] }, { parameters: [query(str, false)] }],
  },
  {
    name: 'optional request body made required',
    rule: 'request-body-required',
    breaking: [{ requestRequired: false }, { requestRequired: true }],
    compatible: [{ requestRequired: true }, { requestRequired: false }],
  },
  {
    name: 'request field type changed',
    rule: 'type-changed',
    breaking: [{ request: object({ a: str }) }, { request: object({ a: { type: 'integer' } }) }],
    compatible: [{ request: object({ a: str }) }, { request: object({ a: { type: ['string', 'null'] } }) }],
    info: 'type-widened',
  },
  {
    name: 'parameter type changed',
    rule: 'type-changed',
    breaking: [{ parameters: [query({ type: 'integer' })] }, { parameters: [query(str)] }],
    compatible: [{ parameters: [query({ type: 'integer' })] }, { parameters: [query({ type: 'number' })] }],
    info: 'type-widened',
  },
  {
    name: 'response field type changed',
    rule: 'type-changed',
    breaking: [{ response: object({ score: { type: 'integer' } }) }, { response: object({ score: str }) }],
    compatible: [
      { response: object({ score: { type: 'integer', description: 'old' } }) },
      { response: object({ score: { type: 'integer', description: 'new', examples: [42] } }) },
    ],
  },
  {
    name: 'request field maxLength lowered',
    rule: 'bounds-narrowed',
    breaking: [{ request: object({ a: { type: 'string', maxLength: 200 } }) }, { request: object({ a: { type: 'string', maxLength: 100 } }) }],
    compatible: [{ request: object({ a: { type: 'string', maxLength: 200 } }) }, { request: object({ a: { type: 'string', maxLength: 300 } }) }],
    info: 'bounds-widened',
  },
  {
    name: 'request field minLength raised',
    rule: 'bounds-narrowed',
    breaking: [{ request: object({ a: { type: 'string', minLength: 1 } }) }, { request: object({ a: { type: 'string', minLength: 3 } }) }],
    compatible: [{ request: object({ a: { type: 'string', minLength: 3 } }) }, { request: object({ a: { type: 'string', minLength: 1 } }) }],
    info: 'bounds-widened',
  },
  {
    name: 'parameter maximum lowered',
    rule: 'bounds-narrowed',
    breaking: [{ parameters: [query({ type: 'integer', maximum: 100 })] }, { parameters: [query({ type: 'integer', maximum: 50 })] }],
    compatible: [{ parameters: [query({ type: 'integer', maximum: 100 })] }, { parameters: [query({ type: 'integer', maximum: 500 })] }],
    info: 'bounds-widened',
  },
  {
    name: 'parameter minimum raised (bound added)',
    rule: 'bounds-narrowed',
    breaking: [{ parameters: [query({ type: 'integer' })] }, { parameters: [query({ type: 'integer', minimum: 1 })] }],
    compatible: [{ parameters: [query({ type: 'integer', minimum: 1 })] }, { parameters: [query({ type: 'integer' })] }],
    info: 'bounds-widened',
  },
  {
    name: 'request array maxItems lowered',
    rule: 'bounds-narrowed',
    breaking: [
      { request: object({ tags: { type: 'array', items: str, maxItems: 10 } }) },
      { request: object({ tags: { type: 'array', items: str, maxItems: 5 } }) },
    ],
    compatible: [
      { request: object({ tags: { type: 'array', items: str, maxItems: 10 } }) },
      { request: object({ tags: { type: 'array', items: str, maxItems: 20 } }) },
    ],
    info: 'bounds-widened',
  },
  {
    name: 'enum value removed from a request field',
    rule: 'request-enum-value-removed',
    breaking: [
      { request: object({ goal: { type: 'string', enum: ['awareness', 'conversion', 'retention'] } }) },
      { request: object({ goal: { type: 'string', enum: ['awareness', 'conversion'] } }) },
    ],
    compatible: [
      { request: object({ goal: { type: 'string', enum: ['awareness', 'conversion'] } }) },
      { request: object({ goal: { type: 'string', enum: ['awareness', 'conversion', 'retention'] } }) },
    ],
    info: 'request-enum-value-added',
  },
  {
    name: 'enum introduced on a free request field',
    rule: 'request-enum-added',
    breaking: [{ request: object({ goal: str }) }, { request: object({ goal: { type: 'string', enum: ['a'] } }) }],
    compatible: [{ request: object({ goal: { type: 'string', enum: ['a'] } }) }, { request: object({ goal: str }) }],
    info: 'request-enum-value-added',
  },
  {
    name: 'pattern added to a request field',
    rule: 'pattern-changed',
    breaking: [{ request: object({ slug: str }) }, { request: object({ slug: { type: 'string', pattern: '^[a-z]+$' } }) }],
    compatible: [{ request: object({ slug: { type: 'string', pattern: '^[a-z]+$' } }) }, { request: object({ slug: str }) }],
    info: 'pattern-removed',
  },
  {
    name: 'pattern of a parameter changed',
    rule: 'pattern-changed',
    breaking: [{ parameters: [query({ type: 'string', pattern: '^[a-z]+$' })] }, { parameters: [query({ type: 'string', pattern: '^[a-z]{2,}$' })] }],
    compatible: [
      { parameters: [query({ type: 'string', pattern: '^[a-z]+$', description: 'old' })] },
      { parameters: [query({ type: 'string', pattern: '^[a-z]+$', description: 'new' })] },
    ],
  },
  {
    name: 'format added to a request field',
    rule: 'format-added',
    breaking: [{ request: object({ url: str }) }, { request: object({ url: { type: 'string', format: 'uri' } }) }],
    compatible: [{ request: object({ url: { type: 'string', format: 'uri' } }) }, { request: object({ url: str }) }],
    info: 'format-removed',
  },
];

describe('breaking-change rules', () => {
  for (const c of cases) {
    describe(c.name, () => {
      it(`fails with ${c.rule}`, () => {
        const result = compare(...c.breaking);
        expect(breakingRules(result)).toContain(c.rule);
        expect(result.majorBump).toBe(false);
      });
      it('passes for the non-breaking counterpart', () => {
        const result = compare(...c.compatible);
        expect(result.breaking).toEqual([]);
        if (c.info) expect(result.info.map((i) => i.rule)).toContain(c.info);
      });
    });
  }
});

describe('report details', () => {
  it('names the location and the old and new state', () => {
    const result = compare(
      { request: object({ topic: { type: 'string', maxLength: 200 } }) },
      { request: object({ topic: { type: 'string', maxLength: 100 } }) },
    );
    expect(result.breaking).toEqual([
      {
        rule: 'bounds-narrowed',
        severity: 'breaking',
        location: 'POST /items/{itemId} › request body (application/json) › topic',
        pointer: ['paths', '/items/{itemId}', 'post', 'requestBody', 'content', 'application/json', 'schema', 'properties', 'topic'],
        before: 'maxLength 200',
        after: 'maxLength 100',
      },
    ]);
  });

  it('reports nothing for identical documents', () => {
    const parts = { request: object({ a: str }, ['a']), response: object({ id: str }) };
    const result = compare(parts, parts);
    expect([...result.breaking, ...result.info]).toEqual([]);
  });
});
