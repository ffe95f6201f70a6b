import { describe, expect, it } from 'vitest';
import { structuredDataIssues } from '../../src/score/structured-data-issues.js';
import type { StructuredItem } from '../../src/types.js';

const item = (overrides: Partial<StructuredItem>): StructuredItem => ({
  syntax: 'json-ld',
  types: ['Product'],
  schemaOrgTypes: ['Product'],
  properties: [],
  richResult: 'Product',
  errors: [],
  warnings: [],
  ...overrides,
});

describe('structured-data page issues', () => {
  it('gives one error issue per invalid item, naming its types, syntax and problems', () => {
    const issues = structuredDataIssues(
      [
        item({ errors: [{ code: 'missing_required', property: 'name', message: 'Product: the required property name is missing' }] }),
        item({ syntax: 'microdata', types: ['http://example.org/Thing'], schemaOrgTypes: [], richResult: null }),
      ],
      [],
    );
    expect(issues).toEqual([
      { code: 'structured_data_invalid', severity: 'error', message: 'Product (JSON-LD): Product: the required property name is missing.' },
    ]);
  });

  it('gives a notice for an item with warnings only, and none when it also has errors', () => {
    const warning = { code: 'missing_recommended' as const, property: 'review', message: 'Product: the recommended property review is missing.' };
    const error = { code: 'invalid_value' as const, property: 'offers.price', message: 'offers.price is not a number.' };
    expect(structuredDataIssues([item({ warnings: [warning] })], [])).toEqual([
      { code: 'structured_data_incomplete', severity: 'notice', message: 'Product (JSON-LD): Product: the recommended property review is missing.' },
    ]);
    expect(structuredDataIssues([item({ warnings: [warning], errors: [error] })], []).map((i) => i.code)).toEqual(['structured_data_invalid']);
  });

  it('shows five problems and counts the rest', () => {
    const errors = Array.from({ length: 7 }, (_, n) => ({ code: 'unknown_property' as const, property: `p${n}`, message: `Unknown property p${n}` }));
    const [only] = structuredDataIssues([item({ errors })], []);
    expect(only!.message).toBe(
      'Product (JSON-LD): Unknown property p0. Unknown property p1. Unknown property p2. Unknown property p3. Unknown property p4. And 2 more.',
    );
  });

  it('reports JSON-LD blocks that could not be read at all', () => {
    expect(structuredDataIssues([], ['JSON-LD block 2 is not valid JSON: Unexpected token'])).toEqual([
      { code: 'structured_data_unreadable', severity: 'error', message: 'JSON-LD block 2 is not valid JSON: Unexpected token.' },
    ]);
  });
});
