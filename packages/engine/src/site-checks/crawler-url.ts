// URLs from the analyser (links, canonicals, hreflang) are already absolute and resolved by the
// WHATWG parser; the crawler normalises once more, which only changes URLs with credentials.
// Doing the same here keeps link targets equal to the URLs the crawler recorded, without
// re-parsing the millions of links of a large audit.
import { normaliseUrl } from '../crawl/normalise-url.js';

export function asCrawled(url: string): string | null {
  return url.includes('@') ? normaliseUrl(url) : url;
}
