// One undici Agent per crawl (or per webhook sender): connections are pooled per origin and
// every new connection goes through the guarded connector. undici 7 follows no redirects unless a
// redirect interceptor is composed in; guardedFetch follows them itself, hop by hop.
import { Agent } from 'undici';
import { validatePolicy, type SsrfPolicy } from './address-policy.js';
import { guardedConnector } from './guarded-connector.js';
import { systemResolver, type Resolver } from './resolver.js';

export interface GuardedDispatcherOptions {
  policy?: SsrfPolicy;
  resolver?: Resolver;
  /** Connections per origin; the crawler passes its per-host concurrency. */
  connectionsPerOrigin?: number;
  connectTimeoutMs?: number;
}

export function createGuardedDispatcher(options: GuardedDispatcherOptions = {}): Agent {
  const policy = options.policy ?? {};
  validatePolicy(policy);
  return new Agent({
    connections: options.connectionsPerOrigin ?? 4,
    pipelining: 1,
    connect: guardedConnector({
      policy,
      resolver: options.resolver ?? systemResolver,
      connectTimeoutMs: options.connectTimeoutMs,
    }),
  });
}
