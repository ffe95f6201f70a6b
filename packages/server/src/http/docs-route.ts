// Serves the offline API reference at /docs: the Redoc page with the document inlined, and the
// Redoc bundle from node_modules (made offline: it loads nothing from a CDN). The page is the one
// a reader of this server needs: the document's production address (in `servers` and in every
// code sample) is replaced by the origin the page was requested from, so samples run as copied.
import express, { type Request, type Router } from 'express';
import { readOfflineRedocBundle, renderDocsPage } from '../docs/index.js';
import { API_BASE_PATH } from '../views/resource-path.js';

interface DocsDocument {
  info: { title: string };
  servers?: Array<{ url: string }>;
}

/** Pages kept per origin; a server answers under a handful of names. */
const MAX_ORIGINS = 16;
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `http://127.0.0.1:3000`: the origin the request was made to, or null when its Host is not a plain host[:port]. */
function servingOrigin(req: Request): string | null {
  const host = req.get('host');
  return host && HOST.test(host) ? `${req.protocol}://${host}` : null;
}

/** The document as served from `origin`: its production address swapped for the serving one. */
export function documentServedFrom<T extends DocsDocument>(document: T, origin: string): T {
  const production = document.servers?.[0]?.url;
  if (!production) return document;
  return JSON.parse(JSON.stringify(document).replaceAll(production, `${origin}${API_BASE_PATH}`)) as T;
}

export function createDocsRouter(document: DocsDocument): Router {
  const router = express.Router();
  const pages = new Map<string, string>();
  let bundle: string | undefined;
  router.get('/', (req, res) => {
    const origin = servingOrigin(req);
    let page = pages.get(origin ?? '');
    if (page === undefined) {
      const spec = origin === null ? document : documentServedFrom(document, origin);
      page = renderDocsPage({ spec, script: { src: '/docs/redoc.standalone.js' }, title: document.info.title });
      if (pages.size < MAX_ORIGINS) pages.set(origin ?? '', page);
    }
    // The page depends on the Host it was asked for: a shared cache must keep one per host.
    res.setHeader('Vary', 'Host');
    res.type('html').send(page);
  });
  router.get('/redoc.standalone.js', (_req, res) => {
    bundle ??= readOfflineRedocBundle();
    res.type('application/javascript').setHeader('Cache-Control', 'public, max-age=3600').send(bundle);
  });
  return router;
}
