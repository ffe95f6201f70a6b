// The TypeScript snippets of the root README and of the client README's sections compile against
// the client as it is (the quick start also runs: readme.test.ts). Each snippet is compiled as a
// module, with the few names it takes from its surroundings declared.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { typeDiagnostics } from '../support/type-diagnostics.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTEXT = `import { createClient } from '@seo-geo/client';
declare const client: ReturnType<typeof createClient>;
declare const projectId: string;
declare const body: string;
declare const headers: Record<string, string>;
`;

function snippets(file: string, section: string): string[] {
  const text = readFileSync(`${ROOT}${file}`, 'utf8');
  const start = text.indexOf(`## ${section}`);
  expect(start, `${file} has a "${section}" section`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 3);
  return [...text.slice(start, end === -1 ? undefined : end).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

it.each([
  ['README.md', 'Calling the API from TypeScript'],
  ['packages/client/README.md', 'Waiting for an audit or a GEO test'],
  ['packages/client/README.md', 'Verifying webhooks'],
])(
  '%s, "%s": its TypeScript compiles',
  (file, section) => {
    const sources = new Map(
      snippets(file, section).map((code, i) => {
        const own = code.includes("from '@seo-geo/client'") ? code : `${CONTEXT}${code}`;
        return [`${ROOT}test/client/.snippet-${i}.ts`, `${own}\nexport {};\n`];
      }),
    );
    expect(sources.size).toBeGreaterThan(0);
    expect(typeDiagnostics([], sources).map((d) => `${d.file}: ${d.text}`)).toEqual([]);
  },
  60_000,
);
