// Name resolution is injectable so that tests can map made-up host names (a subdomain, a host
// that resolves to a private address) to addresses without touching /etc/hosts or real DNS.
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name (never an IP literal) to its addresses; throws with `code: 'ENOTFOUND'` when unknown. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A resolver from a fixed table, for tests and benchmarks; unknown names fail like DNS does. */
export function staticResolver(table: Record<string, string | string[]>): Resolver {
  return (hostname) => {
    const entry = table[hostname.toLowerCase()];
    if (entry === undefined) {
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }));
    }
    return Promise.resolve(
      (Array.isArray(entry) ? entry : [entry]).map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };
}
