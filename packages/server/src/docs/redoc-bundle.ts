// Where the Redoc standalone bundle lives, and the one change it needs to run offline.
// The page either inlines it (static build) or the server serves it at
// `/docs/redoc.standalone.js`; both must use `readOfflineRedocBundle()`.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Absolute path of `redoc.standalone.js` as installed in node_modules: `redoc` is a dependency of
 * this package (the literal specifier lets test/packaging/manifests.test.ts see it is used).
 */
export function redocStandalonePath(): string {
  return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
}

/**
 * Redoc 2.5 hard-codes its sidebar footer logo as `https://cdn.redoc.ly/redoc/logo-mini.svg`
 * (no option turns it off). The URL is swapped for a transparent 1×1 GIF so the page never
 * reaches for the CDN; the "API docs by Redocly" credit text stays.
 */
const CDN_ASSET = /https:\/\/cdn\.redoc\.ly\/[^"'`\s)]+/g;
const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export function makeRedocOffline(source: string): string {
  return source.replace(CDN_ASSET, BLANK_IMAGE);
}

/** The Redoc standalone bundle with its CDN references removed. */
export function readOfflineRedocBundle(): string {
  return makeRedocOffline(readFileSync(redocStandalonePath(), 'utf8'));
}
