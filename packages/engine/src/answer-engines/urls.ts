// The URLs an answer cites: Markdown links `[text](url)`, autolinks `<url>`, bare URLs, the latter
// also in GFM's `www.` form (which GFM links as http://), and hosts written with a path but no
// scheme (`kilnworks.com/shop`, read as http://). Markdown link destinations are not shown to a
// reader, so they are reported apart, and a URL a reader does see is a citation, not a mention of
// a brand: the brand analysis reads `mentionText`, where every URL is blanked. A `www.` host
// without a path (`www.kilnworks.com`) is both: the reader sees a name, and GFM links it.
import { normaliseUrl } from '../crawl/normalise-url.js';
import { textDomain } from './domains.js';
import type { Span } from './brands/fold.js';

export interface FoundUrl extends Span {
  /** Normalised absolute http(s) URL. */
  url: string;
  /** Whether the URL itself is shown (bare, `<url>`) or hidden behind link text. */
  visible: boolean;
  /** A `www.` host without a path: shown as a name (a mention), cited all the same. */
  asName: boolean;
}

export interface MarkdownLink extends Span {
  text: string;
  /** Offset of the link text in the original. */
  textStart: number;
}

export interface UrlScan {
  urls: FoundUrl[];
  links: MarkdownLink[];
  /** The answer with link destinations blanked out (same length, so offsets still hold). */
  visibleText: string;
  /**
   * `visibleText` with every URL a reader sees blanked too (bare, `<…>`, or as a link's text),
   * but for `www.` hosts without a path: the text in which brands are named.
   */
  mentionText: string;
}

/** `[text](dest "title")`; a destination may hold one level of balanced parentheses (Wikipedia). */
const MARKDOWN_LINK =
  /!?\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/g;
const AUTOLINK = /<(https?:\/\/[^\s<>]+)>/gi;
const BARE_URL = /https?:\/\/[^\s<>"'`\\]+|(?<![\p{L}\p{N}@./:_-])www\.[^\s<>"'`\\]+/giu;
/** `kilnworks.com/shop`: a host (checked by textDomain) followed by a path. */
const SCHEMELESS_URL = /(?<![\p{L}\p{N}@./:_-])((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63})\/[^\s<>"'`\\]*/gu;
/** Punctuation that ends a sentence rather than a URL (ASCII and CJK). */
const TRAILING = /[.,;:!?'"*_~>\]。，、；：！？」』】）]$/u;

export function scanUrls(answer: string): UrlScan {
  const urls: FoundUrl[] = [];
  const links: MarkdownLink[] = [];
  const destinations: Span[] = [];
  const whole: Span[] = [];

  for (const m of answer.matchAll(MARKDOWN_LINK)) {
    const text = m[1] ?? '';
    const end = m.index + m[0].length;
    links.push({ start: m.index, end, text, textStart: m.index + m[0].indexOf('[') + 1 });
    const url = normaliseCitedUrl((m[2] ?? '').replace(/^<|>$/g, ''));
    if (url !== null) urls.push({ url, start: m.index, end, visible: false, asName: false });
    destinations.push({ start: m.index + m[0].indexOf('](') + 1, end });
    whole.push({ start: m.index, end });
  }
  let hidden = blankSpans(answer, whole);
  const autolinks: Span[] = [];
  for (const m of hidden.matchAll(AUTOLINK)) {
    const url = normaliseCitedUrl(m[1] ?? '');
    if (url !== null) urls.push({ url, start: m.index + 1, end: m.index + m[0].length - 1, visible: true, asName: false });
    autolinks.push({ start: m.index, end: m.index + m[0].length });
  }
  hidden = blankSpans(hidden, autolinks);
  urls.push(...bareUrls(hidden, 0));
  urls.sort((a, b) => a.start - b.start);

  const visibleText = blankSpans(answer, destinations);
  const shown: Span[] = urls.filter((u) => u.visible && !u.asName);
  // A link whose text is itself a URL (`[https://kilnworks.com/shop](…)`) shows that URL.
  for (const link of links) shown.push(...bareUrls(link.text, link.textStart).filter((u) => !u.asName));
  shown.sort((a, b) => a.start - b.start);
  return { urls, links, visibleText, mentionText: blankSpans(visibleText, shown) };
}

/** Bare URLs (`https://…`, `www.…`) and host-with-path URLs in `text`, whose offset in the answer is `offset`. */
function bareUrls(text: string, offset: number): FoundUrl[] {
  const found: FoundUrl[] = [];
  const taken: Span[] = [];
  for (const m of text.matchAll(BARE_URL)) {
    const raw = trimTrailing(m[0]);
    taken.push({ start: m.index, end: m.index + raw.length });
    const www = /^www\./i.test(raw);
    const url = normaliseCitedUrl(www ? `http://${raw}` : raw);
    const asName = www && /^[^/?#:]+\/?$/.test(raw);
    if (url !== null) found.push({ url, start: offset + m.index, end: offset + m.index + raw.length, visible: true, asName });
  }
  const rest = blankSpans(text, taken);
  for (const m of rest.matchAll(SCHEMELESS_URL)) {
    const raw = trimTrailing(m[0]);
    const host = m[1] ?? '';
    // `kilnworks.com/` is the name with a slash; a path says more than that.
    if (raw.length <= host.length + 1 || textDomain(host) === null) continue;
    const url = normaliseCitedUrl(`http://${raw}`);
    if (url !== null) found.push({ url, start: offset + m.index, end: offset + m.index + raw.length, visible: true, asName: false });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Replaces the given spans (sorted, not overlapping) by spaces, keeping every offset. */
export function blankSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const { start, end } of spans) {
    if (start < at) continue;
    parts.push(text.slice(at, start), ' '.repeat(end - start));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** The distinct cited URLs in order of first appearance. */
export function citedUrls(scan: UrlScan, max = 500): string[] {
  const seen = new Set<string>();
  for (const { url } of scan.urls) {
    // The contract keeps URLs up to 4,096 characters; a longer one is not a citation worth keeping.
    if (url.length <= 4096) seen.add(url);
    if (seen.size >= max) break;
  }
  return [...seen];
}

/** Drops sentence punctuation after a URL, and a closing bracket that has no opening one in it. */
function trimTrailing(raw: string): string {
  let url = raw;
  for (;;) {
    if (TRAILING.test(url)) {
      url = url.slice(0, -1);
      continue;
    }
    if (url.endsWith(')') && count(url, '(') < count(url, ')')) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

/**
 * Normalised as the crawler does (fragment and credentials dropped, host lower-cased), plus the
 * `utm_*` parameters removed: answer engines tag their citations (`?utm_source=chatgpt.com`), and
 * the same page cited with and without the tag is one citation.
 */
export function normaliseCitedUrl(raw: string): string | null {
  const normalised = normaliseUrl(raw);
  if (normalised === null) return null;
  const url = new URL(normalised);
  if (url.hostname === '') return null;
  const tags = [...url.searchParams.keys()].filter((name) => name.toLowerCase().startsWith('utm_'));
  // Only touched when there is a tag: rewriting the query re-encodes it.
  if (tags.length === 0) return url.href;
  for (const name of tags) url.searchParams.delete(name);
  return url.href;
}

function count(text: string, ch: string): number {
  return text.split(ch).length - 1;
}
