// The sources of an answer: a grounded engine's list kept as given (normalised, merged, bounded),
// or for a plain answer the URLs written in it, each with the spans a reader can check.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import { sourcesInText } from '../../src/answer-engines/adapters/chat-completions.js';
import { answerSources } from '../../src/answer-engines/sources.js';

describe('answerSources: an engine that gives its sources', () => {
  const answer = 'Kilnworks makes stoneware [1]. Etsy lists many makers [2][1].';

  it('keeps them in the engine order, with titles, domains and uses', () => {
    const sources = answerSources(answer, [
      { url: 'https://kilnworks.com/about?utm_source=perplexity', title: ' Kilnworks  Studio ', uses: [{ start: 26, end: 29 }] },
      { url: 'https://www.etsy.com/market/bowls#top', title: null, uses: [{ start: 54, end: 57 }] },
      { url: 'https://kilnworks.com/about', title: 'ignored: the first title stands', uses: [{ start: 57, end: 60 }] },
    ]);
    expect(sources).toEqual([
      {
        url: 'https://kilnworks.com/about',
        title: 'Kilnworks Studio',
        domain: 'kilnworks.com',
        uses: [
          { start: 26, end: 29 },
          { start: 57, end: 60 },
        ],
      },
      { url: 'https://www.etsy.com/market/bowls', title: null, domain: 'etsy.com', uses: [{ start: 54, end: 57 }] },
    ]);
    expect(answer.slice(26, 29)).toBe('[1]');
  });

  it('drops what cannot be checked: other schemes, spans outside the text, reversed spans', () => {
    const sources = answerSources('Short.', [
      { url: 'ftp://files.example/x', title: 'FTP', uses: [] },
      { url: 'not a url', title: 'nothing', uses: [] },
      {
        url: 'https://shop.example/',
        title: 'Shop',
        uses: [
          { start: 0, end: 99 },
          { start: 4, end: 2 },
          { start: 0, end: 5 },
        ],
      },
    ]);
    expect(sources).toEqual([{ url: 'https://shop.example/', title: 'Shop', domain: 'shop.example', uses: [{ start: 0, end: 5 }] }]);
  });

  it('keeps at most 100 sources and 100 uses of each', () => {
    const given = Array.from({ length: 150 }, (_, i) => ({
      url: `https://s${i}.example/`,
      title: null,
      uses: Array.from({ length: 120 }, () => ({ start: 0, end: 1 })),
    }));
    const many = answerSources('x'.repeat(200), [{ ...given[0]!, uses: Array.from({ length: 150 }, (_, i) => ({ start: i, end: i + 1 })) }, ...given.slice(1)]);
    expect(many).toHaveLength(100);
    expect(many[0]!.uses).toHaveLength(100);
  });
});

describe('answerSources: a plain answer', () => {
  const plain = (answer: string) => answerSources(answer, sourcesInText(answer).sources);

  it('lists the URLs written in it, a link text as the title, in order of first use', () => {
    const answer = 'See [Kilnworks bowls](https://kilnworks.com/bowls) or https://www.etsy.com/c/bowls, and again <https://kilnworks.com/bowls>.';
    const sources = plain(answer);
    expect(sources.map((s) => [s.url, s.title, s.domain])).toEqual([
      ['https://kilnworks.com/bowls', 'Kilnworks bowls', 'kilnworks.com'],
      ['https://www.etsy.com/c/bowls', null, 'etsy.com'],
    ]);
    expect(sources[0]!.uses.map(({ start, end }) => answer.slice(start, end))).toEqual([
      '[Kilnworks bowls](https://kilnworks.com/bowls)',
      'https://kilnworks.com/bowls',
    ]);
  });

  it('gives no title to a link whose text is its address', () => {
    expect(plain('[https://kilnworks.com](https://kilnworks.com)')[0]!.title).toBeNull();
  });
});

describe('analyseBrands with an engine’s sources', () => {
  const brands = [
    { key: 'project', name: 'Example Shop', aliases: [], domains: ['example.com'] },
    { key: 'kilnworks', name: 'Kilnworks', aliases: [], domains: ['kilnworks.com'] },
  ];

  it('cites a brand through a source its text does not write, sources first', () => {
    const a = analyseBrands('Kilnworks makes stoneware [1]; see also https://www.etsy.com/c/bowls.', brands, {
      sourceUrls: ['https://kilnworks.com/about', 'https://news.example.org/story'],
    });
    expect(a.citedUrls).toEqual(['https://kilnworks.com/about', 'https://news.example.org/story', 'https://www.etsy.com/c/bowls']);
    expect(a.brands.map((b) => [b.key, b.cited])).toEqual([
      ['project', false],
      ['kilnworks', true],
    ]);
    expect(a.citedDomains).toEqual(['kilnworks.com', 'example.org', 'etsy.com']);
    expect(a.otherDomains).toEqual(['etsy.com', 'example.org']);
  });
});
