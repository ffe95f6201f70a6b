// The GEO score: every check of the rubric, then round(100 × earned ÷ applicable max).
// Checks that do not apply drop out of both sums. A record the score does not apply to (not a 2xx
// HTML page: see scored-record.ts) has no checks. A 2xx HTML page without a usable body scores 0
// and every check fails with the reason, so the breakdown still explains the 0.

import type { CheckResult } from '../types.js';
import { checkAiAgentsAllowed, checkCanonical, checkIndexable, checkServerRenderedContent } from './checks/access.js';
import { checkCitations, checkKeywordStuffing, checkQuotation, checkStatistics } from './checks/evidence.js';
import { checkAuthorAndDate, checkLang, checkMetaDescription, checkSchemaPresent, checkSchemaProperties, checkTitle } from './checks/markup.js';
import { checkHeadings, checkLength, checkListsOrTables, checkReadable } from './checks/structure.js';
import { isScorable } from '../analyse/facts.js';
import type { PageFacts } from '../analyse/facts.js';
import { CHECK_IDS, CHECKS, RUBRIC_ID } from './rubric.js';
import { fail } from './result.js';
import { notScoredReason } from './scored-record.js';

export interface GeoScore {
  rubricId: string;
  geoScore: number;
  checks: CheckResult[];
}

/** The checks of the rubric, in rubric order. */
export const RUBRIC_CHECKS: ReadonlyArray<(f: PageFacts) => CheckResult> = [
  checkIndexable,
  checkAiAgentsAllowed,
  checkServerRenderedContent,
  checkCanonical,
  checkQuotation,
  checkStatistics,
  checkCitations,
  checkKeywordStuffing,
  checkReadable,
  checkHeadings,
  checkListsOrTables,
  checkLength,
  checkSchemaPresent,
  checkSchemaProperties,
  checkTitle,
  checkMetaDescription,
  checkLang,
  checkAuthorAndDate,
];

export function scorePage(facts: PageFacts): GeoScore {
  if (notScoredReason(facts) !== null) return { rubricId: RUBRIC_ID, geoScore: 0, checks: [] };
  if (!isScorable(facts)) return unscorable(unscorableReason(facts));
  const checks = RUBRIC_CHECKS.map((check) => check(facts));
  return { rubricId: RUBRIC_ID, geoScore: scoreOf(checks), checks };
}

/** round(100 × earned ÷ applicable max); 0 when nothing applies. */
export function scoreOf(checks: readonly CheckResult[]): number {
  let earned = 0;
  let applicable = 0;
  for (const c of checks) {
    if (c.status === 'na') continue;
    earned += c.earned;
    applicable += c.max;
  }
  return applicable === 0 ? 0 : Math.round((100 * earned) / applicable);
}

/** Score 0 with every check failed for the same reason. */
export function unscorable(reason: string): GeoScore {
  const checks = CHECK_IDS.map((id) => fail(CHECKS[id], `Not scored: ${reason}.`, 'Make this URL return a 200 HTML page, or stop linking to it.'));
  return { rubricId: RUBRIC_ID, geoScore: 0, checks };
}

/** Why a 2xx HTML page could not be scored (any other record is not scored at all: scored-record.ts). */
export function unscorableReason(f: Pick<PageFacts, 'error'>): string {
  if (f.error) return `the fetch failed (${f.error.code}: ${f.error.message})`;
  return 'the HTML body is not available';
}
