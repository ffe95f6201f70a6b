// One streaming pass over the HTML with htmlparser2, filling a RawDocument. Everything the
// analyser needs is gathered here so the document is parsed exactly once (speed matters: audits
// analyse thousands of pages). The parser emits an end tag for every start tag (implied ones
// included), so a plain stack of frames restores state on the way out.

import { BoundedParser } from '../markup/bounded-parser.js';
import { sharedTagName } from '../markup/tag-names.js';
import type { Handler } from 'htmlparser2';
import { CODE_END, CODE_START, HEADING_END, HEADING_START, Scope } from './raw-document.js';
import type { RawDocument, RawLink, RawMetaRobots, RawQuotation } from './raw-document.js';
import { InlineItemTracker } from './structured-data/inline-items.js';
import { elementBylineHint, metaBylineHint } from './head/byline-hints.js';
import type { InlineFrame } from './structured-data/inline-items.js';
import { anchorCrawlability, anchorSnippet } from './links/crawlable-anchors.js';
import { closesHead, closesHeadAsText, isOpaqueInHead } from './head/head-end.js';
import { lacksTextAlternative } from './resources/image-alt.js';
import { ContentTreeBuilder } from './main-content/index.js';
import { CHARSET_SCAN_LIMIT, metaDeclaresCharset } from './head/charset-declaration.js';
import { noteSubresources } from './resources/mixed-content.js';
import { openGraphProperties } from './head/open-graph.js';

/** Elements whose text is never page content. */
const ALWAYS_EXCLUDED = new Set(['nav', 'aside', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'select', 'datalist', 'iframe', 'object']);

/**
 * Site banner/footer, excluded unless inside main, article, section or a quotation/figure
 * (HTML gives header/footer the banner/contentinfo role only outside sectioning content).
 */
const CHROME = new Set(['header', 'footer']);
const SECTIONING = new Set(['main', 'article', 'section', 'blockquote', 'figure']);

/** Phrasing elements: their boundaries do not end a sentence or a block of text. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'img',
  'label',
  'del',
  'ins',
  'font',
  'nobr',
  'br',
]);

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

interface Frame {
  name: string;
  scope: number;
  inline: InlineFrame | null;
  /** On ul/ol/dl/table: items (or rows) counted so far; 0 elsewhere (one object shape for all). */
  count: number;
  /** The element's number in the content tree (main-content/). */
  node: number;
}

interface OpenQuote {
  record: RawQuotation;
  text: string;
  /** Depth of `<cite>`/`<footer>` inside the quotation; text there attributes it. */
  attributionDepth: number;
  figure: OpenFigure | null;
}

interface OpenFigure {
  captionText: boolean;
  quotes: RawQuotation[];
}

/** A dash followed by a capitalised name: "— Jane Doe", "– Dr. Smith", "-- Ada". */
const DASH_ATTRIBUTION = /^\s*(?:[—–―]|--?)\s*\p{Lu}/u;

export class DocumentCollector implements Partial<Handler> {
  private readonly doc: RawDocument = {
    htmlLang: null,
    baseHref: null,
    title: null,
    metaDescription: null,
    metaRobots: [] as RawMetaRobots[],
    canonicalHrefs: [],
    headings: [],
    contentTree: null,
    sawMain: false,
    sawArticle: false,
    links: [],
    imagesWithoutAlt: 0,
    imagesJudged: 0,
    uncrawlableAnchors: [],
    hreflangLinks: [],
    headEndedBy: null,
    metadataAfterHead: [],
    jsonLdBlocks: [],
    inlineItems: [],
    quotations: [],
    listsAndTables: [],
    timeElements: 0,
    authorHint: false,
    dateMetaHint: false,
    viewport: null,
    metaRefresh: null,
    earlyCharsetMeta: false,
    openGraph: [],
    subresources: [],
  };

  private readonly stack: Frame[] = [];
  private scope = 0;
  /** The elements and visible text, for main-content extraction after the pass. */
  private readonly tree = new ContentTreeBuilder();
  private readonly items = new InlineItemTracker();
  private sawHtml = false;
  private atBoundary = true;

  private titleText: string | null = null;
  private heading: { level: number; text: string } | null = null;
  /** Open `pre` and `samp` elements: their text is marked as a program's (CODE_START). */
  private codeDepth = 0;
  /**
   * `hiddenAt`: stack depth of the element hiding the link's text from here on, 0 when none.
   * `visible`: the rendered text, kept apart only once some text is hidden (null: same as `text`).
   */
  private link: { raw: RawLink; alt: string; hiddenAt: number; visible: string | null } | null = null;
  /** `lang` attributes in effect, innermost last, with the stack depth of their element. */
  private readonly langs: Array<{ depth: number; lang: string }> = [];
  private jsonLd: string | null = null;
  private quote: OpenQuote | null = null;
  private pendingAttribution: { record: RawQuotation; text: string } | null = null;
  private readonly figures: OpenFigure[] = [];
  private figcaptionDepth = 0;
  private readonly lists: Frame[] = [];
  /** The running parser, for the source position of a charset meta. */
  private parser: BoundedParser | null = null;

  onopentag(parsedName: string, attribs: Record<string, string>): void {
    const name = sharedTagName(parsedName);
    const frame: Frame = { name, scope: this.scope, inline: null, count: 0, node: 0 };
    this.stack.push(frame);
    if (this.doc.headEndedBy === null && closesHead(name) && !this.inOpaqueHeadElement()) this.doc.headEndedBy = name;
    if (attribs.lang !== undefined) this.langs.push({ depth: this.stack.length, lang: attribs.lang.trim() });
    if (this.link && this.link.hiddenAt === 0 && hidesRendering(attribs)) {
      this.link.hiddenAt = this.stack.length;
      this.link.visible ??= this.link.raw.text;
    }

    if (
      attribs.itemscope !== undefined ||
      attribs.itemprop !== undefined ||
      attribs.typeof !== undefined ||
      attribs.property !== undefined ||
      attribs.vocab !== undefined ||
      attribs.prefix !== undefined
    ) {
      frame.inline = this.items.open(name, attribs);
    }

    // A boundary on both sides of every scope change, so that each region's text (main, article,
    // body) is separated even when the text between lies in another region or is excluded.
    const block = !INLINE.has(name);
    if (block) this.boundary();
    this.enterScope(name, attribs);
    frame.node = this.tree.open(name, attribs, (this.scope & Scope.Excluded) !== 0);
    if (block) this.boundary();

    switch (name) {
      case 'html':
        if (!this.sawHtml) {
          this.sawHtml = true;
          const lang = attribs.lang ?? attribs['xml:lang'];
          this.doc.htmlLang = lang === undefined ? null : lang.trim();
        }
        break;
      case 'base':
        if (this.doc.baseHref === null && attribs.href !== undefined) this.doc.baseHref = attribs.href.trim();
        break;
      case 'title':
        // The first document title; an SVG icon's <title> is not one.
        if (this.doc.title === null && !this.inSvg()) this.titleText = '';
        break;
      case 'meta':
        this.onMeta(attribs);
        break;
      case 'link':
        this.onLinkElement(attribs);
        break;
      case 'script':
        if (/^\s*application\/ld\+json\s*(?:;|$)/i.test(attribs.type ?? '')) this.jsonLd = '';
        else this.onSubresource(name, attribs);
        break;
      case 'a':
        this.onAnchor(attribs);
        break;
      case 'img':
        this.onImage(attribs);
        this.onSubresource(name, attribs);
        break;
      case 'source':
      case 'iframe':
      case 'frame':
      case 'video':
      case 'audio':
      case 'track':
      case 'embed':
      case 'object':
        this.onSubresource(name, attribs);
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        // Hidden headings are not read, by people or by screen readers (axe leaves them out too).
        if (!this.inSvg() && (this.scope & (Scope.Hidden | Scope.NotRendered)) === 0) {
          this.heading = { level: name.charCodeAt(1) - 48, text: '' };
          this.appendText(HEADING_START);
        }
        break;
      case 'pre':
      case 'samp':
        if (this.codeDepth++ === 0) this.appendText(CODE_START);
        break;
      case 'blockquote':
      case 'q':
        this.onQuoteStart(attribs);
        // Browsers render a <q> with quote marks; the text carries them too, so that the prose
        // quotation rules (quotations/) read "<q>…</q>, she said" as people see it.
        if (name === 'q') this.appendText('“');
        break;
      case 'cite':
      case 'footer':
        if (this.quote) this.quote.attributionDepth++;
        else if (name === 'cite' && this.pendingAttribution) {
          this.pendingAttribution.record.attributed = true;
          this.pendingAttribution = null;
        }
        break;
      case 'figure':
        this.figures.push({ captionText: false, quotes: [] });
        break;
      case 'figcaption':
        this.figcaptionDepth++;
        break;
      case 'ul':
      case 'ol':
      case 'dl':
      case 'table':
        this.lists.push(frame);
        break;
      case 'li':
      case 'dt':
      case 'tr': {
        const list = this.lists[this.lists.length - 1];
        if (list && (name === 'tr') === (list.name === 'table')) list.count += 1;
        break;
      }
      case 'time':
        if ((this.scope & (Scope.Hidden | Scope.NotRendered)) === 0) this.doc.timeElements++;
        break;
      case 'br':
        this.ontext(' '); // a line break separates words, not sentences
        break;
      default:
        break;
    }

    if (attribs.class !== undefined || attribs.id !== undefined || attribs.itemprop !== undefined) {
      const hint = elementBylineHint(name, attribs);
      if (hint.author) this.doc.authorHint = true;
      if (hint.date) this.doc.dateMetaHint = true;
    }
  }

  onclosetag(parsedName: string): void {
    const name = sharedTagName(parsedName);
    const frame = this.stack.pop();
    if (!frame) return;
    const depth = this.stack.length;
    if (this.langs.length > 0 && this.langs[this.langs.length - 1]!.depth > depth) this.langs.pop();
    if (this.link && this.link.hiddenAt > depth) this.link.hiddenAt = 0;
    switch (name) {
      case 'pre':
      case 'samp':
        if (this.codeDepth > 0 && --this.codeDepth === 0) this.appendText(CODE_END);
        break;
      case 'title':
        if (this.titleText !== null) {
          this.doc.title = collapse(this.titleText);
          this.titleText = null;
        }
        break;
      case 'script':
        if (this.jsonLd !== null) {
          this.doc.jsonLdBlocks.push(this.jsonLd);
          this.jsonLd = null;
        }
        break;
      case 'a':
        this.closeAnchor();
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        if (this.heading) {
          this.appendText(HEADING_END);
          this.doc.headings.push({ level: this.heading.level, text: collapse(this.heading.text) });
          this.heading = null;
        }
        break;
      case 'blockquote':
      case 'q':
        if (name === 'q') this.appendText('”');
        this.onQuoteEnd();
        break;
      case 'cite':
      case 'footer':
        if (this.quote && this.quote.attributionDepth > 0) this.quote.attributionDepth--;
        break;
      case 'figure': {
        const figure = this.figures.pop();
        if (figure?.captionText) for (const q of figure.quotes) q.attributed = true;
        break;
      }
      case 'figcaption':
        if (this.figcaptionDepth > 0) this.figcaptionDepth--;
        break;
      case 'ul':
      case 'ol':
      case 'dl':
      case 'table':
        if (this.lists[this.lists.length - 1] === frame) this.lists.pop();
        if (frame.count >= 2) this.doc.listsAndTables.push({ scope: frame.scope, node: frame.node });
        break;
      default:
        break;
    }
    const block = !INLINE.has(name);
    if (block) this.boundary();
    if (frame.inline) this.items.close(frame.inline);
    this.scope = frame.scope;
    if (block) this.boundary();
    this.tree.close();
  }

  ontext(text: string): void {
    if (this.jsonLd !== null) {
      this.jsonLd += text;
      return;
    }
    this.items.text(text); // Microdata/RDFa values that are an element's text content
    if (this.titleText !== null) {
      this.titleText += text;
      return;
    }
    // Headings, link texts and attributions are kept even in page chrome: a site header's
    // <h1> is still the page's H1, a footer link still has a text.
    if (this.heading) this.heading.text += text;
    if (this.link) {
      this.link.raw.text += text;
      if (this.link.visible !== null && this.link.hiddenAt === 0) this.link.visible += text;
    }
    if (this.doc.headEndedBy === null && closesHeadAsText(text) && !this.inOpaqueHeadElement()) this.doc.headEndedBy = '#text';
    if (this.figcaptionDepth > 0 && this.figures.length > 0 && /\S/.test(text)) {
      this.figures[this.figures.length - 1]!.captionText = true;
    }
    if (this.quote && this.quote.attributionDepth > 0 && /\S/.test(text)) this.quote.record.attributed = true;
    if ((this.scope & Scope.Excluded) !== 0) return;
    // A line break in the source is a space to a reader: `\n` in the text marks block boundaries only.
    if (text.includes('\n')) text = text.replace(/\r?\n|\r/g, ' ');
    this.appendText(text);
    if (this.quote) this.quote.text += text;
    else if (this.pendingAttribution) this.checkAdjacentAttribution(text);
  }

  /** Runs the parser over `html` and returns what it collected. */
  collect(html: string): RawDocument {
    const parser = new BoundedParser(this, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
    this.parser = parser;
    parser.end(html);
    if (this.pendingAttribution) this.resolveAdjacentAttribution();
    this.doc.contentTree = this.tree.build();
    this.doc.inlineItems = this.items.finish();
    return this.doc;
  }

  private enterScope(name: string, attribs: Record<string, string>): void {
    let scope = this.scope;
    if (ALWAYS_EXCLUDED.has(name)) scope |= Scope.Excluded;
    if (isHidden(attribs)) scope |= Scope.Excluded | Scope.Hidden;
    if (CHROME.has(name) && (scope & Scope.Sectioning) === 0) scope |= Scope.Excluded;
    if (name === 'noscript' || name === 'template') scope |= Scope.NotRendered;
    if (name === 'main' || attribs.role === 'main') {
      scope |= Scope.Main;
      this.doc.sawMain = true;
    }
    if (name === 'article') {
      scope |= Scope.Article;
      this.doc.sawArticle = true;
    }
    if (SECTIONING.has(name) || attribs.role === 'main') scope |= Scope.Sectioning;
    this.scope = scope;
  }

  private appendText(text: string): void {
    if ((this.scope & Scope.Excluded) !== 0) return;
    this.atBoundary = text === '\n';
    this.tree.text(text);
  }

  /** Block boundaries separate words and sentences ("Intro</h2><p>Text" is two blocks). */
  private boundary(): void {
    if (this.quote) this.quote.text += '\n';
    // Blocks inside a heading or link (a card link holding <h3> and <p>) still separate words.
    if (this.heading) this.heading.text += ' ';
    if (this.link) {
      this.link.raw.text += ' ';
      if (this.link.visible !== null) this.link.visible += ' ';
    }
    // One newline per run of block boundaries keeps the text arrays short.
    if (!this.atBoundary) this.appendText('\n');
  }

  private inSvg(): boolean {
    for (let i = this.stack.length - 2; i >= 0; i--) {
      const n = this.stack[i]!.name;
      if (n === 'svg' || n === 'math') return true;
    }
    return false;
  }

  private onMeta(attribs: Record<string, string>): void {
    const content = attribs.content;
    const name = attribs.name?.trim().toLowerCase();
    // The browser's prescan finds a charset only in the first bytes; the parser counts characters,
    // the same for the ASCII markup of a head (Lighthouse reads the decoded text this way too).
    if (!this.doc.earlyCharsetMeta && this.parser!.endIndex < CHARSET_SCAN_LIMIT && metaDeclaresCharset(attribs)) this.doc.earlyCharsetMeta = true;
    // Lighthouse reads the first viewport meta of the head.
    if (name === 'viewport' && this.doc.viewport === null && this.doc.headEndedBy === null) this.doc.viewport = content ?? '';
    // Browsers obey the first refresh meta, in the head or not.
    if (this.doc.metaRefresh === null && attribs['http-equiv']?.trim().toLowerCase() === 'refresh') this.doc.metaRefresh = content ?? '';
    for (const property of openGraphProperties(attribs)) {
      if (!this.doc.openGraph.includes(property)) this.doc.openGraph.push(property);
    }
    if (name === 'description') {
      // The first description in the head is the one, even with an empty or missing content.
      if (this.doc.headEndedBy !== null) {
        if (this.doc.metaDescription === null) this.noteAfterHead('meta description');
      } else if (this.doc.metaDescription === null) this.doc.metaDescription = collapse(content ?? '');
    } else if (name === 'robots' || (name !== undefined && AGENT_META_NAMES.has(name))) {
      if (this.doc.headEndedBy !== null) {
        if (this.doc.metaRobots.length === 0) this.noteAfterHead('robots meta tag');
      } else if (content !== undefined) this.doc.metaRobots.push({ agent: name === 'robots' ? null : name, content });
    }
    if (content === undefined) return;
    const hint = metaBylineHint(name, attribs.property, content);
    if (hint.author) this.doc.authorHint = true;
    if (hint.date) this.doc.dateMetaHint = true;
  }

  private onLinkElement(attribs: Record<string, string>): void {
    const rel = relTokens(attribs.rel);
    this.onSubresource('link', attribs, rel);
    const canonical = rel.includes('canonical') && attribs.href !== undefined;
    const hreflang = rel.includes('alternate') && (attribs.hreflang ?? '') !== '';
    if (!canonical && !hreflang) return;
    // Search engines read both only in the head (head/head-end.ts).
    if (this.doc.headEndedBy !== null) {
      if (canonical && this.doc.canonicalHrefs.length === 0) this.noteAfterHead('canonical');
      if (hreflang && this.doc.hreflangLinks.length === 0) this.noteAfterHead('hreflang');
      return;
    }
    if (canonical) this.doc.canonicalHrefs.push(attribs.href!);
    if (hreflang) this.doc.hreflangLinks.push({ hreflang: attribs.hreflang!, href: attribs.href ?? '' });
  }

  /** Head-only metadata after the head's end, when the head declared none of that kind. */
  private noteAfterHead(kind: string): void {
    if (!this.doc.metadataAfterHead.includes(kind)) this.doc.metadataAfterHead.push(kind);
  }

  /** Inside a head element whose content cannot end the head (see head/head-end.ts). */
  private inOpaqueHeadElement(): boolean {
    for (let i = this.stack.length - 1; i >= 0; i--) if (isOpaqueInHead(this.stack[i]!.name)) return true;
    return false;
  }

  private onAnchor(attribs: Record<string, string>): void {
    this.closeAnchor(); // anchors cannot nest; a stray open one ends here
    // Anchors in noscript/template are not in the DOM a crawler renders.
    const crawl = (this.scope & Scope.NotRendered) === 0 ? anchorCrawlability(attribs, this.inSvg()) : 'exempt';
    if (crawl === 'uncrawlable') this.doc.uncrawlableAnchors.push(anchorSnippet(attribs));
    if (attribs.href === undefined) return;
    const rel = relTokens(attribs.rel);
    if (rel.includes('author')) this.doc.authorHint = true;
    const lang = this.langs.length > 0 ? this.langs[this.langs.length - 1]!.lang : null;
    this.link = {
      raw: {
        href: attribs.href,
        text: '',
        visibleText: '',
        rel,
        scope: this.scope,
        lang,
        checkUrl: crawl === 'check-url',
        node: this.tree.current,
      },
      alt: '',
      hiddenAt: 0,
      visible: null,
    };
  }

  private closeAnchor(): void {
    if (!this.link) return;
    const { raw, alt, visible } = this.link;
    raw.text = collapse(raw.text);
    raw.visibleText = visible === null ? raw.text : collapse(visible);
    if (raw.text === '' && alt !== '') raw.text = collapse(alt);
    this.doc.links.push(raw);
    this.link = null;
  }

  /** Template and noscript content is not loaded by a browser that runs scripts. */
  private onSubresource(name: string, attribs: Record<string, string>, rel: readonly string[] = []): void {
    if ((this.scope & Scope.NotRendered) === 0) noteSubresources(name, attribs, rel, this.doc.subresources);
  }

  private onImage(attribs: Record<string, string>): void {
    const alt = attribs.alt;
    if (alt !== undefined && this.link) this.link.alt += ' ' + alt;
    // Tracking pixels in <noscript> and images in <template> are not shown to visitors; hidden
    // images are not judged either (axe leaves hidden elements out).
    if ((this.scope & (Scope.NotRendered | Scope.Hidden)) !== 0) return;
    this.doc.imagesJudged++;
    if (lacksTextAlternative(attribs)) this.doc.imagesWithoutAlt++;
  }

  // Quotations (E1). A quotation is a <blockquote> or <q> (a <q> inside a <blockquote>, or any
  // quoting element inside another, is part of the outer one). It is attributed when any of:
  //   1. its `cite` attribute is non-empty (a source URL);
  //   2. it contains a <cite> or <footer> with non-blank text;
  //   3. it sits in a <figure> whose <figcaption> has non-blank text (before or after it);
  //   4. its last non-blank line starts with a dash and a capitalised name: "— Ada Lovelace"
  //      (dashes: — – ― - --);
  //   5. the text right after it (the first 3+ non-blank characters, across tags) starts the same
  //      way, e.g. <blockquote>…</blockquote><p>— Ada Lovelace</p>, or a <cite> opens before
  //      any text follows.
  // Each record keeps its text and its lead-in (the block of text before it),
  // so that quotations/ can attribute it by a lead-in naming a source ("Jane Doe wrote:") and
  // not count again a quotation its text holds in quote marks.
  // Only quotations in the main content count (see main-content/region.ts).
  private onQuoteStart(attribs: Record<string, string>): void {
    if (this.quote) return; // a <q> inside a <blockquote> is part of the same quotation
    if (this.pendingAttribution) this.resolveAdjacentAttribution();
    const record: RawQuotation = {
      attributed: (attribs.cite ?? '').trim() !== '',
      scope: this.scope,
      node: this.tree.current,
      text: '',
      leadIn: this.leadIn(),
    };
    const figure = this.figures[this.figures.length - 1] ?? null;
    figure?.quotes.push(record);
    this.quote = { record, text: '', attributionDepth: 0, figure };
    this.doc.quotations.push(record);
  }

  private onQuoteEnd(): void {
    const quote = this.quote;
    if (!quote) return;
    // Only the outermost quoting element ends the quotation (a <q> inside a <blockquote> does not).
    if (this.stack.some((f) => f.name === 'blockquote' || f.name === 'q')) return;
    this.quote = null;
    quote.record.text = collapse(quote.text);
    if (quote.record.attributed) return;
    const lines = quote.text.split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      if (line.trim() === '') continue;
      if (DASH_ATTRIBUTION.test(line)) quote.record.attributed = true;
      break;
    }
    if (!quote.record.attributed) this.pendingAttribution = { record: quote.record, text: '' };
  }

  /** The last block of body text (at most its last 300 characters): a lead-in to what follows. */
  private leadIn(): string {
    let block = '';
    const chunks = this.tree.chunks;
    for (let i = chunks.length - 1; i >= 0 && block.length < 400; i--) {
      const chunk = chunks[i]!;
      const cut = chunk.lastIndexOf('\n');
      if (cut >= 0 && (block + chunk.slice(cut + 1)).trim() !== '') {
        block = chunk.slice(cut + 1) + block;
        break;
      }
      block = chunk + block;
    }
    block = collapse(block);
    return block.length > 300 ? block.slice(-300) : block;
  }

  private checkAdjacentAttribution(text: string): void {
    const pending = this.pendingAttribution!;
    pending.text += text;
    // Entities arrive as separate chunks ("&mdash;" then " Jane"): wait for a few letters.
    if (pending.text.trim().length >= 3) this.resolveAdjacentAttribution();
  }

  private resolveAdjacentAttribution(): void {
    const pending = this.pendingAttribution!;
    if (DASH_ATTRIBUTION.test(pending.text)) pending.record.attributed = true;
    this.pendingAttribution = null;
  }
}

/** Inline `display:none` / `visibility:hidden`, with or without spaces and `!important`. */
const HIDING_STYLE = /(?:^|[;\s])(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!\s*important\s*)?(?:;|$)/i;

/** Not rendered at all (no box): what drops an element's text from a link's `innerText`. */
function hidesRendering(attribs: Record<string, string>): boolean {
  if (attribs.hidden !== undefined) return true;
  const style = attribs.style;
  return style !== undefined && HIDING_STYLE.test(style);
}

/** See Scope.Hidden. */
function isHidden(attribs: Record<string, string>): boolean {
  if (attribs.hidden !== undefined) return true;
  // Wikipedia's maths formulas are aria-hidden images that stand in for MathML: readers see them.
  if (attribs['aria-hidden']?.trim().toLowerCase() === 'true' && !(attribs.class ?? '').includes('fallback-image')) return true;
  const style = attribs.style;
  return style !== undefined && HIDING_STYLE.test(style);
}

function relTokens(rel: string | undefined): string[] {
  if (rel === undefined) return [];
  const trimmed = rel.trim().toLowerCase();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
