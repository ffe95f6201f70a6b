// Mixed content: an https page that loads subresources (images, scripts, stylesheets, frames,
// media...) over plain http. Browsers block or warn about these, and the page shows as not
// secure. Links to http pages are not mixed content: following one is a new navigation.

import { srcsetUrls } from './srcset.js';

/** A subresource reference as written: a URL, or a whole `srcset` value. */
export interface RawSubresource {
  ref: string;
  srcset: boolean;
}

/** The attributes through which each element loads something as the page renders. */
const LOADING_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  frame: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
};

/** `<link>` types the browser fetches (alternates, canonicals, prefetch hints and the like are not loads of this page). */
const LOADING_RELS = new Set(['stylesheet', 'icon', 'preload', 'modulepreload', 'manifest']);

/** Adds to `out` what element `name` loads; `rel` is a `<link>`'s tokens, lower-cased. */
export function noteSubresources(name: string, attribs: Record<string, string>, rel: readonly string[], out: RawSubresource[]): void {
  if (name === 'link') {
    if (attribs.href !== undefined && rel.some((r) => LOADING_RELS.has(r))) out.push({ ref: attribs.href, srcset: false });
    return;
  }
  const names = LOADING_ATTRIBUTES[name];
  if (names === undefined) return;
  for (const attribute of names) {
    const value = attribs[attribute];
    if (value !== undefined && value.trim() !== '') out.push({ ref: value, srcset: attribute === 'srcset' });
  }
}

/**
 * A reference whose scheme is http, as the URL parser reads it (leading controls and spaces
 * dropped, tabs and newlines ignored). Any other reference loads over https on an https base:
 * relative ones take the base's scheme, and other schemes are not http.
 */
// eslint-disable-next-line no-control-regex -- the URL parser drops leading C0 controls, so the pattern must match them
const HTTP_SCHEME = /^[\u0000-\u0020]*h[\t\n\r]*t[\t\n\r]*t[\t\n\r]*p[\t\n\r]*:/i;

/** The distinct http URLs loaded by `refs`, resolved against `documentBase`, in document order. */
export function insecureSubresources(refs: readonly RawSubresource[], documentBase: string): string[] {
  const base = new URL(documentBase);
  // A <base href="http://…"> makes every relative reference http too.
  const httpsBase = base.protocol === 'https:';
  const out = new Set<string>();
  for (const { ref, srcset } of refs) {
    for (const url of srcset ? srcsetUrls(ref) : [ref]) {
      if (httpsBase && !HTTP_SCHEME.test(url)) continue;
      const resolved = parse(url, base);
      if (resolved?.protocol === 'http:') out.add(resolved.href);
    }
  }
  return [...out];
}

function parse(url: string, base: URL): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
