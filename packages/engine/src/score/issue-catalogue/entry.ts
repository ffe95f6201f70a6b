// One issue code's entry in the catalogue, as each category's file writes it. The code's severity
// is issue-codes.ts's, not written again here.
import type { IssueCode } from '../issue-codes.js';

/** 1, fix first; 2, fix soon; 3, improve when convenient. */
export type IssuePriority = 1 | 2 | 3;

/** What a site owner reads of an issue code. */
export interface IssueText {
  priority: IssuePriority;
  /** `page`: judged on the page alone; `site`: found after the crawl from every page (site-checks/). */
  scope: 'page' | 'site';
  title: string;
  description: string;
  howToFix: string;
}

/** An issue code's entry: its text, and `emitted: false` for a code audits no longer give. */
export type CatalogueEntry = IssueText & { emitted?: false };

/** A category's entries, keyed by code: a key that is no issue code does not compile. */
export type CatalogueEntries = Partial<Record<IssueCode, CatalogueEntry>>;
