// The two forms the project's brand takes in an answer: its name (`Example Shop`) and its
// registrable domain (`example.com`, which also covers `www.example.com` and `shop.example.com`).
import { siteScope, type CrawlScope } from '../crawl/scope.js';
import { domainToUnicode } from 'node:url';
import { compactKey, domainPattern, fold, namePattern } from './fold.js';
import { registrableDomain } from './domains.js';
import type { BrandIdentity } from './types.js';

export interface ProjectBrand {
  /** Name and domain patterns, for folded text. */
  patterns: RegExp[];
  /** Compact keys of the brand (`exampleshop`, `example`): other names with these keys are the project's. */
  keys: Set<string>;
  /** Registrable domain in Unicode, or null without a usable domain. */
  domain: string | null;
  /** Decides whether a URL is on the project's domain or a subdomain of it. */
  scope: CrawlScope | null;
}

export function projectBrand(identity: BrandIdentity): ProjectBrand {
  const patterns: RegExp[] = [];
  const keys = new Set<string>();
  const byName = namePattern(identity.brandName);
  if (byName !== null) {
    patterns.push(byName);
    keys.add(compactKey(identity.brandName));
  }
  let scope: CrawlScope | null = null;
  let domain: string | null = null;
  if (identity.domain !== null && identity.domain.trim() !== '') {
    try {
      scope = siteScope(identity.domain);
      domain = domainToUnicode(scope.domain) || scope.domain;
    } catch {
      // Not a host name: the brand is then known by its name only.
    }
  }
  if (domain !== null) {
    const byDomain = domainPattern(domain);
    if (byDomain !== null) patterns.push(byDomain);
    const label = registrableDomain(domain)?.label;
    if (label !== undefined) keys.add(compactKey(label));
  }
  keys.delete('');
  return { patterns, keys, domain, scope };
}

/** Whether a name contains the project's brand (`Example Shop Berlin` for `Example Shop`). */
export function containsBrand(project: ProjectBrand, name: string): boolean {
  const folded = fold(name);
  return project.patterns.some((p) => new RegExp(p.source, 'u').test(folded));
}
