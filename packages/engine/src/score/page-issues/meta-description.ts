// The meta description is the snippet of the page's search result: missing, cut for being too
// long, or too short to summarise the page. The long one is not quoted: it would be longer still.
import { characterCount, collapseSpaces } from '../characters.js';
import { issue } from '../issue-codes.js';
import { MESSAGES } from '../messages.js';
import type { PageCheck } from './page-check.js';

const DESCRIPTION_MAX = 160;
const DESCRIPTION_MIN = 70;

export const metaDescription: PageCheck = (f) => {
  if (!f.metaDescription || f.metaDescription.trim() === '') return issue('meta_description_missing', MESSAGES.metaDescriptionMissing);
  const text = collapseSpaces(f.metaDescription);
  const n = characterCount(text);
  if (n > DESCRIPTION_MAX)
    return issue('meta_description_too_long', `The meta description is ${n} characters long (more than ${DESCRIPTION_MAX}; search results cut it).`);
  if (n < DESCRIPTION_MIN)
    return issue('meta_description_too_short', `The meta description is only ${n} characters long (fewer than ${DESCRIPTION_MIN}): "${text}".`);
  return null;
};
