// A webhook receiver for the tests: node:http on 127.0.0.1 that verifies every delivery's Standard
// Webhooks signature with the endpoint's secret (as a real receiver must) and records it. What it
// answers is up to the test, per delivery.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  path: string;
  webhookId: string;
  webhookTimestamp: string;
  webhookSignature: string;
  body: string;
  /** The verified, parsed body; undefined when verification failed. */
  payload: unknown;
  verified: boolean;
  verifyError?: string;
  /** The status the receiver answered. */
  answered: number;
}

/** Decides the status for a delivery; `previous` are the earlier deliveries of the same webhook-id to the same path. */
export type Responder = (delivery: Omit<ReceivedDelivery, 'answered'>, previous: ReceivedDelivery[]) => number | Promise<number>;

export interface Receiver {
  origin: string;
  port: number;
  /** Deliveries in arrival order. */
  deliveries: ReceivedDelivery[];
  /** TCP connections accepted so far. */
  connections: number;
  /** The secret to verify deliveries to `path` with (known once the endpoint is created). */
  expect(path: string, secret: string): void;
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const deliveries: ReceivedDelivery[] = [];
  let responder: Responder = () => 204;
  let connections = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    const header = (name: string) => String(req.headers[name] ?? '');
    const received: Omit<ReceivedDelivery, 'answered'> = {
      path,
      webhookId: header('webhook-id'),
      webhookTimestamp: header('webhook-timestamp'),
      webhookSignature: header('webhook-signature'),
      body,
      payload: undefined,
      verified: false,
    };
    const secret = secrets.get(path);
    try {
      if (!secret) throw new Error(`no secret for ${path}`);
      received.payload = new Webhook(secret).verify(body, {
        'webhook-id': received.webhookId,
        'webhook-timestamp': received.webhookTimestamp,
        'webhook-signature': received.webhookSignature,
      });
      received.verified = true;
    } catch (error) {
      received.verifyError = error instanceof Error ? error.message : String(error);
    }
    const previous = deliveries.filter((d) => d.webhookId === received.webhookId && d.path === path);
    const answered = received.verified ? await responder(received, previous) : 400;
    deliveries.push({ ...received, answered });
    res.writeHead(answered, { 'content-type': 'text/plain' });
    res.end(answered < 300 ? 'ok' : 'not now');
  };
  // Node does not wait for a request listener: the handler runs on its own, as it did when it was the listener.
  const server: Server = createServer((req, res) => void handle(req, res));
  server.on('connection', () => connections++);
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    origin,
    port,
    deliveries,
    get connections() {
      return connections;
    },
    expect(path, secret) {
      secrets.set(path, secret);
    },
    respond(next) {
      responder = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
