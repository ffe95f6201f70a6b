// The links of a page as the audit's link graph stores them: one edge per distinct target, the
// first link in document order (the one search engines take the anchor text from), bounded so that
// a page of a hundred thousand links costs no more than a page of a thousand.
import type { LinkInfo } from '../types.js';

/** Distinct targets kept per page, in document order; the rest are dropped. */
export const MAX_STORED_LINKS_PER_PAGE = 1_000;
/** Characters of anchor text kept: longer text is cut to one less and ends with "…". */
export const MAX_ANCHOR_TEXT = 200;
/** The API's bound on a URL. */
const MAX_URL = 4_096;
const MAX_REL_TOKENS = 16;
const MAX_REL_TOKEN = 64;
/** rel tokens that ask search engines not to follow the link (nofollow, and Google's ugc and sponsored). */
const NOT_FOLLOWED = new Set(['nofollow', 'ugc', 'sponsored']);

export interface LinkEdge {
  target: string;
  anchorText: string;
  rel: string[];
  followed: boolean;
  internal: boolean;
}

export function linkEdgesOf(links: readonly LinkInfo[]): LinkEdge[] {
  const seen = new Set<string>();
  const edges: LinkEdge[] = [];
  for (const link of links) {
    if (edges.length >= MAX_STORED_LINKS_PER_PAGE) break;
    if (link.href.length > MAX_URL || seen.has(link.href)) continue;
    seen.add(link.href);
    // Most links have no rel: they cost no filtering.
    const rel = link.rel.length === 0 ? [] : link.rel.filter((token) => token.length <= MAX_REL_TOKEN).slice(0, MAX_REL_TOKENS);
    edges.push({
      target: link.href,
      anchorText: cut(link.text, MAX_ANCHOR_TEXT),
      rel,
      followed: !link.rel.some((token) => NOT_FOLLOWED.has(token)),
      internal: link.internal,
    });
  }
  return edges;
}

function cut(text: string, max: number): string {
  // A text of `max` UTF-16 units or fewer has no more code points than that: most anchors.
  if (text.length <= max) return text;
  // By code points, so a cut never splits a surrogate pair.
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
