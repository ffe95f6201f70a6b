// The issues of a page judged on its own (issue-codes.ts lists every code; the ones that need the
// whole site are computed after the crawl by site-checks/).

import type { PageIssue } from '../types.js';
import { issue } from './issue-codes.js';
import { capitalise, plural, shownList } from './evidence.js';
import { characterCount, collapseSpaces } from './characters.js';
import { judgeCanonical } from './canonical-verdict.js';
import { judgeIndexing } from './indexing-verdict.js';
import { hreflangProblems } from '../analyse/hreflang.js';
import { CHARSET_SCAN_LIMIT } from '../analyse/charset-declaration.js';
import { missingOpenGraph, REQUIRED_OPEN_GRAPH } from '../analyse/open-graph.js';
import { viewportSetsWidth } from '../analyse/viewport.js';
import type { PageFacts } from '../analyse/facts.js';
import { isScorable } from '../analyse/facts.js';

/** Number of redirects behind `redirectChain` (the final URL may or may not be listed last). */
export function redirectCount(chain: readonly string[], finalUrl: string): number {
  if (chain.length === 0) return 0;
  return chain[chain.length - 1] === finalUrl ? chain.length - 1 : chain.length;
}

export function pageIssues(f: PageFacts): PageIssue[] {
  const out: PageIssue[] = [];
  if (f.error?.code === 'redirect_loop') {
    // A loop has no final URL: the loop issue names the whole chain, a redirect issue would not.
    const chain = f.redirectChain.length > 0 ? f.redirectChain : [f.url, f.finalUrl];
    out.push(issue('redirect_loop', `The redirects loop back to ${chain[chain.length - 1]!}: ${chain.join(' → ')}.`));
    return out;
  }
  const hops = redirectCount(f.redirectChain, f.finalUrl);
  if (hops >= 2)
    out.push(
      issue(
        'redirect_chain',
        `${hops} redirects before the final URL: ${[...f.redirectChain, f.finalUrl].filter((u, i, a) => a.indexOf(u) === i).join(' → ')}.`,
      ),
    );
  else if (hops === 1) out.push(issue('redirect', `Redirects to ${f.finalUrl}.`));

  if (f.error) {
    out.push(issue('fetch_failed', `The fetch failed: ${f.error.message} (${f.error.code}).`));
    return out;
  }
  // A redirect the crawl did not follow because its target is recorded on its own (already fetched
  // or queued): the redirect notice above says where it goes. It is no more an error than the
  // same redirect followed, which the crawl meets first depending only on the order of links.
  if (f.statusCode >= 300 && f.statusCode < 400 && hops >= 1) return out;
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
  else out.push(...titleLengthIssues(f.title));
  if (!f.metaDescription || f.metaDescription.trim() === '') out.push(issue('meta_description_missing', 'The page has no meta description.'));
  else out.push(...descriptionLengthIssues(f.metaDescription));
  const h1s = f.headings.filter((h) => h.level === 1);
  if (h1s.length === 0) out.push(issue('h1_missing', 'The page has no H1 heading.'));
  else if (h1s.length > 1) out.push(issue('h1_multiple', `${h1s.length} H1 headings: ${shownList(h1s.map((h) => `"${h.text}"`))}.`));
  if (f.wordCount < THIN_CONTENT_WORDS)
    out.push(issue('thin_content', `Only ${plural(f.wordCount, 'word')} of main content (fewer than ${THIN_CONTENT_WORDS}).`));
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
  else if (indexing.namedCrawlers.length > 0)
    out.push(issue('noindex_some_crawlers', `The page asks some crawlers not to index it: ${indexing.namedCrawlers.join(', ')}.`));
  if (indexing.robotsTxtBlocks) out.push(issue('robots_txt_blocks_page', 'robots.txt disallows this page for every search crawler.'));
  if (f.metadataAfterHead) {
    const { endedBy, kinds } = f.metadataAfterHead;
    const what = `the ${kinds.join(', ')}`;
    if (endedBy === 'body')
      out.push(
        issue(
          'metadata_in_body',
          `${capitalise(what)} ${kinds.length === 1 ? 'is' : 'are'} in the <body>, where search engines ignore ${kinds.length === 1 ? 'it' : 'them'}.`,
        ),
      );
    else
      out.push(
        issue(
          'head_closed_early',
          `The <head> ends early at ${endedBy === '#text' ? 'text' : `<${endedBy}>`}: ${what} after it ${kinds.length === 1 ? 'is' : 'are'} ignored.`,
        ),
      );
  }
  const badHreflangs = hreflangProblems(f.hreflangs);
  if (badHreflangs.length > 0) {
    const shown = badHreflangs
      .slice(0, 5)
      .map(
        (p) =>
          `hreflang="${p.hreflang}" href="${p.href}" (${p.reasons.map((r) => (r === 'language' ? 'not a language code' : 'not an absolute URL')).join(', ')})`,
      );
    out.push(
      issue(
        'hreflang_invalid',
        `${plural(badHreflangs.length, 'invalid hreflang alternate')}: ${shown.join('; ')}${badHreflangs.length > 5 ? `; and ${badHreflangs.length - 5} more` : ''}.`,
      ),
    );
  }

  const v = judgeCanonical(f);
  switch (v.kind) {
    case 'invalid':
      out.push(issue('canonical_invalid', `The canonical "${v.href}" is not a valid http(s) URL.`));
      break;
    case 'conflict':
      out.push(issue('canonical_conflict', `Several different canonicals: ${v.targets.join(', ')}.`));
      break;
    case 'other_language':
      out.push(issue('canonical_other_language', `The canonical points to another language version listed by hreflang: ${v.target}.`));
      break;
    case 'root':
      out.push(issue('canonical_to_root', `The canonical points to the site root: ${v.target}.`));
      break;
    case 'relative':
      out.push(issue('canonical_relative', `The canonical is relative: "${v.href}".`));
      break;
    case 'elsewhere':
      out.push(issue('canonical_elsewhere', `The canonical names another page${v.crossSite ? ' on another site' : ''}: ${v.target}.`));
      break;
    default:
      break;
  }
  out.push(...technicalIssues(f));
  return out;
}

// Thresholds of the page-level technical checks. Titles and descriptions are measured in
// characters (code points) with whitespace collapsed: what a search result shows.
const TITLE_MAX = 60;
const TITLE_MIN = 30;
const DESCRIPTION_MAX = 160;
const DESCRIPTION_MIN = 70;
const THIN_CONTENT_WORDS = 200;
const HTML_MAX_BYTES = 2 * 1024 * 1024;
/** Lighthouse's server-response-time threshold. */
const TTFB_MAX_MS = 600;

function titleLengthIssues(title: string): PageIssue[] {
  const text = collapseSpaces(title);
  const n = characterCount(text);
  if (n > TITLE_MAX) return [issue('title_too_long', `The title is ${n} characters long (more than ${TITLE_MAX}; search results cut it): "${text}".`)];
  if (n < TITLE_MIN) return [issue('title_too_short', `The title is only ${n} characters long (fewer than ${TITLE_MIN}): "${text}".`)];
  return [];
}

function descriptionLengthIssues(description: string): PageIssue[] {
  const text = collapseSpaces(description);
  const n = characterCount(text);
  if (n > DESCRIPTION_MAX)
    return [issue('meta_description_too_long', `The meta description is ${n} characters long (more than ${DESCRIPTION_MAX}; search results cut it).`)];
  if (n < DESCRIPTION_MIN)
    return [issue('meta_description_too_short', `The meta description is only ${n} characters long (fewer than ${DESCRIPTION_MIN}): "${text}".`)];
  return [];
}

/** What the response and the markup get wrong regardless of the content. */
function technicalIssues(f: PageFacts): PageIssue[] {
  const out: PageIssue[] = [];
  if (f.mixedContent.length > 0) {
    out.push(issue('mixed_content', `The HTTPS page loads ${plural(f.mixedContent.length, 'resource')} over plain HTTP: ${shownList(f.mixedContent)}.`));
  }
  if (f.viewport === null) out.push(issue('viewport_missing', 'The page has no <meta name="viewport"> in its head: phones show it at desktop width.'));
  else if (!viewportSetsWidth(f.viewport))
    out.push(issue('viewport_missing', `The <meta name="viewport"> sets neither width nor initial-scale: "${f.viewport}".`));
  if (f.charsetDeclaredBy === null) {
    out.push(
      issue(
        'charset_missing',
        `No character encoding is declared: no charset in the Content-Type header, no byte-order mark, and no <meta charset> in the first ${CHARSET_SCAN_LIMIT} bytes.`,
      ),
    );
  }
  if (f.htmlBytes !== null && f.htmlBytes > HTML_MAX_BYTES) {
    out.push(issue('html_too_large', `The HTML is ${(f.htmlBytes / 1024 / 1024).toFixed(1)} MiB (${f.htmlBytes} bytes), more than 2 MiB.`));
  }
  if (f.ttfbMs !== null && f.ttfbMs > TTFB_MAX_MS) {
    out.push(issue('slow_response', `The server took ${f.ttfbMs} ms to start answering (time to first byte; more than ${TTFB_MAX_MS} ms).`));
  }
  const missingOg = missingOpenGraph(f.openGraph);
  if (f.openGraph.length === 0) out.push(issue('open_graph_incomplete', `The page has no Open Graph tags (${REQUIRED_OPEN_GRAPH.join(', ')}).`));
  else if (missingOg.length > 0)
    out.push(issue('open_graph_incomplete', `Open Graph ${missingOg.length === 1 ? 'property' : 'properties'} missing: ${missingOg.join(', ')}.`));
  return out;
}

/** Distinct items in order of appearance, with their count when repeated; at most 5 shown. */
function tally(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  const shown = [...counts].slice(0, 5).map(([item, n]) => (n > 1 ? `${item} ×${n}` : item));
  return shown.join(', ') + (counts.size > 5 ? `, and ${counts.size - 5} more kinds` : '');
}
