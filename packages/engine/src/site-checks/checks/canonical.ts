// Canonicals that lead on: to a page whose own canonical is yet another URL, or to a URL that
// does not answer 200. Only a canonical naming another URL than the page's final one is judged.
import { issue } from '../../score/issue-codes.js';
import type { SiteCheck } from './context.js';

export const canonicalChain: SiteCheck = ({ s }, r) => {
  const b = s.c.canonical[r]!;
  if (b === -1 || b === s.c.final[r]) return null;
  const target = s.hit(b);
  if (target === -1) return null;
  const c = s.c.canonical[target]!;
  if (c === -1 || c === b) return null;
  const urls = s.c.urls;
  return issue('canonical_chain', `The canonical ${urls.value(b)} names another canonical, ${urls.value(c)}: point this page's canonical at the final one.`);
};

export const canonicalToNon200: SiteCheck = ({ s }, r) => {
  const b = s.c.canonical[r]!;
  if (b === -1 || b === s.c.final[r] || !s.not200(b)) return null;
  const target = s.hit(b);
  const answer = s.redirects(b) && s.c.url[target] !== s.c.final[target] ? `redirects to ${s.finalUrlOf(target)}` : `answers ${s.statusText(target)}`;
  return issue('canonical_to_non_200', `The canonical ${s.c.urls.value(b)} ${answer}.`);
};
