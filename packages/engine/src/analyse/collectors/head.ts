// The document's metadata: the html lang and base, the title, the meta tags (description, robots,
// viewport, refresh, charset, Open Graph) and the canonical and hreflang links. Search engines
// read head-only metadata only before the head ends (head-end.ts, which sees each tag first).

import { CHARSET_SCAN_LIMIT, metaDeclaresCharset } from '../head/charset-declaration.js';
import { openGraphProperties } from '../head/open-graph.js';
import type { RawDocument } from '../raw-document.js';
import { collapse } from './collapse.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';
import { relTokens } from './rel-tokens.js';

/** `<meta name>` values that carry robots directives for one crawler. */
const AGENT_META_NAMES = new Set([
  'googlebot',
  'googlebot-news',
  'bingbot',
  'gptbot',
  'oai-searchbot',
  'chatgpt-user',
  'claudebot',
  'claude-searchbot',
  'perplexitybot',
  'google-extended',
  'ccbot',
]);

export class HeadCollector implements Collector {
  static readonly elements = ['html', 'base', 'title', 'meta', 'link'];

  private sawHtml = false;
  /** The first document title's text while it is open; null otherwise. */
  private titleText: string | null = null;

  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string, attribs: Record<string, string>): void {
    const doc = this.doc;
    switch (name) {
      case 'html':
        if (!this.sawHtml) {
          this.sawHtml = true;
          const lang = attribs.lang ?? attribs['xml:lang'];
          doc.htmlLang = lang === undefined ? null : lang.trim();
        }
        break;
      case 'base':
        if (doc.baseHref === null && attribs.href !== undefined) doc.baseHref = attribs.href.trim();
        break;
      case 'title':
        // The first document title; an SVG icon's <title> is not one.
        if (doc.title === null && !this.pass.inForeignContent()) this.titleText = '';
        break;
      case 'meta':
        this.onMeta(attribs);
        break;
      case 'link':
        this.onLinkElement(attribs);
        break;
      default:
        break;
    }
  }

  close(name: string): void {
    if (name !== 'title' || this.titleText === null) return;
    this.doc.title = collapse(this.titleText);
    this.titleText = null;
  }

  /** A title's text is the title's alone. */
  text(text: string): boolean {
    if (this.titleText === null) return false;
    this.titleText += text;
    return true;
  }

  private onMeta(attribs: Record<string, string>): void {
    const doc = this.doc;
    const content = attribs.content;
    const name = attribs.name?.trim().toLowerCase();
    // The browser's prescan finds a charset only in the first bytes; the parser counts characters,
    // the same for the ASCII markup of a head (Lighthouse reads the decoded text this way too).
    if (!doc.earlyCharsetMeta && this.pass.parser!.endIndex < CHARSET_SCAN_LIMIT && metaDeclaresCharset(attribs)) doc.earlyCharsetMeta = true;
    // Lighthouse reads the first viewport meta of the head.
    if (name === 'viewport' && doc.viewport === null && doc.headEndedBy === null) doc.viewport = content ?? '';
    // Browsers obey the first refresh meta, in the head or not.
    if (doc.metaRefresh === null && attribs['http-equiv']?.trim().toLowerCase() === 'refresh') doc.metaRefresh = content ?? '';
    for (const property of openGraphProperties(attribs)) {
      if (!doc.openGraph.includes(property)) doc.openGraph.push(property);
    }
    if (name === 'description') {
      // The first description in the head is the one, even with an empty or missing content.
      if (doc.headEndedBy !== null) {
        if (doc.metaDescription === null) this.noteAfterHead('meta description');
      } else if (doc.metaDescription === null) doc.metaDescription = collapse(content ?? '');
    } else if (name === 'robots' || (name !== undefined && AGENT_META_NAMES.has(name))) {
      if (doc.headEndedBy !== null) {
        if (doc.metaRobots.length === 0) this.noteAfterHead('robots meta tag');
      } else if (content !== undefined) doc.metaRobots.push({ agent: name === 'robots' ? null : name, content });
    }
  }

  private onLinkElement(attribs: Record<string, string>): void {
    const doc = this.doc;
    const rel = relTokens(attribs.rel);
    const canonical = rel.includes('canonical') && attribs.href !== undefined;
    const hreflang = rel.includes('alternate') && (attribs.hreflang ?? '') !== '';
    if (!canonical && !hreflang) return;
    // Search engines read both only in the head (head/head-end.ts).
    if (doc.headEndedBy !== null) {
      if (canonical && doc.canonicalHrefs.length === 0) this.noteAfterHead('canonical');
      if (hreflang && doc.hreflangLinks.length === 0) this.noteAfterHead('hreflang');
      return;
    }
    if (canonical) doc.canonicalHrefs.push(attribs.href!);
    if (hreflang) doc.hreflangLinks.push({ hreflang: attribs.hreflang!, href: attribs.href ?? '' });
  }

  /** Head-only metadata after the head's end, when the head declared none of that kind. */
  private noteAfterHead(kind: string): void {
    if (!this.doc.metadataAfterHead.includes(kind)) this.doc.metadataAfterHead.push(kind);
  }
}
