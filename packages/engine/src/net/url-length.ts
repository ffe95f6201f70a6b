// The longest URL an audit records: the contract's bound on a page's `url`. A longer one (a
// crawler trap that grows its path, a page's hostile links) is never queued, followed by a
// redirect (guarded-fetch.ts) or checked as an external link; the page linking to it says so
// (`link_url_too_long`).
import { contractBounds } from '@seo-geo/types/bounds';

export const MAX_URL_LENGTH: number = contractBounds.AuditPage.properties.url.maxLength;

/** A URL as the crawl writes it (`URL.href`: ASCII, so its length is its length in code points). */
export function isUrlTooLong(url: string): boolean {
  return url.length > MAX_URL_LENGTH;
}
