// Citations for E3: links from the main content to other sites' pages. Counted once per distinct
// URL. Not citations: internal links, links in nav/header/footer/aside (excluded by scope before
// this point), social sharing endpoints (they share this page, they cite nothing), and links
// marked rel="sponsored" (paid placements are not sources).

const SHARE_ENDPOINTS: ReadonlyArray<[RegExp, RegExp]> = [
  [/(?:^|\.)facebook\.com$/, /^\/(?:sharer|share|dialog\/share)/],
  [/(?:^|\.)(?:twitter|x)\.com$/, /^\/(?:intent|share)/],
  [/(?:^|\.)linkedin\.com$/, /^\/(?:sharing|shareArticle|cws\/share)/i],
  [/(?:^|\.)pinterest\.[a-z.]+$/, /^\/pin\/create/],
  [/(?:^|\.)reddit\.com$/, /^\/submit/],
  [/(?:^|\.)(?:t|telegram)\.me$/, /^\/share/],
  [/^(?:api\.)?whatsapp\.com$/, /^\/send/],
  [/^wa\.me$/, /^\//],
  [/(?:^|\.)tumblr\.com$/, /^\/(?:share|widgets\/share)/],
  [/(?:^|\.)bsky\.app$/, /^\/intent/],
  [/(?:^|\.)news\.ycombinator\.com$/, /^\/submitlink/],
  [/(?:^|\.)getpocket\.com$/, /^\/(?:save|edit)/],
  [/(?:^|\.)mastodon(?:share)?\.[a-z.]+$/, /^\/share/],
];

export function isShareLink(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  return isShareEndpoint(url.hostname, url.pathname);
}

export function isShareEndpoint(hostname: string, pathname: string): boolean {
  for (const [host, path] of SHARE_ENDPOINTS) {
    if (host.test(hostname) && path.test(pathname)) return true;
  }
  return false;
}

export interface CitationCandidate {
  href: string;
  hostname: string;
  pathname: string;
  internal: boolean;
  rel: string[];
}

/** Distinct external source links among links already limited to the main content. */
export function citedSources(links: readonly CitationCandidate[]): string[] {
  const seen = new Set<string>();
  for (const link of links) {
    if (link.internal || link.rel.includes('sponsored') || isShareEndpoint(link.hostname, link.pathname)) continue;
    seen.add(link.href);
  }
  return [...seen];
}
