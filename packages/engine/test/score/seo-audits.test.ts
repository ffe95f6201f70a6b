// The ten Lighthouse SEO audit verdicts: read off the page issues (a failing verdict ⇔ its issue),
// `na` where Lighthouse gives it, and the places where the engine deliberately differs, pinned.
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../src/analyse/measure-page.js';
import { parseRobots } from '../../src/site/robots-txt.js';
import { pageIssues } from '../../src/score/issues.js';
import { SEO_AUDIT_IDS, SEO_AUDIT_ISSUES, robotsTxtErrors, robotsTxtVerdict, seoAuditVerdicts } from '../support/seo-audits/index.js';
import type { CanonicalFact, PageFacts } from '../../src/analyse/facts.js';
import { SITE, facts, fetched, html } from '../analyse/helpers.js';

const VALID_ROBOTS = { status: 200, body: 'User-agent: *\nDisallow: /admin\n\nSitemap: https://www.example.com/sitemap.xml\n' };
const canonical = (href: string, resolved: string | null = href): CanonicalFact => ({ href, resolved, absolute: /^https?:/.test(href), source: 'html' });
const hreflang = (code: string, url: string) => ({ hreflang: code, href: url, resolved: url, source: 'html' as const });

describe('SEO audit verdicts', () => {
  it('passes a healthy page; na for canonical when none is declared and for robots-txt when not given', () => {
    const v = seoAuditVerdicts(facts());
    expect(v).toEqual({
      'is-crawlable': 'pass',
      'document-title': 'pass',
      'meta-description': 'pass',
      'http-status-code': 'pass',
      'link-text': 'pass',
      'crawlable-anchors': 'pass',
      'robots-txt': 'na',
      'image-alt': 'pass',
      hreflang: 'pass',
      canonical: 'na',
    });
    expect(seoAuditVerdicts(facts(), VALID_ROBOTS)['robots-txt']).toBe('pass');
    expect(seoAuditVerdicts(facts({ imagesJudged: 0 }))['image-alt']).toBe('na');
  });

  // Facts that make each audit fail, and nothing else.
  const failing: Record<Exclude<(typeof SEO_AUDIT_IDS)[number], 'robots-txt' | 'http-status-code'>, Partial<PageFacts>> = {
    'is-crawlable': { robotsDirectives: ['none'] },
    'document-title': { title: null },
    'meta-description': { metaDescription: null },
    'link-text': { vagueLinkTexts: ['click here'] },
    'crawlable-anchors': { uncrawlableAnchors: ['<a onclick="…">'] },
    'image-alt': { imagesWithoutAlt: 1 },
    hreflang: { hreflangs: [hreflang('english', 'https://www.example.com/en')] },
    canonical: { canonicals: [canonical('https://www.example.com/')] },
  };

  it.each(Object.entries(failing))('fails %s exactly when its issue is present', (id, overrides) => {
    const f = facts(overrides);
    const v = seoAuditVerdicts(f);
    const codes = pageIssues(f).map((i) => i.code);
    expect(v[id as keyof typeof v]).toBe('fail');
    expect(SEO_AUDIT_ISSUES[id as keyof typeof v].some((c) => codes.includes(c))).toBe(true);
    for (const other of SEO_AUDIT_IDS) if (other !== id && other !== 'robots-txt') expect(v[other]).not.toBe('fail');
  });

  it('gives http-status-code alone for pages that were not analysed', () => {
    const notFound = seoAuditVerdicts(facts({ statusCode: 404 }), VALID_ROBOTS);
    expect(notFound['http-status-code']).toBe('fail');
    expect(SEO_AUDIT_IDS.filter((id) => notFound[id] !== 'na')).toEqual(['http-status-code', 'robots-txt']);
    const failed = seoAuditVerdicts(facts({ statusCode: 0, error: { code: 'timeout', message: 'slow' } }));
    expect(SEO_AUDIT_IDS.filter((id) => failed[id] !== 'na')).toEqual([]);
  });
});

describe('canonical verdict (Lighthouse canonical, Google cross-domain canonicals)', () => {
  const verdict = (over: Partial<PageFacts>) => seoAuditVerdicts(facts(over)).canonical;

  it('passes a canonical to this page, another page, or another site', () => {
    expect(verdict({ canonicals: [canonical('https://www.example.com/page')] })).toBe('pass');
    expect(verdict({ canonicals: [canonical('https://www.example.com/other')] })).toBe('pass');
    expect(verdict({ canonicals: [canonical('https://news.other.org/story')] })).toBe('pass');
  });

  it('fails an invalid, relative, conflicting, root or other-language canonical', () => {
    expect(verdict({ canonicals: [canonical('http://', null)] })).toBe('fail');
    expect(verdict({ canonicals: [canonical('/page', 'https://www.example.com/page')] })).toBe('fail');
    expect(verdict({ canonicals: [canonical('https://www.example.com/a'), canonical('https://www.example.com/b')] })).toBe('fail');
    expect(verdict({ canonicals: [canonical('https://www.example.com/')] })).toBe('fail');
    const languages = [hreflang('en', 'https://www.example.com/page'), hreflang('de', 'https://www.example.com/de/page')];
    const f = facts({ canonicals: [canonical('https://www.example.com/de/page')], hreflangs: languages });
    expect(seoAuditVerdicts(f).canonical).toBe('fail');
    expect(pageIssues(f)).toEqual([
      {
        code: 'canonical_other_language',
        severity: 'warning',
        message: 'The canonical points to another language version listed by hreflang: https://www.example.com/de/page.',
      },
    ]);
  });

  it('ignores a canonical link without a target, as Lighthouse does', () => {
    const f = measurePage(fetched(html('', '<link rel="canonical" href="">')), SITE).facts;
    expect(f.canonicals).toEqual([]);
    expect(seoAuditVerdicts(f).canonical).toBe('na');
  });
});

describe('is-crawlable verdict', () => {
  const robotsSite = (text: string) => ({ ...SITE, robots: parseRobots(text, 'https://www.example.com/robots.txt') });
  const measured = (site = SITE, head = '') => measurePage(fetched(html('<h1>x</h1>', head)), site).facts;

  it('fails when robots.txt disallows the page for every search crawler, not for some', () => {
    const blocked = measured(robotsSite('User-agent: *\nDisallow: /\n'));
    expect(seoAuditVerdicts(blocked)['is-crawlable']).toBe('fail');
    expect(pageIssues(blocked).map((i) => i.code)).toContain('robots_txt_blocks_page');
    const some = measured(robotsSite('User-agent: Googlebot\nDisallow: /\n'));
    expect(seoAuditVerdicts(some)['is-crawlable']).toBe('pass');
  });

  it('passes a noindex for named crawlers only, reported apart', () => {
    const f = measured(SITE, '<meta name="googlebot" content="noindex">');
    expect(seoAuditVerdicts(f)['is-crawlable']).toBe('pass');
    expect(pageIssues(f).map((i) => i.code)).toContain('noindex_some_crawlers');
  });

  // Deliberate difference: Lighthouse lets a crawler-specific meta tag replace the generic one for
  // that crawler; Google applies the most restrictive directive, so the generic noindex stands.
  it('keeps a generic noindex even when a googlebot meta tag says index', () => {
    const f = measured(SITE, '<meta name="robots" content="noindex"><meta name="googlebot" content="index, follow">');
    expect(seoAuditVerdicts(f)['is-crawlable']).toBe('fail');
  });
});

describe('robots-txt verdict (Lighthouse robots-txt)', () => {
  it('passes a valid file; na for 4xx or an empty file; fails 5xx, 429, a failed fetch or bad lines', () => {
    expect(robotsTxtVerdict(VALID_ROBOTS)).toBe('pass');
    expect(robotsTxtVerdict({ status: 404, body: 'Not found' })).toBe('na');
    expect(robotsTxtVerdict({ status: 200, body: '' })).toBe('na');
    expect(robotsTxtVerdict({ status: 503, body: null })).toBe('fail');
    expect(robotsTxtVerdict({ status: 429, body: '' })).toBe('fail');
    expect(robotsTxtVerdict({ status: null, body: null })).toBe('fail');
    expect(robotsTxtVerdict({ status: 200, body: 'Disallow: /x\n' })).toBe('fail');
    expect(robotsTxtVerdict(undefined)).toBe('na');
  });

  it('names each bad line', () => {
    const text = 'Disallow: /early\nUser-agent:\nUser-agent: *\nDisallow: private\nAllow: /a$b\nSitemap: /map.xml\nOops\nCrawl-delay: 5 # fine\nFoo: bar';
    expect(robotsTxtErrors(text)).toEqual([
      { line: 1, message: 'No user-agent specified' },
      { line: 2, message: 'No user-agent specified' },
      { line: 4, message: 'Pattern should either be empty, start with "/" or "*"' },
      { line: 5, message: '"$" should only be used at the end of the pattern' },
      { line: 6, message: 'Invalid sitemap URL' },
      { line: 7, message: 'Syntax not understood' },
      { line: 9, message: 'Unknown directive' },
    ]);
  });
});

describe('deliberate differences from Lighthouse', () => {
  // Lighthouse checks the hreflang language against the ISO 639 list; we check the tag's form.
  it('accepts a well-formed hreflang whose language is not in ISO 639 ("xx")', () => {
    expect(seoAuditVerdicts(facts({ hreflangs: [hreflang('xx', 'https://www.example.com/xx')] })).hreflang).toBe('pass');
  });

  // Lighthouse judges the text of every link with an href; the engine keeps only http(s) links.
  it('does not judge the text of tel: or ftp: links', () => {
    const f = measurePage(fetched(html('<a href="tel:+4100">here</a><a href="ftp://files.example.com/">here</a>')), SITE).facts;
    expect(seoAuditVerdicts(f)['link-text']).toBe('pass');
  });

  // Lighthouse takes lang="english" as a language without a list and judges nothing.
  it('judges links under an invalid lang against every list', () => {
    const f = measurePage(fetched(html('<a href="/x">read more</a>', '', ' lang="english"')), SITE).facts;
    expect(seoAuditVerdicts(f)['link-text']).toBe('fail');
  });
});
