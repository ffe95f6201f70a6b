// Holding what a page or an engine says to the contract's bounds (contractBounds, from the spec):
// texts cut by code points with the marker, lists cut to their first items, URLs never cut but left
// out, every cut reported, and nothing copied when nothing is cut.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertResponseMatchesContract } from '@seo-geo/types/validator';
import { cutText, fitToContract } from '../../src/domain/fit-to-contract.js';
import { fitPage } from '../../src/domain/page-bounds.js';

/** JSON Schema's length of a string. */
const codePoints = (s: string) => Array.from(s).length;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const REQUEST_ID = '01a216c5-69c4-757d-9cc8-f4e30fdcf5ea';

describe('cutText', () => {
  it('keeps a text within the bound as it is, and cuts one over it to the bound, the marker last', () => {
    expect(cutText('kiln', 4)).toBe('kiln');
    expect(cutText('kilns', 4)).toBe('kil…');
    // Counted in code points, as JSON Schema's maxLength counts them: an emoji is one, never split.
    expect(cutText('😀😀😀', 3)).toBe('😀😀😀');
    expect(cutText('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('never leaves half a surrogate pair and never goes over the bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (text, max) => {
        const cut = cutText(text, max);
        expect(codePoints(cut)).toBeLessThanOrEqual(max);
        expect(cut).not.toMatch(LONE_SURROGATE);
        if (codePoints(text) <= max) expect(cut).toBe(text);
        else
          expect(cut).toBe(
            `${Array.from(text)
              .slice(0, max - 1)
              .join('')}…`,
          );
      }),
    );
  });
});

describe('fitToContract', () => {
  it('cuts strings and lists of a schema to its bounds and reports each cut', () => {
    const { value, cuts } = fitToContract('StructuredDataItem', {
      syntax: 'json-ld',
      types: Array.from({ length: 25 }, (_, i) => (i === 0 ? 'T'.repeat(600) : `T${i}`)),
      richResult: null,
      errors: [{ code: 'unknown_property', property: 'p'.repeat(501), message: 'm'.repeat(2001) }],
      warnings: [],
    });
    expect(value.types).toHaveLength(20);
    expect(value.types[0]).toBe(`${'T'.repeat(499)}…`);
    expect(value.errors[0]).toEqual({ code: 'unknown_property', property: `${'p'.repeat(499)}…`, message: `${'m'.repeat(1999)}…` });
    expect(cuts).toEqual([
      { path: 'types[0]', unit: 'characters', was: 600, kept: 500 },
      { path: 'types', unit: 'items', was: 25, kept: 20 },
      { path: 'errors[0].property', unit: 'characters', was: 501, kept: 500 },
      { path: 'errors[0].message', unit: 'characters', was: 2001, kept: 2000 },
    ]);
  });

  it('leaves a URL too long out of its list, and makes it null where the contract allows null', () => {
    const long = `https://example.com/${'a'.repeat(5000)}`;
    const { value, cuts } = fitToContract('GeoSample', {
      citedUrls: ['https://example.com/a', long, 'https://example.com/b'],
      sources: [{ url: 'https://example.com/a', title: 't'.repeat(600), domain: 'example.com', uses: [] }],
    });
    expect(value.citedUrls).toEqual(['https://example.com/a', 'https://example.com/b']);
    expect(value.sources[0]!.title).toHaveLength(500);
    expect(cuts.map((c) => [c.path, c.unit])).toEqual([
      ['citedUrls[1]', 'url'],
      ['sources[0].title', 'characters'],
    ]);
  });

  it('returns the very value when nothing is cut, and copies only what leads to a cut', () => {
    const issues = [{ code: 'h1_missing', severity: 'warning', message: 'No H1.' }];
    const checks = [{ id: 'E1', name: 'Quotation', status: 'pass', earned: 10, max: 10, evidence: 'One.', fix: null }];
    const page = { title: 'Kilns', issues, checks };
    expect(fitToContract('AuditPage', page).value).toBe(page);
    const cut = fitToContract('AuditPage', { ...page, title: 'K'.repeat(2001) }).value;
    expect(cut.issues).toBe(issues);
    expect(cut.checks).toBe(checks);
  });

  it("follows a oneOf to the alternative of the value's kind (a page's rendering, or null)", () => {
    const rendering = { error: 'e'.repeat(700) };
    expect(fitToContract('AuditPage', { rendering }).value.rendering).toEqual({ error: `${'e'.repeat(499)}…` });
    expect(fitToContract('AuditPage', { rendering: null }).value.rendering).toBeNull();
  });
});

describe('fitPage', () => {
  it('adds a values_truncated notice naming each value cut, the page then valid against the contract', () => {
    const page = {
      id: '01a216c5-69c4-757d-9cc8-f4e30fdcf5e9',
      url: 'https://example.com/',
      finalUrl: 'https://example.com/',
      statusCode: 200,
      title: 'T'.repeat(2500),
      metaDescription: null,
      lang: 'x'.repeat(150),
      wordCount: 10,
      geoScore: 50,
      scored: true,
      notScoredReason: null,
      hasSchema: true,
      schemaTypes: Array.from({ length: 150 }, (_, i) => `Type${i}`),
      structuredData: [],
      rubricId: 'geo-2026.3',
      checks: [],
      issues: [{ code: 'title_too_long', severity: 'notice' as const, message: `The title is 2,500 characters: ${'T'.repeat(2500)}` }],
      fetchedAt: '2025-01-15T09:30:00.000Z',
      depth: 0,
      inlinks: 0,
      rendering: {
        status: 'failed' as const,
        error: 'r'.repeat(600),
        rawWordCount: 10,
        renderedWordCount: null,
        rawInternalLinks: 0,
        renderedInternalLinks: null,
        internalLinksOnlyRendered: null,
      },
      canonical: 'https://example.com/',
      metaRobots: null,
      xRobotsTag: null,
      h1: null,
      h1Count: 0,
      h2Count: 0,
      hreflang: [],
      internalOutlinks: 0,
      externalOutlinks: 0,
      responseTimeMs: 120,
      contentType: 'text/html',
      sizeBytes: 4000,
      titlePixelWidth: 22250,
      redirectTarget: null,
      redirectType: null,
      indexable: true,
      indexabilityStatus: null,
    };
    const fitted = fitPage(page);
    expect(fitted.issues.map((i) => i.code)).toEqual(['title_too_long', 'values_truncated']);
    expect(fitted.issues[1]!.message).toBe(
      'Values longer than the API returns were cut where they are stored, each text ending with “…”: ' +
        'title (2,500 characters, 2,000 kept); lang (150 characters, 100 kept); schemaTypes (150 items, 100 kept); ' +
        'issues[].message (2,531 characters, 2,000 kept); rendering.error (600 characters, 500 kept).',
    );
    expect(() =>
      assertResponseMatchesContract('listAuditPages', {
        status: 200,
        body: { data: [fitted], meta: { requestId: REQUEST_ID, page: 1, pageSize: 20, total: 1, totalPages: 1, hasNextPage: false } },
        headers: new Headers({ 'x-request-id': REQUEST_ID, 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '299', 'x-ratelimit-reset': '1' }),
      }),
    ).not.toThrow();
  });

  it('holds a full list of issues to its bound, the last giving way to the notice', () => {
    const issues = Array.from({ length: 230 }, (_, i) => ({ code: 'h1_missing', severity: 'warning' as const, message: `Issue ${i}` }));
    const fitted = fitPage({ issues });
    expect(fitted.issues).toHaveLength(200);
    expect(fitted.issues.at(-2)!.message).toBe('Issue 198');
    expect(fitted.issues.at(-1)!.message).toMatch(/issues \(230 items, 200 kept\)/);
  });
});
