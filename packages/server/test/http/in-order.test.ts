// The API's middleware run in order without a router: each step once, in order; an error, thrown,
// rejected or passed to next, ends the list and reaches the caller as Express would pass it on.
import { describe, expect, it } from 'vitest';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inOrder } from '../../src/http/in-order.js';

function run(steps: RequestHandler[]): Promise<{ error: unknown; ran: string[] }> {
  const ran: string[] = [];
  const req = { ran } as unknown as Request;
  return new Promise((resolve) => {
    const done: NextFunction = (error?: unknown) => resolve({ error, ran });
    void inOrder(steps)(req, Object.create(null) as Response, done);
  });
}

const step =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    (req as unknown as { ran: string[] }).ran.push(name);
    next();
  };

describe('inOrder', () => {
  it('runs every step once, in order, then hands on', async () => {
    const asyncStep: RequestHandler = async (req, _res, next) => {
      await Promise.resolve();
      (req as unknown as { ran: string[] }).ran.push('async');
      next();
    };
    expect(await run([step('a'), asyncStep, step('b')])).toEqual({ error: undefined, ran: ['a', 'async', 'b'] });
  });

  it('stops at a step that passes an error to next, throws, or rejects', async () => {
    const failure = new Error('refused');
    const passes: RequestHandler = (_req, _res, next) => next(failure);
    const throws: RequestHandler = () => {
      throw failure;
    };
    const rejects: RequestHandler = async () => {
      await Promise.resolve();
      throw failure;
    };
    for (const failing of [passes, throws, rejects]) {
      expect(await run([step('a'), failing, step('never')])).toEqual({ error: failure, ran: ['a'] });
    }
  });

  it('stops at a step that answers without calling next', async () => {
    const answers: RequestHandler = (req) => void (req as unknown as { ran: string[] }).ran.push('answered');
    const outcome = await Promise.race([run([answers, step('never')]), new Promise((resolve) => setImmediate(() => resolve('not handed on')))]);
    expect(outcome).toBe('not handed on');
  });
});
