// A verdict for each of Lighthouse's ten scored SEO audits, read off the page issues: an audit
// fails exactly when one of its issues is present, so the verdicts and the issue list can never
// disagree. `na` is given where Lighthouse marks the audit not applicable (no canonical, no
// image, robots.txt absent) and for every audit but http-status-code when no HTML was analysed.
// Test support, not the engine's: the API gives the issue codes, from which its spec tells how to
// read these audits, so only the comparison with Lighthouse (real-pages/lighthouse.test.ts) needs
// the verdicts themselves.

import type { PageIssue } from '../../../src/types.js';
import type { PageFacts } from '../../../src/analyse/facts.js';
import { isScorable } from '../../../src/analyse/facts.js';
import type { IssueCode } from '../../../src/score/issue-codes.js';
import { pageIssues } from '../../../src/score/issues.js';
import { robotsTxtVerdict } from './robots-txt.js';
import type { RobotsTxtFetch } from './robots-txt.js';

export type { RobotsTxtFetch, RobotsTxtLineError } from './robots-txt.js';
export { robotsTxtErrors, robotsTxtVerdict } from './robots-txt.js';

export const SEO_AUDIT_IDS = [
  'is-crawlable',
  'document-title',
  'meta-description',
  'http-status-code',
  'link-text',
  'crawlable-anchors',
  'robots-txt',
  'image-alt',
  'hreflang',
  'canonical',
] as const;

export type SeoAuditId = (typeof SEO_AUDIT_IDS)[number];
export type SeoVerdict = 'pass' | 'fail' | 'na';
export type SeoAuditVerdicts = Record<SeoAuditId, SeoVerdict>;

/** The page issues behind each audit's failure (robots-txt is site-level: no page issue). */
export const SEO_AUDIT_ISSUES: Readonly<Record<SeoAuditId, readonly IssueCode[]>> = {
  'is-crawlable': ['noindex', 'robots_txt_blocks_page'],
  'document-title': ['title_missing'],
  'meta-description': ['meta_description_missing'],
  'http-status-code': ['http_status_4xx', 'http_status_5xx', 'http_status'],
  'link-text': ['vague_link_text'],
  'crawlable-anchors': ['uncrawlable_links'],
  'robots-txt': [],
  'image-alt': ['images_missing_alt'],
  hreflang: ['hreflang_invalid'],
  canonical: ['canonical_invalid', 'canonical_relative', 'canonical_conflict', 'canonical_other_language', 'canonical_to_root'],
};

/** Verdicts for a page's facts; `issues` defaults to pageIssues(facts). */
export function seoAuditVerdicts(facts: PageFacts, robotsTxt?: RobotsTxtFetch | null, issues: readonly PageIssue[] = pageIssues(facts)): SeoAuditVerdicts {
  const present = new Set(issues.map((i) => i.code));
  const failed = (id: SeoAuditId): boolean => SEO_AUDIT_ISSUES[id].some((code) => present.has(code));
  const verdict = (id: SeoAuditId): SeoVerdict => (failed(id) ? 'fail' : 'pass');
  const out = {} as SeoAuditVerdicts;
  for (const id of SEO_AUDIT_IDS) out[id] = 'na';
  out['robots-txt'] = robotsTxtVerdict(robotsTxt);
  if (facts.error === null && facts.statusCode > 0) out['http-status-code'] = verdict('http-status-code');
  if (!isScorable(facts)) return out;
  for (const id of SEO_AUDIT_IDS) {
    if (id === 'robots-txt' || id === 'http-status-code') continue;
    out[id] = verdict(id);
  }
  if (facts.imagesJudged === 0) out['image-alt'] = 'na';
  if (facts.canonicals.length === 0) out.canonical = 'na';
  return out;
}
