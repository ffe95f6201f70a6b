// The canonical as ../canonical-verdict.ts judges it: one issue for a canonical that cannot be used,
// is wrong, or names another URL; none for a page that names itself or declares nothing. The A4
// check reports the same verdict in the same words (../messages.ts).
import { judgeCanonical } from '../canonical-verdict.js';
import type { IssueCode } from '../issue-codes.js';
import { issue } from '../issue-codes.js';
import { canonicalMessage, type ReportedCanonical } from '../messages.js';
import type { PageCheck } from './page-check.js';

const CODES: Record<ReportedCanonical['kind'], IssueCode> = {
  invalid: 'canonical_invalid',
  conflict: 'canonical_conflict',
  other_language: 'canonical_other_language',
  root: 'canonical_to_root',
  relative: 'canonical_relative',
  elsewhere: 'canonical_elsewhere',
};

export const canonical: PageCheck = (f) => {
  const v = judgeCanonical(f);
  if (v.kind === 'none' || v.kind === 'self') return null;
  return issue(CODES[v.kind], canonicalMessage(v));
};
