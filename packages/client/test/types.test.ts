// The client's types flow from the spec: results are the generated schema types, and a wrong body
// field, enum value, filter type or result field is a compile error. Fixtures are compiled by tsc.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typeDiagnostics } from '../../../test/support/type-diagnostics.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/type-errors/${name}.ts`, import.meta.url));

const diagnosticsOf = (name: string) => typeDiagnostics([fixture(name)]);

describe('client types', () => {
  it('resolve to the spec types (ProjectDetail, User, Page<Project>, AuditPage, ...)', () => {
    expect(diagnosticsOf('correct')).toEqual([]);
  }, 60_000);

  const cases: Array<[string, RegExp]> = [
    ['wrong-body-field', /'primaryDomian' does not exist in type/],
    ['wrong-enum', /Type '"virality"' is not assignable to type '"awareness" \| "consideration" \| "conversion" \| "retention"'/],
    ['wrong-filter', /Type 'string' is not assignable to type 'boolean/],
    ['wrong-result-field', /Property 'avgScore' does not exist on type/],
  ];

  it.each(cases)(
    'reject %s',
    (name, message) => {
      const diagnostics = diagnosticsOf(name);
      expect(diagnostics.length).toBeGreaterThan(0);
      for (const d of diagnostics) expect(d.file).toMatch(new RegExp(`${name}\\.ts$`));
      expect(diagnostics.map((d) => d.text).join('\n')).toMatch(message);
    },
    60_000,
  );
});
