// A site of endless slow pages (each links to the next two and answers after 40 ms), so that an
// audit of it is still running when a test deletes or cancels something under it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowSite {
  origin: string;
  close(): void;
}

export async function startSlowSite(): Promise<SlowSite> {
  const site = createServer((req, res) => {
    const n = Number(/^\/p(\d+)$/.exec(req.url ?? '')?.[1] ?? 0);
    setTimeout(() => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html lang="en"><title>Page ${n}</title><h1>Page ${n}</h1><p>Kilns.</p><a href="/p${n + 1}">next</a> <a href="/p${n + 2}">after</a></html>`);
    }, 40);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`, close: () => site.close() };
}
