// A page as the audit stores it: every crawled field as the engine gave it, and what the site checks
// add to it later, each held to the contract's bounds (domain/page-bounds.ts) before it is stored.
import { linkEdgesOf, type PageAnalysis, type SitePageResult } from '@seo-geo/engine';
import { fitPage } from '../../domain/page-bounds.js';
import { uuidv7 } from '../../support/ids.js';
import type { NewAuditPage } from '../../storage/repositories/audit-pages.js';
import { ANALYSED_FIELDS, type RENAMED_FIELDS } from '../../storage/audit-page-columns.js';
import { contractBounds } from '@seo-geo/types/bounds';
import { storedStructuredData } from './structured-data.js';

/** The analysis as the audit stores it: the crawled fields, held to the contract's bounds, and its link graph edges. */
export function toStoredPage(auditRunId: string, analysis: PageAnalysis, now: number): NewAuditPage {
  // The picked fields' object is the page: spreading its 40 fields into a new one, twice, cost a
  // crawl more than picking them (bench:audit).
  const page: NewAuditPage = Object.assign(pick(analysis, ANALYSED_FIELDS), {
    hreflang: storedHreflang(analysis),
    id: uuidv7(now),
    auditRunId,
    structuredData: storedStructuredData(analysis.structuredData),
  } satisfies Pick<NewAuditPage, (typeof RENAMED_FIELDS)[number] | 'id' | 'auditRunId' | 'structuredData'>);
  // The page as fitPage answers it is this one, or a copy of it that is ours too.
  const fitted = fitPage(page);
  fitted.links = linkEdgesOf(analysis.links);
  return fitted;
}

/**
 * The alternates as the analysis lists them, null without an HTML page. A URL is never cut, and the
 * contract's entries need one: an alternate whose URL is longer than the contract's bound is left
 * out, as a list of URLs leaves it out (fit-to-contract.ts).
 */
function storedHreflang(analysis: PageAnalysis): NewAuditPage['hreflang'] {
  // The heading counts are null when no HTML was read: then there are no alternates to tell.
  if (analysis.h1Count === null) return null;
  const fits = analysis.hreflangs.every((h) => h.href.length <= MAX_HREFLANG_URL);
  return fits ? analysis.hreflangs : analysis.hreflangs.filter((h) => h.href.length <= MAX_HREFLANG_URL);
}

/** What the site checks found on a page, its issues held to the contract's bounds as a page's are. */
export function toStoredSiteResult(result: SitePageResult): SitePageResult {
  const fitted = fitPage({ issues: result.issues });
  return fitted.issues === result.issues ? result : { ...result, issues: fitted.issues };
}

const MAX_HREFLANG_URL = contractBounds.HreflangEntry.properties.href.maxLength;

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}
