// Where a crawl starts: the seed (or list mode's URLs), then the URLs of the site's sitemaps
// (`/sitemap.xml` and those robots.txt names). Those join the queue after the seed's links, so a
// crawl goes breadth first from the seed: until the seed's page is recorded they wait on disk.
import { SpilledQueue } from '../compact/spilled-queue.js';
import { guardedFetch } from '../net/guarded-fetch.js';
import { isUrlTooLong } from '../net/url-length.js';
import type { FollowedLinks } from './followed-links.js';
import type { Frontier } from './frontier.js';
import type { CrawlRequests } from './hop-fetcher.js';
import type { ResolvedLimits } from './limits.js';
import { originOf } from './normalise-url.js';
import type { RobotsCache } from './robots.js';
import type { CrawlScope } from './scope.js';
import { readSitemaps, type SitemapDiscoveryOptions } from './sitemaps.js';
import type { CrawlOptions, SharedFrontier } from './types.js';

export interface SeedDiscoveryOptions {
  seed: string;
  /** List mode's URLs: fetched in place of the seed, and no sitemap URL is queued. */
  listed: string[] | null;
  shared: SharedFrontier | null;
  frontier: Frontier;
  links: FollowedLinks;
  robots: RobotsCache;
  requests: CrawlRequests;
  limits: ResolvedLimits;
  scope: CrawlScope;
  crawl: Pick<CrawlOptions<unknown>, 'memory' | 'onSitemap' | 'onSitemapUrls'>;
  /** Whether the crawl was cancelled or ran out of time meanwhile. */
  halted: () => boolean;
}

export class SeedDiscovery {
  /** The sitemaps' page URLs until the seed's links are queued (on disk, but for a few thousand). */
  private sitemapUrls: SpilledQueue | null = null;

  constructor(private readonly options: SeedDiscoveryOptions) {}

  /** Queues the seed, loads its origin's robots.txt, and reads the sitemaps. */
  async discover(): Promise<void> {
    const { seed, listed, shared, frontier, robots, links, crawl } = this.options;
    const first = listed ?? [seed];
    if (shared) await shared.add(first);
    else for (const url of first) frontier.add(url);
    const seedOrigin = originOf(seed);
    const robotsFile = await robots.get(seedOrigin);
    if (this.options.halted()) return;
    const held = shared ? null : (this.sitemapUrls = new SpilledQueue());
    await readSitemaps(this.sitemapReading([`${seedOrigin}/sitemap.xml`, ...robotsFile.sitemaps]), async (urls) => {
      crawl.onSitemapUrls?.(urls);
      // List mode queues none of them.
      if (listed !== null) return;
      // Shared: queued now, marked as listed (the lead's site checks read that back).
      if (shared) await shared.add(links.passing(urls), { listed: true });
      else for (const url of urls) held!.push(url, 0);
    });
  }

  /** The sitemaps' URLs, after the seed's links: the frontier remembers them from then on. */
  queueSitemapUrls(): void {
    const held = this.sitemapUrls;
    this.sitemapUrls = null;
    if (held === null) return;
    for (let url = held.shift(); url !== undefined; url = held.shift()) {
      const target = this.options.links.followable(url);
      if (target !== null) this.options.frontier.add(target);
    }
    held.close();
  }

  close(): void {
    this.sitemapUrls?.close();
  }

  /** Sitemaps are fetched as the crawl's pages are, within the site, as far as robots.txt allows (once it is known). */
  private sitemapReading(sitemaps: string[]): SitemapDiscoveryOptions {
    const { requests, limits, scope, robots, crawl } = this.options;
    return {
      sitemaps,
      fetch: (url) =>
        guardedFetch(url, {
          ...requests,
          maxBodyBytes: limits.maxSitemapBytes,
          maxRedirects: limits.maxRedirects,
          beforeRedirect: (target) => (scope.contains(target) ? { follow: true } : { follow: false }),
        }),
      acceptSitemap: (url) => scope.contains(url) && robotsAllowIfKnown(robots, url),
      acceptPage: (url) => !isUrlTooLong(url) && scope.contains(url),
      maxSitemaps: limits.maxSitemaps,
      maxUrls: limits.maxSitemapUrls,
      maxBytes: limits.maxSitemapBytes,
      ...(crawl.memory ? { memory: crawl.memory } : {}),
      ...(crawl.onSitemap ? { observer: crawl.onSitemap } : {}),
    };
  }
}

function robotsAllowIfKnown(robots: RobotsCache, url: string): boolean {
  const origin = originOf(url);
  return robots.peek(origin) === undefined || robots.allows(url, origin);
}
