// JSON-LD blocks (`<script type="application/ld+json">`). A block may hold one node, an array of
// nodes, or a `@graph`; every typed node at that top level is one item. Nested nodes (an Article's
// author Person) are property values, not items, as search engines' validators report them.
// JSON with the usual slips (comments, trailing commas…) is read leniently and each of its items
// carries an `invalid_syntax` error; JSON that cannot be read even so is a block-level error.
// Nothing is ever thrown.
// Context handling covers what pages write in practice: the schema.org context as a string
// (any of its spellings, including the docs/jsonldcontext.json URL), `@vocab`, prefix
// definitions (`"schema": "https://schema.org/"`), and arrays of those. Remote contexts of other
// vocabularies are not fetched: their terms are recorded as written and do not count as schema.org.

import type { StructuredDataProblem, StructuredItem } from '../../types.js';
import { addValue, newNode } from './item-node.js';
import type { ItemNode, ItemValue } from './item-node.js';
import { readJsonLeniently } from './json-recovery.js';
import { isSchemaOrgIri, schemaOrgTerm } from './schema-org.js';
import { toStructuredItem } from './structured-item.js';

interface Context {
  vocab: string | null;
  prefixes: ReadonlyMap<string, string>;
}

const EMPTY_CONTEXT: Context = { vocab: null, prefixes: new Map() };
const SCHEMA_VOCAB = 'https://schema.org/';

/** The `type` of a `<script>` that holds JSON-LD (parameters after a `;` allowed). */
const JSON_LD_TYPE = /^\s*application\/ld\+json\s*(?:;|$)/i;

export function isJsonLdScript(attribs: Record<string, string>): boolean {
  return JSON_LD_TYPE.test(attribs.type ?? '');
}

export interface JsonLdResult {
  items: StructuredItem[];
  /** Blocks that could not be read at all, even leniently. */
  errors: string[];
}

/**
 * Deeper than any real markup nests (an item's author's organisation's address is four levels);
 * the items are read recursively, so a block nested deeper is refused whole, as unreadable.
 */
const MAX_NESTING = 64;

/** Whether `value` nests arrays and objects more than `limit` levels, walked without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

export function readJsonLd(blocks: readonly string[]): JsonLdResult {
  const items: StructuredItem[] = [];
  const errors: string[] = [];
  blocks.forEach((raw, index) => {
    const label = `JSON-LD block ${index + 1}`;
    const text = raw.trim();
    if (text === '') {
      errors.push(`${label} is empty`);
      return;
    }
    const reading = readJsonLeniently(text);
    if (!reading.ok) {
      errors.push(`${label} is not valid JSON: ${reading.error}`);
      return;
    }
    const { value, repairs } = reading.json;
    if (typeof value !== 'object' || value === null) {
      errors.push(`${label} is not a JSON object or array`);
      return;
    }
    if (nestsDeeperThan(value, MAX_NESTING)) {
      errors.push(`${label} nests objects and arrays more than ${MAX_NESTING} levels deep`);
      return;
    }
    // A repaired block's items are read, as lenient extractors read them, and each says the
    // block is invalid: strict parsers (search engines') may drop it whole.
    const syntax: StructuredDataProblem[] =
      repairs.length === 0
        ? []
        : [
            {
              code: 'invalid_syntax',
              property: null,
              message: `${label} is not valid JSON (it contains ${joined(repairs)}); it was read leniently, but search engines may ignore it`,
            },
          ];
    const nodes: ItemNode[] = [];
    collectTopLevel(value, EMPTY_CONTEXT, nodes);
    if (nodes.length === 0) {
      errors.push(`${label} has no node with an @type${repairs.length === 0 ? '' : `, and is not valid JSON (it contains ${joined(repairs)})`}`);
    }
    for (const node of nodes) items.push(toStructuredItem(node, 'json-ld', syntax));
  });
  return { items, errors };
}

function joined(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
}

function collectTopLevel(value: unknown, inherited: Context, out: ItemNode[]): void {
  if (Array.isArray(value)) {
    for (const element of value) collectTopLevel(element, inherited, out);
    return;
  }
  if (!isObject(value)) return;
  const context = '@context' in value ? extendContext(inherited, value['@context']) : inherited;
  if (typesOf(value).length > 0) out.push(toNode(value, context));
  const graph = value['@graph'];
  if (graph !== undefined) collectTopLevel(Array.isArray(graph) ? graph : [graph], context, out);
}

function typesOf(node: Record<string, unknown>): string[] {
  const rawType = node['@type'];
  return (Array.isArray(rawType) ? rawType : [rawType]).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
}

/** A JSON-LD node object as an item; nested node objects become item values. */
function toNode(object: Record<string, unknown>, context: Context): ItemNode {
  const written = typesOf(object);
  const schemaOrgTypes: string[] = [];
  for (const t of written) {
    const term = schemaOrgTerm(expand(t, context) ?? '');
    if (term && !schemaOrgTypes.includes(term)) schemaOrgTypes.push(term);
  }
  const node = newNode(written, schemaOrgTypes);
  for (const [key, raw] of Object.entries(object)) {
    if (key.startsWith('@')) continue;
    const term = schemaOrgTerm(expand(key, context) ?? '');
    addValue(node, term ?? key, term !== null, null);
    for (const value of valuesOf(raw, context)) addValue(node, term ?? key, term !== null, value);
  }
  return node;
}

function valuesOf(raw: unknown, context: Context): ItemValue[] {
  if (raw === null || raw === undefined) return [];
  if (Array.isArray(raw)) return raw.flatMap((r) => valuesOf(r, context));
  if (typeof raw === 'string') return [{ kind: 'text', text: raw }];
  if (typeof raw === 'number') return [{ kind: 'number', value: raw }];
  if (typeof raw === 'boolean') return [{ kind: 'boolean', value: raw }];
  if (!isObject(raw)) return [];
  if ('@value' in raw) return valuesOf(raw['@value'], context);
  if ('@list' in raw) return valuesOf(raw['@list'], context);
  if ('@set' in raw) return valuesOf(raw['@set'], context);
  const inner = '@context' in raw ? extendContext(context, raw['@context']) : context;
  const keys = Object.keys(raw);
  if (typeof raw['@id'] === 'string' && keys.every((k) => k === '@id')) return [{ kind: 'reference', id: raw['@id'] }];
  return [{ kind: 'item', node: toNode(raw, inner) }];
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
