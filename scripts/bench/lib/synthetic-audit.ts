// A completed audit of synthetic stored pages, written straight to the repositories (no crawl):
// what the list benchmarks read. Pages carry 2 to 5 issue codes each, a score, and Article
// structured data on two in three, and about 18 links each: the home page, a redirecting URL
// (page 2) from every page and a broken one (page 1, a 404) from every other page, as links of a
// template are, and 15 other pages spread over the audit, so a page has about 15 inlinks.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { uuidv7, type NewAuditPage, type RunningServer } from '@seo-geo/server';

/** Issue codes the synthetic pages carry, a few each, so that the audit by issue has real spread. */
const ISSUE_CODES: Array<[string, 'error' | 'warning' | 'notice']> = [
  ['title_too_long', 'notice'],
  ['title_too_short', 'notice'],
  ['meta_description_missing', 'warning'],
  ['h1_missing', 'warning'],
  ['h1_multiple', 'notice'],
  ['thin_content', 'warning'],
  ['images_missing_alt', 'warning'],
  ['vague_link_text', 'notice'],
  ['title_duplicate', 'warning'],
  ['meta_description_duplicate', 'warning'],
  ['content_near_duplicate', 'warning'],
  ['crawl_depth_high', 'notice'],
  ['inlinks_few', 'notice'],
  ['internal_link_to_redirect', 'notice'],
  ['broken_internal_link', 'error'],
  ['orphan_page', 'warning'],
  ['open_graph_incomplete', 'notice'],
  ['viewport_missing', 'warning'],
  ['structured_data_invalid', 'error'],
  ['canonical_to_non_200', 'error'],
];

function issuesOf(i: number): NewAuditPage['issues'] {
  // Page i has 2 to 5 codes, spread so that some codes touch most pages and some very few.
  const picked = new Set<number>();
  for (let k = 0; k < 2 + (i % 4); k++) picked.add(((i * (k + 3)) ^ (k * 7919)) % ISSUE_CODES.length);
  return [...picked].map((n) => ({ code: ISSUE_CODES[n]![0], severity: ISSUE_CODES[n]![1], message: `Synthetic ${ISSUE_CODES[n]![0]}.` }));
}

const CHECKS = ['A1', 'A2', 'A3', 'E1', 'E2', 'E3', 'R1', 'R2', 'M1', 'M3'].map((id, i) => ({
  id,
  name: `Check ${id}`,
  status: i % 3 === 0 ? ('fail' as const) : ('pass' as const),
  earned: i % 3 === 0 ? 0 : 5,
  max: 5,
  evidence: 'Measured on the page.',
  fix: i % 3 === 0 ? 'Change the page.' : null,
}));

/** The URL of synthetic page i. */
export const syntheticUrl = (i: number): string => `https://bench.example/section-${i % 50}/page-${String(i).padStart(6, '0')}`;
/** Pages every page (the redirect) or every other page (the broken one) links to. */
export const REDIRECTING_PAGE = 2;
export const BROKEN_PAGE = 1;
const SPREAD_LINKS = 15;

function linksOf(i: number, pages: number): NonNullable<NewAuditPage['links']> {
  const link = (target: string, anchorText: string) => ({ target, anchorText, rel: [], followed: true, internal: true });
  const targets = [link('https://bench.example/', 'Home'), link(syntheticUrl(REDIRECTING_PAGE), 'Offers')];
  if (i % 2 === 0) targets.push(link(syntheticUrl(BROKEN_PAGE), 'Care guide'));
  for (let k = 1; k <= SPREAD_LINKS; k++) {
    const j = (i + k * 7919) % pages;
    if (j !== i && j !== BROKEN_PAGE && j !== REDIRECTING_PAGE) targets.push(link(syntheticUrl(j), `Page ${j}`));
  }
  return [...new Map(targets.map((t) => [t.target, t])).values()];
}

function syntheticPage(auditRunId: string, i: number, now: number, pages: number): NewAuditPage {
  const score = (i * 37) % 101;
  // One page in twenty besides is a 404, for the status-class filter.
  const status = i === BROKEN_PAGE || i % 20 === 7 ? 404 : i === REDIRECTING_PAGE ? 301 : 200;
  const own = status === 404 ? 'http_status_4xx' : i === REDIRECTING_PAGE ? 'redirect' : null;
  return {
    id: uuidv7(now),
    auditRunId,
    url: syntheticUrl(i),
    finalUrl: syntheticUrl(i),
    statusCode: status,
    contentType: 'text/html',
    title: `Page ${i}`,
    metaDescription: `Description of page ${i}`,
    lang: 'en',
    wordCount: 300 + (i % 900),
    geoScore: score,
    hasSchema: i % 3 !== 0,
    schemaTypes: i % 3 !== 0 ? ['Article'] : [],
    structuredData: i % 3 !== 0 ? [{ syntax: 'json-ld', types: ['Article'], richResult: 'Article', errors: [], warnings: [] }] : [],
    rubricId: 'geo-2026.1',
    checks: CHECKS,
    issues: [
      ...issuesOf(i),
      ...(own ? [{ code: own, severity: own === 'redirect' ? ('notice' as const) : ('error' as const), message: `Synthetic ${own}.` }] : []),
    ],
    fetchedAt: new Date(now).toISOString(),
    links: linksOf(i, pages),
    canonical: syntheticUrl(i),
    metaRobots: i % 40 === 0 ? 'noindex, follow' : null,
    xRobotsTag: null,
    h1: `Heading of page ${i}`,
    h1Count: 1,
    h2Count: i % 7,
    hreflang: i % 10 === 0 ? [{ hreflang: 'en', href: `https://bench.example/page-${i}` }] : [],
    internalOutlinks: 20 + (i % 60),
    externalOutlinks: i % 5,
    responseTimeMs: 80 + ((i * 7919) % 900),
    sizeBytes: 20_000 + ((i * 31) % 80_000),
    titlePixelWidth: 60 + (i % 600),
  };
}

/** Pages written per transaction while seeding: one commit per batch rather than per statement. */
const SEED_BATCH = 10_000;

/** The audit's pages path and a key of its account; `newKey` gives another (each key has its own rate-limit bucket). */
export interface SeededAudit {
  key: string;
  path: string;
  newKey: () => Promise<string>;
}

export async function seedAudit(server: RunningServer, pages: number, log: (line: string) => void = console.log): Promise<SeededAudit> {
  const created = await server.services.apiKeys.createKey({ email: `bench-${Date.now()}-${pages}@example.com`, plan: 'agency' });
  // Over the agency plan's 50,000 pages, as the operator allows an account that outgrew it.
  if (pages > 50_000) await server.repositories.accounts.setPageCap(created.account.id, pages);
  const principal = await server.services.apiKeys.authenticate(`Bearer ${created.apiKey}`);
  if (!principal.ok) throw new Error('bench key did not authenticate');
  const project = await server.services.projects.create(principal.principal, { name: 'Bench', primaryDomain: 'https://bench.example' });
  const run = await server.services.audits.start(principal.principal, project.id, { maxPages: Math.max(pages, 1) });
  const now = Date.now();
  const started = performance.now();
  for (let i = 0; i < pages; i += SEED_BATCH) {
    const batch = Array.from({ length: Math.min(SEED_BATCH, pages - i) }, (_, j) => syntheticPage(run.id, i + j, now, pages));
    await server.database.db.transaction().execute((trx) => server.repositories.auditPages.insertMany(batch, trx));
    if (pages >= 200_000 && (i + SEED_BATCH) % 100_000 === 0) log(`  … ${i + SEED_BATCH} pages after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  log(
    `  seeded ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s (${Math.round(pages / ((performance.now() - started) / 1000))} pages/s)`,
  );
  // Finish the audit as its worker does: mark it running, then rank its pages and complete it.
  const ranking = performance.now();
  // Depth, as the site checks would set it: 0 to 6.
  await sql`UPDATE audit_pages SET depth = geo_score % 7 WHERE audit_run_id = ${run.id}`.execute(server.database.db);
  await server.repositories.auditRuns.markRunning(run.id, now);
  const summary = {
    pagesAudited: pages,
    pagesScored: pages,
    avgGeoScore: 50,
    pagesWithSchema: pages - Math.ceil(pages / 3),
    issueCounts: { error: 0, warning: pages, notice: 0 },
    site: {
      robotsTxt: { present: true, blockedAiAgents: [], status: 'available' as const, httpStatus: 200, detail: null },
      sitemap: { present: true, urlCount: pages },
      llmsTxt: { present: false, wellFormed: false },
      nearDuplicates: null,
      externalLinks: null,
      resources: null,
    },
  };
  await server.database.db.transaction().execute(async (trx) => {
    await server.repositories.auditRuns.complete(run.id, { summary, stopReason: 'max_pages_reached', now }, trx);
    await server.repositories.auditPages.rank(run.id, trx);
    await server.repositories.auditIssues.finalise(run.id, trx);
    await server.repositories.auditLinks.finalise(run.id, trx);
    await server.repositories.auditRuns.markPagesRanked(run.id, trx);
  });
  // One statement each: PostgreSQL runs several in one string as a transaction, where VACUUM may not run.
  for (const statement of server.database.dialect === 'postgres'
    ? [
        'VACUUM ANALYZE audit_pages',
        'VACUUM ANALYZE audit_page_issues',
        'VACUUM ANALYZE audit_link_urls',
        'VACUUM ANALYZE audit_page_links',
        'VACUUM ANALYZE audit_inlink_keys',
      ]
    : ['ANALYZE']) {
    await sql.raw(statement).execute(server.database.db);
  }
  log(`  completed the audit (ranked its pages, totalled its issues and link targets) in ${((performance.now() - ranking) / 1000).toFixed(1)} s`);
  return {
    key: created.apiKey,
    path: `/projects/${project.id}/audits/${run.id}/pages`,
    newKey: async () => (await server.services.apiKeys.createKey({ email: created.account.email })).apiKey,
  };
}
