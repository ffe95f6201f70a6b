// Which OpenAPI document the docs tests render: the real bundled one when
// `npm run generate` has produced it, else the small fixture next to the tests.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SPEC } from '../../scripts/docs/build-docs.js';

export const FIXTURE_SPEC = fileURLToPath(new URL('./fixtures/openapi.json', import.meta.url));

export interface DocsDocument {
  path: string;
  source: 'bundled' | 'fixture';
  spec: { paths?: Record<string, Record<string, { summary?: string }>> };
}

export function pickDocument(): DocsDocument {
  const bundled = existsSync(DEFAULT_SPEC);
  const path = bundled ? DEFAULT_SPEC : FIXTURE_SPEC;
  return { path, source: bundled ? 'bundled' : 'fixture', spec: JSON.parse(readFileSync(path, 'utf8')) };
}

export function loadDocument(path: string): DocsDocument['spec'] {
  return JSON.parse(readFileSync(path, 'utf8'));
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every operation's summary, as `METHOD path → summary` pairs so a failure names the operation. */
export function operationSummaries(spec: DocsDocument['spec']): Array<{ operation: string; summary: string }> {
  const out: Array<{ operation: string; summary: string }> = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      if (typeof op.summary !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no summary`);
      out.push({ operation: `${method.toUpperCase()} ${path}`, summary: op.summary });
    }
  }
  return out;
}
