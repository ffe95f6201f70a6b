// Images search engines and screen readers cannot read (axe's image-alt, as analyse/resources/image-alt.ts counts them).
import { plural } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const imageAlt: PageCheck = (f) => {
  if (f.imagesWithoutAlt > 0) return issue('images_missing_alt', `${plural(f.imagesWithoutAlt, 'image')} without alt text (no alt attribute, or only spaces).`);
  return null;
};
