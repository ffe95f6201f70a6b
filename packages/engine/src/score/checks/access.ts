// A: can answer engines reach and use the page at all?

import type { CheckResult } from '../../types.js';
import { isBlockingDirective, splitDirective } from '../../analyse/head/robots-directives.js';
import { judgeCanonical } from '../canonical-verdict.js';
import { canonicalMessage } from '../messages.js';
import type { PageFacts } from '../../analyse/facts.js';
import { CHECKS } from '../rubric.js';
import { fail, halfPoints, notApplicable, partial, pass } from '../result.js';

/**
 * A1 (6): no noindex / none / nosnippet / max-snippet:0 in meta robots or X-Robots-Tag.
 * fail 0 — a blocking directive addressed to all crawlers;
 * partial 3 — blocking directives only for named crawlers (e.g. `googlebot: noindex`): the page
 *   stays eligible elsewhere but is lost to that engine;
 * pass 6 — none.
 */
export function checkIndexable(f: Pick<PageFacts, 'robotsDirectives'>): CheckResult {
  const def = CHECKS.A1;
  const generic: string[] = [];
  const scoped: string[] = [];
  for (const entry of f.robotsDirectives) {
    const { agent, directive } = splitDirective(entry);
    if (!isBlockingDirective(directive)) continue;
    (agent === null ? generic : scoped).push(entry);
  }
  if (generic.length > 0) {
    return fail(
      def,
      `Robots directives block indexing or snippets: ${generic.join(', ')}.`,
      'Remove noindex/nosnippet from the meta robots tag and the X-Robots-Tag header if this page should be found and quoted.',
    );
  }
  if (scoped.length > 0) {
    return partial(
      def,
      3,
      `Directives block indexing or snippets for some crawlers: ${scoped.join(', ')}.`,
      'Remove the crawler-specific noindex/nosnippet directives unless you mean to hide the page from those engines.',
    );
  }
  return pass(def, 'No noindex or nosnippet directive in meta robots or X-Robots-Tag.');
}

/**
 * A2 (6): share of the AI agents that robots.txt allows to fetch this URL.
 * earned = 6 × allowed ÷ agents, rounded to the nearest half point (7 of 8 → 5.25 → 5.5).
 * pass when all are allowed, fail when none, partial otherwise; na when no agents are listed.
 */
export function checkAiAgentsAllowed(f: Pick<PageFacts, 'aiAgentAccess'>): CheckResult {
  const def = CHECKS.A2;
  const agents = Object.keys(f.aiAgentAccess);
  if (agents.length === 0) return notApplicable(def, 'No AI agents to check.');
  const blocked = agents.filter((a) => !f.aiAgentAccess[a]);
  const allowed = agents.length - blocked.length;
  if (blocked.length === 0) return pass(def, `robots.txt allows all ${agents.length} AI agents to fetch this page.`);
  const fix = `Allow the AI search and user agents you want to be cited by (${blocked.join(', ')}) in robots.txt; blocking training-only bots is a business choice.`;
  if (allowed === 0) return fail(def, `robots.txt blocks all ${agents.length} AI agents: ${blocked.join(', ')}.`, fix);
  return partial(
    def,
    halfPoints((def.max * allowed) / agents.length),
    `robots.txt allows ${allowed} of ${agents.length} AI agents; blocked: ${blocked.join(', ')}.`,
    fix,
  );
}

/**
 * A3 (5): the main content is in the HTML as served (answer-engine crawlers do not run JavaScript).
 * Judged on what was measured: 150 words or more as served pass. Fewer are judged only when the
 * audit rendered the page (rerenderedA3: scripts adding the content fail, a page whose rendering
 * adds nothing passes, being simply short, which R4 reports); without a rendering whether scripts
 * would add anything is unknown, and A3 does not apply. Advice to render on the server is given only
 * when rendering showed content the served HTML lacks.
 */
export function checkServerRenderedContent(f: Pick<PageFacts, 'wordCount'>): CheckResult {
  const def = CHECKS.A3;
  if (f.wordCount >= 150) return pass(def, `${f.wordCount} words of main content are in the server HTML.`);
  return notApplicable(
    def,
    `${f.wordCount} words of main content are in the server HTML. Whether scripts add more is known only by rendering the page (an audit with renderJavaScript); a page this short is reported by R4.`,
  );
}

/** A3 judged again with the page's rendering: what the browser shows against what was served. */
export function rerenderedA3(raw: CheckResult, rawWords: number, renderedWords: number, needsJavascript: boolean): CheckResult {
  const def = CHECKS.A3;
  if (needsJavascript) {
    return fail(
      def,
      `${rawWords} words of main content are in the server HTML, ${renderedWords} after JavaScript runs: scripts add content that answer-engine crawlers, which do not run them, never see.`,
      'Render the main content on the server (SSR or static HTML); AI crawlers do not run JavaScript.',
    );
  }
  if (raw.status !== 'na') return raw;
  return pass(def, `All ${rawWords} words of main content are in the server HTML: rendering the page adds none. A page this short is reported by R4.`);
}

/**
 * A4 (3): canonical valid and consistent (after Lighthouse's canonical audit).
 * na — no canonical declared (Lighthouse: not applicable);
 * fail 0 — an unusable URL, several different canonicals, the site root declared as canonical of
 *   a deeper page, or another language version that hreflang lists as this page's alternate;
 * partial 1.5 — usable but a relative URL, or it names another URL, on this site or another
 *   (legitimate, but this page declares itself a duplicate: engines will cite the other URL);
 * pass 3 — one absolute canonical equal to the page's final URL.
 */
export function checkCanonical(f: Pick<PageFacts, 'canonicals' | 'finalUrl' | 'siteDomain' | 'hreflangs'>): CheckResult {
  const def = CHECKS.A4;
  const v = judgeCanonical(f);
  const ownUrl = 'Point the canonical to this page’s own absolute URL.';
  switch (v.kind) {
    case 'none':
      return notApplicable(def, 'No canonical URL is declared.');
    case 'invalid':
      return fail(def, canonicalMessage(v), ownUrl);
    case 'conflict':
      return fail(def, canonicalMessage(v), 'Declare a single canonical URL (HTML and Link header must agree).');
    case 'other_language':
      return fail(def, canonicalMessage(v), 'Give each language version its own URL as canonical; hreflang links the versions together.');
    case 'root':
      return fail(def, canonicalMessage(v), ownUrl);
    case 'elsewhere':
      return partial(def, 1.5, canonicalMessage(v), 'If this page should be cited itself, make its canonical its own URL.');
    case 'relative':
      return partial(def, 1.5, canonicalMessage(v), 'Write the canonical as an absolute URL.');
    case 'self':
      return pass(def, `The canonical is this page’s own URL (${v.target}).`);
  }
}
