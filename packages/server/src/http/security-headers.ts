// Security headers (helmet). Every response: `X-Content-Type-Options: nosniff`, a
// Content-Security-Policy that lets a JSON response load and frame nothing, `X-Frame-Options`,
// and helmet's other defaults. The API's responses carry account data, and creating a webhook
// endpoint returns its signing secret, so none of them may be stored by a cache. The docs page
// sends its own policy (the page's, plus frame-ancestors, which a <meta> tag cannot carry).
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { DOCS_CSP_DIRECTIVES } from '../docs/index.js';

const NOTHING = ["'none'"];

export const securityHeaders: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': NOTHING, 'frame-ancestors': NOTHING, 'base-uri': NOTHING, 'form-action': NOTHING },
  },
  frameguard: { action: 'deny' },
});

export const docsSecurityHeaders: RequestHandler = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: { ...DOCS_CSP_DIRECTIVES, 'frame-ancestors': NOTHING },
});

export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
