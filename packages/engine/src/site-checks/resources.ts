// The opt-in resource check, run after the crawl: each distinct URL the scored pages load (images,
// scripts, stylesheets, frames, media: PageAnalysis.resources), on the site and elsewhere, requested
// once by the pass the post-crawl checks share (url-checks.ts), and judged as external links are
// (external-verdict.ts). The audit adds what the site asks of its crawler (audit/resource-pass.ts).
import type { StringTable } from '../compact/spilled-strings.js';
import { checkUrls, type UrlCheckFindings, type UrlCheckOptions, type UrlCheckReport } from './url-checks.js';

export type ResourceCheckOptions = UrlCheckOptions;
/** `checked`, `broken` and `notChecked` count distinct resource URLs. */
export type ResourceFindings = UrlCheckFindings;
/** Verdicts and reasons by resource URL id (SiteIndex.resourceUrls). */
export type ResourceReport = UrlCheckReport;

export function checkResources(targets: StringTable, options: ResourceCheckOptions): Promise<ResourceReport> {
  return checkUrls(targets, options);
}
