// Domain names an answer mentions in its text (`shopify.com`, `Amazon.de`, `info@example.org`), as
// registrable domains (eTLD+1 by the public suffix list, via tldts), written in Unicode.
import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';

export interface NamedDomain {
  /** Registrable domain, lower-case Unicode, e.g. `example.co.uk`. */
  domain: string;
  /** Its label before the public suffix, e.g. `example`. */
  label: string;
  /** Offsets in the original answer. */
  start: number;
  end: number;
}

/**
 * Host-like tokens: labels joined by dots, ending in letters. Not after a dot or hyphen (that would
 * be the middle of a longer host) and not before `@` (`first.last@` is a mailbox, not a domain).
 */
const HOST_TOKEN = /(?<![\p{L}\p{N}_.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}(?![\p{L}\p{N}_@-]|\.[\p{L}\p{N}])/gu;

/**
 * Real top-level domains that far more often end a file name or a product in prose (`README.md`,
 * `setup.py`, `install.sh`, `archive.zip`): in running text these are not taken as domains. In a
 * URL they are (the host of a URL is a host, whatever its suffix).
 */
const FILE_LIKE_SUFFIXES = new Set(['md', 'py', 'sh', 'rs', 'pl', 'zip', 'mov', 'ps', 'so', 'pdf']);

/** Registrable domain of a host name (or of the host of a URL or a `www.` name); null for IPs and single labels. */
export function registrableDomain(hostOrUrl: string): { domain: string; label: string } | null {
  const info = parse(hostOrUrl.trim().toLowerCase(), { allowPrivateDomains: false });
  if (info.isIp || info.domain === null || info.domainWithoutSuffix === null) return null;
  return { domain: domainToUnicode(info.domain) || info.domain, label: domainToUnicode(info.domainWithoutSuffix) || info.domainWithoutSuffix };
}

/**
 * The site a cited URL counts under in citation figures: its registrable domain, or, for a host that
 * has none (an IP address, `localhost`), the host itself, so that a project served from one is still
 * counted where it is cited. Null only for a string that is not a URL.
 */
export function citedSite(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return registrableDomain(host)?.domain ?? host.replace(/^\[|\]$/g, '');
}

/** Domains named in `text`; `text` should have its URLs blanked out (their hosts are counted from the URLs). */
export function domainsInText(text: string): NamedDomain[] {
  const found: NamedDomain[] = [];
  for (const m of text.matchAll(HOST_TOKEN)) {
    const named = textDomain(m[0]);
    if (named !== null) found.push({ ...named, start: m.index, end: m.index + m[0].length });
  }
  return found;
}

/**
 * The registrable domain of a host written in running text (`shop.tchibo.de`), or null when the
 * token is more likely something else: a suffix in capitals names a technology (`ASP.NET`), a
 * file-like suffix a file (`README.md`), and only ICANN suffixes count.
 */
export function textDomain(host: string): { domain: string; label: string } | null {
  const suffix = host.slice(host.lastIndexOf('.') + 1);
  if (suffix.length > 1 && suffix === suffix.toUpperCase() && suffix !== suffix.toLowerCase()) return null;
  const info = parse(host.toLowerCase(), { allowPrivateDomains: false });
  if (!info.isIcann || info.domain === null || info.domainWithoutSuffix === null) return null;
  if (FILE_LIKE_SUFFIXES.has(info.publicSuffix ?? '')) return null;
  return { domain: domainToUnicode(info.domain) || info.domain, label: info.domainWithoutSuffix };
}
