// Canonical declarations from `<link rel="canonical">` and the HTTP `Link` header, resolved the
// way a search engine resolves them. The A4 check and the canonical issues judge these.

import { resolveHttpUrl } from './url.js';

export interface CanonicalDeclaration {
  /** As written. */
  href: string;
  /** Absolute, normalised; null when it is not a usable http(s) URL. */
  resolved: string | null;
  /** Written as an absolute URL (search engines accept relative ones; Lighthouse flags them). */
  absolute: boolean;
  source: 'html' | 'header';
}

/** `<https://example.com/a>; rel="canonical", <...>; rel=alternate` → the canonical targets. */
export function canonicalsFromLinkHeader(value: string | undefined): string[] {
  if (value === undefined) return [];
  const out: string[] = [];
  const entry = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
  let m: RegExpExecArray | null;
  while ((m = entry.exec(value)) !== null) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(m[2] ?? '');
    const tokens = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (tokens.includes('canonical')) out.push(m[1]!.trim());
  }
  return out;
}

export function canonicalDeclarations(
  htmlHrefs: readonly string[],
  linkHeader: string | undefined,
  documentBase: string,
  finalUrl: string,
): CanonicalDeclaration[] {
  const out: CanonicalDeclaration[] = [];
  for (const href of htmlHrefs) out.push(declare(href.trim(), documentBase, 'html'));
  // Header targets resolve against the response URL, not the document's <base>.
  for (const href of canonicalsFromLinkHeader(linkHeader)) out.push(declare(href, finalUrl, 'header'));
  return out;
}

function declare(href: string, base: string, source: 'html' | 'header'): CanonicalDeclaration {
  return {
    href,
    resolved: href === '' ? null : resolveHttpUrl(href, base),
    absolute: /^https?:\/\//i.test(href),
    source,
  };
}
