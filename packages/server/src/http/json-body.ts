// Reads JSON bodies up to 64 KiB. A body in another media type is refused with 415 before it is
// read; parse failures and oversize bodies become MALFORMED_JSON and PAYLOAD_TOO_LARGE in the
// error handler.
import express, { type RequestHandler } from 'express';
import { ApiError } from './api-error.js';

export const MAX_BODY_BYTES = 64 * 1024;

const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });

function hasBody(headers: Record<string, unknown>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export const readJsonBody: RequestHandler = (req, res, next) => {
  if (!hasBody(req.headers)) return next();
  const type = req.headers['content-type'];
  if (!type || !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type ?? '(none)'} is not supported; send application/json.`);
  }
  parseJson(req, res, next);
};
