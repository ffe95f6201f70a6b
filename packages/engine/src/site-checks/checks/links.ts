// Internal links that lead to a redirect or nowhere, and (when checked) broken external links.
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import { Verdict } from '../external-verdict.js';
import { Flag } from '../record-flags.js';
import type { SiteCheck } from './context.js';

export const internalLinkToRedirect: SiteCheck = ({ s }, r) => {
  const found: string[] = [];
  for (const id of s.linksOf(r, true)) {
    if (!s.redirects(id)) continue;
    const target = s.hit(id);
    const end = s.c.final[target] !== id ? s.finalUrlOf(target) : `(${s.statusText(target)})`;
    found.push(`${s.c.urls.value(id)} → ${end}`);
  }
  if (found.length === 0) return null;
  return issue(
    'internal_link_to_redirect',
    `${found.length === 1 ? '1 internal link points at a redirect' : `${found.length} internal links point at redirects`}; link to the final URL: ${shownList(found)}.`,
  );
};

export const brokenInternalLink: SiteCheck = ({ s }, r) => {
  const found: string[] = [];
  for (const id of s.linksOf(r, false)) {
    const target = s.hit(id);
    if (target !== -1 && s.has(target, Flag.Broken)) found.push(`${s.c.urls.value(id)} (${s.statusText(target)})`);
  }
  if (found.length === 0) return null;
  return issue('broken_internal_link', `${plural(found.length, 'broken internal link')}: ${shownList(found)}.`);
};

export const brokenExternalLink: SiteCheck = ({ s, external }, r) => {
  if (external === null || !s.c.externalUrls) return null;
  const found: string[] = [];
  for (const id of s.externalsOf(r)) {
    if (external.verdicts[id] === Verdict.Broken) found.push(`${s.c.externalUrls.value(id)} (${external.reasons.get(id) ?? 'broken'})`);
  }
  if (found.length === 0) return null;
  return issue('broken_external_link', `${plural(found.length, 'broken external link')}: ${shownList(found)}.`);
};
