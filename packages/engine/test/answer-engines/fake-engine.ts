// A fake OpenAI-compatible chat-completions server on 127.0.0.1 (random port), for the adapter
// tests only. Each request is recorded and answered by the test's handler; `hang` never answers,
// so timeouts can be provoked without sleeping, and a caller that gives up on a request it was
// not answered is seen hanging up (which request, and when).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type Reply = { status?: number; headers?: Record<string, string>; json?: unknown; text?: string } | 'hang';

/** A request its caller closed before it was answered. */
export interface HungUp {
  /** Its index in `requests`. */
  index: number;
  /** When the connection closed (Date.now()). */
  at: number;
}

export interface FakeEngine {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests their callers hung up on before they were answered, in the order they did. */
  hungUp: HungUp[];
  /** Resolves when the server has received `count` requests. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

export function completion(content: unknown, finishReason = 'stop'): Reply {
  return {
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    },
  };
}

export function providerError(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, headers, json: { error: { message, type: 'server_error', code: null } } };
}

export async function startFakeEngine(handler: (request: RecordedRequest, index: number) => Reply): Promise<FakeEngine> {
  const requests: RecordedRequest[] = [];
  const hungUp: HungUp[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let closing = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} };
      requests.push(request);
      const index = requests.length - 1;
      res.on('close', () => {
        if (!res.writableEnded && !closing) hungUp.push({ index, at: Date.now() });
      });
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      const reply = handler(request, index);
      if (reply === 'hang') return;
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
      const type = reply.json !== undefined ? 'application/json' : 'text/html';
      res.writeHead(reply.status ?? 200, { 'content-type': type, ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    hungUp,
    received: (count) => (requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: async () => {
      closing = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
