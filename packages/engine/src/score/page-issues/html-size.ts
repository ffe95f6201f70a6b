// An HTML document so large that crawlers may stop reading it before its end.
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

const HTML_MAX_BYTES = 2 * 1024 * 1024;

export const htmlTooLarge: PageCheck = (f) => {
  if (f.htmlBytes !== null && f.htmlBytes > HTML_MAX_BYTES)
    return issue('html_too_large', `The HTML is ${(f.htmlBytes / 1024 / 1024).toFixed(1)} MiB (${f.htmlBytes} bytes), more than 2 MiB.`);
  return null;
};
