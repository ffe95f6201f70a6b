// Pages built to make an analyser's cost grow faster than its input: deep nesting (closed and
// unclosed, block and inline, tables and lists), a million attributes, megabytes of text in one
// element, words with no spaces, huge and deeply nested JSON-LD, links inside SVG. Each is made at
// about the size asked, so its time per KB can be compared across sizes.
import type { FetchedPage } from '../src/types.js';

export type PathologicalKind =
  | 'nested-divs'
  | 'bare-divs'
  | 'unclosed-divs'
  | 'nested-inline'
  | 'nested-tables'
  | 'nested-lists'
  | 'attributes-one-element'
  | 'attributes-many-elements'
  | 'one-text-node'
  | 'no-spaces'
  | 'json-ld-huge'
  | 'json-ld-nested'
  | 'svg-anchors'
  | 'tiny-elements'
  | 'long-attribute';

export const PATHOLOGICAL_KINDS: readonly PathologicalKind[] = [
  'nested-divs',
  'bare-divs',
  'unclosed-divs',
  'nested-inline',
  'nested-tables',
  'nested-lists',
  'attributes-one-element',
  'attributes-many-elements',
  'one-text-node',
  'no-spaces',
  'json-ld-huge',
  'json-ld-nested',
  'svg-anchors',
  'tiny-elements',
  'long-attribute',
];

const HEAD = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pathological page</title></head><body>';
const TAIL = '</body></html>';

/** Repeats `unit` until the page is about `bytes` long, wrapped as `open` + … + `close`. */
function fill(bytes: number, unitBytes: number, build: (count: number) => string): string {
  const count = Math.max(1, Math.floor((bytes - HEAD.length - TAIL.length) / unitBytes));
  return HEAD + build(count) + TAIL;
}

export function pathologicalPage(kind: PathologicalKind, bytes: number): string {
  switch (kind) {
    case 'nested-divs':
      return fill(bytes, 16, (n) => '<div>x '.repeat(n) + '</div>'.repeat(n));
    case 'bare-divs':
      return fill(bytes, 5, (n) => '<div>'.repeat(n));
    case 'unclosed-divs':
      return fill(bytes, 10, (n) => '<div>word '.repeat(n));
    case 'nested-inline':
      return fill(bytes, 18, (n) => '<b><i>a '.repeat(n) + '</i></b>'.repeat(n));
    case 'nested-tables':
      return fill(bytes, 40, (n) => '<table><tr><td>cell '.repeat(n) + '</td></tr></table>'.repeat(n));
    case 'nested-lists':
      return fill(bytes, 20, (n) => '<ul><li>item '.repeat(n) + '</li></ul>'.repeat(n));
    case 'attributes-one-element':
      return fill(bytes, 9, (n) => `<div ${Array.from({ length: n }, (_, i) => `a${i.toString(36)}=1`).join(' ')}>text</div>`);
    case 'attributes-many-elements':
      return fill(bytes, 60, (n) => '<p class="a b c" id="x" data-a="1" data-b="2" title="t">w</p>'.repeat(n));
    case 'one-text-node':
      return fill(bytes, 6, (n) => `<p>${'words '.repeat(n)}</p>`);
    case 'no-spaces':
      return fill(bytes, 1, (n) => `<p>${'a'.repeat(n)}</p>`);
    case 'json-ld-huge':
      return fill(
        bytes,
        40,
        (n) =>
          `<script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","itemListElement":[${Array.from({ length: n }, (_, i) => `{"@type":"ListItem","position":${i}}`).join(',')}]}</script><p>text</p>`,
      );
    case 'json-ld-nested':
      return fill(bytes, 20, (n) => `<script type="application/ld+json">${'{"@type":"Thing","a":'.repeat(n)}1${'}'.repeat(n)}</script><p>text</p>`);
    case 'svg-anchors':
      return fill(bytes, 40, (n) => `<svg>${'<g><a href="/p">x</a>'.repeat(n)}${'</g>'.repeat(n)}</svg>`);
    case 'tiny-elements':
      return fill(bytes, 7, (n) => '<i>a</i>'.repeat(n));
    case 'long-attribute':
      return fill(bytes, 1, (n) => `<a href="/x" title="${'t'.repeat(n)}">link</a>`);
  }
}

/** `body` as the crawler hands a fetched 200 HTML page to the analyser, at `path` on www.example.com. */
export function fetchedPage(body: string, path = '/page'): FetchedPage {
  const url = `https://www.example.com${path}`;
  return {
    url,
    finalUrl: url,
    status: 200,
    contentType: 'text/html',
    headers: { 'content-type': 'text/html' },
    body,
    redirectChain: [],
    fetchedAt: new Date(0).toISOString(),
    durationMs: 3,
    ttfbMs: 1,
    bodyBytes: body.length,
  };
}
