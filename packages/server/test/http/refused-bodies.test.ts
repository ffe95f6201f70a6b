// A request the server refuses is not read to its end: the answer says `Connection: close` and the
// socket is closed, so a client cannot make the server swallow a gigabyte, or hold a connection
// open by trickling a body a byte at a time (headers and whole requests have time limits). The
// close lingers (bounded in time and bytes), so a client still sending can read the answer.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

interface RawExchange {
  response: string;
  closed: Promise<void>;
  bytesWritten: () => number;
  socket: Socket;
}

/** Sends `head` and then `body` chunks as long as the server reads them; resolves on the response. */
function send(port: number, head: string, chunk: Buffer, chunks: number): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let written = 0;
    let closed!: () => void;
    const closedPromise = new Promise<void>((done) => (closed = done));
    socket.on('close', () => closed());
    socket.on('error', () => closed());
    socket.on('data', (data) => {
      response += String(data);
      if (response.includes('\r\n\r\n')) resolve({ response, closed: closedPromise, bytesWritten: () => written, socket });
    });
    socket.on('connect', () => {
      socket.write(head);
      let sent = 0;
      const pump = (): void => {
        while (sent < chunks && !socket.destroyed) {
          sent++;
          written += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    setTimeout(() => reject(new Error('no response within 10 s')), 10_000).unref();
  });
}

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer!: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A client that sends its whole body before it reads anything, as a simple client does. Resolves
 * with what it could read once done sending, and the socket error it met, if any.
 */
function sendAllThenRead(port: number, head: string, bodyBytes: number): Promise<{ response: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    let response = '';
    let error: string | null = null;
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('data', (data) => (response += String(data)));
    socket.on('close', () => resolve({ response, error }));
    socket.on('connect', () => {
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < bodyBytes && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        socket.resume();
        socket.end();
      };
      pump();
    });
  });
}

describe('refused requests', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' } });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => server?.close());

  it('answers 401 to a 1 GB body without a key, closes, and reads almost none of it', async () => {
    const declared = 1024 * 1024 * 1024;
    const head = `POST /api/public/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`;
    const exchange = await send(port, head, Buffer.alloc(64 * 1024, 0x20), 16 * 1024);
    expect(exchange.response).toMatch(/^HTTP\/1\.1 401/);
    expect(exchange.response.toLowerCase()).toContain('connection: close');
    await within(5000, 'the server closing the connection', exchange.closed);
    expect(exchange.bytesWritten()).toBeLessThan(declared / 4);
  });

  it('answers 413 to an oversize body with a key, and closes', async () => {
    const key = await server.createKey();
    const head = `POST /api/public/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`;
    const exchange = await send(port, head, Buffer.alloc(64 * 1024, 0x20), 160);
    expect(exchange.response).toMatch(/^HTTP\/1\.1 413/);
    expect(exchange.response.toLowerCase()).toContain('connection: close');
    await within(5000, 'the server closing the connection', exchange.closed);
  });

  it.each([
    ['401 without a key', ''],
    ['413 to an oversize body', 'key'],
  ])('lets a client that sends its whole body before reading still read the %s', async (_name, withKey) => {
    const bodyBytes = 32 * 1024 * 1024;
    const authorization = withKey ? `Authorization: Bearer ${await server.createKey()}\r\n` : '';
    const head = `POST /api/public/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}Content-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`;
    const exchange = await within(10_000, 'the exchange', sendAllThenRead(port, head, bodyBytes));
    // Closed at once, the server's socket would have reset the connection under the unread body:
    // the client's writes fail with EPIPE and the answer already sent is lost.
    expect(exchange.error).toBeNull();
    expect(exchange.response).toMatch(withKey ? /^HTTP\/1\.1 413/ : /^HTTP\/1\.1 401/);
    expect(exchange.response.toLowerCase()).toContain('connection: close');
  });

  it('ends a request whose body trickles in after the request time limit', async () => {
    const key = await server.createKey();
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (d) => (response += String(d)));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.write(
      `POST /api/public/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    const started = Date.now();
    await within(6000, 'the server ending the trickled request', closed);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(response === '' || /^HTTP\/1\.1 408/.test(response)).toBe(true);
  });
});
