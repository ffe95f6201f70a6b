// Reads JSON bodies up to 64 KiB. A body in another media type is refused with 415 before it is
// read; parse failures and oversize bodies become MALFORMED_JSON and PAYLOAD_TOO_LARGE in the
// error handler.
import express, { type RequestHandler } from 'express';
import { validationError } from '../domain/errors.js';
import { ApiError } from './api-error.js';

export const MAX_BODY_BYTES = 64 * 1024;

export const payloadTooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${MAX_BODY_BYTES} bytes.`);

// Typed as the Express middleware it is used as (body-parser's own type names connect's request class).
const parseJson: RequestHandler = express.json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });

function hasBody(headers: Record<string, unknown>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export const readJsonBody: RequestHandler = (req, res, next) => {
  if (!hasBody(req.headers)) {
    // A POST without a body sends no fields: read as `{}` (JSON, whatever the headers say), so an
    // optional body is simply absent and a required one gets a 400 naming what is missing.
    if (req.method === 'POST') {
      req.body = {};
      req.headers['content-type'] = 'application/json';
    }
    next();
    return;
  }
  const type = req.headers['content-type'];
  if (!type || !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type ?? '(none)'} is not supported; send application/json.`);
  }
  // Refused by its declared length, unread: the body parser would read it all before answering.
  // (A chunked body has no declared length: the parser stops keeping it at the limit, and the
  // server's request time limit bounds how long the rest may take.)
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
    throw payloadTooLarge();
  }
  parseJson(req, res, (err?: unknown) => {
    // This runs inside body-parser's stream callback: a throw here would escape every handler
    // and end the process, so nothing in it may throw.
    if (err) return next(err);
    const problem = bodyProblem(req.body);
    next(problem === null ? undefined : validationError([{ in: 'body', ...problem }]));
  });
};

/**
 * Deeper than any body of this API needs (its deepest schema nests a few levels); a parsed body
 * is at most 64 KiB, so a walk bounded in depth is bounded in work too.
 */
export const MAX_BODY_NESTING = 32;

/**
 * The first thing in a parsed body that no field of this API accepts: nesting deeper than
 * MAX_BODY_NESTING (arrays and objects inside each other), or U+0000, which PostgreSQL cannot
 * store in text, in a string or a key. Walked with an explicit stack: 64 KiB of `[` is 65,536
 * levels, far past the call stack.
 */
function bodyProblem(body: unknown): { field: string; message: string } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: path, message: NUL_MESSAGE };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_NESTING) return { field: path, message: `nests arrays and objects more than ${MAX_BODY_NESTING} levels deep` };
    const entries: ReadonlyArray<readonly [string, unknown]> = Array.isArray(value)
      ? value.map((child: unknown, i) => [String(i), child] as const)
      : Object.entries(value);
    // Pushed last to first, so the walk meets fields in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const at = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return { field: at, message: NUL_MESSAGE };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return null;
}

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
