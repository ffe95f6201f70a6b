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
    if (err) return next(err);
    // PostgreSQL cannot store U+0000 in text; no field of this API has a use for it either.
    const at = nulPath(req.body, '');
    if (at !== null) return next(validationError([{ in: 'body', field: at, message: 'must not contain the NUL character (U+0000)' }]));
    next();
  });
};

/** The dotted path of the first string (or key) holding U+0000, or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path === '' ? String(i) : `${path}.${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return at;
      const found = nulPath(child, at);
      if (found !== null) return found;
    }
  }
  return null;
}
