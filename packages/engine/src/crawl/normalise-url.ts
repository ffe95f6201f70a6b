// One spelling per URL, so that de-duplication works: WHATWG URL parsing already lower-cases the
// scheme and host, drops the default port, turns an empty path into `/` and canonicalises IP
// literals; on top of that the fragment goes (same document) and credentials go (never sent).
// The query stays exactly as written: reordering or dropping parameters can change the page.

/** Absolute, normalised http(s) URL, or null for other schemes and unparseable input. */
export function normaliseUrl(raw: string, base?: string | URL): string | null {
  return normalisedUrl(raw, base)?.href ?? null;
}

/** normaliseUrl's URL, parsed, for a caller that reads its parts too (one parse, not two). */
export function normalisedUrl(raw: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw.trim()) : new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Each setter serialises the URL again: only what is there is cleared (most links have none).
  if (url.hash !== '') url.hash = '';
  if (url.username !== '') url.username = '';
  if (url.password !== '') url.password = '';
  return url;
}

/** `scheme://host[:port]` of a normalised URL: the unit of robots.txt and of per-host concurrency. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
