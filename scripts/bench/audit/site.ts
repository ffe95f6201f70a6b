// The site the audit bench crawls, served from a child process of its own (so that serving it
// costs the worker nothing): the engine's generated fixture site (generatedSite: every page
// reachable from `/` through a tree of links plus pseudo-random cross links, an article body of
// filler text) with what a real site adds around it: robots.txt naming the sitemap, sitemap.xml
// listing every page, and Article JSON-LD on two pages in three (so that `hasSchema` splits the
// pages). The host name is fictitious; the worker's resolver maps it to 127.0.0.1.
//
// Run by scripts/bench/audit.ts through fork(): argv[2] = pages. Sends { port, pages, builtMs } on
// the IPC channel once listening; answers 'stats' with { requests }; exits when the parent goes.
import { performance } from 'node:perf_hooks';
import { generatedSite, startFixtureServer, type FixtureResponse, type Route } from '@seo-geo/engine/testing';
import { BENCH_SITE_HOST } from './shared.js';

/** Links per page (tree children included) and HTML bytes per page: an article of a few hundred words. */
export const SITE_SHAPE = { links: [10, 30] as [number, number], bytes: [4_000, 9_000] as [number, number] };

/** One sitemap file holds at most 50,000 URLs (sitemaps.org); beyond that, an index of several. */
const URLS_PER_SITEMAP = 50_000;

function pagePath(i: number): string {
  return i === 0 ? '/' : `/p/${i}`;
}

function articleJsonLd(i: number): string {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: `Page ${i}`,
    author: { '@type': 'Person', name: `Author ${i % 40}` },
    datePublished: `2025-02-${day}`,
    dateModified: `2025-03-${day}`,
  };
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

const xml = (body: string): FixtureResponse => ({ status: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body });

function urlset(origin: string, from: number, to: number): string {
  const entries: string[] = [];
  for (let i = from; i < to; i++) entries.push(`<url><loc>${origin}${pagePath(i)}</loc><lastmod>2025-03-01</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`;
}

export function auditSiteRoutes(pages: number): Record<string, Route> {
  const routes = generatedSite({ pages, links: SITE_SHAPE.links, bytes: SITE_SHAPE.bytes });
  // The generated pages carry no structured data: add Article JSON-LD to two in three, once, here.
  for (let i = 0; i < pages; i++) {
    if (i % 3 === 0) continue;
    const path = pagePath(i);
    const response = routes[path]!({ port: 0, path, query: '' });
    const body = String(response.body).replace('</head>', `${articleJsonLd(i)}</head>`);
    const withSchema = { ...response, body };
    routes[path] = () => withSchema;
  }
  // Sitemaps and robots.txt name absolute URLs, so they are built per request (the port is known then).
  const sitemapFiles = Math.ceil(pages / URLS_PER_SITEMAP);
  const cache = new Map<string, string>();
  const once = (key: string, build: () => string): string => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build()));
    return value;
  };
  const origin = (port: number) => `http://${BENCH_SITE_HOST}:${port}`;
  routes['/robots.txt'] = ({ port }) => ({
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `User-agent: *\nAllow: /\n\nSitemap: ${origin(port)}/sitemap.xml\n`,
  });
  if (sitemapFiles <= 1) {
    routes['/sitemap.xml'] = ({ port }) => xml(once(`s${port}`, () => urlset(origin(port), 0, pages)));
  } else {
    routes['/sitemap.xml'] = ({ port }) =>
      xml(
        once(`i${port}`, () => {
          const children = Array.from({ length: sitemapFiles }, (_, n) => `<sitemap><loc>${origin(port)}/sitemaps/${n + 1}.xml</loc></sitemap>`);
          return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.join('')}</sitemapindex>`;
        }),
      );
    for (let n = 0; n < sitemapFiles; n++) {
      routes[`/sitemaps/${n + 1}.xml`] = ({ port }) =>
        xml(once(`c${n}:${port}`, () => urlset(origin(port), n * URLS_PER_SITEMAP, Math.min(pages, (n + 1) * URLS_PER_SITEMAP))));
    }
  }
  return routes;
}

async function main(): Promise<void> {
  const pages = Number(process.argv[2]);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`site.ts: pages must be a positive integer (got ${process.argv[2] ?? 'nothing'})`);
  const t0 = performance.now();
  const routes = auditSiteRoutes(pages);
  const builtMs = performance.now() - t0;
  const server = await startFixtureServer({ [BENCH_SITE_HOST]: routes });
  // The fixture server logs every request; count them and keep the log short.
  let requests = 0;
  const drain = setInterval(() => {
    requests += server.log.length;
    server.log.length = 0;
  }, 1_000);
  process.on('message', (message) => {
    if (message === 'stats') process.send!({ requests: requests + server.log.length });
  });
  process.on('disconnect', () => {
    clearInterval(drain);
    void server.close().then(() => process.exit(0));
  });
  process.send!({ port: server.port, pages, builtMs });
}

if (process.send) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
