// extruct's sample pages (extruct/ in the corpus) and what extruct read from each: which syntaxes
// its expected files cover, and whether it found a schema.org item in each. No test-runner import.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, corpusJson, corpusText } from './corpus-data.js';

export type Syntax = 'json-ld' | 'microdata' | 'rdfa';
export const SYNTAXES: readonly Syntax[] = ['json-ld', 'microdata', 'rdfa'];

export interface ExtructSample {
  /** Path in the corpus, e.g. `extruct/schema.org/Event.001.html`. */
  path: string;
  html: string;
  /** Expected files beside the page with the page's own name (other extruct options left out). */
  expected: string[];
  /** Syntax → extruct's top-level items of that syntax, for the syntaxes its files cover. */
  covered: Map<Syntax, unknown[]>;
}

const SCHEMA_ORG = /^https?:\/\/(?:www\.)?schema\.org\/?/i;

export function extructSamples(): ExtructSample[] {
  const out: ExtructSample[] = [];
  for (const dir of readdirSync(join(CORPUS_DIR, 'extruct')).sort()) {
    for (const file of readdirSync(join(CORPUS_DIR, 'extruct', dir)).sort()) {
      if (!file.endsWith('.html')) continue;
      const base = `extruct/${dir}/${file.slice(0, -'.html'.length)}`;
      const expected = [`${base}.json`, `${base}.jsonld`, `${base}.expanded.json`].filter((p) => existsSync(join(CORPUS_DIR, p)));
      const covered = new Map<Syntax, unknown[]>();
      for (const p of expected) for (const [syntax, items] of itemsBySyntax(p)) covered.set(syntax, [...(covered.get(syntax) ?? []), ...items]);
      out.push({ path: `extruct/${dir}/${file}`, html: corpusText(`extruct/${dir}/${file}`), expected, covered });
    }
  }
  return out;
}

/** The syntaxes an expected file covers, with their items (a file may cover none of the three). */
function itemsBySyntax(path: string): Array<[Syntax, unknown[]]> {
  const data = corpusJson<unknown>(path);
  if (path.endsWith('.jsonld')) return [['json-ld', listOf(data)]];
  if (path.endsWith('.expanded.json')) return [['rdfa', listOf(data)]];
  if (!Array.isArray(data) && typeof data === 'object' && data !== null) {
    const byKey = data as Record<string, unknown>;
    return SYNTAXES.filter((s) => Array.isArray(byKey[s])).map((s) => [s, byKey[s] as unknown[]]);
  }
  // A list of one syntax's items: told apart by their shape.
  const items = listOf(data);
  const syntax = items.map(shapeOf).find((s) => s !== null) ?? null;
  return syntax === null ? [] : [[syntax, items]];
}

/** A list of items, or `{items}`; a list of lists holds one list per JSON-LD block. */
function listOf(data: unknown): unknown[] {
  const list = Array.isArray(data) ? data : (data as { items?: unknown }).items;
  return Array.isArray(list) ? list.flatMap((i) => (Array.isArray(i) ? i : [i])) : [];
}

/** json-ld, microdata, or null for OpenGraph, microformats and Dublin Core items. */
function shapeOf(item: unknown): Syntax | null {
  if (typeof item !== 'object' || item === null) return null;
  const o = item as Record<string, unknown>;
  if ('namespace' in o || 'namespaces' in o || 'elements' in o) return null;
  const type = o.type;
  const types = Array.isArray(type) ? type : [type];
  if (types.some((t) => typeof t === 'string' && t.startsWith('h-'))) return null;
  if ('@context' in o || '@type' in o || '@graph' in o) return 'json-ld';
  if ('properties' in o) return 'microdata';
  return null;
}

/** Whether extruct's item is a schema.org item: by its type IRI, or a term under a schema.org context. */
export function isSchemaOrgItem(item: unknown, syntax: Syntax): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const o = item as Record<string, unknown>;
  const raw = syntax === 'microdata' ? o.type : o['@type'];
  const types = (Array.isArray(raw) ? raw : [raw]).filter((t): t is string => typeof t === 'string');
  if (types.some((t) => SCHEMA_ORG.test(t))) return true;
  const context = o['@context'];
  return syntax === 'json-ld' && typeof context === 'string' && SCHEMA_ORG.test(context) && types.length > 0;
}

/** The text of each JSON-LD script of a page, as written. */
export function jsonLdScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*type=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
}
