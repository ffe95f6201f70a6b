export { runAudit } from './run-audit.js';
export { SitemapFindingsAccumulator, fetchLlmsTxt } from './site-findings.js';
export type { AuditOptions, AuditEvent, SiteFindings } from './types.js';
