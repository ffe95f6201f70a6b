// A small scripted HTTP server on 127.0.0.1 for fault injection: each request takes the next
// reply from the script (429s with or without hints, skewed clocks, 503s, dropped connections,
// slow answers); when the script runs out it answers 200 with a /me envelope. Every request is
// recorded with its arrival time, so tests measure waits instead of hoping.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Drop the connection without answering. */
  destroy?: boolean;
  /** Wait this long before answering (the response is abandoned if the client goes away). */
  delayMs?: number;
  /** A body sent as is (not JSON), e.g. a proxy's HTML error page. */
  raw?: string;
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  atMs: number;
}

export interface FaultServer {
  baseUrl: string;
  requests: Recorded[];
  /** Replies for the next requests, in order. */
  script(...replies: Array<Reply | ((request: Recorded) => Reply)>): void;
  /** Forgets the script and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export const userBody = (requestId = '0192f8f0-82c4-739a-a0b7-e25d6e7f8091') => ({
  data: { userId: '0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e', email: 'a@example.com', plan: 'pro', apiKeyPrefix: 'sk_live_abcd' },
  meta: { requestId },
});

export const errorBody = (code: string, message = code, requestId = '0192f8f0-82c4-739a-a0b7-e25d6e7f8092') => ({
  error: { code, message, requestId },
});

export async function startFaultServer(): Promise<FaultServer> {
  const queue: Array<Reply | ((request: Recorded) => Reply)> = [];
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        atMs: Date.now(),
      };
      requests.push(recorded);
      const next = queue.shift() ?? { status: 200, body: userBody() };
      const reply = typeof next === 'function' ? next(recorded) : next;
      const answer = () => {
        if (reply.destroy) {
          req.socket.destroy();
          return;
        }
        if (res.destroyed) return;
        const body = reply.raw ?? JSON.stringify(reply.body ?? (reply.status && reply.status >= 400 ? errorBody('INTERNAL_ERROR') : userBody()));
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...reply.headers });
        res.end(body);
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/public/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
