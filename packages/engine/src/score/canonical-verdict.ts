// One judgement of a page's canonical declarations, shared by the A4 check, the page issues and
// the canonical SEO audit verdict, so that all three rest on the same reading. It follows
// Lighthouse's canonical audit and Google's documentation: the canonical may name any URL, on this
// site or another (Google supports cross-domain canonicals); what is wrong is a canonical that
// cannot be used (not a URL, several different ones), one that sends every page to the home page,
// or one that sends a language version to another language version listed by hreflang.
// A relative canonical is the one kind they weigh differently, on purpose: Google resolves it,
// but a copy of the page on another host would point at itself. Lighthouse fails it, so the SEO
// verdict fails; A4 gives it half its points and the issue is a notice.

import { isSameSite, parseAbsoluteUrl } from '../analyse/links/url.js';
import type { PageFacts } from '../analyse/facts.js';

export type CanonicalVerdict =
  | { kind: 'none' }
  | { kind: 'invalid'; href: string }
  | { kind: 'relative'; href: string; target: string }
  | { kind: 'conflict'; targets: string[] }
  | { kind: 'other_language'; target: string }
  | { kind: 'root'; target: string }
  | { kind: 'elsewhere'; target: string; crossSite: boolean }
  | { kind: 'self'; target: string };

/** The verdict kinds that make the canonical unusable or wrong (Lighthouse fails them). */
export const FAILING_CANONICAL_KINDS: ReadonlySet<CanonicalVerdict['kind']> = new Set(['invalid', 'relative', 'conflict', 'other_language', 'root']);

export function judgeCanonical(f: Pick<PageFacts, 'canonicals' | 'finalUrl' | 'siteDomain' | 'hreflangs'>): CanonicalVerdict {
  if (f.canonicals.length === 0) return { kind: 'none' };
  const invalid = f.canonicals.find((c) => c.resolved === null);
  if (invalid) return { kind: 'invalid', href: invalid.href };
  const relative = f.canonicals.find((c) => !c.absolute);
  if (relative) return { kind: 'relative', href: relative.href, target: relative.resolved! };
  const targets = [...new Set(f.canonicals.map((c) => c.resolved!))];
  if (targets.length > 1) return { kind: 'conflict', targets };
  const target = new URL(targets[0]!); // resolved canonicals are valid absolute URLs
  const page = parseAbsoluteUrl(f.finalUrl);
  const pageHref = page?.href ?? f.finalUrl;
  const alternates = new Set(f.hreflangs.map((h) => h.resolved).filter((u): u is string => u !== null));
  if (target.href !== pageHref && alternates.has(target.href) && alternates.has(pageHref)) {
    return { kind: 'other_language', target: target.href };
  }
  if (page && target.origin === page.origin && target.pathname === '/' && page.pathname !== '/') {
    return { kind: 'root', target: target.href };
  }
  if (target.href !== pageHref) return { kind: 'elsewhere', target: target.href, crossSite: !isSameSite(target.hostname, f.siteDomain) };
  return { kind: 'self', target: target.href };
}
