export { SiteIndex, type SiteIndexOptions } from './site-index.js';
export { runSiteChecks, type SiteChecks, type SitePageResult } from './run-site-checks.js';
export { checkExternalLinks, type ExternalLinkFindings, type ExternalLinkOptions, type ExternalLinkReport } from './external-links.js';
export type { NearDuplicateCluster, NearDuplicateFindings } from './near-duplicates.js';
export { siteRecordOf, type SiteLink, type SiteRecord } from './site-record.js';
