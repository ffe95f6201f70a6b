// Without a declared encoding, browsers and crawlers guess it, and may garble the text (Lighthouse's charset).
import { CHARSET_SCAN_LIMIT } from '../../analyse/head/charset-declaration.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const charset: PageCheck = (f) => {
  if (f.charsetDeclaredBy !== null) return null;
  return issue(
    'charset_missing',
    `No character encoding is declared: no charset in the Content-Type header, no byte-order mark, and no <meta charset> in the first ${CHARSET_SCAN_LIMIT} bytes.`,
  );
};
