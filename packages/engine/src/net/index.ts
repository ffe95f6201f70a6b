export { checkAddress, validatePolicy, type SsrfPolicy, type AddressVerdict } from './address-policy.js';
export { systemResolver, staticResolver, type Resolver, type ResolvedAddress } from './resolver.js';
export { createGuardedDispatcher, type GuardedDispatcherOptions } from './dispatcher.js';
export {
  basicCredentials,
  guardedFetch,
  type GuardedFetchOptions,
  type OriginCredentials,
  type GuardedResponse,
  type RedirectDecision,
} from './guarded-fetch.js';
export { BlockedAddressError, toFetchError } from './errors.js';
export { decodeBody, mediaTypeOf, charsetOf } from './charset.js';
export { DEFAULT_USER_AGENT, userAgentString, robotsToken } from './user-agent.js';
export { isHtmlType } from './html-type.js';
export { fetchPage, type FetchPageOptions } from './fetch-page.js';
