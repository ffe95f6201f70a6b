// Page issues in the manner of classic SEO audits. Codes are stable API values: add new ones,
// never rename. Two issues need the whole site and are computed by the caller with the helpers
// at the bottom: duplicate titles (duplicateTitleIssues) and broken internal links
// (brokenInternalLinkIssues).

import type { IssueSeverity, PageIssue } from '../types.js';
import { judgeCanonical } from './canonical-verdict.js';
import { judgeIndexing } from './indexing-verdict.js';
import { hreflangProblems } from '../analyse/hreflang.js';
import type { PageFacts } from './facts.js';
import { isScorable } from './facts.js';

export const ISSUE_CODES = {
  /** The fetch produced no usable response (timeout, DNS, blocked address, ...). */
  fetch_failed: 'error',
  /** The analyser failed on the page (a fault of ours, logged): it scores 0 and the message says why. */
  analysis_failed: 'error',
  /** The final response status is not 2xx. */
  http_status: 'error',
  /** A 2xx response that is not HTML (not analysed). */
  not_html: 'notice',
  title_missing: 'error',
  /** Same title as another page of the audit (site-level: duplicateTitleIssues). */
  title_duplicate: 'warning',
  meta_description_missing: 'warning',
  h1_missing: 'warning',
  /** Visible images without a text alternative (no alt, or an alt of spaces only; axe's image-alt). */
  images_missing_alt: 'warning',
  /** Links whose visible text is a vague phrase such as "click here" (Lighthouse's link-text lists). */
  vague_link_text: 'notice',
  /** Anchors search engines cannot follow: no href, `javascript:void(0)`, `file:`, an unparseable href. */
  uncrawlable_links: 'warning',
  /** Two or more redirects before the final URL. */
  redirect_chain: 'warning',
  /** One redirect: links should point at the final URL. */
  redirect: 'notice',
  /** noindex/none addressed to every crawler (meta robots or X-Robots-Tag). */
  noindex: 'warning',
  /** noindex/none addressed only to named crawlers (`googlebot: noindex`). */
  noindex_some_crawlers: 'warning',
  /** robots.txt disallows the page for every search crawler. */
  robots_txt_blocks_page: 'error',
  /** The head ends before head-only metadata (an element that does not belong there closes it). */
  head_closed_early: 'warning',
  /** Head-only metadata placed in the body proper. */
  metadata_in_body: 'warning',
  /** An hreflang alternate with an unknown language code or a relative URL. */
  hreflang_invalid: 'warning',
  canonical_invalid: 'error',
  canonical_conflict: 'error',
  /** No longer emitted: a canonical on another site is legitimate (it gives canonical_elsewhere). */
  canonical_other_site: 'warning',
  canonical_to_root: 'warning',
  canonical_relative: 'notice',
  canonical_elsewhere: 'notice',
  /** The canonical names another language version that hreflang lists as this page's alternate. */
  canonical_other_language: 'warning',
  /** An internal link answers 4xx/5xx or fails (site-level: brokenInternalLinkIssues). */
  broken_internal_link: 'error',
  /** A structured-data item has errors (schema.org vocabulary, value kinds, Google's required properties). */
  structured_data_invalid: 'error',
  /** A structured-data item lacks properties Google recommends for its rich result. */
  structured_data_incomplete: 'notice',
  /** A JSON-LD block could not be read even leniently. */
  structured_data_unreadable: 'error',
} as const satisfies Record<string, IssueSeverity>;

export type IssueCode = keyof typeof ISSUE_CODES;

export function issue(code: IssueCode, message: string): PageIssue {
  return { code, severity: ISSUE_CODES[code], message };
}

/** Number of redirects behind `redirectChain` (the final URL may or may not be listed last). */
export function redirectCount(chain: readonly string[], finalUrl: string): number {
  if (chain.length === 0) return 0;
  return chain[chain.length - 1] === finalUrl ? chain.length - 1 : chain.length;
}

export function pageIssues(f: PageFacts): PageIssue[] {
  const out: PageIssue[] = [];
  const hops = redirectCount(f.redirectChain, f.finalUrl);
  if (hops >= 2) out.push(issue('redirect_chain', `${hops} redirects before the final URL: ${[...f.redirectChain, f.finalUrl].filter((u, i, a) => a.indexOf(u) === i).join(' → ')}.`));
  else if (hops === 1) out.push(issue('redirect', `Redirects to ${f.finalUrl}.`));

  if (f.error) {
    out.push(issue('fetch_failed', `The fetch failed: ${f.error.message} (${f.error.code}).`));
    return out;
  }
  if (f.statusCode < 200 || f.statusCode >= 300) {
    out.push(issue('http_status', `The page answers HTTP ${f.statusCode}.`));
    return out;
  }
  if (!f.isHtml) {
    out.push(issue('not_html', `The response is not HTML (${f.contentType ?? 'no content type'}).`));
    return out;
  }
  if (!isScorable(f)) {
    out.push(issue('fetch_failed', 'The HTML body is not available.'));
    return out;
  }

  if (!f.title || f.title.trim() === '') out.push(issue('title_missing', 'The page has no <title>.'));
  if (!f.metaDescription || f.metaDescription.trim() === '') out.push(issue('meta_description_missing', 'The page has no meta description.'));
  if (!f.headings.some((h) => h.level === 1)) out.push(issue('h1_missing', 'The page has no H1 heading.'));
  if (f.imagesWithoutAlt > 0) {
    out.push(issue('images_missing_alt', `${plural(f.imagesWithoutAlt, 'image')} without alt text (no alt attribute, or only spaces).`));
  }
  if (f.vagueLinkTexts.length > 0) {
    const distinct = [...new Set(f.vagueLinkTexts.map((t) => `"${t}"`))];
    out.push(issue('vague_link_text', `${plural(f.vagueLinkTexts.length, 'link')} with vague text: ${distinct.join(', ')}.`));
  }
  if (f.uncrawlableAnchors.length > 0) {
    out.push(issue('uncrawlable_links', `${plural(f.uncrawlableAnchors.length, 'link')} that search engines cannot follow: ${tally(f.uncrawlableAnchors)}.`));
  }
  const indexing = judgeIndexing(f);
  if (indexing.allCrawlers.length > 0) out.push(issue('noindex', `The page asks not to be indexed: ${indexing.allCrawlers.join(', ')}.`));
  else if (indexing.namedCrawlers.length > 0) out.push(issue('noindex_some_crawlers', `The page asks some crawlers not to index it: ${indexing.namedCrawlers.join(', ')}.`));
  if (indexing.robotsTxtBlocks) out.push(issue('robots_txt_blocks_page', 'robots.txt disallows this page for every search crawler.'));
  if (f.metadataAfterHead) {
    const { endedBy, kinds } = f.metadataAfterHead;
    const what = `the ${kinds.join(', ')}`;
    if (endedBy === 'body') out.push(issue('metadata_in_body', `${capitalise(what)} ${kinds.length === 1 ? 'is' : 'are'} in the <body>, where search engines ignore ${kinds.length === 1 ? 'it' : 'them'}.`));
    else out.push(issue('head_closed_early', `The <head> ends early at ${endedBy === '#text' ? 'text' : `<${endedBy}>`}: ${what} after it ${kinds.length === 1 ? 'is' : 'are'} ignored.`));
  }
  const badHreflangs = hreflangProblems(f.hreflangs);
  if (badHreflangs.length > 0) {
    const shown = badHreflangs.slice(0, 5).map((p) => `hreflang="${p.hreflang}" href="${p.href}" (${p.reasons.map((r) => (r === 'language' ? 'not a language code' : 'not an absolute URL')).join(', ')})`);
    out.push(issue('hreflang_invalid', `${plural(badHreflangs.length, 'invalid hreflang alternate')}: ${shown.join('; ')}${badHreflangs.length > 5 ? `; and ${badHreflangs.length - 5} more` : ''}.`));
  }

  const v = judgeCanonical(f);
  switch (v.kind) {
    case 'invalid': out.push(issue('canonical_invalid', `The canonical "${v.href}" is not a valid http(s) URL.`)); break;
    case 'conflict': out.push(issue('canonical_conflict', `Several different canonicals: ${v.targets.join(', ')}.`)); break;
    case 'other_language': out.push(issue('canonical_other_language', `The canonical points to another language version listed by hreflang: ${v.target}.`)); break;
    case 'root': out.push(issue('canonical_to_root', `The canonical points to the site root: ${v.target}.`)); break;
    case 'relative': out.push(issue('canonical_relative', `The canonical is relative: "${v.href}".`)); break;
    case 'elsewhere': out.push(issue('canonical_elsewhere', `The canonical names another page${v.crossSite ? ' on another site' : ''}: ${v.target}.`)); break;
    default: break;
  }
  return out;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Distinct items in order of appearance, with their count when repeated; at most 5 shown. */
function tally(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  const shown = [...counts].slice(0, 5).map(([item, n]) => (n > 1 ? `${item} ×${n}` : item));
  return shown.join(', ') + (counts.size > 5 ? `, and ${counts.size - 5} more kinds` : '');
}

/**
 * Duplicate titles across an audit: for every page whose title (trimmed, whitespace collapsed,
 * case-insensitive) is shared with another page, one `title_duplicate` issue naming the others.
 * Pages without a title are ignored (they have `title_missing`). Returns url → issues.
 */
export function duplicateTitleIssues(pages: ReadonlyArray<{ url: string; title: string | null }>): Map<string, PageIssue[]> {
  const byTitle = new Map<string, string[]>();
  for (const p of pages) {
    const key = p.title?.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!key) continue;
    const list = byTitle.get(key);
    if (list) list.push(p.url);
    else byTitle.set(key, [p.url]);
  }
  const out = new Map<string, PageIssue[]>();
  for (const urls of byTitle.values()) {
    if (urls.length < 2) continue;
    for (const url of urls) {
      const others = urls.filter((u) => u !== url);
      const shown = others.slice(0, 5).join(', ') + (others.length > 5 ? `, and ${others.length - 5} more` : '');
      const list = out.get(url) ?? [];
      list.push(issue('title_duplicate', `The title is also used by ${shown}.`));
      out.set(url, list);
    }
  }
  return out;
}

/**
 * Broken internal links of one page: `statusOf` answers the final status the audit saw for a URL
 * (0 for a failed fetch) or undefined when it was not fetched. 4xx, 5xx and 0 count as broken.
 * One issue listing up to 5 targets.
 */
export function brokenInternalLinkIssues(
  links: ReadonlyArray<{ href: string; internal: boolean }>,
  statusOf: (url: string) => number | undefined,
): PageIssue[] {
  const broken: string[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    if (!link.internal || seen.has(link.href)) continue;
    seen.add(link.href);
    const status = statusOf(link.href);
    if (status !== undefined && (status === 0 || status >= 400)) broken.push(`${link.href} (${status === 0 ? 'failed' : status})`);
  }
  if (broken.length === 0) return [];
  const shown = broken.slice(0, 5).join(', ') + (broken.length > 5 ? `, and ${broken.length - 5} more` : '');
  return [issue('broken_internal_link', `${broken.length} broken internal link${broken.length === 1 ? '' : 's'}: ${shown}.`)];
}
