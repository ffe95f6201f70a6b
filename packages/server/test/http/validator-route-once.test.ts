// The validator's own route lookup runs once per operation; later requests of the operation get
// what it found, with their own path parameters. What it found for another route than the one this
// server matched is never kept.
import { describe, expect, it } from 'vitest';
import type { Request, RequestHandler, Response } from 'express';
import type { OperationInfo } from '@seo-geo/types';
import { routeOnce } from '../../src/http/validator.js';

const operation = { operationId: 'getProject', path: '/projects/{projectId}', method: 'get' } as OperationInfo;

function request(pathParams: Record<string, string>, op: OperationInfo = operation) {
  const req = Object.create(null) as Request & { openapi?: { openApiRoute: string; pathParams: Record<string, string>; schema?: unknown } };
  const res = { locals: { operation: op, pathParams } } as unknown as Response;
  return { req, res };
}

function lookUpFinding(openApiRoute: string) {
  const calls: string[] = [];
  const lookUp: RequestHandler = (req, _res, next) => {
    calls.push(openApiRoute);
    (req as Request & { openapi?: object }).openapi = { openApiRoute, schema: { operationId: 'getProject' }, pathParams: { projectId: 'from-lookup' } };
    next();
  };
  return { lookUp, calls };
}

async function pass(step: RequestHandler, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve) => void step(req, res, resolve));
}

describe('routeOnce', () => {
  it('looks the route up on the first request only, and gives later ones their own path parameters', async () => {
    const { lookUp, calls } = lookUpFinding('/api/public/v1/projects/{projectId}');
    const step = routeOnce(lookUp);
    const first = request({ projectId: 'a' });
    await pass(step, first.req, first.res);
    const second = request({ projectId: 'b' });
    expect(await pass(step, second.req, second.res)).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(second.req.openapi).toEqual({
      openApiRoute: '/api/public/v1/projects/{projectId}',
      schema: { operationId: 'getProject' },
      pathParams: { projectId: 'b' },
    });
    expect(second.req.params).toEqual({ projectId: 'b' });
  });

  it('keeps nothing when the validator found another route than the operation matched', async () => {
    const { lookUp, calls } = lookUpFinding('/api/public/v1/projects/{projectId}/audits');
    const step = routeOnce(lookUp);
    for (const id of ['a', 'b']) {
      const { req, res } = request({ projectId: id });
      await pass(step, req, res);
    }
    expect(calls).toHaveLength(2);
  });
});
