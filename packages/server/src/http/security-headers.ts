// Security headers (helmet). Every response: `X-Content-Type-Options: nosniff`, a
// Content-Security-Policy that lets a JSON response load and frame nothing, `X-Frame-Options`,
// and helmet's other defaults. The API's responses carry account data, and creating a webhook
// endpoint returns its signing secret, so none of them may be stored by a cache. The docs page
// sends its own policy (the page's, plus frame-ancestors, which a <meta> tag cannot carry).
//
// Helmet decides the headers; they do not depend on the request, so they are read from it once
// and set in one pass per response, not by a dozen chained middleware on every request.
import helmet from 'helmet';
import type { Request, RequestHandler, Response } from 'express';
import { DOCS_CSP_DIRECTIVES } from '../docs/index.js';

const NOTHING = ["'none'"];

export type HeaderList = readonly (readonly [name: string, value: string])[];

/** The headers a request-independent middleware sets, in the order it sets them. */
export function headersOf(middleware: RequestHandler): HeaderList {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  const finished = { called: false };
  void middleware(Object.create(null) as Request, recorder as unknown as Response, () => (finished.called = true));
  if (!finished.called) throw new Error('The security-header middleware did not finish synchronously');
  return headers;
}

export const SECURITY_HEADERS: HeaderList = headersOf(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': NOTHING, 'frame-ancestors': NOTHING, 'base-uri': NOTHING, 'form-action': NOTHING },
    },
    frameguard: { action: 'deny' },
  }),
);

export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

export const docsSecurityHeaders: RequestHandler = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: { ...DOCS_CSP_DIRECTIVES, 'frame-ancestors': NOTHING },
});
