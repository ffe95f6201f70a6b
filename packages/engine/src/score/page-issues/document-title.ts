// The title is the headline of the page's search result: missing, cut for being too long, or too
// short to say what the page is about.
import { characterCount, collapseSpaces } from '../characters.js';
import { issue } from '../issue-codes.js';
import { MESSAGES } from '../messages.js';
import type { PageCheck } from './page-check.js';

const TITLE_MAX = 60;
const TITLE_MIN = 30;

export const documentTitle: PageCheck = (f) => {
  if (!f.title || f.title.trim() === '') return issue('title_missing', MESSAGES.titleMissing);
  const text = collapseSpaces(f.title);
  const n = characterCount(text);
  if (n > TITLE_MAX) return issue('title_too_long', `The title is ${n} characters long (more than ${TITLE_MAX}; search results cut it): "${text}".`);
  if (n < TITLE_MIN) return issue('title_too_short', `The title is only ${n} characters long (fewer than ${TITLE_MIN}): "${text}".`);
  return null;
};
