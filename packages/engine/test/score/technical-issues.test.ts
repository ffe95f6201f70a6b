// The page-level technical checks of pageIssues, on hand-made facts: each rule at its threshold,
// and the evidence each message names.
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES, pageIssues } from '../../src/score/index.js';
import type { PageFacts } from '../../src/analyse/facts.js';
import { facts } from '../analyse/helpers.js';

const codes = (f: PageFacts) => pageIssues(f).map((i) => i.code);
const only = (f: PageFacts, code: string) => pageIssues(f).filter((i) => i.code === code);
const chars = (n: number) => 'x'.repeat(n);

describe('redirect loops', () => {
  it('reports redirect_loop in place of fetch_failed and of the redirect chain, naming the loop', () => {
    const chain = ['https://www.example.com/a', 'https://www.example.com/b', 'https://www.example.com/a'];
    const f = facts({
      statusCode: 302,
      hasBody: false,
      redirectChain: chain,
      finalUrl: 'https://www.example.com/a',
      error: { code: 'redirect_loop', message: 'redirect loop back to https://www.example.com/a' },
    });
    expect(pageIssues(f)).toEqual([
      {
        code: 'redirect_loop',
        severity: 'error',
        message: 'The redirects loop back to https://www.example.com/a: https://www.example.com/a → https://www.example.com/b → https://www.example.com/a.',
      },
    ]);
  });

  it('keeps fetch_failed for the other fetch errors', () => {
    expect(codes(facts({ statusCode: 0, error: { code: 'too_many_redirects', message: 'more than 5 redirects' } }))).toEqual(['fetch_failed']);
  });
});

describe('title and meta description lengths', () => {
  it('passes a title up to 580 pixels wide, whitespace collapsed, whatever its characters', () => {
    // 'x' is 10 px in Arial at 20 px: 58 of them are exactly 580 px.
    expect(codes(facts({ title: chars(58) }))).toEqual([]);
    expect(codes(facts({ title: chars(30) }))).toEqual([]);
    expect(codes(facts({ title: `  ${chars(20)}  \n  ${chars(37)} ` }))).toEqual([]); // 57 letters and a space once collapsed: 576 px
    // 80 characters of narrow letters fit; 40 capitals do not.
    expect(codes(facts({ title: 'il'.repeat(40) }))).toEqual([]);
    expect(codes(facts({ title: 'W'.repeat(40) }))).toContain('title_too_long');
  });

  it('reports a title wider than 580 pixels with its width, length and text', () => {
    expect(only(facts({ title: chars(59) }), 'title_too_long')).toEqual([
      {
        code: 'title_too_long',
        severity: 'notice',
        message: `The title is 590 pixels wide (59 characters; search results cut titles wider than about 580 px): "${chars(59)}".`,
      },
    ]);
  });

  it('reports a title under 30 characters, but not a missing one', () => {
    expect(only(facts({ title: 'Home  page' }), 'title_too_short')).toEqual([
      {
        code: 'title_too_short',
        severity: 'notice',
        message: 'The title is only 9 characters long (fewer than 30): "Home page".',
      },
    ]);
    expect(codes(facts({ title: chars(29) }))).toEqual(['title_too_short']);
    expect(codes(facts({ title: null }))).toEqual(['title_missing']);
  });

  it('passes a description of 70 to 160 characters and reports the others', () => {
    expect(codes(facts({ metaDescription: chars(70) }))).toEqual([]);
    expect(codes(facts({ metaDescription: chars(160) }))).toEqual([]);
    expect(only(facts({ metaDescription: chars(161) }), 'meta_description_too_long')).toEqual([
      {
        code: 'meta_description_too_long',
        severity: 'notice',
        message: 'The meta description is 161 characters long (more than 160; search results cut it).',
      },
    ]);
    expect(only(facts({ metaDescription: 'Short.' }), 'meta_description_too_short')).toEqual([
      {
        code: 'meta_description_too_short',
        severity: 'notice',
        message: 'The meta description is only 6 characters long (fewer than 70): "Short.".',
      },
    ]);
    expect(codes(facts({ metaDescription: null }))).toEqual(['meta_description_missing']);
  });
});

describe('headings and content', () => {
  it('reports several H1s with their count and first five texts', () => {
    const h1 = (text: string) => ({ level: 1, text });
    expect(codes(facts({ headings: [h1('One'), { level: 2, text: 'Two' }] }))).toEqual([]);
    expect(only(facts({ headings: [h1('A'), { level: 2, text: 'x' }, h1('B')] }), 'h1_multiple')).toEqual([
      {
        code: 'h1_multiple',
        severity: 'notice',
        message: '2 H1 headings: "A", "B".',
      },
    ]);
    expect(only(facts({ headings: ['1', '2', '3', '4', '5', '6', '7'].map(h1) }), 'h1_multiple')[0]!.message).toBe(
      '7 H1 headings: "1", "2", "3", "4", "5", and 2 more.',
    );
  });

  it('reports thin content under 200 words', () => {
    expect(codes(facts({ wordCount: 200 }))).toEqual([]);
    expect(only(facts({ wordCount: 199 }), 'thin_content')).toEqual([
      {
        code: 'thin_content',
        severity: 'warning',
        message: 'Only 199 words of main content (fewer than 200).',
      },
    ]);
    expect(only(facts({ wordCount: 1 }), 'thin_content')[0]!.message).toBe('Only 1 word of main content (fewer than 200).');
  });
});

describe('response and markup', () => {
  it('reports mixed content with the count and up to five URLs', () => {
    const urls = [1, 2, 3, 4, 5, 6].map((i) => `http://cdn.example.com/${i}.js`);
    expect(pageIssues(facts({ mixedContent: urls.slice(0, 1) }))).toEqual([
      {
        code: 'mixed_content',
        severity: 'error',
        message: 'The HTTPS page loads 1 resource over plain HTTP: http://cdn.example.com/1.js.',
      },
    ]);
    expect(only(facts({ mixedContent: urls }), 'mixed_content')[0]!.message).toBe(
      `The HTTPS page loads 6 resources over plain HTTP: ${urls.slice(0, 5).join(', ')}, and 1 more.`,
    );
  });

  it('reports a missing viewport, and one that sets neither width nor initial-scale', () => {
    expect(pageIssues(facts({ viewport: null }))).toEqual([
      {
        code: 'viewport_missing',
        severity: 'warning',
        message: 'The page has no <meta name="viewport"> in its head: phones show it at desktop width.',
      },
    ]);
    expect(pageIssues(facts({ viewport: 'user-scalable=no' }))).toEqual([
      {
        code: 'viewport_missing',
        severity: 'warning',
        message: 'The <meta name="viewport"> sets neither width nor initial-scale: "user-scalable=no".',
      },
    ]);
    for (const ok of ['width=device-width', 'initial-scale=1', 'width = 500; user-scalable=no', 'minimum-scale=1 initial-scale=1.0']) {
      expect(codes(facts({ viewport: ok })), ok).toEqual([]);
    }
    for (const bad of ['', 'width', 'width=', 'max-width=500', 'minimum-scale=1']) {
      expect(codes(facts({ viewport: bad })), bad).toEqual(['viewport_missing']);
    }
  });

  it('reports a page that declares no character encoding', () => {
    expect(pageIssues(facts({ charsetDeclaredBy: null }))).toEqual([
      {
        code: 'charset_missing',
        severity: 'warning',
        message: 'No character encoding is declared: no charset in the Content-Type header, no byte-order mark, and no <meta charset> in the first 1024 bytes.',
      },
    ]);
    for (const by of ['content-type', 'bom', 'meta'] as const) expect(codes(facts({ charsetDeclaredBy: by }))).toEqual([]);
  });

  it('reports HTML over 2 MiB', () => {
    expect(codes(facts({ htmlBytes: 2 * 1024 * 1024 }))).toEqual([]);
    expect(pageIssues(facts({ htmlBytes: 3 * 1024 * 1024 + 1 }))).toEqual([
      {
        code: 'html_too_large',
        severity: 'warning',
        message: 'The HTML is 3.0 MiB (3145729 bytes), more than 2 MiB.',
      },
    ]);
  });

  it('reports a time to first byte over 600 ms', () => {
    expect(codes(facts({ ttfbMs: 600 }))).toEqual([]);
    expect(codes(facts({ ttfbMs: null }))).toEqual([]);
    expect(pageIssues(facts({ ttfbMs: 601 }))).toEqual([
      {
        code: 'slow_response',
        severity: 'notice',
        message: 'The server took 601 ms to start answering (time to first byte; more than 600 ms).',
      },
    ]);
  });

  it('reports missing Open Graph properties, or none at all', () => {
    expect(pageIssues(facts({ openGraph: [] }))).toEqual([
      {
        code: 'open_graph_incomplete',
        severity: 'notice',
        message: 'The page has no Open Graph tags (og:title, og:type, og:image, og:url).',
      },
    ]);
    expect(only(facts({ openGraph: ['og:title', 'og:description', 'og:url'] }), 'open_graph_incomplete')[0]!.message).toBe(
      'Open Graph properties missing: og:type, og:image.',
    );
    expect(only(facts({ openGraph: ['og:title', 'og:type', 'og:url'] }), 'open_graph_incomplete')[0]!.message).toBe('Open Graph property missing: og:image.');
  });
});

describe('scope of the technical checks', () => {
  const failing: Partial<PageFacts> = {
    title: chars(80),
    metaDescription: 'x',
    headings: [
      { level: 1, text: 'a' },
      { level: 1, text: 'b' },
    ],
    wordCount: 3,
    mixedContent: ['http://x.example/a.png'],
    viewport: null,
    charsetDeclaredBy: null,
    htmlBytes: 3e6,
    ttfbMs: 900,
    openGraph: [],
  };

  it('are all reported together on a scored page, each with its documented severity', () => {
    const issues = pageIssues(facts(failing));
    expect(issues.map((i) => i.code)).toEqual([
      'title_too_long',
      'meta_description_too_short',
      'h1_multiple',
      'thin_content',
      'mixed_content',
      'viewport_missing',
      'charset_missing',
      'html_too_large',
      'slow_response',
      'open_graph_incomplete',
    ]);
    for (const i of issues) expect(ISSUE_CODES[i.code as keyof typeof ISSUE_CODES]).toBe(i.severity);
  });

  it('are not reported on pages that are not scored', () => {
    expect(codes(facts({ ...failing, statusCode: 404 }))).toEqual(['http_status_4xx']);
    expect(codes(facts({ ...failing, isHtml: false }))).toEqual(['not_html']);
    expect(codes(facts({ ...failing, hasBody: false }))).toEqual(['fetch_failed']);
    expect(codes(facts({ ...failing, statusCode: 0, error: { code: 'timeout', message: 'slow' } }))).toEqual(['fetch_failed']);
  });
});
