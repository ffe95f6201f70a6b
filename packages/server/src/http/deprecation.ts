// Deprecation headers come from the spec: an operation marked `deprecated: true` answers with
// `Deprecation` (RFC 9745), and with `Sunset` (RFC 8594) and `Link: <…>; rel="deprecation"` when
// the operation gives `x-sunset` and `x-deprecation-link`.
import type { RequestHandler } from 'express';
import type { OperationInfo } from '@seo-geo/types';
import { state } from './locals.js';

export function deprecationHeaders(operation: OperationInfo): Record<string, string> {
  if (!operation.deprecated) return {};
  const headers: Record<string, string> = { Deprecation: 'true' };
  if (operation.sunset) {
    const sunset = new Date(operation.sunset);
    if (!Number.isNaN(sunset.getTime())) headers.Sunset = sunset.toUTCString();
  }
  if (operation.deprecationLink) headers.Link = `<${operation.deprecationLink}>; rel="deprecation"`;
  return headers;
}

export const announceDeprecation: RequestHandler = (_req, res, next) => {
  for (const [name, value] of Object.entries(deprecationHeaders(state(res).operation!))) res.setHeader(name, value);
  next();
};
