// A tracked brand compiled for matching: the patterns of its name, its aliases and its domains
// (`kilnworks.com` also covers `www.kilnworks.com` and `shop.kilnworks.com`), the compact keys under
// which other spellings of it meet, and the scopes that decide whether a cited URL is on its site.
import { domainToUnicode } from 'node:url';
import { isPublicSuffix, siteScope, type CrawlScope } from '../../crawl/scope.js';
import { compactKey, domainPattern, fold, namePattern } from './fold.js';
import { registrableDomain } from '../domains.js';
import type { TrackedBrand } from '../types.js';

export interface CompiledBrand {
  key: string;
  /** Name, alias and domain patterns, for folded text (see fold.ts). */
  patterns: RegExp[];
  /** The same patterns without the global flag, to test a name with. */
  tests: RegExp[];
  /** Compact keys of the brand (`exampleshop`, `example`): other names with these keys are this brand's. */
  keys: Set<string>;
  /** Its sites, each a registrable domain (or bare host) with its subdomains; Unicode `domain`. */
  sites: Array<{ domain: string; scope: CrawlScope }>;
}

export function compileBrand(brand: TrackedBrand): CompiledBrand {
  const patterns: RegExp[] = [];
  const keys = new Set<string>();
  for (const name of [brand.name, ...brand.aliases]) {
    const byName = namePattern(name);
    if (byName === null) continue;
    patterns.push(byName);
    keys.add(compactKey(name));
  }
  const sites: CompiledBrand['sites'] = [];
  for (const given of brand.domains) {
    if (given.trim() === '') continue;
    let scope: CrawlScope;
    try {
      scope = siteScope(given);
    } catch {
      continue; // Not a host name: the brand is then known by its names.
    }
    // `co.uk` is everybody's: a public suffix is nobody's domain (the API refuses it as one).
    if (isPublicSuffix(scope.domain)) continue;
    const domain = domainToUnicode(scope.domain) || scope.domain;
    if (sites.some((s) => s.domain === domain)) continue;
    sites.push({ domain, scope });
    const byDomain = domainPattern(domain);
    if (byDomain !== null) patterns.push(byDomain);
    const label = registrableDomain(domain)?.label;
    if (label !== undefined && !makerInName(label, brand)) keys.add(compactKey(label));
  }
  keys.delete('');
  return { key: brand.key, patterns, tests: patterns.map((p) => new RegExp(p.source, 'u')), keys, sites };
}

/**
 * Whether a domain's label is one word of a longer name of the brand (`dropbox` of `Dropbox Sign`,
 * `spotify` of `Spotify for Creators`): the label then names the maker, which a reader counts as
 * another brand where it is named apart (`Si ya pagas Dropbox…`), not as this product.
 */
function makerInName(label: string, brand: TrackedBrand): boolean {
  const key = compactKey(label);
  const names = [brand.name, ...brand.aliases];
  if (names.some((name) => compactKey(name) === key)) return false;
  return names.some((name) => {
    const words = name.trim().split(/[\s-]+/u);
    return words.length > 1 && words.some((word) => compactKey(word) === key);
  });
}

/** Whether a cited URL is on one of the brand's sites (a subdomain counts, and any port: a domain names hosts, not ports). */
export function citesBrand(brand: CompiledBrand, url: string): boolean {
  let onDefaultPort: string;
  try {
    const parsed = new URL(url);
    parsed.port = '';
    onDefaultPort = parsed.href;
  } catch {
    return false;
  }
  return brand.sites.some((s) => s.scope.contains(onDefaultPort));
}

/** The URLs on a brand's sites (its domains and their subdomains), in the order given. */
export function urlsOnSites(domains: readonly string[], urls: readonly string[]): string[] {
  const compiled = compileBrand({ key: '', name: '', aliases: [], domains: [...domains] });
  return urls.filter((url) => citesBrand(compiled, url));
}

/** Whether a registrable domain (Unicode) is one of the brand's, or under one of them. */
export function ownsDomain(brand: CompiledBrand, domain: string): boolean {
  return brand.sites.some((s) => domain === s.domain || domain.endsWith(`.${s.domain}`));
}

/** Whether a name contains the brand (`Example Shop Berlin` for `Example Shop`). */
export function containsBrand(brand: CompiledBrand, name: string): boolean {
  const folded = fold(name);
  return brand.tests.some((p) => p.test(folded));
}
