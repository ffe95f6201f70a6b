// An audit = the crawl, with the analyser as its page processor (and the browser, when the audit
// renders JavaScript), then the optional external link check, the site checks, and the
// site-level findings. robots.txt is fetched once per origin (the crawler's cache) and the same
// rules go into each page's SiteContext. Pages stream out as they are analysed; the HTML body is
// dropped once analysed and only a compact index of each page stays for the site checks, so
// memory stays bounded.
//
// Events: phase (crawling or rendering), page and progress events, phase external_links and phase
// resources (each when asked), phase site_checks, one site-page per recorded page,
// broken-resources (when resources were checked), site, done.
//
// Shared (options.shared): several workers run this on one frontier. Each streams its own pages
// with their site records; a helper ends there (no phases, no site checks). The lead also
// discovers the site, and once the frontier is settled indexes every worker's stored records and
// runs the site checks as above.
//
// Stopped and resumed (options.resume, one worker): the stopped audit's records are indexed first,
// their URLs not fetched again, and its unfinished URLs crawled; the site checks then judge both
// parts together. Every page event carries its site record, which is what a caller that may stop
// the audit keeps of each page to resume it.
import { analysePage } from '../page/analyse-page.js';
import { analyseInline, robotsSourceOf, siteContextOf, type AnalysisSite, type PageAnalyser } from '../page/page-analyser.js';
import { crawl } from '../crawl/crawler.js';
import { resolveLimits } from '../crawl/limits.js';
import { extractLinks } from '../crawl/links.js';
import { normaliseUrl, originOf } from '../crawl/normalise-url.js';
import { RobotsCache, robotsFetch } from '../crawl/robots.js';
import { siteScope } from '../crawl/scope.js';
import { createGuardedDispatcher } from '../net/dispatcher.js';
import { linkedSignal } from '../net/linked-signal.js';
import { DEFAULT_USER_AGENT } from '../net/user-agent.js';
import { ISSUE_CODES } from '../score/issue-codes.js';
import { notScoredReason } from '../score/scored-record.js';
import type { PageRenderer } from '../render/types.js';
import { checkExternalLinks, type ExternalLinkReport } from '../site-checks/external-links.js';
import type { NearDuplicateFindings } from '../site-checks/near-duplicates.js';
import type { ResourceReport } from '../site-checks/resources.js';
import { runSiteChecksSliced } from '../site-checks/run-site-checks.js';
import { SiteIndex } from '../site-checks/site-index.js';
import { siteRecordOf } from '../site-checks/site-record.js';
import { SitemapTally } from '../site/sitemap.js';
import type { FetchedPage, LinkInfo } from '../types.js';
import type { PageAnalysis } from '../page/analysis.js';
import { contentNeedsJavascript, renderPage, withRenderingJudged } from './rendering.js';
import { checkPageResources } from './resource-pass.js';
import { fetchLlmsTxt, siteFindings } from './site-findings.js';
import type { AuditEvent, AuditOptions, AuditResume, SharedAudit } from './types.js';
import type { SiteRecord } from '../site-checks/site-record.js';

export async function* runAudit(options: AuditOptions): AsyncGenerator<AuditEvent, void, undefined> {
  const seed = normaliseUrl(options.seedUrl);
  if (seed === null) throw new TypeError(`seed URL must be an absolute http(s) URL: ${options.seedUrl}`);
  const limits = resolveLimits(options.maxPages, options.limits);
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const scope = siteScope(options.primaryDomain, seed);
  const host = new URL(options.primaryDomain.includes('://') ? options.primaryDomain : `http://${options.primaryDomain}`).hostname;
  const stop = linkedSignal([options.signal]);
  const signal = stop.signal;
  /** Stopped, or drained: what follows the crawl does not run. */
  const stopped = (): boolean => signal.aborted || options.drain?.aborted === true;
  const dispatcher = createGuardedDispatcher({
    policy: options.policy,
    resolver: options.resolver,
    connectionsPerOrigin: limits.perHostConcurrency,
    connectTimeoutMs: limits.requestTimeoutMs,
  });
  const credentials = options.credentials ? { credentials: options.credentials } : {};
  const robots = new RobotsCache({ userAgent, fetch: robotsFetch({ dispatcher, signal, timeoutMs: limits.requestTimeoutMs, userAgent, ...credentials }) });
  const seedOrigin = originOf(seed);
  const shared = options.shared;
  const lead = shared?.lead ?? true;
  // llms.txt does not depend on the crawl: fetch it alongside.
  const llmsTxt = lead
    ? fetchLlmsTxt(seedOrigin, { dispatcher, scope, userAgent, timeoutMs: limits.requestTimeoutMs, maxRedirects: limits.maxRedirects, signal, ...credentials })
    : null;
  // What the site checks need of each page, kept compact while the pages themselves stream out.
  const index = new SiteIndex({
    seedUrl: seed,
    externalLinks: options.checkExternalLinks === true,
    resources: options.checkResources === true,
    ...(options.siteChecksMemoryBytes ? { memory: { budgetBytes: options.siteChecksMemoryBytes } } : {}),
  });
  // Each sitemap is counted as the crawl reads it; a URL two sitemaps list counts in both.
  const sitemaps = new SitemapTally('per-sitemap', index.memory);
  const renderer = options.renderer;

  const analyser = options.analyser ?? analyseInline;
  const alternates = options.crawlHreflangAndCanonical ?? true;
  const siteOf = (page: FetchedPage): AnalysisSite => {
    // The rules of the origin that answered; the crawler has loaded them before following there.
    const file = robots.peek(originOf(page.finalUrl)) ?? robots.peek(originOf(page.url));
    return { host, siteDomain: scope.domain, robots: robotsSourceOf(file) };
  };

  try {
    if (lead) yield { type: 'phase', phase: renderer ? 'rendering' : 'crawling' };
    let done: Extract<AuditEvent, { type: 'done' }> | null = null;
    // One round, unless a shared audit's lead finds URLs back in the queue once its crawl is over
    // (a worker died holding them): then it crawls those too.
    for (let round = 0; ; round++) {
      done = null;
      for await (const event of crawl<AuditedPage>({
        seedUrl: seed,
        primaryDomain: options.primaryDomain,
        maxPages: options.maxPages,
        limits,
        userAgent,
        signal,
        ...(options.drain ? { drain: options.drain } : {}),
        dispatcher,
        robots,
        // One budget for the crawl's URL tables and the site checks' arrays.
        memory: index.memory,
        onSitemap: sitemaps,
        onSitemapUrls: (urls) => index.addSitemapUrls(urls),
        process: (page) =>
          renderer ? analyseAndRender(page, siteOf(page), analyser, renderer, signal, alternates) : analyse(page, siteOf(page), analyser, signal, alternates),
        // Rendering loads the page again, with its resources; analysis only reads the response.
        processRequests: renderer !== undefined,
        ...(shared ? { shared: { frontier: shared.frontier, discover: lead && round === 0 } } : {}),
        ...credentials,
        ...(options.pathFilter ? { pathFilter: options.pathFilter } : {}),
        ...(options.urls ? { urls: options.urls } : {}),
        ...(options.resume && round === 0 ? { resume: resumeIndexed(options.resume, index) } : {}),
      })) {
        if (event.type === 'page') {
          const { analysis, renderedOnlyLinks } = event.result;
          if (!shared) index.add(analysis, renderedOnlyLinks);
          const siteRecord = shared ? siteRecordOf(analysis, renderedOnlyLinks, { resources: options.checkResources === true }) : null;
          yield { type: 'page', analysis, siteRecord };
        } else if (event.type === 'progress') {
          yield event;
        } else {
          done = event;
        }
      }
      if (done === null) return;
      if (!shared || !lead || stopped() || done.stopReason === 'time_budget_exhausted' || done.stopReason === 'cancelled') break;
      // The lead's own pages are among those it waits for: its consumer stores them first.
      yield { type: 'store' };
      if (await shared.settled(signal)) break;
    }
    if (shared && !lead) {
      yield done;
      return;
    }
    if (!shared && stopped()) yield { type: 'site-records', records: index.records() };
    if (shared && !stopped()) await indexSharedRecords(shared, index);

    // A cancelled crawl's records are checked too, unless the caller aborted: then nobody waits.
    let externalLinks: ExternalLinkReport | null = null;
    if (options.checkExternalLinks && index.externalUrls && !stopped()) {
      yield { type: 'phase', phase: 'external_links' };
      externalLinks = await checkExternalLinks(index.externalUrls, { dispatcher, userAgent, signal });
    }
    let resources: ResourceReport | null = null;
    if (index.resourceUrls && !stopped()) {
      yield { type: 'phase', phase: 'resources' };
      resources = await checkPageResources(index.resourceUrls, {
        dispatcher,
        userAgent,
        signal,
        scope,
        robots,
        requestIntervalMs: limits.requestIntervalMs,
        ...credentials,
      });
    }
    let nearDuplicates: NearDuplicateFindings | null = null;
    if (!stopped()) {
      yield { type: 'phase', phase: 'site_checks' };
      const checks = await runSiteChecksSliced(index, externalLinks, resources);
      for (const result of checks.results()) yield { type: 'site-page', result };
      if (resources) yield { type: 'broken-resources', resources: checks.brokenResources };
      nearDuplicates = checks.nearDuplicates;
    }
    const findings = siteFindings(robots.peek(seedOrigin), `${seedOrigin}/robots.txt`, sitemaps.result(), await llmsTxt!, {
      nearDuplicates,
      externalLinks: externalLinks?.findings ?? null,
      resources: resources?.findings ?? null,
    });
    yield { type: 'site', findings };
    yield done;
  } finally {
    stop.abort();
    index.close();
    await dispatcher.destroy().catch(() => undefined);
  }
}

/** Where the crawl continues a stopped audit from; its records go into the index as the crawl reads their URLs. */
function resumeIndexed(resume: AuditResume, index: SiteIndex) {
  async function* recorded(records: AsyncIterable<readonly SiteRecord[]>): AsyncGenerator<string[], void, undefined> {
    for await (const batch of records) {
      for (const record of batch) index.add(record);
      yield batch.map((record) => record.url);
    }
  }
  return { recorded: recorded(resume.records), unfinished: resume.unfinished, htmlPages: resume.htmlPages, otherRecords: resume.otherRecords };
}

/** The lead's index of a shared audit: every worker's records, once all are stored, and the listed URLs. */
async function indexSharedRecords(shared: SharedAudit, index: SiteIndex): Promise<void> {
  for await (const record of shared.records()) index.add(record);
  let listed: string[] = [];
  for await (const url of shared.listed()) {
    listed.push(url);
    if (listed.length >= 10_000) {
      index.addSitemapUrls(listed);
      listed = [];
    }
  }
  index.addSitemapUrls(listed);
}

/** A page as the crawl hands it to the audit: its analysis, and the links only its rendering has. */
interface AuditedPage {
  analysis: PageAnalysis;
  renderedOnlyLinks: LinkInfo[];
}

/**
 * Analyses one page; discovery follows the analyser's internal links. Should the analyser fail
 * on some unforeseen page (an exception, its time or memory limit), the audit goes on: the page is
 * recorded as not analysable (score 0, with an issue saying why) and its links come from the
 * crawler's own extractor.
 */
async function analyse(
  page: FetchedPage,
  site: AnalysisSite,
  analyser: PageAnalyser,
  signal: AbortSignal,
  alternates: boolean,
): Promise<{ result: AuditedPage; links: string[] }> {
  try {
    const analysis = await analyser.analyse(page, site, signal);
    const links = internalHrefs(analysis.links);
    // A meta refresh leads on as a redirect does (the crawler keeps its target within the site).
    if (analysis.redirectType === 'meta_refresh' && analysis.redirectTarget !== null) links.push(analysis.redirectTarget);
    return { result: { analysis, renderedOnlyLinks: [] }, links: alternates ? [...links, ...alternateHrefs(analysis)] : links };
  } catch (err) {
    // Scored as a page without a body, but the fetch did not fail: say what did.
    const analysis = analysePage({ ...page, body: null }, siteContextOf(site));
    analysis.issues = [
      ...analysis.issues.filter((i) => i.code !== 'fetch_failed'),
      { code: 'analysis_failed', severity: ISSUE_CODES.analysis_failed, message: `The page could not be analysed: ${String(err)}` },
    ];
    return { result: { analysis, renderedOnlyLinks: [] }, links: page.body ? extractLinks(page.body, page.finalUrl) : [] };
  }
}

/** As analyse, then, for a scored page, rendered and compared; discovery follows both link sets. */
async function analyseAndRender(
  page: FetchedPage,
  site: AnalysisSite,
  analyser: PageAnalyser,
  renderer: PageRenderer,
  signal: AbortSignal,
  alternates: boolean,
): Promise<{ result: AuditedPage; links: string[] }> {
  const raw = await analyse(page, site, analyser, signal, alternates);
  const analysis = raw.result.analysis;
  if (!isScored(analysis) || analysis.issues.some((i) => i.code === 'analysis_failed')) return raw;
  const outcome = await renderPage(page, analysis, site, { analyser, renderer }, signal);
  analysis.rendering = outcome.comparison;
  Object.assign(analysis, withRenderingJudged(analysis, outcome.comparison));
  const needsJs = contentNeedsJavascript(outcome);
  if (needsJs) analysis.issues = [...analysis.issues, needsJs];
  return {
    result: { analysis, renderedOnlyLinks: outcome.renderedOnlyLinks },
    links: [...raw.links, ...internalHrefs(outcome.renderedOnlyLinks)],
  };
}

/** A 2xx HTML page (the set the score applies to) whose fetch did not fail. */
function isScored(a: PageAnalysis): boolean {
  return notScoredReason(a) === null && a.error === null;
}

/**
 * What a page names besides its links, as crawlers follow them too: its hreflang alternates and its
 * canonical (the crawler keeps those within the site).
 */
function alternateHrefs(analysis: PageAnalysis): string[] {
  const hrefs = analysis.hreflangs.map((h) => h.href);
  if (analysis.canonical !== null) hrefs.push(analysis.canonical);
  return hrefs;
}

function internalHrefs(links: readonly LinkInfo[]): string[] {
  return links.filter((l) => l.internal).map((l) => l.href);
}
