// The handler map must turn contract violations into compile errors. Each fixture breaks one
// rule; tsc must reject it with the expected diagnostic, and the correct fixture must compile.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typeDiagnostics } from '../../../test/support/type-diagnostics.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/type-errors/${name}.ts`, import.meta.url));

const diagnosticsOf = (name: string) => typeDiagnostics([fixture(name)]);

describe('typed handler map', () => {
  it('compiles a handler map that implements every operation with documented responses', () => {
    expect(diagnosticsOf('correct')).toEqual([]);
  });

  const cases: Array<[string, number, RegExp]> = [
    ['missing-handler', 2741, /Property 'getMe' is missing/],
    ['extra-handler', 2353, /'deleteAccount' does not exist in type 'HandlerMap/],
    ['undocumented-status', 2322, /status: 201/],
    ['wrong-body', 2322, /status: 200; body: \{ data: \{ id: string; name: string/],
    ['missing-location', 2322, /Property 'headers' is missing/],
    ['wrong-input', 2339, /Property 'auditId' does not exist on type '\{ projectId: string; \}'/],
    ['wrong-media-type', 2322, /"application\/pdf"' is not assignable to type '"text\/csv"'/],
  ];

  it.each(cases)(
    'rejects %s',
    (name, code, message) => {
      const diagnostics = diagnosticsOf(name);
      // Every error must come from the broken fixture itself, not from the shared correct one.
      expect(diagnostics.length).toBeGreaterThan(0);
      for (const d of diagnostics) expect(d.file).toMatch(new RegExp(`${name}\\.ts$`));
      expect(diagnostics.some((d) => d.code === code && message.test(d.text))).toBe(true);
    },
    60_000,
  );
});
