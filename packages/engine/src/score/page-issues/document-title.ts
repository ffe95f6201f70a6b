// The title is the headline of the page's search result: missing, cut for being too wide, or too
// short to say what the page is about. Results cut a title by its width in pixels, not by its
// characters (analyse/head/title-width.ts measures it), so a title of narrow letters may run past
// 60 characters and one of capitals is cut well before.
import { characterCount, collapseSpaces } from '../characters.js';
import { issue } from '../issue-codes.js';
import { MESSAGES } from '../messages.js';
import type { PageCheck } from './page-check.js';

/** About the width at which a search result cuts a title (Arial, 20 px). */
const TITLE_MAX_PX = 580;
const TITLE_MIN = 30;

export const documentTitle: PageCheck = (f) => {
  if (!f.title || f.title.trim() === '') return issue('title_missing', MESSAGES.titleMissing);
  const text = collapseSpaces(f.title);
  const n = characterCount(text);
  const px = f.titlePixelWidth;
  if (px !== null && px > TITLE_MAX_PX) {
    return issue(
      'title_too_long',
      `The title is ${px} pixels wide (${n} characters; search results cut titles wider than about ${TITLE_MAX_PX} px): "${text}".`,
    );
  }
  if (n < TITLE_MIN) return issue('title_too_short', `The title is only ${n} characters long (fewer than ${TITLE_MIN}): "${text}".`);
  return null;
};
