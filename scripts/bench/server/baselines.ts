// The two floors the reference server is compared with: the same JSON from bare node:http, and from
// a plain Express 5 route. Both answer every request with the body captured once from the
// reference server, so the difference in throughput is what the reference does per request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import document from '@seo-geo/types/openapi.json' with { type: 'json' };
import { LOOPBACK } from '../lib/net.js';

export interface BaselineServer {
  url: string;
  close(): Promise<void>;
}

/** Bytes as they are: no parsing, no routing, just the status line, headers and body. */
export function startNodeHttp(body: string): Promise<BaselineServer> {
  const bytes = Buffer.from(body, 'utf8');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
    res.end(bytes);
  });
  return listen(server);
}

/**
 * One Express route that serialises the object with res.json(), as a hand-written Express API
 * would. ETag and X-Powered-By are switched off as the reference app does, so the comparison is
 * not skewed by work the reference never does (hashing every body for an ETag).
 */
export function startExpress(body: string): Promise<BaselineServer> {
  const payload: unknown = JSON.parse(body);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/api/public/v1/projects', (_req, res) => {
    res.json(payload);
  });
  return listen(createServer(app));
}

/**
 * The same route behind express-openapi-validator, configured as the reference server configures
 * it (requests validated, security left to the server, responses not validated): what validating
 * a request against the spec costs by itself, before authentication, rate limiting and a database.
 */
export function startExpressValidated(body: string): Promise<BaselineServer> {
  const payload: unknown = JSON.parse(body);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(
    OpenApiValidator.middleware({
      apiSpec: structuredClone(document) as never,
      validateRequests: { allowUnknownQueryParameters: false, allErrors: true, coerceTypes: false },
      validateResponses: false,
      validateSecurity: false,
      validateFormats: true,
    }),
  );
  app.get('/api/public/v1/projects', (_req, res) => {
    res.json(payload);
  });
  const refuse: ErrorRequestHandler = (error: { status?: number; message?: string }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ error: { message: error.message ?? 'failed' } });
  };
  app.use(refuse);
  return listen(createServer(app));
}

async function listen(server: Server): Promise<BaselineServer> {
  // Same keep-alive window as the reference server.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
