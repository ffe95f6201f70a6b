export { SiteIndex, type SiteIndexOptions } from './site-index.js';
export { runSiteChecks, type SiteChecks, type SitePageResult } from './run-site-checks.js';
export { checkExternalLinks, type ExternalLinkFindings, type ExternalLinkOptions, type ExternalLinkReport } from './external-links.js';
export type { NearDuplicateCluster, NearDuplicateFindings } from './near-duplicates.js';
export { checkResources, type ResourceCheckOptions, type ResourceFindings, type ResourceReport } from './resources.js';
export type { BrokenResource } from './broken-resources.js';
export { siteRecordOf, type SiteLink, type SiteRecord } from './site-record.js';
