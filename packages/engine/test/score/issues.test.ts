import { describe, expect, it } from 'vitest';
import { ISSUE_CODES, pageIssues, redirectCount } from '../../src/score/index.js';
import { facts } from '../analyse/helpers.js';

const codes = (f: Parameters<typeof pageIssues>[0]) => pageIssues(f).map((i) => i.code);

describe('page issues', () => {
  it('has none for a healthy page', () => expect(pageIssues(facts())).toEqual([]));

  it('reports each classic problem with its documented severity', () => {
    const issues = pageIssues(
      facts({
        title: null,
        metaDescription: '',
        headings: [{ level: 2, text: 'x' }],
        imagesWithoutAlt: 3,
        vagueLinkTexts: ['here', 'here', 'More'],
        robotsDirectives: ['noindex', 'nofollow'],
      }),
    );
    expect(issues).toEqual([
      { code: 'title_missing', severity: 'error', message: 'The page has no <title>.' },
      { code: 'meta_description_missing', severity: 'warning', message: 'The page has no meta description.' },
      { code: 'h1_missing', severity: 'warning', message: 'The page has no H1 heading.' },
      { code: 'images_missing_alt', severity: 'warning', message: '3 images without alt text (no alt attribute, or only spaces).' },
      { code: 'vague_link_text', severity: 'notice', message: '3 links with vague text: "here", "More".' },
      { code: 'noindex', severity: 'warning', message: 'The page asks not to be indexed: noindex.' },
    ]);
    for (const i of issues) expect(ISSUE_CODES[i.code as keyof typeof ISSUE_CODES]).toBe(i.severity);
  });

  it('reports noindex for named crawlers apart, but not nosnippet', () => {
    expect(codes(facts({ robotsDirectives: ['googlebot: none'] }))).toEqual(['noindex_some_crawlers']);
    expect(pageIssues(facts({ robotsDirectives: ['googlebot: none'] }))[0]!.message).toBe('The page asks some crawlers not to index it: googlebot: none.');
    expect(codes(facts({ robotsDirectives: ['noindex', 'googlebot: noindex'] }))).toEqual(['noindex']);
    expect(codes(facts({ robotsDirectives: ['nosnippet'] }))).toEqual([]);
  });

  it('reports redirects: one as a notice, two or more as a chain', () => {
    const final = 'https://www.example.com/page';
    expect(redirectCount([], final)).toBe(0);
    expect(redirectCount(['http://www.example.com/page', final], final)).toBe(1);
    expect(pageIssues(facts({ redirectChain: ['http://www.example.com/page', final] }))[0]).toEqual({
      code: 'redirect',
      severity: 'notice',
      message: `Redirects to ${final}.`,
    });
    expect(pageIssues(facts({ redirectChain: ['http://example.com/page', 'https://example.com/page', final] }))[0]).toEqual({
      code: 'redirect_chain',
      severity: 'warning',
      message: `2 redirects before the final URL: http://example.com/page → https://example.com/page → ${final}.`,
    });
  });

  it('reports non-2xx and failed fetches alone (nothing else can be judged)', () => {
    expect(pageIssues(facts({ statusCode: 503, title: null }))).toEqual([
      { code: 'http_status_5xx', severity: 'error', message: 'The page answers HTTP 503.' },
    ]);
    expect(codes(facts({ statusCode: 0, error: { code: 'timeout', message: 'slow' } }))).toEqual(['fetch_failed']);
  });

  it('tells a missing page (4xx) from a failing server (5xx), and keeps http_status for any other status', () => {
    for (const status of [400, 403, 404, 410, 451, 499]) expect(codes(facts({ statusCode: status })), String(status)).toEqual(['http_status_4xx']);
    for (const status of [500, 502, 503, 599]) expect(codes(facts({ statusCode: status })), String(status)).toEqual(['http_status_5xx']);
    for (const status of [199, 304, 600]) expect(codes(facts({ statusCode: status })), String(status)).toEqual(['http_status']);
  });

  it('reports canonical problems', () => {
    const canon = (href: string, resolved: string | null) => ({ canonicals: [{ href, resolved, absolute: /^https?:/.test(href), source: 'html' as const }] });
    expect(codes(facts(canon('::', null)))).toEqual(['canonical_invalid']);
    // A canonical on another site is legitimate: canonical_other_site is no longer emitted.
    expect(pageIssues(facts(canon('https://other.org/x', 'https://other.org/x')))).toEqual([
      { code: 'canonical_elsewhere', severity: 'notice', message: 'The canonical names another URL on another site: https://other.org/x.' },
    ]);
    expect(codes(facts(canon('https://www.example.com/', 'https://www.example.com/')))).toEqual(['canonical_to_root']);
    expect(codes(facts(canon('/page', 'https://www.example.com/page')))).toEqual(['canonical_relative']);
    expect(codes(facts(canon('https://www.example.com/b', 'https://www.example.com/b')))).toEqual(['canonical_elsewhere']);
    expect(
      codes(
        facts({
          canonicals: [
            ...canon('https://www.example.com/a', 'https://www.example.com/a').canonicals,
            ...canon('https://www.example.com/b', 'https://www.example.com/b').canonicals,
          ],
        }),
      ),
    ).toEqual(['canonical_conflict']);
  });
});
