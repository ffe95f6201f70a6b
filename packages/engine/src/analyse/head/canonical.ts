// Canonical and hreflang declarations from the head's `<link>` elements and the HTTP `Link`
// header, resolved the way a search engine resolves them. The A4 check, the canonical and
// hreflang issues and the SEO audit verdicts judge these.

import { resolveHttpUrl } from '../links/url.js';

export interface CanonicalDeclaration {
  /** As written. */
  href: string;
  /** Absolute, normalised; null when it is not a usable http(s) URL. */
  resolved: string | null;
  /** Written as an absolute URL (search engines accept relative ones; Lighthouse flags them). */
  absolute: boolean;
  source: 'html' | 'header';
}

export interface HreflangDeclaration {
  /** The `hreflang` value as written. */
  hreflang: string;
  /** The href as written ('' when absent). */
  href: string;
  /** Absolute, normalised; null when it is not a usable http(s) URL. */
  resolved: string | null;
  source: 'html' | 'header';
}

interface LinkHeaderEntry {
  uri: string;
  /** Parameter names lower-cased; `rel` lower-cased too. */
  params: Record<string, string>;
}

/** `<https://example.com/a>; rel="canonical", <...>; rel=alternate; hreflang=de` → entries. */
export function parseLinkHeader(value: string | undefined): LinkHeaderEntry[] {
  if (value === undefined) return [];
  const out: LinkHeaderEntry[] = [];
  const entry = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
  const param = /;\s*([^=;,\s]+)\s*(?:=\s*(?:"([^"]*)"|([^;,\s]*)))?/g;
  let m: RegExpExecArray | null;
  while ((m = entry.exec(value)) !== null) {
    const params: Record<string, string> = {};
    let p: RegExpExecArray | null;
    param.lastIndex = 0;
    while ((p = param.exec(m[2] ?? '')) !== null) {
      const name = p[1]!.toLowerCase();
      if (params[name] === undefined) params[name] = (p[2] ?? p[3] ?? '').trim();
    }
    if (params.rel !== undefined) params.rel = params.rel.toLowerCase();
    out.push({ uri: m[1]!.trim(), params });
  }
  return out;
}

function relHas(entry: LinkHeaderEntry, token: string): boolean {
  return (entry.params.rel ?? '').split(/\s+/).includes(token);
}

/** The canonical targets named by a `Link` header. */
export function canonicalsFromLinkHeader(value: string | undefined): string[] {
  return parseLinkHeader(value)
    .filter((e) => relHas(e, 'canonical'))
    .map((e) => e.uri);
}

export function canonicalDeclarations(
  htmlHrefs: readonly string[],
  linkHeader: string | undefined,
  documentBase: string,
  finalUrl: string,
): CanonicalDeclaration[] {
  const out: CanonicalDeclaration[] = [];
  // A canonical link without a target declares nothing (search engines and Lighthouse skip it).
  for (const href of htmlHrefs) if (href.trim() !== '') out.push(declare(href.trim(), documentBase, 'html'));
  // Header targets resolve against the response URL, not the document's <base>.
  for (const href of canonicalsFromLinkHeader(linkHeader)) if (href !== '') out.push(declare(href, finalUrl, 'header'));
  return out;
}

/** hreflang alternates of the head and the `Link` header (entries with rel=alternate and hreflang). */
export function hreflangDeclarations(
  htmlLinks: ReadonlyArray<{ hreflang: string; href: string }>,
  linkHeader: string | undefined,
  documentBase: string,
  finalUrl: string,
): HreflangDeclaration[] {
  const out: HreflangDeclaration[] = [];
  for (const l of htmlLinks) {
    out.push({ hreflang: l.hreflang, href: l.href, resolved: l.href.trim() === '' ? null : resolveHttpUrl(l.href.trim(), documentBase), source: 'html' });
  }
  for (const e of parseLinkHeader(linkHeader)) {
    const hreflang = e.params.hreflang ?? '';
    if (!relHas(e, 'alternate') || hreflang === '') continue;
    out.push({ hreflang, href: e.uri, resolved: e.uri === '' ? null : resolveHttpUrl(e.uri, finalUrl), source: 'header' });
  }
  return out;
}

function declare(href: string, base: string, source: 'html' | 'header'): CanonicalDeclaration {
  return {
    href,
    resolved: resolveHttpUrl(href, base),
    absolute: /^https?:\/\//i.test(href),
    source,
  };
}
