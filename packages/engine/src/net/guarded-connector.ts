// The SSRF check lives at connect time, inside undici's connector: the host name is resolved here,
// every address is checked, and the socket is opened to the checked address itself. Checking the
// URL beforehand and letting the socket resolve again would leave a DNS-rebinding window.
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { checkAddress, type SsrfPolicy } from './address-policy.js';
import { BlockedAddressError } from './errors.js';
import type { Resolver } from './resolver.js';

export interface GuardedConnectorOptions {
  policy: SsrfPolicy;
  resolver: Resolver;
  connectTimeoutMs?: number;
}

export function guardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const connectDirect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 });
  return (connectOptions, callback) => {
    pickAddress(connectOptions.hostname, options).then(
      (address) => {
        // `host` keeps the original name, so undici still derives the TLS server name from it and
        // certificates are verified against the name, not the IP.
        connectDirect({ ...connectOptions, hostname: address }, (err, sock) => {
          if (err) {
            callback(err, null);
            return;
          }
          // Belt and braces: judge the peer the kernel actually connected to.
          const peer = sock.remoteAddress;
          const verdict = peer ? checkAddress(peer, options.policy) : { allowed: false as const, reason: 'no peer address' };
          if (!verdict.allowed) {
            sock.destroy();
            callback(new BlockedAddressError(`refused to connect: ${verdict.reason}`), null);
            return;
          }
          callback(null, sock);
        });
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
}

/** Resolves (unless already an IP literal) and returns the address to dial, or rejects. */
async function pickAddress(hostname: string, options: GuardedConnectorOptions): Promise<string> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const candidates = isIP(bare) ? [bare] : (await options.resolver(bare)).map((a) => a.address);
  if (candidates.length === 0) {
    throw Object.assign(new Error(`no address for ${bare}`), { code: 'ENOTFOUND' });
  }
  // Every address must pass: a name that mixes public and private addresses is a rebinding
  // pattern, and refusing it is simpler to reason about than picking the "good" one.
  for (const address of candidates) {
    const verdict = checkAddress(address, options.policy);
    if (!verdict.allowed) throw new BlockedAddressError(`refused to connect to ${bare}: ${verdict.reason}`);
  }
  return candidates[0]!;
}
