// One streaming pass over the HTML with htmlparser2, filling a RawDocument. Everything the
// analyser needs is gathered here so the document is parsed exactly once (speed matters: audits
// analyse thousands of pages). The parser emits an end tag for every start tag (implied ones
// included), so a plain stack of frames restores state on the way out.
//
// The pass walks the document and keeps what concerns share (PassState: the open elements, the
// scope, the content tree, the spans gathering text across blocks); each concern has its collector
// in collectors/, and the pass hands every event to the collectors that take it.

import { BoundedParser } from '../markup/bounded-parser.js';
import { sharedTagName } from '../markup/tag-names.js';
import type { Handler } from 'htmlparser2';
import { emptyRawDocument, Scope } from './raw-document.js';
import type { RawDocument } from './raw-document.js';
import { BylineCollector } from './collectors/byline.js';
import { CodeBlocksCollector } from './collectors/code-blocks.js';
import type { Collector, CollectorClass } from './collectors/collector.js';
import { HeadCollector } from './collectors/head.js';
import { HeadEndCollector } from './collectors/head-end.js';
import { HeadingsCollector } from './collectors/headings.js';
import { LinksCollector } from './collectors/links.js';
import { ListsAndTablesCollector } from './collectors/lists-and-tables.js';
import { PassState } from './collectors/pass-state.js';
import type { Frame } from './collectors/pass-state.js';
import { QuotationsCollector } from './collectors/quotations.js';
import { ResourcesCollector } from './collectors/resources.js';
import { elementScope } from './collectors/scope.js';
import { elementRoutes } from './collectors/element-routes.js';
import { StructuredDataCollector } from './collectors/structured-data.js';

/**
 * Every concern's collector. The order matters for text alone: a JSON-LD block's text and a
 * title's are theirs only, so those two come first (an item's text value is read before the
 * title takes its text). Of a tag, the collectors of every element take it first (so the head's
 * end is known before its metadata is read), then those that name the element, in this order.
 */
const COLLECTORS: readonly CollectorClass[] = [
  StructuredDataCollector,
  HeadCollector,
  HeadEndCollector,
  HeadingsCollector,
  LinksCollector,
  QuotationsCollector,
  CodeBlocksCollector,
  ResourcesCollector,
  BylineCollector,
  ListsAndTablesCollector,
];

const ROUTES = elementRoutes(COLLECTORS);

/** The collectors that take event `hook`. */
function taking<K extends keyof Collector>(collectors: readonly Collector[], hook: K): Array<Collector & Required<Pick<Collector, K>>> {
  return collectors.filter((c): c is Collector & Required<Pick<Collector, K>> => c[hook] !== undefined);
}

export class DocumentCollector implements Partial<Handler> {
  private readonly doc: RawDocument = emptyRawDocument();
  private readonly state = new PassState();
  private readonly collectors = COLLECTORS.map((C) => new C(this.doc, this.state));
  private readonly ofEveryElement = this.collectors.filter((_, i) => COLLECTORS[i]!.elements === undefined);
  // One array per kind of event, fixed for the document: the pass calls no collector that ignores
  // it. Each is called from one place, so that while it holds four kinds of collector at most,
  // V8 keeps the call polymorphic and inlines them (keep it so: the collectors of every element
  // are called for each of thousands of tags a page).
  private readonly openingEvery = taking(this.ofEveryElement, 'open');
  private readonly closingEvery = taking(this.ofEveryElement, 'close');
  private readonly reading = taking(this.collectors, 'text');
  private readonly readingContent = taking(this.collectors, 'contentText');
  private readonly finishing = taking(this.collectors, 'finish');

  onopentag(parsedName: string, attribs: Record<string, string>): void {
    const name = sharedTagName(parsedName);
    const state = this.state;
    const frame: Frame = { name, scope: state.scope, inline: null, count: 0, node: 0 };
    state.stack.push(frame);
    // A boundary on both sides of every scope change, so that each region's text (main, article,
    // body) is separated even when the text between lies in another region or is excluded.
    const route = ROUTES.named.get(name) ?? ROUTES.other;
    if (!route.inline) state.boundary();
    const scope = elementScope(state.scope, name, attribs);
    state.scope = scope;
    // Every Main or Article flag starts at a main or article element.
    if ((scope & Scope.Main) !== 0) this.doc.sawMain = true;
    if ((scope & Scope.Article) !== 0) this.doc.sawArticle = true;
    frame.node = state.tree.open(name, attribs, (scope & Scope.Excluded) !== 0);
    if (!route.inline) state.boundary();
    const every = this.openingEvery;
    for (let i = 0; i < every.length; i++) every[i]!.open(name, attribs, frame);
    const collectors = this.collectors;
    const opening = route.opening;
    for (let i = 0; i < opening.length; i++) collectors[opening[i]!]!.open!(name, attribs, frame);
    if (name === 'br') this.ontext(' '); // a line break separates words, not sentences
  }

  onclosetag(parsedName: string): void {
    const name = sharedTagName(parsedName);
    const state = this.state;
    const frame = state.stack.pop();
    if (!frame) return;
    const route = ROUTES.named.get(name) ?? ROUTES.other;
    const every = this.closingEvery;
    for (let i = 0; i < every.length; i++) every[i]!.close(name, frame);
    const collectors = this.collectors;
    const closing = route.closing;
    for (let i = 0; i < closing.length; i++) collectors[closing[i]!]!.close!(name, frame);
    if (!route.inline) state.boundary();
    state.scope = frame.scope;
    if (!route.inline) state.boundary();
    state.tree.close();
  }

  ontext(text: string): void {
    const reading = this.reading;
    for (let i = 0; i < reading.length; i++) if (reading[i]!.text(text)) return;
    const state = this.state;
    state.gather(text, false);
    if ((state.scope & Scope.Excluded) !== 0) return;
    // A line break in the source is a space to a reader: `\n` in the text marks block boundaries only.
    if (text.includes('\n')) text = text.replace(/\r?\n|\r/g, ' ');
    state.appendText(text);
    state.gather(text, true);
    const readingContent = this.readingContent;
    for (let i = 0; i < readingContent.length; i++) readingContent[i]!.contentText(text);
  }

  /** Runs the parser over `html` and returns what it collected. */
  collect(html: string): RawDocument {
    const parser = new BoundedParser(this, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
    this.state.parser = parser;
    parser.end(html);
    for (const collector of this.finishing) collector.finish();
    this.doc.contentTree = this.state.tree.build();
    return this.doc;
  }
}
