// A page's links, resolved against its base URL once, with what the measures of the page read of
// each (visible text, language, where in the document it stands); the audit keeps only LinkInfo.

import type { LinkInfo } from '../../types.js';
import { anchorSnippet, isUnparseableHref } from './crawlable-anchors.js';
import type { RawDocument } from '../raw-document.js';
import { isSameSite, resolveHttpUrl, resolveHttpUrlObject } from './url.js';

export interface ResolvedLink extends LinkInfo {
  hostname: string;
  pathname: string;
  visibleText: string;
  lang: string | null;
  scope: number;
  /** Content-tree element the link opens in (MainContent.contains). */
  node: number;
}

/** `uncrawlable` receives the anchors whose href does not parse (see crawlable-anchors.ts). */
export function resolveLinks(doc: RawDocument, documentBase: string, siteDomain: string, uncrawlable: string[]): ResolvedLink[] {
  const base = new URL(documentBase);
  const out: ResolvedLink[] = [];
  for (const raw of doc.links) {
    const url = resolveHttpUrlObject(raw.href, base);
    if (url === null) {
      if (raw.checkUrl && isUnparseableHref(raw.href, base)) uncrawlable.push(anchorSnippet({ href: raw.href }));
      continue;
    }
    out.push({
      href: url.href,
      hostname: url.hostname,
      pathname: url.pathname,
      text: raw.text,
      internal: isSameSite(url.hostname, siteDomain),
      rel: raw.rel,
      scope: raw.scope,
      node: raw.node,
      visibleText: raw.visibleText,
      lang: raw.lang,
    });
  }
  return out;
}

/** The URL itself, normalised, when it is an absolute http(s) URL; null otherwise. */
export function absoluteHttpUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? resolveHttpUrl(url, url) : null;
}
