// What each issue code means to a site owner: a title, what it says, how to clear it, and a
// priority (1, fix first; 2, fix soon; 3, improve when convenient). The entries are written by
// category in issue-catalogue/ and put together here, keyed by IssueCode, so a code added to
// ISSUE_CODES without its entry in one of them does not compile. The priority ranks the effect on
// being crawled, indexed and cited, which severity alone does not: a missing title is an error of
// the page, a page search engines cannot reach is worse.
import { ISSUE_CODES, type IssueCode } from './issue-codes.js';
import { CANONICALS } from './issue-catalogue/canonicals.js';
import { CONTENT } from './issue-catalogue/content.js';
import type { CatalogueEntry, IssueText } from './issue-catalogue/entry.js';
import { FETCHING } from './issue-catalogue/fetching.js';
import { INDEXABILITY } from './issue-catalogue/indexability.js';
import { LINKS } from './issue-catalogue/links.js';
import { MARKUP } from './issue-catalogue/markup.js';
import type { IssueSeverity } from '../types.js';

export type { IssuePriority } from './issue-catalogue/entry.js';

export interface IssueDefinition extends IssueText {
  code: IssueCode;
  severity: IssueSeverity;
  /** False for a code audits no longer give. */
  emitted: boolean;
}

const CATALOGUE: Record<IssueCode, CatalogueEntry> = { ...FETCHING, ...INDEXABILITY, ...CANONICALS, ...CONTENT, ...LINKS, ...MARKUP };

const SEVERITY_ORDER: Record<IssueSeverity, number> = { error: 0, warning: 1, notice: 2 };

/** Every code with its text, by priority, then severity, then code. */
export const ISSUE_CATALOGUE: readonly IssueDefinition[] = (Object.keys(CATALOGUE) as IssueCode[])
  .map((code): IssueDefinition => {
    const { emitted, ...entry } = CATALOGUE[code];
    return { code, severity: ISSUE_CODES[code], ...entry, emitted: emitted ?? true };
  })
  .sort((a, b) => a.priority - b.priority || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.code < b.code ? -1 : 1));

const BY_CODE = new Map<string, IssueDefinition>(ISSUE_CATALOGUE.map((d) => [d.code, d]));

/** The catalogue's entry of a code; undefined for a code this version does not know. */
export function issueDefinition(code: string): IssueDefinition | undefined {
  return BY_CODE.get(code);
}
