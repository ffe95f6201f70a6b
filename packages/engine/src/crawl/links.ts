// The crawler's own link extractor: <a href> and <area href>, resolved against the document's base
// URL. It is the fallback when no analyser supplies links, and what the crawl tests use.
import { BoundedParser } from '../markup/bounded-parser.js';
import { normaliseUrl } from './normalise-url.js';

/** Absolute, normalised, de-duplicated link targets in document order. */
export function extractLinks(html: string, pageUrl: string): string[] {
  const raw: string[] = [];
  let baseHref: string | null = null;
  const parser = new BoundedParser(
    {
      onopentag(name, attrs) {
        // The first <base href> sets the base for the whole document, links before it included,
        // so targets are collected raw and resolved at the end.
        if (name === 'base' && baseHref === null && attrs.href !== undefined) baseHref = attrs.href;
        else if ((name === 'a' || name === 'area') && attrs.href !== undefined) raw.push(attrs.href);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- onopentag above assigns baseHref during parser.end()
  const base = (baseHref !== null && normaliseUrl(baseHref, pageUrl)) || pageUrl;
  const seen = new Set<string>();
  const links: string[] = [];
  for (const href of raw) {
    const url = normaliseUrl(href, base);
    if (url !== null && !seen.has(url)) {
      seen.add(url);
      links.push(url);
    }
  }
  return links;
}
