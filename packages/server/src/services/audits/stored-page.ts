// A page as the audit stores it: every crawled field as the engine gave it, and what the site checks
// add to it later, each held to the contract's bounds (domain/page-bounds.ts) before it is stored.
import { linkEdgesOf, type PageAnalysis, type SitePageResult } from '@seo-geo/engine';
import { fitPage } from '../../domain/page-bounds.js';
import { uuidv7 } from '../../support/ids.js';
import type { NewAuditPage } from '../../storage/repositories/audit-pages.js';
import { CRAWLED_FIELDS } from '../../storage/audit-page-columns.js';
import { storedStructuredData } from './structured-data.js';

/** The analysis as the audit stores it: the crawled fields, held to the contract's bounds, and its link graph edges. */
export function toStoredPage(auditRunId: string, analysis: PageAnalysis, now: number): NewAuditPage {
  const taken: Pick<PageAnalysis, (typeof CRAWLED_FIELDS)[number]> = pick(analysis, CRAWLED_FIELDS);
  const page = fitPage({ ...taken, id: uuidv7(now), auditRunId, structuredData: storedStructuredData(analysis.structuredData) });
  return { ...page, links: linkEdgesOf(analysis.links) };
}

/** What the site checks found on a page, its issues held to the contract's bounds as a page's are. */
export function toStoredSiteResult(result: SitePageResult): SitePageResult {
  const fitted = fitPage({ issues: result.issues });
  return fitted.issues === result.issues ? result : { ...result, issues: fitted.issues };
}

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}
