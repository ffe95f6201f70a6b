// Too little main content to answer a search, whatever surrounds it.
import { plural } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

const THIN_CONTENT_WORDS = 200;

export const thinContent: PageCheck = (f) => {
  if (f.wordCount < THIN_CONTENT_WORDS) return issue('thin_content', `Only ${plural(f.wordCount, 'word')} of main content (fewer than ${THIN_CONTENT_WORDS}).`);
  return null;
};
