// A small site on 127.0.0.1 for the renderer tests: plain handlers per path, a log of every
// request (so a test can prove the browser never reached it), WebSocket upgrade attempts, and the
// number of requests in flight per path (to check the pool's bound from the server's side).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LocalSite {
  port: number;
  /** `http://host:port` + path; the host must resolve to 127.0.0.1 in the test's resolver. */
  url(path: string, host?: string): string;
  requests: Array<{ host: string; path: string }>;
  upgrades: string[];
  /** Highest number of requests to a path that were in flight at the same time. */
  peakInFlight: Map<string, number>;
  close(): Promise<void>;
}

export const SITE_HOST = 'site.render.test';

export const html = (body: string, head = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Render fixture</title>${head}</head><body>${body}</body></html>`;

export function sendHtml(status: number, body: string): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
}

export async function startLocalSite(routes: Record<string, Handler>): Promise<LocalSite> {
  const requests: LocalSite['requests'] = [];
  const upgrades: string[] = [];
  const inFlight = new Map<string, number>();
  const peakInFlight = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    requests.push({ host: (req.headers.host ?? '').replace(/:\d+$/, ''), path });
    const now = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, now);
    peakInFlight.set(path, Math.max(now, peakInFlight.get(path) ?? 0));
    res.on('close', () => inFlight.set(path, (inFlight.get(path) ?? 1) - 1));
    const handler = routes[path];
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  server.on('upgrade', (req, socket) => {
    upgrades.push(req.url ?? '');
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path, host = SITE_HOST) => `http://${host}:${port}${path}`,
    requests,
    upgrades,
    peakInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
