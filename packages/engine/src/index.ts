// The audit engine: crawl a site, analyse every page, explain its GEO score; site findings;
// content briefs. A library: no HTTP server, no storage.
export type * from './types.js';
export type { PageAnalysis } from './page/analysis.js';

export { analysePage } from './page/analyse-page.js';
export { createAnalysisPool, AnalysisTimeoutError, type AnalysisPoolOptions } from './page/analysis-pool.js';
export { analyseInline, type AnalysisSite, type PageAnalyser, type RobotsSource } from './page/page-analyser.js';
export { measureEvidence, measurePage, type PageMeasurement } from './analyse/measure-page.js';
export type { EvidenceCandidates, LinkCandidate, NumberCandidate, QuoteCandidate } from './analyse/evidence/candidates.js';
export { candidateFeatures, type Features } from './analyse/evidence/features.js';
export { counts as modelCounts, probability, type EvidenceModel } from './analyse/evidence/models.js';
export { EVIDENCE_MODELS } from './analyse/evidence/models.generated.js';
export { proseNameFeatures } from './answer-engines/brands/prose-name-features.js';
export { proseNameReading, withProseNameReading, type ProseNameReading } from './answer-engines/brands/prose-name-model.js';

export { checkAddress, validatePolicy, type SsrfPolicy } from './net/address-policy.js';
export { staticResolver, systemResolver, type Resolver } from './net/resolver.js';
export { basicCredentials, guardedFetch, type GuardedFetchOptions, type GuardedResponse, type OriginCredentials } from './net/guarded-fetch.js';
export { linkedSignal, type LinkedSignal } from './net/linked-signal.js';
export { DEFAULT_USER_AGENT, USER_AGENT_PRESETS, userAgentString, type UserAgentPreset } from './net/user-agent.js';

export { crawl } from './crawl/crawler.js';
export { resolveLimits } from './crawl/limits.js';
export { extractLinks } from './crawl/links.js';
export { normaliseUrl } from './crawl/normalise-url.js';
export { isPublicSuffix, siteScope } from './crawl/scope.js';
export { matchesPathPattern, type PathFilter } from './crawl/path-patterns.js';
export {
  DEFAULT_CRAWL_LIMITS,
  type CrawlEvent,
  type CrawlLimits,
  type CrawlOptions,
  type CrawlResume,
  type LeaseOutcome,
  type SharedFrontier,
  type StopReason,
} from './crawl/types.js';

export { runAudit } from './audit/run-audit.js';
export type { AuditEvent, AuditOptions, AuditPhase, AuditResume, SharedAudit, SiteFindings, SitePageResult } from './audit/types.js';
export type { PageRenderer, RenderedPage } from './render/types.js';
export { createBrowserRenderer, type BrowserRenderer, type BrowserRendererOptions } from './render/browser-renderer.js';
export {
  checkExternalLinks,
  checkResources,
  runSiteChecks,
  SiteIndex,
  siteRecordOf,
  type SiteRecord,
  type ExternalLinkFindings,
  type ExternalLinkReport,
  type BrokenResource,
  type ResourceFindings,
  type ResourceReport,
  type NearDuplicateCluster,
  type NearDuplicateFindings,
  type SiteChecks,
} from './site-checks/index.js';

export * from './site/index.js';
export * from './brief/index.js';
export { RUBRIC_ID } from './score/rubric.js';
export { notScoredReason, type NotScoredReason, type ScoredRecord } from './score/scored-record.js';
export { ISSUE_CODES, type IssueCode } from './score/issue-codes.js';
export { ISSUE_CATALOGUE, issueDefinition, type IssueDefinition, type IssuePriority } from './score/issue-catalogue.js';
export { linkEdgesOf, MAX_STORED_LINKS_PER_PAGE, MAX_ANCHOR_TEXT, type LinkEdge } from './page/link-edges.js';
export { SCHEMA_ORG_RELEASE } from './analyse/structured-data/vocabulary.generated.js';
export * from './answer-engines/index.js';
