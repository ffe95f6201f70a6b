// Serves the offline API reference at /docs: the Redoc page with the document inlined, and the
// Redoc bundle from node_modules (made offline: it loads nothing from a CDN).
import express, { type Router } from 'express';
import { readOfflineRedocBundle, renderDocsPage } from '../docs/index.js';

export function createDocsRouter(document: { info: { title: string } }): Router {
  const router = express.Router();
  let page: string | undefined;
  let bundle: string | undefined;
  router.get('/', (_req, res) => {
    page ??= renderDocsPage({ spec: document, script: { src: '/docs/redoc.standalone.js' }, title: document.info.title });
    res.type('html').send(page);
  });
  router.get('/redoc.standalone.js', (_req, res) => {
    bundle ??= readOfflineRedocBundle();
    res.type('application/javascript').setHeader('Cache-Control', 'public, max-age=3600').send(bundle);
  });
  return router;
}
