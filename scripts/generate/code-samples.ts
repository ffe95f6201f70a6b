// Adds `x-codeSamples` (curl and the TypeScript client) to every operation of the bundled
// document, for Redoc's sample panel. Everything comes from the document itself: the method and
// path, parameter examples for filters, the request's first named example for the body, and the
// client method from the client's operation map, so a sample cannot name a path or a method that
// does not exist. Ids are named placeholders (`$PROJECT_ID`, `process.env.PROJECT_ID`) the reader
// sets once, the same in both languages. The base URL is the document's server; the reference
// server's /docs swaps in its own origin. Deterministic, so `check:drift` stays stable.
import { clientMethods } from '@seo-geo/client';
import { followRefs } from '@seo-geo/types/json-pointer';

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

interface Operation {
  operationId?: string;
  parameters?: Array<Parameter | { $ref: string }>;
  responses?: Record<string, { content?: Record<string, { schema?: Json }> } | { $ref: string }>;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown } | { $ref: string }> }> } | { $ref: string };
  security?: unknown[];
  'x-codeSamples'?: CodeSample[];
}

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

type Doc = Json & { paths: Record<string, Record<string, unknown>>; servers?: Array<{ url: string }>; security?: unknown[] };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const API_KEY_VAR = '$SEO_GEO_API_KEY';
/** A fresh key from POSIX od and tr, which every shell has (uuidgen is missing on many systems). */
const NEW_IDEMPOTENCY_KEY = `IDEMPOTENCY_KEY=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')`;

/** `projectId` → `PROJECT_ID`: the placeholder a reader sets for a path parameter. */
export const placeholderOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

const resolve = <T>(doc: Json, value: T | { $ref: string }): T => followRefs<T>(doc, value);

function exampleOf(parameter: Parameter): unknown {
  if (parameter.example !== undefined) return parameter.example;
  return Object.values(parameter.examples ?? {})[0]?.value;
}

function firstBodyExample(doc: Json, operation: Operation): unknown {
  if (!operation.requestBody) return undefined;
  const media = resolve(doc, operation.requestBody).content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first ? resolve<{ value?: unknown }>(doc, first).value : undefined;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const tsString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A TypeScript literal for a JSON value: objects as written by hand, keys unquoted where valid. */
function tsLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'string') return tsString(value);
  if (Array.isArray(value)) return `[${value.map((v) => tsLiteral(v, indent)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : tsString(k));
    // Short flat objects (filters) on one line, anything else one property per line.
    const inline = `{ ${entries.map(([k, v]) => `${key(k)}: ${tsLiteral(v)}`).join(', ')} }`;
    if (inline.length <= 60 && entries.every(([, v]) => v === null || typeof v !== 'object')) return inline;
    const inner = indent + '  ';
    const lines = entries.map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner)},`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The URL in double quotes, so its `$PLACEHOLDER`s expand (URLs hold no other shell characters). */
function curlSample(input: { method: string; url: string; authenticated: boolean; body: unknown; idempotent: boolean; file: boolean }): string {
  const url = `"${input.url}"`;
  const lines = [input.method === 'get' ? `curl ${url}` : `curl -X ${input.method.toUpperCase()} ${url}`];
  // A file is saved under the name its Content-Disposition gives.
  if (input.file) lines.push('-OJ');
  if (input.authenticated) lines.push(`-H "Authorization: Bearer ${API_KEY_VAR}"`);
  if (input.idempotent) lines.push(`-H "Idempotency-Key: $IDEMPOTENCY_KEY"`);
  if (input.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(input.body))}`);
  }
  const command = lines.join(' \\\n  ') + '\n';
  if (!input.idempotent) return command;
  return `# A fresh Idempotency-Key; send the same one again to retry without creating twice.\n${NEW_IDEMPOTENCY_KEY}\n${command}`;
}

/** What the operation's success response is: a paginated list, a file (not JSON), or one JSON object. */
type ResultKind = 'list' | 'file' | 'object';

function resultKind(doc: Doc, operation: Operation): ResultKind {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  const content = success ? resolve<{ content?: Record<string, { schema?: Json }> }>(doc, success).content : undefined;
  if (!content) return 'object';
  const json = content['application/json'];
  if (!json) return 'file';
  const schema = json.schema ? resolve<{ properties?: { data?: Json } }>(doc, json.schema) : undefined;
  const data = schema?.properties?.data ? resolve<{ type?: unknown }>(doc, schema.properties.data) : undefined;
  return data?.type === 'array' ? 'list' : 'object';
}

function typescriptSample(input: {
  operationId: string;
  path: string;
  pathNames: string[];
  body: unknown;
  query: Json | undefined;
  base: string;
  kind: ResultKind;
}): string {
  const call = (clientMethods as Record<string, string>)[input.operationId];
  // A new operation before its client method: the generator still writes everything and then
  // names what the operation needs (see index.ts); the sample says the same meanwhile.
  if (!call) return `// No client method for ${input.operationId} yet: add it to packages/client/src/operations.ts, then npm run generate.\n`;
  const args = [...input.pathNames];
  if (input.body !== undefined) args.push(tsLiteral(input.body));
  if (input.query !== undefined && Object.keys(input.query).length > 0) args.push(tsLiteral(input.query));
  const invocation = `client.${call}(${args.join(', ')})`;
  const head = [
    ...(input.kind === 'file' ? ["import { createWriteStream } from 'node:fs';", "import { pipeline } from 'node:stream/promises';"] : []),
    "import { createClient } from '@seo-geo/client';",
    '',
    '// The key from SEO_GEO_API_KEY; retries, pacing and idempotency keys are built in.',
    `const client = createClient({ apiKey: process.env.SEO_GEO_API_KEY, baseUrl: ${tsString(input.base)} });`,
    ...input.pathNames.map((name) => `const ${name} = process.env.${placeholderOf(name)}!;`),
    '',
  ];
  if (input.kind === 'file') {
    return [
      ...head,
      `const file = await ${invocation};`,
      '// A stream: written to disk as it arrives, whatever its size.',
      `await pipeline(file, createWriteStream('${input.operationId}.csv'));`,
      '',
    ].join('\n');
  }
  if (input.kind === 'list') {
    const item = (
      input.path
        .split('/')
        .filter((s) => s && !s.startsWith('{'))
        .pop() ?? 'item'
    )
      .replace(/s$/, '')
      .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    return [
      ...head,
      `// Walks every page, driven by meta.hasNextPage.`,
      `for await (const ${item} of ${invocation}) {`,
      `  console.log(${item});`,
      '}',
      '',
    ].join('\n');
  }
  return [...head, `const result = await ${invocation};`, 'console.log(result);', ''].join('\n');
}

/** The operations of the document that the client has no method for (a new operation, mid-change). */
export function operationsWithoutClientMethod(document: Json): string[] {
  const doc = document as unknown as Doc;
  const ids = Object.values(doc.paths).flatMap((item) => METHODS.flatMap((method) => (item[method] as Operation | undefined)?.operationId ?? []));
  return ids.filter((id) => !(id in clientMethods));
}

/** Returns a copy of the bundled document with curl and TypeScript samples on every operation. */
export function addCodeSamples<T extends Json>(document: T): T {
  const doc = structuredClone(document) as unknown as Doc;
  const base = (doc.servers?.[0]?.url ?? '').replace(/\/+$/, '');
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation?.operationId) continue;
      const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(doc, p));
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const concretePath = path.replace(/\{(\w+)\}/g, (_, name: string) => `$${placeholderOf(name)}`);
      const queryParams = parameters.filter((p) => p.in === 'query');
      // Filters with their examples; `page` is left to the client's pagination.
      const query = Object.fromEntries(queryParams.filter((p) => p.name !== 'page' && exampleOf(p) !== undefined).map((p) => [p.name, exampleOf(p)]));
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const security = operation.security ?? doc.security ?? [];
      const body = firstBodyExample(doc, operation);
      const kind = resultKind(doc, operation);
      operation['x-codeSamples'] = [
        {
          lang: 'Shell',
          label: 'curl',
          source: curlSample({
            method,
            url: `${base}${concretePath}${search ? `?${search}` : ''}`,
            authenticated: security.length > 0,
            body,
            idempotent: parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
            file: kind === 'file',
          }),
        },
        {
          lang: 'TypeScript',
          label: 'TypeScript client',
          source: typescriptSample({
            operationId: operation.operationId,
            path,
            pathNames,
            body,
            query: queryParams.length > 0 ? query : undefined,
            base,
            kind,
          }),
        },
      ];
    }
  }
  return doc as unknown as T;
}
