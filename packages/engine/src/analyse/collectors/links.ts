// The page's anchors: each `<a href>` with its text (falling back to its images' alt), the text a
// browser renders for it, its rel, scope and language; and the anchors crawlers cannot follow.

import { anchorCrawlability, anchorSnippet } from '../links/crawlable-anchors.js';
import { Scope } from '../raw-document.js';
import type { RawDocument, RawLink } from '../raw-document.js';
import { collapse } from './collapse.js';
import type { Collector } from './collector.js';
import { hidesRendering } from './hidden.js';
import type { PassState } from './pass-state.js';
import { relTokens } from './rel-tokens.js';
import type { TextSpan } from './text-span.js';

interface OpenLink {
  raw: RawLink;
  /** All its text, kept even in page chrome (a footer link still has a text). */
  text: TextSpan;
  alt: string;
  /** Stack depth of the element hiding the link's text from here on; 0 when none. */
  hiddenAt: number;
  /** The rendered text, kept apart only once some text is hidden (null: the same as `text`). */
  visible: TextSpan | null;
}

export class LinksCollector implements Collector {
  private link: OpenLink | null = null;
  /** `lang` attributes in effect, innermost last, with the stack depth of their element. */
  private readonly langs: Array<{ depth: number; lang: string }> = [];

  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string, attribs: Record<string, string>): void {
    const depth = this.pass.stack.length;
    if (attribs.lang !== undefined) this.langs.push({ depth, lang: attribs.lang.trim() });
    const link = this.link;
    if (link && link.hiddenAt === 0 && hidesRendering(attribs)) this.hideFrom(link, depth);
    if (name === 'a') this.openAnchor(attribs);
    else if (name === 'img' && attribs.alt !== undefined && link) link.alt += ' ' + attribs.alt;
  }

  close(name: string): void {
    const depth = this.pass.stack.length;
    const langs = this.langs;
    if (langs.length > 0 && langs[langs.length - 1]!.depth > depth) langs.pop();
    const link = this.link;
    if (link && link.hiddenAt > depth) {
      link.hiddenAt = 0;
      if (link.visible) link.visible.paused = false;
    }
    if (name === 'a') this.closeAnchor();
  }

  /** The link's text from here on, to the end of the element at `depth`, is not rendered. */
  private hideFrom(link: OpenLink, depth: number): void {
    link.hiddenAt = depth;
    if (link.visible === null) {
      link.visible = this.pass.openSpan(' ', false);
      link.visible.text = link.text.text;
    }
    link.visible.paused = true;
  }

  private openAnchor(attribs: Record<string, string>): void {
    this.closeAnchor(); // anchors cannot nest; a stray open one ends here
    const pass = this.pass;
    // Anchors in noscript/template are not in the DOM a crawler renders.
    const crawl = (pass.scope & Scope.NotRendered) === 0 ? anchorCrawlability(attribs, pass.inForeignContent()) : 'exempt';
    if (crawl === 'uncrawlable') this.doc.uncrawlableAnchors.push(anchorSnippet(attribs));
    if (attribs.href === undefined) return;
    const rel = relTokens(attribs.rel);
    // A byline hint (RawDocument.authorHint), read here where the link's rel is.
    if (rel.includes('author')) this.doc.authorHint = true;
    const lang = this.langs.length > 0 ? this.langs[this.langs.length - 1]!.lang : null;
    const raw: RawLink = {
      href: attribs.href,
      text: '',
      visibleText: '',
      rel,
      scope: pass.scope,
      lang,
      checkUrl: crawl === 'check-url',
      node: pass.tree.current,
    };
    this.link = { raw, text: pass.openSpan(' ', false), alt: '', hiddenAt: 0, visible: null };
  }

  private closeAnchor(): void {
    if (!this.link) return;
    const { raw, text, alt, visible } = this.link;
    this.pass.closeSpan(text);
    raw.text = collapse(text.text);
    if (visible !== null) this.pass.closeSpan(visible);
    raw.visibleText = visible === null ? raw.text : collapse(visible.text);
    if (raw.text === '' && alt !== '') raw.text = collapse(alt);
    this.doc.links.push(raw);
    this.link = null;
  }
}
