// Internal links that lead to a redirect or nowhere, and (when checked) broken external links.
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import { Verdict } from '../external-verdict.js';
import { Flag } from '../record-flags.js';
import type { SiteCheck } from './context.js';

export const internalLinkToRedirect: SiteCheck = ({ site }, record) => {
  const found: string[] = [];
  for (const id of site.linksOf(record, true)) {
    if (!site.redirects(id)) continue;
    const target = site.hit(id);
    // A redirect that never arrives (a loop, too many hops) is a broken link, not one to a redirect.
    if (site.has(target, Flag.Broken)) continue;
    const end = site.columns.final.get(target) !== id ? site.finalUrlOf(target) : `(${site.statusText(target)})`;
    found.push(`${site.columns.urls.value(id)} → ${end}`);
  }
  if (found.length === 0) return null;
  return issue(
    'internal_link_to_redirect',
    `${found.length === 1 ? '1 internal link points at a redirect' : `${found.length} internal links point at redirects`}; link to the final URL: ${shownList(found)}.`,
  );
};

export const brokenInternalLink: SiteCheck = ({ site }, record) => {
  const found: string[] = [];
  for (const id of site.linksOf(record, false)) {
    const target = site.hit(id);
    if (target !== -1 && site.has(target, Flag.Broken)) found.push(`${site.columns.urls.value(id)} (${site.statusText(target)})`);
  }
  if (found.length === 0) return null;
  return issue('broken_internal_link', `${plural(found.length, 'broken internal link')}: ${shownList(found)}.`);
};

export const brokenExternalLink: SiteCheck = ({ site, external }, record) => {
  if (external === null || !site.columns.externalUrls) return null;
  const found: string[] = [];
  for (const id of site.externalsOf(record)) {
    if (external.verdicts[id] === Verdict.Broken) found.push(`${site.columns.externalUrls.value(id)} (${external.reasons.get(id) ?? 'broken'})`);
  }
  if (found.length === 0) return null;
  return issue('broken_external_link', `${plural(found.length, 'broken external link')}: ${shownList(found)}.`);
};
