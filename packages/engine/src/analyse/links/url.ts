// URL handling for links found in a page. The WHATWG URL parser already lower-cases scheme and
// host and drops default ports; on top of that we drop the fragment (it never changes what a
// server returns) and keep only http(s), because nothing else can be crawled or cited.

/** Resolves `href` against `base` and normalises it; null when it is not a usable http(s) URL. */
export function resolveHttpUrl(href: string, base: string | URL): string | null {
  return resolveHttpUrlObject(href, base)?.href ?? null;
}

/** As resolveHttpUrl, returning the parsed URL (saves a second parse when the host is needed). */
export function resolveHttpUrlObject(href: string, base: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Set only when there is one ('#' shows only in a fragment; an empty one too): setting a part
  // serialises the URL again, about a fifth of the parse, and most links have none.
  if (url.href.includes('#')) url.hash = '';
  // A trailing dot names the same host; dropping it keeps one spelling per page.
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  return url;
}

/** Parses an absolute URL; null when it is not one. */
export function parseAbsoluteUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** True when `host` is `siteDomain` or one of its subdomains (both lower-case, no port). */
export function isSameSite(host: string, siteDomain: string): boolean {
  const h = host.endsWith('.') ? host.slice(0, -1) : host;
  const d = siteDomain.toLowerCase();
  return h === d || h.endsWith('.' + d);
}

/** Host of an absolute URL (lower-case, no port), or null. */
export function hostOf(href: string): string | null {
  return parseAbsoluteUrl(href)?.hostname ?? null;
}
