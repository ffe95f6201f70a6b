// Without a viewport that sets a width, phones show the page at desktop width (Lighthouse's viewport).
import { viewportSetsWidth } from '../../analyse/head/viewport.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const viewport: PageCheck = (f) => {
  if (f.viewport === null) return issue('viewport_missing', 'The page has no <meta name="viewport"> in its head: phones show it at desktop width.');
  if (!viewportSetsWidth(f.viewport)) return issue('viewport_missing', `The <meta name="viewport"> sets neither width nor initial-scale: "${f.viewport}".`);
  return null;
};
