// x-codeSamples: every operation gets a curl and a TypeScript sample, each correct for its
// operation (method, real path, the first named body example, the right client method), and the
// TypeScript samples compile against the client.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typeDiagnostics } from '../support/type-diagnostics.js';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { operationTable } from '@seo-geo/types';
import { followRefs } from '@seo-geo/types/json-pointer';
import { clientMethods } from '@seo-geo/client';
import { addCodeSamples, placeholderOf, type CodeSample } from '../../scripts/generate/code-samples.js';

type Doc = { components: { examples: Record<string, { value: unknown }> }; paths: Record<string, Record<string, Record<string, unknown>>> };

/** The bundle as Redocly makes it, before generation adds the samples. */
function withoutSamples(document: unknown): Doc {
  const copy = structuredClone(document) as Doc;
  for (const item of Object.values(copy.paths)) for (const operation of Object.values(item)) delete operation['x-codeSamples'];
  return copy;
}

const original = withoutSamples(spec);
const doc = addCodeSamples(structuredClone(original) as unknown as Record<string, unknown>) as unknown as Doc;
const here = dirname(fileURLToPath(import.meta.url));

const samplesOf = (operationId: string): CodeSample[] => {
  const { method, path } = operationTable[operationId as keyof typeof operationTable];
  return doc.paths[path]![method]!['x-codeSamples'] as CodeSample[];
};

function firstBodyExample(path: string, method: string): unknown {
  const body = original.paths[path]![method]!.requestBody as { content: Record<string, { examples: Record<string, { $ref: string }> }> } | undefined;
  const example = body && Object.values(body.content['application/json']!.examples)[0]!;
  return example ? followRefs<{ value: unknown }>(original, example).value : undefined;
}

describe('addCodeSamples', () => {
  it('does not modify its input, is deterministic, and made the served document', () => {
    const input = withoutSamples(spec);
    const before = JSON.stringify(input);
    expect(addCodeSamples(input as unknown as Record<string, unknown>)).toEqual(doc);
    expect(JSON.stringify(input)).toBe(before);
    expect(doc).toEqual(spec);
  });

  it.each(Object.entries(operationTable))('%s gets a curl and a TypeScript sample', (operationId, operation) => {
    const samples = samplesOf(operationId);
    expect(samples.map((s) => [s.lang, s.label])).toEqual([
      ['Shell', 'curl'],
      ['TypeScript', 'TypeScript client'],
    ]);
    const [curl, typescript] = samples as [CodeSample, CodeSample];

    const url = curl.source.match(/"(https:\/\/[^"]+)"/)![1]!;
    // Ids are named placeholders: {projectId} is $PROJECT_ID, the same name as in the TypeScript sample.
    const placeholders = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => placeholderOf(m[1]!));
    expect(new URL(url).pathname).toBe(`/api/public/v1${operation.path.replace(/\{(\w+)\}/g, (_, name: string) => `$${placeholderOf(name)}`)}`);
    for (const name of placeholders) expect(typescript.source).toContain(`process.env.${name}!`);
    const command = curl.source.split('\n').find((line) => line.startsWith('curl'))!;
    expect(command.startsWith(operation.method === 'get' ? 'curl ' : `curl -X ${operation.method.toUpperCase()} `)).toBe(true);
    // No POST sample depends on a tool that may be missing (uuidgen): od and tr are POSIX.
    expect(curl.source).not.toContain('uuidgen');
    expect(curl.source.includes('Authorization: Bearer $SEO_GEO_API_KEY')).toBe(operation.authenticated);
    expect(curl.source.includes('Idempotency-Key')).toBe((operation.headerParameters as readonly string[]).includes('Idempotency-Key'));
    const example = firstBodyExample(operation.path, operation.method);
    if (example === undefined) expect(curl.source).not.toContain('\n  -d ');
    else expect(JSON.parse(curl.source.match(/-d '(.*)'\n$/)![1]!.replace(/'\\''/g, "'"))).toEqual(example);

    expect(typescript.source).toContain(`client.${clientMethods[operationId as keyof typeof clientMethods]}(`);
  });

  it('TypeScript samples compile against the client', () => {
    const files = new Map(Object.keys(operationTable).map((id) => [join(here, `__samples__/${id}.ts`), samplesOf(id)[1]!.source]));
    // A sample naming a method that does not exist must fail, or this check proves nothing.
    const broken = join(here, '__samples__/broken.ts');
    files.set(broken, samplesOf('getProject')[1]!.source.replace('client.projects.get(', 'client.projects.fetch('));
    const diagnostics = typeDiagnostics([], files).map((d) => `${d.file}: ${d.text.replace(/\n/g, ' ')}`);
    expect(diagnostics.filter((d) => !d.startsWith(broken))).toEqual([]);
    expect(diagnostics.some((d) => d.startsWith(broken) && /Property 'fetch' does not exist/.test(d))).toBe(true);
  }, 60_000);
});
