// Indexing directives from `<meta name="robots">`, crawler-specific meta tags
// (`<meta name="googlebot">`) and the `X-Robots-Tag` header, in one normalised form:
//   generic directives as written, lower-cased:       `noindex`, `max-snippet:0`
//   directives for one crawler, prefixed by its name: `googlebot: noindex`
// In X-Robots-Tag a crawler prefix ("googlebot: noindex, nofollow") applies to the directives that
// follow it in the same header value, until the next prefix (Google's documented syntax).

/** Directives whose value follows a colon; their name must not be mistaken for a crawler name. */
const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

/** Directives that keep a page out of the index or out of answer snippets. */
export function isBlockingDirective(directive: string): boolean {
  return directive === 'noindex' || directive === 'none' || directive === 'nosnippet' || directive === 'max-snippet:0';
}

/** Splits `googlebot: noindex` into its crawler and directive; crawler null for generic ones. */
export function splitDirective(entry: string): { agent: string | null; directive: string } {
  const match = /^([^:\s]+): (.+)$/.exec(entry);
  if (match && !VALUED.has(match[1]!)) return { agent: match[1]!, directive: match[2]! };
  return { agent: null, directive: entry };
}

/** Parses one directive list; `agent` is the crawler a meta tag is addressed to, if any. */
export function parseDirectiveList(value: string, agent: string | null): string[] {
  const out: string[] = [];
  let current = agent;
  for (const piece of value.split(',')) {
    let token = piece.trim().toLowerCase();
    if (token === '') continue;
    const prefixed = /^([a-z0-9_.-]+)\s*:\s*(.*)$/.exec(token);
    if (prefixed && !VALUED.has(prefixed[1]!)) {
      current = prefixed[1]!;
      token = prefixed[2]!.trim();
      if (token === '') continue;
    }
    const valued = /^([a-z_-]+)\s*:\s*(.*)$/.exec(token);
    const directive = valued ? `${valued[1]!}:${valued[2]!.trim()}` : token.replace(/\s+/g, ' ');
    out.push(current ? `${current}: ${directive}` : directive);
  }
  return out;
}

/** All directives of a page, de-duplicated, in order of appearance (meta tags first). */
export function collectRobotsDirectives(metaTags: ReadonlyArray<{ agent: string | null; content: string }>, xRobotsTag: string | undefined): string[] {
  const all: string[] = [];
  for (const meta of metaTags) all.push(...parseDirectiveList(meta.content, meta.agent));
  if (xRobotsTag !== undefined) all.push(...parseDirectiveList(xRobotsTag, null));
  return [...new Set(all)];
}

/**
 * The crawlers Lighthouse's is-crawlable audit asks robots.txt about: any crawler (`*`) and the
 * major search engines. The page is lost to search only when every one of them is disallowed.
 */
const SEARCH_CRAWLERS = ['*', 'Googlebot', 'bingbot', 'DuckDuckBot', 'archive.org_bot'];

/** True when robots.txt (null: none) disallows `url` for every search crawler. */
export function robotsTxtBlocksSearch(robots: { isAllowed(url: string, userAgent: string): boolean } | null, url: string): boolean {
  if (robots === null) return false;
  return SEARCH_CRAWLERS.every((agent) => !robots.isAllowed(url, agent));
}
