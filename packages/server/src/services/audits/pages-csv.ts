// The CSV export of an audit's pages: the columns the spec's exportAuditPages lists, RFC 4180
// with CRLF line ends (csv-stringify), one chunk per batch of pages so the file streams. A field
// that a spreadsheet would run as a formula gets a leading `'`. Asked for, a UTF-8 byte-order mark
// opens the file, which is what makes Excel read it as UTF-8.
import { notScoredReason } from '@seo-geo/engine';
import { stringify, type Options } from 'csv-stringify/sync';
import type { AuditPageOverview } from '../../storage/repositories/audit-pages.js';

const COLUMNS = [
  'url',
  'final_url',
  'status_code',
  'title',
  'meta_description',
  'lang',
  'word_count',
  'geo_score',
  'has_schema',
  'schema_types',
  'depth',
  'inlinks',
  'errors',
  'warnings',
  'notices',
  'issue_codes',
  'rendered_word_count',
  'fetched_at',
  'scored',
  // Added in 1.7, after the others: a reader that takes columns by position still finds them.
  'canonical',
  'meta_robots',
  'x_robots_tag',
  'h1',
  'h1_count',
  'h2_count',
  'hreflang',
  'internal_outlinks',
  'external_outlinks',
  'response_time_ms',
  'content_type',
  'size_bytes',
  'title_pixel_width',
  'indexable',
  'indexability_status',
  'redirect_target',
  'redirect_type',
] as const;

type Row = Record<(typeof COLUMNS)[number], string | number | boolean | null>;

const OPTIONS: Options = {
  columns: [...COLUMNS],
  record_delimiter: 'windows',
  escape_formulas: true,
  cast: { boolean: (value) => String(value) },
};

const BOM = '\uFEFF';

export async function* auditPagesCsv(batches: AsyncIterable<AuditPageOverview[]>, options: { bom?: boolean } = {}): AsyncGenerator<string, void, undefined> {
  yield `${options.bom ? BOM : ''}${stringify([], { ...OPTIONS, header: true })}`;
  for await (const pages of batches) yield stringify(pages.map(row), OPTIONS);
}

function row(page: AuditPageOverview): Row {
  const scored = notScoredReason(page) === null;
  const counts = { error: 0, warning: 0, notice: 0 };
  for (const issue of page.issues) counts[issue.severity]++;
  return {
    url: page.url,
    final_url: page.finalUrl,
    status_code: page.statusCode,
    title: page.title,
    meta_description: page.metaDescription,
    lang: page.lang,
    word_count: page.wordCount,
    geo_score: scored ? page.geoScore : null,
    has_schema: page.hasSchema,
    schema_types: page.schemaTypes.join('|'),
    depth: page.depth,
    inlinks: page.inlinks,
    errors: counts.error,
    warnings: counts.warning,
    notices: counts.notice,
    issue_codes: [...new Set(page.issues.map((issue) => issue.code))].sort().join('|'),
    rendered_word_count: page.rendering?.renderedWordCount ?? null,
    fetched_at: page.fetchedAt,
    scored,
    canonical: page.canonical,
    meta_robots: page.metaRobots,
    x_robots_tag: page.xRobotsTag,
    h1: page.h1,
    h1_count: page.h1Count,
    h2_count: page.h2Count,
    hreflang: page.hreflang?.map((h) => `${h.hreflang}=${h.href}`).join('|') ?? null,
    internal_outlinks: page.internalOutlinks,
    external_outlinks: page.externalOutlinks,
    response_time_ms: page.responseTimeMs,
    content_type: page.contentType,
    size_bytes: page.sizeBytes,
    title_pixel_width: page.titlePixelWidth,
    indexable: page.indexable,
    indexability_status: page.indexabilityStatus,
    redirect_target: page.redirectTarget,
    redirect_type: page.redirectType,
  };
}
