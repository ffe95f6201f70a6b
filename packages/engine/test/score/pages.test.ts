// Whole pages scored end to end, with the arithmetic written out by hand.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/page/analyse-page.js';
import { parseRobots } from '../../src/site/robots-txt.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { SITE, fetched } from '../analyse/helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/pages/${name}`, import.meta.url), 'utf8');
const breakdown = (a: PageAnalysis) => Object.fromEntries(a.checks.map((c) => [c.id, [c.status, c.earned]]));

describe('whole-page GEO scores', () => {
  it('article-complete.html scores 95', () => {
    const url = 'https://www.example.com/guides/fresh-herbs';
    const a = analysePage(fetched(fixture('article-complete.html'), { url, finalUrl: url }), SITE);
    // 364 words in <main>; 7 statistics (10%, 10 °C, 1,200 home, 45%, $3, and in words "every two
    // days", "seven to ten days"; "two groups" is a structural count) → 7 × 500 ÷ 500 = 7 per 500
    // words; 2 citations (usda.gov, umn.edu; the footer share link and nav do not count); one
    // quotation attributed by <footer>/<cite>; "herbs" 20 of 364 words = 5.5% > 5% → E4 fails.
    // Earned: A1 6 + A2 6 + A3 5 + A4 3 + E1 10 + E2 10 + E3 10 + E4 0 + R1 6 + R2 6 + R3 4 + R4 4
    //       + M1 8 + M2 5 + M3 3 + M4 3 + M5 2 + M6 4 = 95 of 100 applicable → 95.
    expect(a.wordCount).toBe(364);
    expect(a.statistics).toBe(7);
    expect(a.citations).toBe(2);
    expect(a.quotations).toBe(1);
    expect(a.schemaTypes).toEqual(['Article', 'BreadcrumbList']);
    expect(breakdown(a)).toEqual({
      A1: ['pass', 6],
      A2: ['pass', 6],
      A3: ['pass', 5],
      A4: ['pass', 3],
      E1: ['pass', 10],
      E2: ['pass', 10],
      E3: ['pass', 10],
      E4: ['fail', 0],
      R1: ['pass', 6],
      R2: ['pass', 6],
      R3: ['pass', 4],
      R4: ['pass', 4],
      M1: ['pass', 8],
      M2: ['pass', 5],
      M3: ['pass', 3],
      M4: ['pass', 3],
      M5: ['pass', 2],
      M6: ['pass', 4],
    });
    expect(a.geoScore).toBe(95);
    // The Article lacks three of Google's recommended properties (a notice; the BreadcrumbList is
    // complete). The description is one character short of 70; no viewport meta, no Open Graph tags.
    expect(a.issues).toEqual([
      {
        code: 'meta_description_too_short',
        severity: 'notice',
        message: 'The meta description is only 69 characters long (fewer than 70): "Simple ways to keep basil, parsley and mint fresh for a week or more.".',
      },
      {
        code: 'viewport_missing',
        severity: 'warning',
        message: 'The page has no <meta name="viewport"> in its head: phones show it at desktop width.',
      },
      {
        code: 'open_graph_incomplete',
        severity: 'notice',
        message: 'The page has no Open Graph tags (og:title, og:type, og:image, og:url).',
      },
      {
        code: 'structured_data_incomplete',
        severity: 'notice',
        message:
          'Article (JSON-LD): Article: the property author.url is recommended. Article: the property dateModified is recommended. Article: the property image is recommended.',
      },
    ]);
  });

  it('product-microdata.html scores 69', () => {
    const url = 'https://www.example.com/products/oak-lamp';
    const robots = parseRobots(
      'User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /\n',
      'https://www.example.com/robots.txt',
    );
    const a = analysePage(fetched(fixture('product-microdata.html'), { url, finalUrl: url }), { ...SITE, robots });
    // A1 googlebot: nosnippet only → 3; A2 5 of 8 agents → 6 × 5/8 = 3.75 → 4 (nearest half);
    // A3 180 words → 5; A4 relative canonical to itself → 1.5; E1 <q> + "— Sam Carter" → 10;
    // E2 40 cm, 1.2 kg, £89 = 3 per 500 → 10; E3 no external link → 0; E4 "brass" 3/180 = 1.7% → 5;
    // R1 Flesch 93, 10.6 words per sentence → 6; R2 → 6; R3 na (≤300 words); R4 180 < 300 → 0;
    // M1 Microdata Product → 8; M2 the Product (Google's Product family) has a name but none of
    // offers, review or aggregateRating, which Google requires: 0 of 1 items valid → 0; M3 41 chars → 3;
    // M4 → 3; M5 en-GB → 2; M6 no author, no date → 0.
    // Earned 3+4+5+1.5+10+10+0+5+6+6+0+8+0+3+3+2+0 = 66.5; applicable 100 − 4 (R3) = 96;
    // 100 × 66.5 / 96 = 69.27 → 69.
    expect(a.wordCount).toBe(180);
    expect(breakdown(a)).toEqual({
      A1: ['partial', 3],
      A2: ['partial', 4],
      A3: ['pass', 5],
      A4: ['partial', 1.5],
      E1: ['pass', 10],
      E2: ['pass', 10],
      E3: ['fail', 0],
      E4: ['pass', 5],
      R1: ['pass', 6],
      R2: ['pass', 6],
      R3: ['na', 0],
      R4: ['fail', 0],
      M1: ['pass', 8],
      M2: ['fail', 0],
      M3: ['pass', 3],
      M4: ['pass', 3],
      M5: ['pass', 2],
      M6: ['fail', 0],
    });
    expect(a.geoScore).toBe(69);
    // No charset anywhere (no Content-Type header, no <meta charset>), no viewport, no Open Graph.
    expect(a.issues.map((i) => i.code)).toEqual([
      'meta_description_too_short',
      'thin_content',
      'canonical_relative',
      'viewport_missing',
      'charset_missing',
      'open_graph_incomplete',
      'structured_data_invalid',
    ]);
  });

  it('thin-landing.html scores 34', () => {
    const a = analysePage(fetched(fixture('thin-landing.html')), SITE);
    // 70 words, no <main>/<article>: the body counts. lang="english" is invalid, but the text
    // reads as English, so Flesch applies (112.4, 7.1 words per sentence → R1 pass).
    // A1 6, A2 6, A3 na (70 < 150, not rendered), A4 na, E1 0, E2 1 statistic ("2 seconds") → rate 1 → 5,
    // E3 0, E4 na (< 150 words), R1 6, R2 no H1 (0) + H2→H4 skip (0) + an H2 (2) = 2, R3 na,
    // R4 0, M1 0, M2 na, M3 "Home" 4 chars → 1.5, M4 0, M5 0, M6 0.
    // Earned 6+6+0+5+0+6+2+0+0+1.5+0+0+0 = 26.5; applicable 100 − A3 5 − A4 3 − E4 5 − R3 4 − M2 5 = 78;
    // 100 × 26.5 / 78 = 33.97 → 34.
    expect(a.wordCount).toBe(70);
    expect(a.readability).toEqual({ fleschReadingEase: 112.4, meanSentenceLength: 7.1 });
    expect(a.geoScore).toBe(34);
    expect(a.issues.map((i) => i.code)).toEqual([
      'title_too_short',
      'meta_description_missing',
      'h1_missing',
      'thin_content',
      'images_missing_alt',
      'vague_link_text',
      'viewport_missing',
      'charset_missing',
      'open_graph_incomplete',
    ]);
  });
});
