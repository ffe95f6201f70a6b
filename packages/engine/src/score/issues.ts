// The issues of a page judged on its own, one check per module of page-issues/, in the order
// issue-finders.ts names them. That table is keyed by issue code, so a new code does not compile
// until it names the check that finds it (or says that the site checks or another part do).

import { isScorable } from '../analyse/facts.js';
import type { PageFacts } from '../analyse/facts.js';
import type { PageIssue } from '../types.js';
import type { PageCheck } from './page-issues/page-check.js';
import { redirects } from './page-issues/redirects.js';
import { unusableResponse } from './page-issues/unusable-response.js';
import { PAGE_CHECKS } from './issue-finders.js';

/** What the fetch met on its way to the page: judged for every record. */
const RESPONSE_CHECKS: readonly PageCheck[] = [redirects, unusableResponse];

export function pageIssues(f: PageFacts): PageIssue[] {
  // Without a 2xx HTML body there is no document to judge, and unusableResponse has said why.
  const checks = isScorable(f) ? PAGE_CHECKS : RESPONSE_CHECKS;
  const issues: PageIssue[] = [];
  for (const check of checks) {
    const found = check(f);
    if (found !== null) issues.push(found);
  }
  return issues;
}
