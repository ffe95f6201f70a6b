// Calls the operation's typed handler with its validated request and writes what it returns.
import type { RequestHandler } from 'express';
import type { HandlerMap, OperationId, OperationInfo } from '@seo-geo/types';
import type { Clock } from '../support/clock.js';
import { createRequestContext, type RequestContext } from '../handlers/context.js';
import type { Services } from '../services/index.js';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import { state } from './locals.js';
import { respond } from './respond.js';

type AnyHandler = (request: unknown, context: RequestContext) => Promise<{ status: number; body: unknown; headers?: Record<string, string> }>;

export function dispatch(deps: { handlers: HandlerMap<RequestContext>; services: Services; clock: Clock; idempotency: IdempotentRequests }): RequestHandler {
  return async (req, res) => {
    const { principal, requestId } = state(res);
    const operation = state(res).operation as OperationInfo;
    const handler = deps.handlers[operation.operationId as OperationId] as unknown as AnyHandler;
    const headers: Record<string, string> = {};
    for (const name of operation.headerParameters) {
      const value = req.get(name);
      if (value !== undefined) headers[name] = value;
    }
    const context = createRequestContext({ requestId, clock: deps.clock, services: deps.services, principal: principal ?? null });
    // matchOperation matched the path and decoded its parameters, and the validator checked them in
    // place on `req.openapi` (Express's own `req.params` are per route, and this app has none).
    const path = (req as { openapi?: { pathParams?: Record<string, string> } }).openapi?.pathParams ?? {};
    const result = await handler({ path, query: req.query, headers, body: req.body as unknown }, context);
    await respond(res, deps.idempotency, result.status, result.body, result.headers ?? {});
  };
}
