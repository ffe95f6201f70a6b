// Gemini's grounding chunks name their pages by a redirect link of Google's
// (`https://vertexaisearch.cloud.google.com/grounding-api-redirect/…`), and the chunk's title is
// the page's domain. A citation of Google's redirector says nothing about who was cited, so each
// such link is asked once, through the guarded fetch, without following it: the `Location` the
// redirector answers is the page Google grounded on, a URL the provider gave, not one made up.
// When that fails (the links expire, the call times out), the redirect link itself is kept.
import pLimit from 'p-limit';
import { guardedFetch } from '../../net/guarded-fetch.js';
import { linkedSignal } from '../../net/linked-signal.js';
import { absoluteHttpUrl } from '../source-list.js';
import type { AdapterCall } from './adapter.js';

export const GROUNDING_REDIRECT_PREFIX = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/';
/**
 * A redirect answers at once; a slow one is not worth holding the answer for. The budget bounds
 * all of an answer's resolutions together (up to 100 chunks), a link left unresolved is kept.
 */
const RESOLVE_TIMEOUT_MS = 10_000;
const CONCURRENT_RESOLUTIONS = 4;

/** The chunk URIs with every grounding redirect replaced by its target where it could be read. */
export async function resolveGroundingRedirects(uris: readonly unknown[], call: AdapterCall): Promise<unknown[]> {
  const limit = pLimit(CONCURRENT_RESOLUTIONS);
  const budget = linkedSignal([call.signal, AbortSignal.timeout(Math.min(call.timeoutMs, RESOLVE_TIMEOUT_MS))]);
  const cache = new Map<string, Promise<string>>();
  return Promise.all(
    uris.map((uri) => {
      if (typeof uri !== 'string' || !uri.startsWith(call.groundingRedirectPrefix)) return uri;
      let target = cache.get(uri);
      if (target === undefined) {
        target = limit(() => redirectTarget(uri, call, budget.signal));
        cache.set(uri, target);
      }
      return target;
    }),
  ).finally(budget.release);
}

async function redirectTarget(uri: string, call: AdapterCall, signal: AbortSignal): Promise<string> {
  if (signal.aborted) return uri;
  const response = await guardedFetch(uri, {
    method: 'GET',
    timeoutMs: Math.min(call.timeoutMs, RESOLVE_TIMEOUT_MS),
    maxRedirects: 0,
    readBody: () => false,
    signal,
    policy: call.policy,
    resolver: call.resolver,
    dispatcher: call.dispatcher,
  });
  const location = response.headers['location'];
  if (response.error || response.status < 300 || response.status > 399 || location === undefined) return uri;
  let target: string;
  try {
    target = new URL(location, uri).href;
  } catch {
    return uri;
  }
  return absoluteHttpUrl(target) ?? uri;
}
