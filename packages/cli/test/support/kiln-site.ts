// A small site on loopback for the CLI's audits: `/` and `/p1` … `/p<last>`, each linking to the
// next and the last back to `/`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KilnSite {
  origin: string;
  close(): void;
}

/** `gone(n)`: whether page n answers 404 now (a site that changes between two audits). */
export async function startKilnSite(last: number, gone: (n: number) => boolean = () => false): Promise<KilnSite> {
  const site = createServer((req, res) => {
    const page = /^\/(p(\d))?$/.exec(req.url ?? '');
    const n = Number(page?.[2] ?? 0);
    if (!page || gone(n)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<html lang="en"><title>Kilns ${n}</title><h1>Kilns ${n}</h1><p>About kilns.</p><a href="${n === last ? '/' : `/p${n + 1}`}">next kiln</a></html>`);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`, close: () => void site.close() };
}
