// Which URLs belong to the audited site: the project's registrable domain (eTLD+1, via the public
// suffix list, private suffixes included, so `someone.github.io` is a site of its own) and all its
// subdomains, so `www.example.com`, `example.com` and `blog.example.com` are one site, as the
// analyser's `internal` flag sees it. A public suffix itself (`com`, `co.uk`, `github.io`) is a
// site of exactly that one host: its subdomains are everybody's sites (the API refuses it as a
// primary domain, isPublicSuffix). IP addresses and `localhost` cover themselves (and, for
// `localhost`, its subdomains, which resolve to the same machine).
//
// Ports: another port is another origin, often another service (an admin panel on :8080, a dev
// server), so a site is one port. A primary domain that names a port is that port; one that names
// none is the schemes' default ports (80 and 443, so http and https pages are one site). The seed,
// when given, adds its own port: a crawl may start where the caller said.
import { parse } from 'tldts';

export interface CrawlScope {
  /** Registrable domain (or bare host) the crawl stays within. */
  readonly domain: string;
  contains(url: string): boolean;
  /** contains, for a URL already parsed. */
  containsUrl(url: URL): boolean;
}

export function siteScope(primaryDomainOrUrl: string, seedUrl?: string): CrawlScope {
  const primary = urlOf(primaryDomainOrUrl);
  const host = primary.hostname;
  const domain = parse(host, { allowPrivateDomains: true }).domain ?? host;
  const exact = isPublicSuffix(host);
  // URL gives '' for a scheme's default port, so '' stands for "80 or 443".
  const port = primary.port;
  const seedPort = seedUrl === undefined ? port : urlOf(seedUrl).port;
  const containsUrl = (url: URL): boolean => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.port !== port && url.port !== seedPort) return false;
    const h = url.hostname;
    return h === domain || (!exact && h.endsWith(`.${domain}`));
  };
  return {
    domain,
    contains(url: string): boolean {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      return containsUrl(parsed);
    },
    containsUrl,
  };
}

/** `com`, `co.uk`, `github.io`: a suffix of the public suffix list (ICANN or private), not a site. */
export function isPublicSuffix(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const parsed = parse(h, { allowPrivateDomains: true });
  return parsed.domain === null && parsed.publicSuffix === h && (parsed.isIcann === true || parsed.isPrivate === true);
}

function urlOf(primaryDomainOrUrl: string): URL {
  const value = primaryDomainOrUrl.trim().toLowerCase();
  return new URL(value.includes('://') ? value : `http://${value}`);
}
