// hreflang alternates search engines discard: a value that is not a language code, or a URL that
// is not absolute (analyse/head/hreflang.ts says which).
import { hreflangProblems } from '../../analyse/head/hreflang.js';
import { plural } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

const ALTERNATES_SHOWN = 5;

export const hreflangInvalid: PageCheck = (f) => {
  const bad = hreflangProblems(f.hreflangs);
  if (bad.length === 0) return null;
  const shown = bad
    .slice(0, ALTERNATES_SHOWN)
    .map(
      (p) =>
        `hreflang="${p.hreflang}" href="${p.href}" (${p.reasons.map((r) => (r === 'language' ? 'not a language code' : 'not an absolute URL')).join(', ')})`,
    );
  const more = bad.length > ALTERNATES_SHOWN ? `; and ${bad.length - ALTERNATES_SHOWN} more` : '';
  return issue('hreflang_invalid', `${plural(bad.length, 'invalid hreflang alternate')}: ${shown.join('; ')}${more}.`);
};
