// The API reference page: Redoc rendering the bundled OpenAPI document, loading
// nothing from outside the page's own origin. Used by the static docs build
// (script inlined) and by the server at `/docs` (script served next to it).

import { redocOptions } from './redoc-options.js';
import { escapeHtml, javascriptForScript, jsonForScript } from './script-safe.js';

export interface DocsPageInput {
  /** The bundled OpenAPI document. */
  spec: object;
  /** Redoc's standalone bundle: its source to inline, or a same-origin URL to load it from. */
  script: { inline: string } | { src: string };
  title: string;
}

/**
 * A Content-Security-Policy that lets the page reach nothing but itself: even a
 * remote image in a Markdown description or an `x-logo` URL cannot be fetched.
 * Redoc needs inline styles (styled-components), a blob: worker (search) and
 * eval (its bundled JSON-schema tooling compiles functions).
 */
export const DOCS_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'blob:', 'data:'],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** The page's own copy (a `<meta>` tag, for the static build); the server also sends it as a header. */
const CSP = Object.entries(DOCS_CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join('; ');

export function renderDocsPage({ spec, script, title }: DocsPageInput): string {
  const redocScript = 'inline' in script ? `<script>${javascriptForScript(script.inline)}</script>` : `<script src="${escapeHtml(script.src)}"></script>`;
  // `data-redoc` tells tests and monitors when rendering finished ("ready") or failed ("error").
  const boot = `
(function () {
  var container = document.getElementById('redoc-container');
  var spec = JSON.parse(document.getElementById('openapi-document').textContent);
  Redoc.init(spec, ${jsonForScript(redocOptions)}, container, function (error) {
    document.body.setAttribute('data-redoc', error ? 'error' : 'ready');
    if (error) console.error('Redoc failed to render the document', error);
  });
})();`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<div id="redoc-container"></div>
<script id="openapi-document" type="application/json">${jsonForScript(spec)}</script>
${redocScript}
<script>${boot}
</script>
</body>
</html>
`;
}
