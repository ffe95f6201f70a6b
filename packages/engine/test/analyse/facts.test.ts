// Facts the analyser measures for the rubric beyond PageAnalysis fields (lists, author, date,
// keyword density), and robustness against arbitrary input.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../src/analyse/measure-page.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { SITE, fetched, html, prose } from './helpers.js';

const facts = (body: string, head = '') => measurePage(fetched(html(body, head)), SITE).facts;

describe('lists and tables (R3)', () => {
  it('counts lists with ≥2 items and tables with ≥2 rows in the main content only', () => {
    expect(
      facts(
        '<main><ul><li>a</li><li>b</li></ul><ol><li>one</li></ol><table><tr><td>x</td></tr><tr><td>y</td></tr></table>' +
          '<dl><dt>t</dt><dd>d</dd><dt>u</dt><dd>e</dd></dl></main><nav><ul><li>a</li><li>b</li></ul></nav>',
      ).listsAndTables,
    ).toBe(3);
  });

  it('counts a nested list on its own, and rows of a nested table for that table', () => {
    expect(
      facts('<ul><li>a<ul><li>x</li><li>y</li></ul></li></ul><table><tr><td><table><tr><td>1</td></tr><tr><td>2</td></tr></table></td></tr></table>')
        .listsAndTables,
    ).toBe(2);
  });
});

describe('author and date (M6)', () => {
  it.each([
    ['<meta name="author" content="Ada">', ''],
    ['<meta property="article:author" content="https://x.com/ada">', ''],
    ['', '<p class="post-meta byline">By Ada</p>'],
    ['', '<a rel="author" href="/ada">Ada</a>'],
    ['<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","author":"Ada"}</script>', ''],
  ])('finds an author in %s%s', (head, body) => {
    expect(facts(body, head).authorMarked).toBe(true);
  });

  it.each([
    ['', '<time datetime="2024-01-01">1 Jan</time>'],
    ['<meta property="article:published_time" content="2024-01-01T00:00:00Z">', ''],
    ['', '<div itemscope itemtype="https://schema.org/BlogPosting"><span itemprop="dateModified">x</span></div>'],
  ])('finds a date in %s%s', (head, body) => {
    expect(facts(body, head).dateMarked).toBe(true);
  });

  it('finds neither on a bare page, nor from an empty meta author, an "authority" class or a <link rel="author"> (humans.txt)', () => {
    const f = facts('<p class="authority">x</p><div id="authorize">y</div>', '<meta name="author" content=""><link rel="author" href="/humans.txt">');
    expect([f.authorMarked, f.dateMarked]).toEqual([false, false]);
  });
});

describe('keyword density (E4)', () => {
  it('measures the top content word share over the main content', () => {
    const f = facts(`<main><p>${'seo tips for seo people who like seo. '.repeat(10)}</p></main>`);
    // 8 words per repeat, 80 words; "seo" 30 times, less the paragraph's opening word (an item
    // label is not counted) = 29 = 36.25%
    expect(f.topContentWord).toEqual({ word: 'seo', count: 29, share: 29 / 80 });
  });

  it('keeps the filler prose of the tests under 3%', () => {
    expect(facts(`<main><p>${prose(400)}</p></main>`).topContentWord!.share).toBeLessThanOrEqual(0.03);
  });
});

describe('robustness', () => {
  it('never throws and always returns 18 checks, whatever the body', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 60 }), (body, noise) => {
        const a = analysePage(fetched(`<main>${body}</main><a href="${noise}">${noise}</a><script type="application/ld+json">${noise}</script>`), SITE);
        expect(a.checks).toHaveLength(18);
        expect(a.geoScore).toBeGreaterThanOrEqual(0);
        expect(a.geoScore).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });
});
