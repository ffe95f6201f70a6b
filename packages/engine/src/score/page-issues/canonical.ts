// The canonical as canonical-verdict.ts judges it: one issue for a canonical that cannot be used,
// is wrong, or names another URL; none for a page that names itself or declares nothing.
import { judgeCanonical } from '../canonical-verdict.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const canonical: PageCheck = (f) => {
  const v = judgeCanonical(f);
  switch (v.kind) {
    case 'invalid':
      return issue('canonical_invalid', `The canonical "${v.href}" is not a valid http(s) URL.`);
    case 'conflict':
      return issue('canonical_conflict', `Several different canonicals: ${v.targets.join(', ')}.`);
    case 'other_language':
      return issue('canonical_other_language', `The canonical points to another language version listed by hreflang: ${v.target}.`);
    case 'root':
      return issue('canonical_to_root', `The canonical points to the site root: ${v.target}.`);
    case 'relative':
      return issue('canonical_relative', `The canonical is relative: "${v.href}".`);
    case 'elsewhere':
      return issue('canonical_elsewhere', `The canonical names another page${v.crossSite ? ' on another site' : ''}: ${v.target}.`);
    case 'none':
    case 'self':
      return null;
  }
};
