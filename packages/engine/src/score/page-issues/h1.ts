// The H1 states what the page is about: one is expected, and several blur it.
import { shownList } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const h1Headings: PageCheck = (f) => {
  const h1s = f.headings.filter((h) => h.level === 1);
  if (h1s.length === 0) return issue('h1_missing', 'The page has no H1 heading.');
  if (h1s.length > 1) return issue('h1_multiple', `${h1s.length} H1 headings: ${shownList(h1s.map((h) => `"${h.text}"`))}.`);
  return null;
};
