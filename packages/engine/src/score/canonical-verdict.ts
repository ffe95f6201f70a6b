// One judgement of a page's canonical declarations, shared by the A4 check and the page issues
// so that the score and the issue list never disagree.

import { isSameSite, parseAbsoluteUrl } from '../analyse/url.js';
import type { PageFacts } from './facts.js';

export type CanonicalVerdict =
  | { kind: 'none' }
  | { kind: 'invalid'; href: string }
  | { kind: 'conflict'; targets: string[] }
  | { kind: 'other_site'; target: string }
  | { kind: 'root'; target: string }
  | { kind: 'elsewhere'; target: string }
  | { kind: 'relative'; href: string; target: string }
  | { kind: 'self'; target: string };

export function judgeCanonical(f: Pick<PageFacts, 'canonicals' | 'finalUrl' | 'siteDomain'>): CanonicalVerdict {
  if (f.canonicals.length === 0) return { kind: 'none' };
  const invalid = f.canonicals.find((c) => c.resolved === null);
  if (invalid) return { kind: 'invalid', href: invalid.href };
  const targets = [...new Set(f.canonicals.map((c) => c.resolved!))];
  if (targets.length > 1) return { kind: 'conflict', targets };
  const target = new URL(targets[0]!); // resolved canonicals are valid absolute URLs
  const page = parseAbsoluteUrl(f.finalUrl);
  if (!isSameSite(target.hostname, f.siteDomain)) return { kind: 'other_site', target: target.href };
  if (page && target.pathname === '/' && target.search === '' && (page.pathname !== '/' || page.search !== '')) {
    return { kind: 'root', target: target.href };
  }
  if (target.href !== (page?.href ?? f.finalUrl)) return { kind: 'elsewhere', target: target.href };
  const relative = f.canonicals.find((c) => !c.absolute);
  if (relative) return { kind: 'relative', href: relative.href, target: target.href };
  return { kind: 'self', target: target.href };
}
