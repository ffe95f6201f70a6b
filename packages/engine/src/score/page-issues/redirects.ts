// Redirects before the final URL: the links that lead here should point at where they end.
import type { PageFacts } from '../../analyse/facts.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

/** Number of redirects behind `redirectChain` (the final URL may or may not be listed last). */
export function redirectCount(chain: readonly string[], finalUrl: string): number {
  if (chain.length === 0) return 0;
  return chain[chain.length - 1] === finalUrl ? chain.length - 1 : chain.length;
}

export function isRedirectLoop(f: Pick<PageFacts, 'error'>): boolean {
  return f.error?.code === 'redirect_loop';
}

export const redirects: PageCheck = (f) => {
  if (isRedirectLoop(f)) {
    // A loop has no final URL: the loop issue names the whole chain, a redirect issue would not.
    const chain = f.redirectChain.length > 0 ? f.redirectChain : [f.url, f.finalUrl];
    return issue('redirect_loop', `The redirects loop back to ${chain[chain.length - 1]!}: ${chain.join(' → ')}.`);
  }
  const hops = redirectCount(f.redirectChain, f.finalUrl);
  if (hops >= 2) {
    const route = [...f.redirectChain, f.finalUrl].filter((u, i, a) => a.indexOf(u) === i);
    return issue('redirect_chain', `${hops} redirects before the final URL: ${route.join(' → ')}.`);
  }
  if (hops === 1) return issue('redirect', `Redirects to ${f.finalUrl}.`);
  return null;
};
