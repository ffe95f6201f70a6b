// Which links a crawl follows: normalised, http(s), in the site's scope, not too long, and through
// the crawl's include and exclude patterns. The site's navigation links, met on every page, are
// worked out once (RecentLinks).
import { isUrlTooLong } from '../net/url-length.js';
import type { Frontier } from './frontier.js';
import { normalisedUrl, normaliseUrl } from './normalise-url.js';
import { RecentLinks } from './recent-links.js';
import type { CrawlScope } from './scope.js';

/** Distinct links a crawl remembers what it made of: two generations of this many, each link at most 512 characters (RecentLinks). */
const RECENT_LINKS = 4096;

export class FollowedLinks {
  private readonly recent: RecentLinks;

  constructor(
    scope: CrawlScope,
    /** The crawl's include and exclude patterns; null when it follows every URL of the site. */
    readonly pathFilter: ((url: URL) => boolean) | null,
  ) {
    this.recent = new RecentLinks(RECENT_LINKS, (link) => {
      const url = normalisedUrl(link);
      return url !== null && !isUrlTooLong(url.href) && scope.containsUrl(url) && (pathFilter?.(url) ?? true) ? url.href : null;
    });
  }

  /** A link as the crawl follows it (normalised), or null when it may not: out of scope, or not http(s). */
  followable(link: string): string | null {
    return this.recent.followable(link);
  }

  /** The links a crawl may follow: normalised, in scope, each once. */
  inScope(links: readonly string[]): string[] {
    const urls = new Set<string>();
    for (const link of links) {
      const url = this.followable(link);
      if (url !== null) urls.add(url);
    }
    return [...urls];
  }

  /** Queues the links the crawl may follow. */
  enqueue(frontier: Frontier, links: readonly string[]): void {
    for (const link of links) {
      const url = this.followable(link);
      if (url !== null) frontier.add(url);
    }
  }

  /** The URLs (in scope already) that the patterns let through: all of them, the same array, without patterns. */
  passing(urls: string[]): string[] {
    const filter = this.pathFilter;
    return filter === null ? urls : urls.filter((url) => filter(new URL(url)));
  }
}

/** List mode's URLs, normalised, in scope, each once; the others are dropped (the API refuses them first). */
export function listedUrls(urls: readonly string[], scope: CrawlScope): string[] {
  const listed = new Set<string>();
  for (const raw of urls) {
    const url = normaliseUrl(raw);
    if (url !== null && !isUrlTooLong(url) && scope.contains(url)) listed.add(url);
  }
  return [...listed];
}
