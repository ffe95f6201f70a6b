// JavaScript rendering, for audits that ask for it: the page as fetched is analysed first (its
// score and issues are what answer-engine crawlers, which do not run scripts, get); then the
// browser's DOM is analysed by the same analyser, and the difference is reported. The rendered
// page's internal links join discovery and the site index, so a site built by scripts is still
// crawled whole.
import type { AnalysisSite, PageAnalyser } from '../page/page-analyser.js';
import type { PageRenderer } from '../render/types.js';
import { shownList } from '../score/evidence.js';
import { issue } from '../score/issue-codes.js';
import { rerenderedA3 } from '../score/checks/access.js';
import { scoreOf } from '../score/score.js';
import type { FetchedPage, LinkInfo, PageIssue, RenderingComparison } from '../types.js';
import type { PageAnalysis } from '../page/analysis.js';

/** The rendered page must add this many main-content words... */
const MIN_EXTRA_WORDS = 50;
/** ...and the raw HTML hold less than this share of them, for the content to need JavaScript. */
const RAW_SHARE = 0.8;

export interface RenderOutcome {
  comparison: RenderingComparison;
  /** Internal links only the rendered page has (for discovery and the site index). */
  renderedOnlyLinks: LinkInfo[];
}

/** Renders a scored page and compares; rendering failures are reported, never thrown. */
export async function renderPage(
  page: FetchedPage,
  raw: PageAnalysis,
  site: AnalysisSite,
  using: { analyser: PageAnalyser; renderer: PageRenderer },
  signal: AbortSignal,
): Promise<RenderOutcome> {
  const { analyser, renderer } = using;
  let html: string | null;
  try {
    const rendered = await renderer.render(page.finalUrl, { signal });
    html = rendered.html;
    if (html === null) return failed(raw, rendered.error ?? 'the browser returned no HTML');
  } catch (err) {
    return failed(raw, messageOf(err));
  }
  try {
    return compareRendering(raw, await analyser.analyse({ ...page, body: html }, site, signal));
  } catch (err) {
    return failed(raw, `the rendered HTML could not be analysed: ${messageOf(err)}`);
  }
}

export function compareRendering(raw: PageAnalysis, rendered: PageAnalysis): RenderOutcome {
  const rawTargets = internalTargets(raw.links);
  const renderedTargets = new Map<string, LinkInfo>();
  for (const link of rendered.links) if (link.internal && !renderedTargets.has(link.href)) renderedTargets.set(link.href, link);
  const onlyRendered = [...renderedTargets.values()].filter((l) => !rawTargets.has(l.href));
  return {
    comparison: {
      status: 'rendered',
      error: null,
      rawWordCount: raw.wordCount,
      renderedWordCount: rendered.wordCount,
      rawInternalLinks: rawTargets.size,
      renderedInternalLinks: renderedTargets.size,
      internalLinksOnlyRendered: onlyRendered.length,
    },
    renderedOnlyLinks: rendered.links.filter((l) => l.internal && !rawTargets.has(l.href)),
  };
}

export function failedRendering(raw: PageAnalysis, error: string): RenderingComparison {
  return {
    status: 'failed',
    error: error.slice(0, 500),
    rawWordCount: raw.wordCount,
    renderedWordCount: null,
    rawInternalLinks: internalTargets(raw.links).size,
    renderedInternalLinks: null,
    internalLinksOnlyRendered: null,
  };
}

/** Scripts add much of the main content: MIN_EXTRA_WORDS more, and the served HTML has less than RAW_SHARE of it. */
export function scriptsAddContent(c: RenderingComparison): boolean {
  if (c.status !== 'rendered' || c.renderedWordCount === null) return false;
  return c.renderedWordCount - c.rawWordCount >= MIN_EXTRA_WORDS && c.rawWordCount < RAW_SHARE * c.renderedWordCount;
}

/** The page's checks and score once its rendering is known: A3 judged on what rendering showed. */
export function withRenderingJudged(analysis: PageAnalysis, c: RenderingComparison): Pick<PageAnalysis, 'checks' | 'geoScore'> {
  if (c.status !== 'rendered' || c.renderedWordCount === null) return { checks: analysis.checks, geoScore: analysis.geoScore };
  const renderedWords = c.renderedWordCount;
  const checks = analysis.checks.map((check) => (check.id === 'A3' ? rerenderedA3(check, c.rawWordCount, renderedWords, scriptsAddContent(c)) : check));
  return { checks, geoScore: scoreOf(checks) };
}

/** `content_needs_javascript` when scripts add much of the main content or any internal link. */
export function contentNeedsJavascript(outcome: RenderOutcome): PageIssue | null {
  const c = outcome.comparison;
  if (c.status !== 'rendered' || c.renderedWordCount === null) return null;
  const words = scriptsAddContent(c);
  const links = [...new Set(outcome.renderedOnlyLinks.map((l) => l.href))];
  if (!words && links.length === 0) return null;
  const parts: string[] = [];
  if (words) parts.push(`the main content has ${c.renderedWordCount} words after JavaScript runs but ${c.rawWordCount} in the HTML as fetched`);
  if (links.length > 0) {
    parts.push(`${links.length} internal link${links.length === 1 ? ' appears' : 's appear'} only after rendering: ${shownList(links)}`);
  }
  const text = parts.join('; ');
  return issue(
    'content_needs_javascript',
    `${text.charAt(0).toUpperCase()}${text.slice(1)}. Answer-engine crawlers (GPTBot, ClaudeBot, PerplexityBot) do not run JavaScript: they read only the HTML as fetched.`,
  );
}

function failed(raw: PageAnalysis, error: string): RenderOutcome {
  return { comparison: failedRendering(raw, error), renderedOnlyLinks: [] };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function internalTargets(links: readonly LinkInfo[]): Set<string> {
  const out = new Set<string>();
  for (const link of links) if (link.internal) out.add(link.href);
  return out;
}
