// Plain-HTTP subresources on an HTTPS page: browsers block or flag them (analyse/resources/mixed-content.ts).
import { plural, shownList } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const mixedContent: PageCheck = (f) => {
  if (f.mixedContent.length === 0) return null;
  return issue('mixed_content', `The HTTPS page loads ${plural(f.mixedContent.length, 'resource')} over plain HTTP: ${shownList(f.mixedContent)}.`);
};
