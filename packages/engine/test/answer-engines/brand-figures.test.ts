// Figures over answers, checked against counts made by hand.
import { describe, expect, it } from 'vitest';
import { answerFigures, type AnalysedAnswer } from '../../src/answer-engines/brands/brand-figures.js';

const outcome = (key: string, mentionCount: number, position: number | null, cited = false) => ({
  key,
  mentioned: mentionCount > 0,
  position,
  mentionCount,
  cited,
});

// Four answers; the project ("p") and two competitors ("a", "b").
const p = { key: 'p', domains: ['shop.example'] };
const a = { key: 'a', domains: ['a.example'] };
const b = { key: 'b', domains: ['b.example'] };
const answers: AnalysedAnswer[] = [
  { brands: [outcome('p', 2, 1, true), outcome('a', 1, 2), outcome('b', 0, null)], citedUrls: ['https://www.shop.example/x', 'https://shop.example/y'] },
  { brands: [outcome('p', 0, null), outcome('a', 3, 1, true), outcome('b', 1, 2)], citedUrls: ['https://a.example/1', 'https://blog.a.example/2'] },
  { brands: [outcome('p', 1, 3), outcome('a', 1, 1), outcome('b', 1, 2, true)], citedUrls: ['https://b.example/', 'https://a.example/1'] },
  { brands: [outcome('p', 0, null), outcome('a', 0, null), outcome('b', 0, null)], citedUrls: [] },
];

describe('answerFigures', () => {
  it('counts visibility, position, mentions, share of voice and citations per brand', () => {
    const figures = answerFigures(answers, [p, a, b]);
    expect(figures.samples).toBe(4);
    // p: mentioned in 2 of 4, positions 1 and 3, 3 mentions, cited once; all mentions: 3 + 5 + 2 = 10.
    // Six citations (a URL in an answer): p's two in the first answer, a's three, b's one.
    expect(figures.brands).toEqual([
      { key: 'p', samples: 4, mentionRate: 0.5, avgPosition: 2, mentions: 3, shareOfVoice: 0.3, citedRate: 0.25, citationShare: 0.3333 },
      { key: 'a', samples: 4, mentionRate: 0.75, avgPosition: 1.3333, mentions: 5, shareOfVoice: 0.5, citedRate: 0.25, citationShare: 0.5 },
      { key: 'b', samples: 4, mentionRate: 0.5, avgPosition: 2, mentions: 2, shareOfVoice: 0.2, citedRate: 0.25, citationShare: 0.1667 },
    ]);
  });

  it("lists which of each brand's URLs were cited, most-cited first, subdomains included", () => {
    expect(answerFigures(answers, [p, a, b]).brandCitations).toEqual([
      {
        key: 'p',
        urls: [
          { url: 'https://shop.example/y', answers: 1 },
          { url: 'https://www.shop.example/x', answers: 1 },
        ],
      },
      {
        key: 'a',
        urls: [
          { url: 'https://a.example/1', answers: 2 },
          { url: 'https://blog.a.example/2', answers: 1 },
        ],
      },
      { key: 'b', urls: [{ url: 'https://b.example/', answers: 1 }] },
    ]);
  });

  it('ranks cited domains by answers citing them, with their distinct URLs, citations and share', () => {
    expect(answerFigures(answers, [p]).citations).toEqual([
      { domain: 'a.example', answers: 2, urls: 2, citations: 3, share: 0.5 },
      { domain: 'b.example', answers: 1, urls: 1, citations: 1, share: 0.1667 },
      { domain: 'shop.example', answers: 1, urls: 2, citations: 2, share: 0.3333 },
    ]);
  });

  it('has no share of voice when no tracked brand is mentioned, and zero rates without answers', () => {
    expect(answerFigures([answers[3]!], [p]).brands[0]).toMatchObject({ mentionRate: 0, avgPosition: null, shareOfVoice: null });
    expect(answerFigures([], [p])).toEqual({
      samples: 0,
      brands: [{ key: 'p', samples: 0, mentionRate: 0, avgPosition: null, mentions: 0, shareOfVoice: null, citedRate: 0, citationShare: null }],
      citations: [],
      brandCitations: [{ key: 'p', urls: [] }],
    });
  });

  it('counts a site without a registrable domain (an IP address, localhost) under its host, so a brand it cites has its share', () => {
    const local = { key: 'local', domains: ['127.0.0.1'] };
    const cited: AnalysedAnswer[] = [
      { brands: [outcome('local', 1, 1, true)], citedUrls: ['http://127.0.0.1:8080/p1', 'https://a.example/1'] },
      { brands: [outcome('local', 0, null, true)], citedUrls: ['http://127.0.0.1:8080/p1', 'http://[::1]/x', 'http://localhost:3000/'] },
    ];
    const figures = answerFigures(cited, [local]);
    expect(figures.brands[0]!.citationShare).toBe(0.4);
    expect(figures.citations.map((c) => [c.domain, c.citations])).toEqual([
      ['127.0.0.1', 2],
      ['::1', 1],
      ['a.example', 1],
      ['localhost', 1],
    ]);
    expect(figures.brandCitations[0]!.urls).toEqual([{ url: 'http://127.0.0.1:8080/p1', answers: 2 }]);
  });
});
