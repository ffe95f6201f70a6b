// Why an audit none of whose pages got a response failed, in words its owner can act on: the address
// a local or private site resolves to, with the setting that lets the crawler reach it; a host name
// that does not resolve; robots.txt unreachable (RFC 9309 then disallows the whole site); or what
// the request met instead of a response.
import type { FetchError, SiteFindings } from '@seo-geo/engine';
import type { AuditErrorCode } from '../../storage/schema-audits.js';

export interface SeedFailure {
  code: AuditErrorCode;
  message: string;
  /** A seed the address rules refused: the address, its range, and the CRAWLER_ALLOW_CIDRS entry that would allow it (for the log). */
  refused?: { address: string; range: string; allow: string };
}

/** The address and the range in the guarded connector's refusal ("… address 127.0.0.1 is in the loopback range"). */
const REFUSAL = /address (\S+) is in the (.+?) range/;

/**
 * `unanswered`: the fetch error of the first page that got no response; `blockedAddress`: some page
 * was refused its address (counters stored before the error was kept say only that).
 */
export function seedFailure(seedUrl: string, unanswered: FetchError | null, blockedAddress: boolean, robots: SiteFindings['robots'] | undefined): SeedFailure {
  if (unanswered?.code === 'blocked_address' || blockedAddress) return refusedSeed(seedUrl, unanswered);
  if (unanswered?.code === 'dns_failure') {
    return {
      code: 'seed_unreachable',
      message: `${seedUrl} could not be fetched: the host name ${new URL(seedUrl).hostname} could not be resolved (${unanswered.message}).`,
    };
  }
  if (robots?.status === 'unreachable') {
    const robotsUrl = new URL('/robots.txt', seedUrl).href;
    return {
      code: 'robots_unreachable',
      message: `${robotsUrl} was unreachable (${robots.detail ?? 'no response'}): under RFC 9309 §2.3.1.4 that disallows the whole site, so no page was requested.`,
    };
  }
  const why = unanswered === null ? '' : ` (${unanswered.message})`;
  return { code: 'seed_unreachable', message: `${seedUrl} could not be fetched: no response arrived${why}.` };
}

function refusedSeed(seedUrl: string, unanswered: FetchError | null): SeedFailure {
  const setting = 'the operator allows their range (CRAWLER_ALLOW_CIDRS on the reference server)';
  const refusal = unanswered?.code === 'blocked_address' ? REFUSAL.exec(unanswered.message) : null;
  if (!refusal) {
    return {
      code: 'seed_blocked',
      message: `${seedUrl} resolves to an address the service may not fetch: local, private and reserved addresses are refused unless ${setting}.`,
    };
  }
  const [, address, range] = refusal as unknown as [string, string, string];
  const allow = `${address}/${address.includes(':') ? 128 : 32}`;
  return {
    code: 'seed_blocked',
    message: `${seedUrl} resolves to ${address}, in the ${range} range, which the service may not fetch: local, private and reserved addresses are refused unless ${setting}, such as ${allow}.`,
    refused: { address, range, allow },
  };
}
