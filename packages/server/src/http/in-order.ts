// Runs a fixed list of middleware one after the other, as an Express router would, without the
// router's per-step work (path matching, parameter processing, prefix trimming on every `next`):
// the API's steps apply to every request under its base path, so there is nothing to match. A
// step that throws, rejects or calls `next(error)` ends the list with that error, as in Express 5.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function inOrder(steps: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        done(error);
        return;
      }
      const step = steps[index++];
      if (step === undefined) {
        done();
        return;
      }
      try {
        const result: unknown = step(req, res, next);
        if (result instanceof Promise)
          result.then(undefined, (reason: unknown) => done(reason ?? new Error('A middleware promise was rejected without a reason')));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
