// The docs page renderer, shared by the static docs build and the server's `/docs` route.

export { DOCS_CSP_DIRECTIVES, renderDocsPage, type DocsPageInput } from './page.js';
export { makeRedocOffline, readOfflineRedocBundle, redocStandalonePath } from './redoc-bundle.js';
export { escapeHtml, javascriptForScript, jsonForScript } from './script-safe.js';
