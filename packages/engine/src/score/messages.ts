// The wording of the facts that a page issue and a rubric check both report: the issue list and
// the score's evidence describe the same page, so they say the same thing the same way.

import type { CanonicalVerdict } from './canonical-verdict.js';

export const MESSAGES = {
  titleMissing: 'The page has no <title>.',
  metaDescriptionMissing: 'The page has no meta description.',
} as const;

/** The canonical verdicts that both a page issue and the A4 evidence report. */
export type ReportedCanonical = Exclude<CanonicalVerdict, { kind: 'none' | 'self' }>;

export function canonicalMessage(v: ReportedCanonical): string {
  switch (v.kind) {
    case 'invalid':
      return `The canonical "${v.href}" is not a valid http(s) URL.`;
    case 'relative':
      return `The canonical is a relative URL ("${v.href}").`;
    case 'conflict':
      return `Several different canonicals: ${v.targets.join(', ')}.`;
    case 'other_language':
      return `The canonical points to another language version listed by hreflang: ${v.target}.`;
    case 'root':
      return `The canonical points to the site root (${v.target}) from a deeper page.`;
    case 'elsewhere':
      return `The canonical names another URL${v.crossSite ? ' on another site' : ''}: ${v.target}.`;
  }
}
