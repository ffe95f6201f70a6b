// The opt-in external link check, run after the crawl: each distinct external target of the
// scored pages, requested once by the pass the post-crawl checks share (url-checks.ts: the crawl's
// guarded dispatcher, HEAD then GET, one request per host, 4 in flight, at most 5,000 targets).
import type { StringTable } from '../compact/spilled-strings.js';
import { checkUrls, type UrlCheckFindings, type UrlCheckOptions, type UrlCheckReport } from './url-checks.js';

export type ExternalLinkOptions = Omit<UrlCheckOptions, 'skip' | 'beforeRequest' | 'credentials'>;
/** `checked`, `broken` and `notChecked` count distinct external URLs. */
export type ExternalLinkFindings = UrlCheckFindings;
/** Verdicts and reasons by external URL id (SiteIndex.externalUrls). */
export type ExternalLinkReport = UrlCheckReport;

export function checkExternalLinks(targets: StringTable, options: ExternalLinkOptions): Promise<ExternalLinkReport> {
  return checkUrls(targets, options);
}
