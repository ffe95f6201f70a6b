export { runAudit } from './run-audit.js';
export { fetchLlmsTxt } from './site-findings.js';
export { compareRendering, contentNeedsJavascript, renderPage, type RenderOutcome } from './rendering.js';
export type { AuditOptions, AuditEvent, AuditPhase, SiteFindings, SitePageResult } from './types.js';
