// Canonicals that lead on: to a page whose own canonical is yet another URL, or to a URL that
// does not answer 200. Only a canonical naming another URL than the page's final one is judged.
import { issue } from '../../score/issue-codes.js';
import type { SiteCheck } from './context.js';

export const canonicalChain: SiteCheck = ({ site }, record) => {
  const b = site.columns.canonical.get(record);
  if (b === -1 || b === site.columns.final.get(record)) return null;
  const target = site.hit(b);
  if (target === -1) return null;
  const c = site.columns.canonical.get(target);
  if (c === -1 || c === b) return null;
  const urls = site.columns.urls;
  return issue('canonical_chain', `The canonical ${urls.value(b)} names another canonical, ${urls.value(c)}: point this page's canonical at the final one.`);
};

export const canonicalToNon200: SiteCheck = ({ site }, record) => {
  const b = site.columns.canonical.get(record);
  if (b === -1 || b === site.columns.final.get(record) || !site.not200(b)) return null;
  const target = site.hit(b);
  const answer =
    site.redirects(b) && site.columns.url.get(target) !== site.columns.final.get(target)
      ? `redirects to ${site.finalUrlOf(target)}`
      : `answers ${site.statusText(target)}`;
  return issue('canonical_to_non_200', `The canonical ${site.columns.urls.value(b)} ${answer}.`);
};
