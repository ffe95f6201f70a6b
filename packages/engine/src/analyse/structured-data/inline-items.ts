// Microdata and RDFa (Lite) items, read while the HTML streams past. Both syntaxes nest the same
// way: a property attribute belongs to the nearest enclosing item, and an element that both names
// a property and starts an item makes the new item that property's value. Only top-level items
// (those that are not a property value of another item) are reported; nested ones are values,
// so that a nested Person's `name` never counts as the Article's.
//
// Values follow each syntax's rules, so that the validator sees what a consumer reads:
//   Microdata: content (on any element, as consumers read it); src of audio/embed/iframe/img/source/track/video; href of
//   a/area/link; data of object; value of data/meter; datetime of time; else the text content.
//   RDFa: content; else href, src or resource; else datetime; else the text content.
// Not supported (documented limits): Microdata `itemref` (the referenced properties are not added
// to the referring item), RDFa `about` chaining and `rel`/`rev`.

import type { StructuredItem } from '../../types.js';
import { addValue, newNode } from './item-node.js';
import type { ItemNode, ItemValue } from './item-node.js';
import { schemaOrgTerm } from './schema-org.js';
import { toStructuredItem } from './structured-item.js';

/** Properties whose value is the element's text content, known once the element ends. */
interface TextCapture {
  targets: Array<{ node: ItemNode; name: string; schemaOrg: boolean }>;
  text: string;
}

/** What an element changed, so that its end tag can undo it. */
export interface InlineFrame {
  microdata?: ItemNode | null;
  rdfa?: ItemNode | null;
  vocab?: string | null;
  prefixes?: Map<string, string>;
  captures?: TextCapture[];
}

/** RDFa 1.1 initial context: these prefixes work without a `prefix` attribute. */
const INITIAL_PREFIXES = new Map<string, string>([
  ['schema', 'http://schema.org/'],
  ['foaf', 'http://xmlns.com/foaf/0.1/'],
  ['dc', 'http://purl.org/dc/terms/'],
  ['og', 'http://ogp.me/ns#'],
]);

/** Microdata: the attribute holding an element's property value, by element name. */
const MICRODATA_VALUE_ATTRIBUTE: Record<string, string> = {
  meta: 'content',
  audio: 'src',
  embed: 'src',
  iframe: 'src',
  img: 'src',
  source: 'src',
  track: 'src',
  video: 'src',
  a: 'href',
  area: 'href',
  link: 'href',
  object: 'data',
  data: 'value',
  meter: 'value',
};

const WHITESPACE = /\s+/;
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:/i;

function tokens(value: string): string[] {
  const trimmed = value.trim();
  return trimmed === '' ? [] : trimmed.split(WHITESPACE);
}

export class InlineItemTracker {
  private readonly nodes: Array<{ node: ItemNode; syntax: 'microdata' | 'rdfa' }> = [];
  private microdata: ItemNode | null = null;
  private rdfa: ItemNode | null = null;
  private vocab: string | null = null;
  private prefixes: Map<string, string> = INITIAL_PREFIXES;
  /** Open text captures, innermost last: text goes to every one (text content includes descendants'). */
  private readonly captures: TextCapture[] = [];

  /** Called for every start tag that carries at least one Microdata or RDFa attribute. */
  open(name: string, attribs: Record<string, string>): InlineFrame {
    const frame: InlineFrame = {};
    this.openMicrodata(name, attribs, frame);
    this.openRdfa(attribs, frame);
    return frame;
  }

  /** Text of the document, for the properties whose value is an element's text content. */
  text(text: string): void {
    for (const capture of this.captures) capture.text += text;
  }

  close(frame: InlineFrame): void {
    if (frame.captures) {
      for (const capture of frame.captures) {
        this.captures.splice(this.captures.lastIndexOf(capture), 1);
        const value: ItemValue = { kind: 'text', text: capture.text.replace(/\s+/g, ' ').trim() };
        for (const t of capture.targets) addValue(t.node, t.name, t.schemaOrg, value);
      }
    }
    if (frame.microdata !== undefined) this.microdata = frame.microdata;
    if (frame.rdfa !== undefined) this.rdfa = frame.rdfa;
    if (frame.vocab !== undefined) this.vocab = frame.vocab;
    if (frame.prefixes !== undefined) this.prefixes = frame.prefixes;
  }

  /** The top-level items, validated; called once, at the end of the document. */
  finish(): StructuredItem[] {
    return this.nodes.map(({ node, syntax }) => toStructuredItem(node, syntax));
  }

  private openMicrodata(name: string, attribs: Record<string, string>, frame: InlineFrame): void {
    const itemprop = attribs.itemprop;
    const parent = this.microdata;
    const names = itemprop !== undefined && parent ? tokens(itemprop) : [];
    let item: ItemNode | null = null;
    if (attribs.itemscope !== undefined) {
      const types = tokens(attribs.itemtype ?? '');
      item = newNode(types, schemaTypesOf(types));
      // HTML: an item is top-level only when its element has no itemprop. One with an itemprop
      // outside any item is the target of another item's itemref (not followed), not an item of its own.
      if (itemprop === undefined) this.nodes.push({ node: item, syntax: 'microdata' });
      frame.microdata = parent;
      this.microdata = item;
    }
    if (names.length === 0 || !parent) return;
    // Plain names belong to the item type's vocabulary; full IRIs name their own.
    const targets = names.map((n) => {
      const term = schemaOrgTerm(n);
      const schemaOrg = term !== null || (!ABSOLUTE_IRI.test(n) && parent.schemaOrgTypes.length > 0);
      return { node: parent, name: term ?? n, schemaOrg };
    });
    // `content` on any element is honoured as search engines and extractors do, not only on <meta>.
    const attribute =
      attribs.content !== undefined ? 'content' : (MICRODATA_VALUE_ATTRIBUTE[name] ?? (name === 'time' && attribs.datetime !== undefined ? 'datetime' : null));
    const value: ItemValue | null = item ? { kind: 'item', node: item } : attribute !== null ? { kind: 'text', text: attribs[attribute] ?? '' } : null;
    this.assign(targets, value, frame);
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
    let item: ItemNode | null = null;
    const written = attribs.typeof === undefined ? [] : tokens(attribs.typeof);
    if (written.length > 0) {
      const types = written.map((t) => this.expand(t) ?? t);
      item = newNode(types, schemaTypesOf(types));
      if (property === undefined || !parent) this.nodes.push({ node: item, syntax: 'rdfa' });
      frame.rdfa = parent;
      this.rdfa = item;
    }
    if (property === undefined || !parent) return;
    const targets = tokens(property).map((n) => {
      const iri = this.expand(n);
      const term = iri === null ? null : schemaOrgTerm(iri);
      return { node: parent, name: term ?? iri ?? n, schemaOrg: term !== null };
    });
    const attribute =
      attribs.content !== undefined
        ? 'content'
        : attribs.href !== undefined
          ? 'href'
          : attribs.src !== undefined
            ? 'src'
            : attribs.resource !== undefined
              ? 'resource'
              : attribs.datetime !== undefined
                ? 'datetime'
                : null;
    const value: ItemValue | null = item ? { kind: 'item', node: item } : attribute !== null ? { kind: 'text', text: attribs[attribute]! } : null;
    this.assign(targets, value, frame);
  }

  /** Gives the properties their value now, or once the element's text content is known. */
  private assign(targets: TextCapture['targets'], value: ItemValue | null, frame: InlineFrame): void {
    if (value !== null) {
      for (const t of targets) addValue(t.node, t.name, t.schemaOrg, value);
      return;
    }
    for (const t of targets) addValue(t.node, t.name, t.schemaOrg, null); // keeps document order of names
    const capture: TextCapture = { targets, text: '' };
    this.captures.push(capture);
    (frame.captures ??= []).push(capture);
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
