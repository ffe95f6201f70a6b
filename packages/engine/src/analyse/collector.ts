// One streaming pass over the HTML with htmlparser2, filling a RawDocument. Everything the
// analyser needs is gathered here so the document is parsed exactly once (speed matters: audits
// analyse thousands of pages). The parser emits an end tag for every start tag (implied ones
// included), so a plain stack of frames restores state on the way out.

import { Parser } from 'htmlparser2';
import type { Handler } from 'htmlparser2';
import { HEADING_END, HEADING_START, Scope } from './raw-document.js';
import type { RawDocument, RawLink, RawMetaRobots, RawQuotation } from './raw-document.js';
import { InlineItemTracker } from './structured-data/inline-items.js';
import type { InlineFrame } from './structured-data/inline-items.js';

/** Elements whose text is never page content. */
const ALWAYS_EXCLUDED = new Set([
  'nav', 'aside', 'script', 'style', 'noscript', 'template', 'svg', 'math',
  'select', 'datalist', 'iframe', 'object',
]);

/**
 * Site banner/footer, excluded unless inside main, article, section or a quotation/figure
 * (HTML gives header/footer the banner/contentinfo role only outside sectioning content).
 */
const CHROME = new Set(['header', 'footer']);
const SECTIONING = new Set(['main', 'article', 'section', 'blockquote', 'figure']);

/** Phrasing elements: their boundaries do not end a sentence or a block of text. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q',
  's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'img',
  'label', 'del', 'ins', 'font', 'nobr', 'br',
]);

/** `<meta name>` values that carry robots directives for one crawler. */
const AGENT_META_NAMES = new Set([
  'googlebot', 'googlebot-news', 'bingbot', 'gptbot', 'oai-searchbot', 'chatgpt-user',
  'claudebot', 'claude-searchbot', 'perplexitybot', 'google-extended', 'ccbot',
]);

const AUTHOR_CLASSES = /(?:^|\s)(?:author|byline|post-author|entry-author|article-author)(?:\s|$)/i;

interface Frame {
  name: string;
  scope: number;
  inline: InlineFrame | null;
  /** On ul/ol/dl/table: items (or rows) counted so far; 0 elsewhere (one object shape for all). */
  count: number;
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
    bodyText: '',
    mainText: '',
    articleText: '',
    sawMain: false,
    sawArticle: false,
    links: [],
    imagesWithoutAlt: 0,
    jsonLdBlocks: [],
    inlineItems: [],
    quotations: [],
    listsAndTables: [],
    timeElements: 0,
    authorHint: false,
    dateMetaHint: false,
  };

  private readonly stack: Frame[] = [];
  private scope = 0;
  private readonly body: string[] = [];
  private readonly main: string[] = [];
  private readonly article: string[] = [];
  private readonly items = new InlineItemTracker();
  private sawHtml = false;
  private atBoundary = true;

  private titleText: string | null = null;
  private heading: { level: number; text: string } | null = null;
  private link: { raw: RawLink; alt: string } | null = null;
  private jsonLd: string | null = null;
  private quote: OpenQuote | null = null;
  private pendingAttribution: { record: RawQuotation; text: string } | null = null;
  private readonly figures: OpenFigure[] = [];
  private figcaptionDepth = 0;
  private readonly lists: Frame[] = [];

  onopentag(name: string, attribs: Record<string, string>): void {
    const frame: Frame = { name, scope: this.scope, inline: null, count: 0 };
    this.stack.push(frame);

    if (
      attribs.itemscope !== undefined || attribs.itemprop !== undefined ||
      attribs.typeof !== undefined || attribs.property !== undefined ||
      attribs.vocab !== undefined || attribs.prefix !== undefined
    ) {
      frame.inline = this.items.open(attribs);
    }

    // A boundary on both sides of every scope change, so that each region's text (main, article,
    // body) is separated even when the text between lies in another region or is excluded.
    const block = !INLINE.has(name);
    if (block) this.boundary();
    this.enterScope(name, attribs);
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
        break;
      case 'a':
        this.onAnchor(attribs);
        break;
      case 'img':
        this.onImage(attribs);
        break;
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
        if (!this.inSvg()) {
          this.heading = { level: name.charCodeAt(1) - 48, text: '' };
          this.appendText(HEADING_START);
        }
        break;
      case 'blockquote': case 'q':
        this.onQuoteStart(attribs);
        break;
      case 'cite': case 'footer':
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
      case 'ul': case 'ol': case 'dl': case 'table':
        this.lists.push(frame);
        break;
      case 'li': case 'dt': case 'tr': {
        const list = this.lists[this.lists.length - 1];
        if (list && (name === 'tr') === (list.name === 'table')) list.count += 1;
        break;
      }
      case 'time':
        this.doc.timeElements++;
        break;
      case 'br':
        this.ontext(' '); // a line break separates words, not sentences
        break;
      default:
        break;
    }

    const cls = attribs.class;
    if (cls !== undefined && !this.doc.authorHint && (cls.includes('author') || cls.includes('byline')) && AUTHOR_CLASSES.test(cls)) {
      this.doc.authorHint = true;
    }
  }

  onclosetag(name: string): void {
    const frame = this.stack.pop();
    if (!frame) return;
    switch (name) {
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
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
        if (this.heading) {
          this.appendText(HEADING_END);
          this.doc.headings.push({ level: this.heading.level, text: collapse(this.heading.text) });
          this.heading = null;
        }
        break;
      case 'blockquote': case 'q':
        this.onQuoteEnd();
        break;
      case 'cite': case 'footer':
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
      case 'ul': case 'ol': case 'dl': case 'table':
        if (this.lists[this.lists.length - 1] === frame) this.lists.pop();
        if (frame.count >= 2) this.doc.listsAndTables.push(frame.scope);
        break;
      default:
        break;
    }
    const block = !INLINE.has(name);
    if (block) this.boundary();
    if (frame.inline) this.items.close(frame.inline);
    this.scope = frame.scope;
    if (block) this.boundary();
  }

  ontext(text: string): void {
    if (this.jsonLd !== null) {
      this.jsonLd += text;
      return;
    }
    if (this.titleText !== null) {
      this.titleText += text;
      return;
    }
    // Headings, link texts and attributions are kept even in page chrome: a site header's
    // <h1> is still the page's H1, a footer link still has a text.
    if (this.heading) this.heading.text += text;
    if (this.link) this.link.raw.text += text;
    if (this.figcaptionDepth > 0 && this.figures.length > 0 && /\S/.test(text)) {
      this.figures[this.figures.length - 1]!.captionText = true;
    }
    if (this.quote && this.quote.attributionDepth > 0 && /\S/.test(text)) this.quote.record.attributed = true;
    if ((this.scope & Scope.Excluded) !== 0) return;
    this.appendText(text);
    if (this.quote) this.quote.text += text;
    else if (this.pendingAttribution) this.checkAdjacentAttribution(text);
  }

  /** Runs the parser over `html` and returns what it collected. */
  collect(html: string): RawDocument {
    const parser = new Parser(this, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
    parser.end(html);
    if (this.pendingAttribution) this.resolveAdjacentAttribution();
    this.doc.bodyText = this.body.join('');
    this.doc.mainText = this.main.join('');
    this.doc.articleText = this.article.join('');
    this.doc.inlineItems = this.items.items;
    return this.doc;
  }

  private enterScope(name: string, attribs: Record<string, string>): void {
    let scope = this.scope;
    if (ALWAYS_EXCLUDED.has(name) || attribs.hidden !== undefined) scope |= Scope.Excluded;
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
    this.body.push(text);
    if ((this.scope & Scope.Main) !== 0) this.main.push(text);
    if ((this.scope & Scope.Article) !== 0) this.article.push(text);
  }

  /** Block boundaries separate words and sentences ("Intro</h2><p>Text" is two blocks). */
  private boundary(): void {
    if (this.quote) this.quote.text += '\n';
    // Blocks inside a heading or link (a card link holding <h3> and <p>) still separate words.
    if (this.heading) this.heading.text += ' ';
    if (this.link) this.link.raw.text += ' ';
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
    if (content === undefined) return;
    const name = attribs.name?.trim().toLowerCase();
    if (name === 'description') {
      if (this.doc.metaDescription === null) this.doc.metaDescription = collapse(content);
    } else if (name === 'robots') {
      this.doc.metaRobots.push({ agent: null, content });
    } else if (name !== undefined && AGENT_META_NAMES.has(name)) {
      this.doc.metaRobots.push({ agent: name, content });
    } else if (name === 'author' && content.trim() !== '') {
      this.doc.authorHint = true;
    }
    const property = attribs.property?.trim().toLowerCase();
    if ((property === 'article:published_time' || property === 'article:modified_time') && content.trim() !== '') {
      this.doc.dateMetaHint = true;
    }
    if (property === 'article:author' && content.trim() !== '') this.doc.authorHint = true;
  }

  private onLinkElement(attribs: Record<string, string>): void {
    const rel = relTokens(attribs.rel);
    if (rel.includes('canonical') && attribs.href !== undefined) this.doc.canonicalHrefs.push(attribs.href);
    if (rel.includes('author')) this.doc.authorHint = true;
  }

  private onAnchor(attribs: Record<string, string>): void {
    this.closeAnchor(); // anchors cannot nest; a stray open one ends here
    if (attribs.href === undefined) return;
    const rel = relTokens(attribs.rel);
    if (rel.includes('author')) this.doc.authorHint = true;
    const aria = attribs['aria-label']?.trim();
    this.link = {
      raw: { href: attribs.href, text: '', ariaLabel: aria ? aria : null, rel, scope: this.scope },
      alt: '',
    };
  }

  private closeAnchor(): void {
    if (!this.link) return;
    const { raw, alt } = this.link;
    raw.text = collapse(raw.text);
    if (raw.text === '' && alt !== '') raw.text = collapse(alt);
    this.doc.links.push(raw);
    this.link = null;
  }

  private onImage(attribs: Record<string, string>): void {
    const alt = attribs.alt;
    if (alt !== undefined) {
      if (this.link) this.link.alt += ' ' + alt;
      return;
    }
    // Tracking pixels in <noscript> and images in <template> are not shown to visitors.
    if ((this.scope & Scope.NotRendered) !== 0) return;
    const role = attribs.role?.trim().toLowerCase();
    const decorative = role === 'presentation' || role === 'none' || attribs['aria-hidden'] === 'true';
    if (!decorative) this.doc.imagesWithoutAlt++;
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
  // Only quotations in the main content count (see content-region.ts).
  private onQuoteStart(attribs: Record<string, string>): void {
    if (this.quote) return; // a <q> inside a <blockquote> is part of the same quotation
    if (this.pendingAttribution) this.resolveAdjacentAttribution();
    const record: RawQuotation = { attributed: (attribs.cite ?? '').trim() !== '', scope: this.scope };
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

function relTokens(rel: string | undefined): string[] {
  if (rel === undefined) return [];
  const trimmed = rel.trim().toLowerCase();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
