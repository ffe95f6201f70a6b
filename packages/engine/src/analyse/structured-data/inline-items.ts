// Microdata and RDFa (Lite) items, read while the HTML streams past. Both syntaxes nest the same
// way: a property attribute belongs to the nearest enclosing item, and an element that both names
// a property and starts an item makes the new item that property's value. Only top-level items
// (those that are not a property value of another item) are reported, each with its own
// top-level property names, so that a nested Person's `name` never counts as the Article's.
// Not supported (documented limits): Microdata `itemref`, RDFa `about`/`resource` chaining.

import type { StructuredItem } from '../../types.js';
import { schemaOrgTerm } from './schema-org.js';

/** What an element changed, so that its end tag can undo it. */
export interface InlineFrame {
  microdata?: StructuredItem | null;
  rdfa?: StructuredItem | null;
  vocab?: string | null;
  prefixes?: Map<string, string>;
}

/** RDFa 1.1 initial context: these prefixes work without a `prefix` attribute. */
const INITIAL_PREFIXES = new Map<string, string>([
  ['schema', 'http://schema.org/'],
  ['foaf', 'http://xmlns.com/foaf/0.1/'],
  ['dc', 'http://purl.org/dc/terms/'],
  ['og', 'http://ogp.me/ns#'],
]);

const WHITESPACE = /\s+/;

function tokens(value: string): string[] {
  const trimmed = value.trim();
  return trimmed === '' ? [] : trimmed.split(WHITESPACE);
}

export class InlineItemTracker {
  readonly items: StructuredItem[] = [];
  private microdata: StructuredItem | null = null;
  private rdfa: StructuredItem | null = null;
  private vocab: string | null = null;
  private prefixes: Map<string, string> = INITIAL_PREFIXES;

  /** Called for every start tag that carries at least one Microdata or RDFa attribute. */
  open(attribs: Record<string, string>): InlineFrame {
    const frame: InlineFrame = {};
    this.openMicrodata(attribs, frame);
    this.openRdfa(attribs, frame);
    return frame;
  }

  close(frame: InlineFrame): void {
    if (frame.microdata !== undefined) this.microdata = frame.microdata;
    if (frame.rdfa !== undefined) this.rdfa = frame.rdfa;
    if (frame.vocab !== undefined) this.vocab = frame.vocab;
    if (frame.prefixes !== undefined) this.prefixes = frame.prefixes;
  }

  private openMicrodata(attribs: Record<string, string>, frame: InlineFrame): void {
    const itemprop = attribs.itemprop;
    const parent = this.microdata;
    if (itemprop !== undefined && parent) {
      for (const name of tokens(itemprop)) addProperty(parent, propertyName(name));
    }
    if (attribs.itemscope === undefined) return;
    const types = tokens(attribs.itemtype ?? '');
    const item: StructuredItem = {
      syntax: 'microdata',
      types,
      schemaOrgTypes: schemaTypesOf(types),
      properties: [],
    };
    if (itemprop === undefined || !parent) this.items.push(item);
    frame.microdata = parent;
    this.microdata = item;
  }

  private openRdfa(attribs: Record<string, string>, frame: InlineFrame): void {
    if (attribs.vocab !== undefined) {
      frame.vocab = this.vocab;
      const v = attribs.vocab.trim();
      this.vocab = v === '' ? null : v;
    }
    if (attribs.prefix !== undefined) {
      frame.prefixes = this.prefixes;
      this.prefixes = withPrefixes(this.prefixes, attribs.prefix);
    }
    const property = attribs.property;
    const parent = this.rdfa;
    if (property !== undefined && parent) {
      for (const name of tokens(property)) {
        const iri = this.expand(name);
        addProperty(parent, propertyName(iri ?? name));
      }
    }
    if (attribs.typeof === undefined) return;
    const written = tokens(attribs.typeof);
    if (written.length === 0) return;
    const types = written.map((t) => this.expand(t) ?? t);
    const item: StructuredItem = {
      syntax: 'rdfa',
      types,
      schemaOrgTypes: schemaTypesOf(types),
      properties: [],
    };
    if (property === undefined || !parent) this.items.push(item);
    frame.rdfa = parent;
    this.rdfa = item;
  }

  /** Expands an RDFa term, CURIE or IRI to an IRI; null when it cannot be expanded. */
  private expand(term: string): string | null {
    if (/^https?:\/\//i.test(term)) return term;
    const colon = term.indexOf(':');
    if (colon > 0) {
      const base = this.prefixes.get(term.slice(0, colon).toLowerCase());
      return base ? base + term.slice(colon + 1) : null;
    }
    return this.vocab ? this.vocab + term : null;
  }

}

function addProperty(item: StructuredItem, name: string): void {
  if (!item.properties.includes(name)) item.properties.push(name);
}

/** A property's short name: the schema.org term, or the name as written for other vocabularies. */
function propertyName(nameOrIri: string): string {
  return schemaOrgTerm(nameOrIri) ?? nameOrIri;
}

function schemaTypesOf(types: string[]): string[] {
  const out: string[] = [];
  for (const t of types) {
    const term = schemaOrgTerm(t);
    if (term) out.push(term);
  }
  return out;
}

/** Parses an RDFa `prefix` attribute: `schema: https://schema.org/ dc: http://purl.org/dc/terms/`. */
function withPrefixes(current: Map<string, string>, attr: string): Map<string, string> {
  const next = new Map(current);
  const parts = tokens(attr);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const name = parts[i]!;
    if (!name.endsWith(':')) {
      i -= 1; // malformed pair: resynchronise on the next token
      continue;
    }
    next.set(name.slice(0, -1).toLowerCase(), parts[i + 1]!);
  }
  return next;
}
