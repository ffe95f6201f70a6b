// Which URLs belong to the audited site: the project's registrable domain (eTLD+1, via the public
// suffix list) and all its subdomains, so `www.example.com`, `example.com` and `blog.example.com`
// are one site, as the analyser's `internal` flag sees it. Hosts without a registrable domain
// (IP addresses, `localhost`) are a site of exactly one host.
import { getDomain } from 'tldts';

export interface CrawlScope {
  /** Registrable domain (or bare host) the crawl stays within. */
  readonly domain: string;
  contains(url: string): boolean;
}

export function siteScope(primaryDomainOrUrl: string): CrawlScope {
  const host = hostOf(primaryDomainOrUrl);
  const domain = getDomain(host, { allowPrivateDomains: false }) ?? host;
  return {
    domain,
    contains(url: string): boolean {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
      const h = parsed.hostname;
      return h === domain || h.endsWith(`.${domain}`);
    },
  };
}

function hostOf(primaryDomainOrUrl: string): string {
  const value = primaryDomainOrUrl.trim().toLowerCase();
  if (value.includes('://')) return new URL(value).hostname;
  return new URL(`http://${value}`).hostname;
}
