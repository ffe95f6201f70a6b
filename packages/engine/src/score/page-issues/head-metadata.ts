// Head-only metadata (robots meta tag, meta description, canonical, hreflang) that search engines
// ignore where it stands: in the body proper, or after something that ended the head early.
import { capitalise } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const metadataOutsideHead: PageCheck = (f) => {
  if (!f.metadataAfterHead) return null;
  const { endedBy, kinds } = f.metadataAfterHead;
  const what = `the ${kinds.join(', ')}`;
  const one = kinds.length === 1;
  if (endedBy === 'body') {
    return issue('metadata_in_body', `${capitalise(what)} ${one ? 'is' : 'are'} in the <body>, where search engines ignore ${one ? 'it' : 'them'}.`);
  }
  const end = endedBy === '#text' ? 'text' : `<${endedBy}>`;
  return issue('head_closed_early', `The <head> ends early at ${end}: ${what} after it ${one ? 'is' : 'are'} ignored.`);
};
