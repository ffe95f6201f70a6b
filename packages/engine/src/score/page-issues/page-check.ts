// A page check judges one page on its own facts, as a site check (site-checks/checks/context.ts)
// judges one record against the whole site; ../issues.ts runs them in the order their issues are listed.
import type { PageFacts } from '../../analyse/facts.js';
import type { PageIssue } from '../../types.js';

/** One page check: its issue, or null. */
export type PageCheck = (f: PageFacts) => PageIssue | null;
