// JSON-LD blocks (`<script type="application/ld+json">`). A block may hold one node, an array of
// nodes, or a `@graph`; every typed node at that top level is one item. Nested nodes (an Article's
// author Person) are property values, not items, as search engines' validators report them.
// Broken JSON is recorded as an error for the user, never thrown.
// Context handling covers what pages write in practice: the schema.org context as a string
// (any of its spellings, including the docs/jsonldcontext.json URL), `@vocab`, prefix
// definitions (`"schema": "https://schema.org/"`), and arrays of those. Remote contexts of other
// vocabularies are not fetched: their terms are recorded as written and do not count as schema.org.

import type { StructuredItem } from '../../types.js';
import { isSchemaOrgIri, schemaOrgTerm } from './schema-org.js';

interface Context {
  vocab: string | null;
  prefixes: ReadonlyMap<string, string>;
}

const EMPTY_CONTEXT: Context = { vocab: null, prefixes: new Map() };
const SCHEMA_VOCAB = 'https://schema.org/';

export interface JsonLdResult {
  items: StructuredItem[];
  errors: string[];
}

export function readJsonLd(blocks: readonly string[]): JsonLdResult {
  const items: StructuredItem[] = [];
  const errors: string[] = [];
  blocks.forEach((raw, index) => {
    const label = `JSON-LD block ${index + 1}`;
    const text = stripWrappers(raw);
    if (text === '') {
      errors.push(`${label} is empty`);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      errors.push(`${label} is not valid JSON: ${(err as Error).message}`);
      return;
    }
    if (typeof value !== 'object' || value === null) {
      errors.push(`${label} is not a JSON object or array`);
      return;
    }
    const before = items.length;
    collectTopLevel(value, EMPTY_CONTEXT, items);
    if (items.length === before) errors.push(`${label} has no node with an @type`);
  });
  return { items, errors };
}

/** Some CMSs wrap the JSON in an HTML comment or CDATA section; browsers' JSON-LD readers skip those. */
function stripWrappers(raw: string): string {
  let text = raw.trim();
  text = text.replace(/^<!--/, '').replace(/-->$/, '').trim();
  text = text.replace(/^(?:\/\/\s*)?<!\[CDATA\[/, '').replace(/(?:\/\/\s*)?\]\]>$/, '').trim();
  return text;
}

function collectTopLevel(value: unknown, inherited: Context, out: StructuredItem[]): void {
  if (Array.isArray(value)) {
    for (const element of value) collectTopLevel(element, inherited, out);
    return;
  }
  if (!isObject(value)) return;
  const context = '@context' in value ? extendContext(inherited, value['@context']) : inherited;
  const item = toItem(value, context);
  if (item) out.push(item);
  const graph = value['@graph'];
  if (graph !== undefined) collectTopLevel(Array.isArray(graph) ? graph : [graph], context, out);
}

function toItem(node: Record<string, unknown>, context: Context): StructuredItem | null {
  const rawType = node['@type'];
  const written = (Array.isArray(rawType) ? rawType : [rawType]).filter(
    (t): t is string => typeof t === 'string' && t.trim() !== '',
  );
  if (written.length === 0) return null;
  const schemaOrgTypes: string[] = [];
  for (const t of written) {
    const term = schemaOrgTerm(expand(t, context) ?? '');
    if (term && !schemaOrgTypes.includes(term)) schemaOrgTypes.push(term);
  }
  const properties: string[] = [];
  for (const key of Object.keys(node)) {
    if (key.startsWith('@')) continue;
    const name = schemaOrgTerm(expand(key, context) ?? '') ?? key;
    if (!properties.includes(name)) properties.push(name);
  }
  return { syntax: 'json-ld', types: written, schemaOrgTypes, properties };
}

function expand(term: string, context: Context): string | null {
  if (/^https?:\/\//i.test(term)) return term;
  const colon = term.indexOf(':');
  if (colon > 0) {
    const base = context.prefixes.get(term.slice(0, colon));
    return base ? base + term.slice(colon + 1) : null;
  }
  return context.vocab ? context.vocab + term : null;
}

function extendContext(base: Context, value: unknown): Context {
  if (value === null) return EMPTY_CONTEXT;
  if (Array.isArray(value)) return value.reduce<Context>((ctx, v) => extendContext(ctx, v), base);
  if (typeof value === 'string') {
    // A remote context: schema.org's is well known; others are unknown to us.
    return isSchemaOrgIri(value) ? { ...base, vocab: SCHEMA_VOCAB } : { ...base, vocab: null };
  }
  if (!isObject(value)) return base;
  let vocab = base.vocab;
  const prefixes = new Map(base.prefixes);
  for (const [key, v] of Object.entries(value)) {
    if (key === '@vocab') vocab = typeof v === 'string' ? (expand(v, { vocab: null, prefixes }) ?? v) : null;
    else if (!key.startsWith('@') && typeof v === 'string' && /[/#:]$/.test(v)) prefixes.set(key, v);
  }
  return { vocab, prefixes };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
