// Links whose text tells neither readers nor search engines where they lead (Lighthouse's link-text).
import { plural } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const vagueLinkText: PageCheck = (f) => {
  if (f.vagueLinkTexts.length === 0) return null;
  const distinct = [...new Set(f.vagueLinkTexts.map((t) => `"${t}"`))];
  return issue('vague_link_text', `${plural(f.vagueLinkTexts.length, 'link')} with vague text: ${distinct.join(', ')}.`);
};
