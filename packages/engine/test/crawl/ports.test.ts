// Another port on the same host is another site: a link to it is not followed (see crawl/scope).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collect, linkProcess, pagesOf, TEST_UA } from './helpers.js';

const LIMITS = { requestTimeoutMs: 1000, maxBodyBytes: 64 * 1024, maxRedirects: 5, timeBudgetMs: 10_000, perHostConcurrency: 1, maxConcurrency: 1 };

function serve(html: (port: number) => string, log: string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    log.push(req.url ?? '');
    if (req.url === '/robots.txt' || req.url === '/sitemap.xml') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(html(port));
  });
  let port = 0;
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      done({ server, port });
    }),
  );
}

const siteLog: string[] = [];
const otherLog: string[] = [];
let site: { server: Server; port: number };
let other: { server: Server; port: number };

beforeAll(async () => {
  other = await serve(() => '<title>Another service</title>', otherLog);
  site = await serve(
    (port) =>
      `<title>Site</title><a href="/page">same port</a><a href="http://127.0.0.1:${other.port}/admin">another port</a><a href="http://127.0.0.1:${port}/page2">explicit same port</a>`,
    siteLog,
  );
});
afterAll(() => {
  site.server.close();
  other.server.close();
});

it('follows links on the site’s port and never fetches the same host on another port', async () => {
  for (const primaryDomain of [`http://127.0.0.1:${site.port}`, '127.0.0.1']) {
    otherLog.length = 0;
    const events = await collect({
      seedUrl: `http://127.0.0.1:${site.port}/`,
      primaryDomain,
      maxPages: 10,
      limits: LIMITS,
      userAgent: TEST_UA,
      policy: { allowLoopback: true },
      process: linkProcess,
    });
    const urls = pagesOf(events)
      .map((page) => page.url)
      .sort();
    expect(urls, primaryDomain).toEqual([`http://127.0.0.1:${site.port}/`, `http://127.0.0.1:${site.port}/page`, `http://127.0.0.1:${site.port}/page2`]);
    expect(otherLog, primaryDomain).toEqual([]);
  }
});
