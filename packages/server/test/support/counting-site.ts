// A generated site on 127.0.0.1 whose pages answer slowly enough for an audit of it to be paused
// mid-crawl, that counts how often each page was requested, and whose pages can be made to answer
// 503 (all at once, or after so many requests) to trip an audit's crawl safeguard.
import { generatedSite, startFixtureServer, type FixtureServer, type Route } from '@seo-geo/engine/testing';

export interface CountingSite {
  origin: string;
  /** Every page's path (`/`, `/p/1`, …). */
  paths: string[];
  /** Requests of each page path so far (robots.txt, sitemaps and unknown paths left out). */
  pageFetches(): Map<string, number>;
  /** From now on (or after `after` more page requests), every page but the seed answers 503; null heals it. */
  failPages(after: number | null): void;
  close(): Promise<void>;
}

export async function startCountingSite(options: { pages: number; hangMs: number }): Promise<CountingSite> {
  const pages = generatedSite({ pages: options.pages, links: [5, 8], bytes: [1500, 3000], hangMs: options.hangMs });
  /** Page requests still answered before the 503s start; null: never. */
  let healthyLeft: number | null = null;
  const routes: Record<string, Route> = {};
  for (const [path, route] of Object.entries(pages)) {
    routes[path] = (request) => {
      if (healthyLeft === null || path === '/') return route(request);
      if (healthyLeft > 0) {
        healthyLeft--;
        return route(request);
      }
      return { status: 503, headers: { 'content-type': 'text/html' }, body: '<html><title>Unavailable</title></html>', hangMs: options.hangMs };
    };
  }
  const server: FixtureServer = await startFixtureServer({ '127.0.0.1': routes });
  return {
    origin: `http://127.0.0.1:${server.port}`,
    paths: Object.keys(pages),
    pageFetches() {
      const counts = new Map<string, number>();
      for (const entry of server.log) if (entry.path in pages) counts.set(entry.path, (counts.get(entry.path) ?? 0) + 1);
      return counts;
    },
    failPages(after) {
      healthyLeft = after;
    },
    close: () => server.close(),
  };
}
