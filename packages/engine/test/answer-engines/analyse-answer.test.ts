// The brand analysis of one answer: word boundaries, accents and case, the domain form with its
// subdomains, counts, positions among the other names, citations and other brands and domains.
import { describe, expect, it } from 'vitest';
import { analyseAnswer } from '../../src/answer-engines/brands/analyse-brands.js';

const shop = { brandName: 'Example Shop', domain: 'www.example.com' };

describe('the API example (GeoTestExample)', () => {
  it('reads the documented answer as the documentation says, field by field', () => {
    const a = analyseAnswer('Popular places include shops like Etsy, Example Shop (https://www.example.com/collections/bowls) and local studios.', shop);
    expect(a.brandMentioned).toBe(true);
    expect(a.firstMentionPosition).toBe(2);
    expect(a.mentionCount).toBe(1);
    expect(a.citedUrls).toEqual(['https://www.example.com/collections/bowls']);
    expect(a.projectDomainCited).toBe(true);
    expect(a.otherBrands).toEqual(['Etsy']);
    expect(a.otherDomains).toEqual([]);
  });

  it('reads the completed-event example the same way', () => {
    const a = analyseAnswer('Popular places include Etsy and Example Shop (https://www.example.com/collections/bowls).', shop);
    expect(a).toEqual({
      brandMentioned: true,
      firstMentionPosition: 2,
      mentionCount: 1,
      citedUrls: ['https://www.example.com/collections/bowls'],
      projectDomainCited: true,
      otherBrands: ['Etsy'],
      otherDomains: [],
    });
  });
});

describe('brand mentions', () => {
  it('finds nothing when the brand is not named', () => {
    const a = analyseAnswer('Try Shopify or WooCommerce for a small online store.', shop);
    expect(a).toMatchObject({ brandMentioned: false, firstMentionPosition: null, mentionCount: 0, projectDomainCited: false });
  });

  it('matches on word boundaries only, Unicode-aware', () => {
    expect(analyseAnswer('Go Example Shopping today.', shop).brandMentioned).toBe(false);
    expect(analyseAnswer('MyExample Shop is new.', shop).brandMentioned).toBe(false);
    expect(analyseAnswer('Example Shopé is not it.', shop).brandMentioned).toBe(false);
    expect(analyseAnswer('Try "Example Shop", it is good.', shop).mentionCount).toBe(1);
    expect(analyseAnswer("Example Shop's coffee is great.", shop).mentionCount).toBe(1);
    expect(analyseAnswer('Example\nShop sells beans.', shop).mentionCount).toBe(1);
  });

  it('ignores case and accents in both directions', () => {
    const cafe = { brandName: 'Café Müller', domain: 'cafe-mueller.de' };
    expect(analyseAnswer('Das cafe muller in Köln', cafe).mentionCount).toBe(1);
    expect(analyseAnswer('CAFÉ MÜLLER und Cafe\u0301 Mu\u0308ller', cafe).mentionCount).toBe(2);
    expect(analyseAnswer('Café Müllerei', cafe).brandMentioned).toBe(false);
    expect(analyseAnswer('Visit EXAMPLE SHOP now', { brandName: 'example shop', domain: null }).mentionCount).toBe(1);
  });

  it('counts the registrable domain, with www. and other subdomains, but not longer hosts', () => {
    expect(analyseAnswer('See example.com for details.', shop).mentionCount).toBe(1);
    expect(analyseAnswer('See www.example.com and blog.example.com.', shop).mentionCount).toBe(2);
    expect(analyseAnswer('EXAMPLE.COM is the site.', shop).mentionCount).toBe(1);
    expect(analyseAnswer('Not myexample.com, not example.community, not example.com.evil.net, not my-example.com.', shop).mentionCount).toBe(0);
  });

  it('counts non-overlapping mentions of either form, and a URL as a citation only', () => {
    const a = analyseAnswer('Example Shop (example.com) is good. Example Shop ships fast; https://www.example.com/coffee has beans.', shop);
    // Two names and one domain written as a name; the URL is a citation, not a fourth mention.
    expect(a.mentionCount).toBe(3);
    expect(a.projectDomainCited).toBe(true);
    // The name is `Example`: inside `example.com` it is one mention, not two.
    expect(analyseAnswer('Example at example.com', { brandName: 'Example', domain: 'example.com' }).mentionCount).toBe(2);
  });

  it('does not count a hidden link destination as a mention, but as a citation', () => {
    const a = analyseAnswer('Read [this guide](https://www.example.com/guide) first.', shop);
    expect(a).toMatchObject({ brandMentioned: false, mentionCount: 0, projectDomainCited: true, citedUrls: ['https://www.example.com/guide'] });
  });
});

describe('first mention position', () => {
  it('is 1 when the brand comes first', () => {
    expect(analyseAnswer('1. **Example Shop** – great\n2. **Shopify** – fine', shop).firstMentionPosition).toBe(1);
  });

  it('counts the names before it in order of first appearance', () => {
    const answer = ['Top picks:', '1. **Shopify**: easy', '2. **WooCommerce**: flexible', '3. **Example Shop**: local', '4. **Wix**'].join('\n');
    expect(analyseAnswer(answer, shop).firstMentionPosition).toBe(3);
  });

  it('counts a brand and its domain as one name', () => {
    const answer = '- [Shopify](https://www.shopify.com/?utm_source=chatgpt.com) (shopify.com)\n- Example Shop';
    expect(analyseAnswer(answer, shop).firstMentionPosition).toBe(2);
  });

  it('counts a bare domain named before the brand', () => {
    expect(analyseAnswer('Compare amazon.de, otto.de and then example.com.', shop).firstMentionPosition).toBe(3);
  });

  it('uses the earliest mention of the brand in either form', () => {
    const answer = 'You could start at example.com.\n\n1. **Shopify**\n2. **Example Shop**';
    expect(analyseAnswer(answer, shop).firstMentionPosition).toBe(1);
  });

  it('takes a listed brand named earlier in prose at that earlier place', () => {
    const answer = 'Many people like Zalando. But Example Shop is local.\n\n- **Zalando**\n- **Example Shop**';
    expect(analyseAnswer(answer, shop).firstMentionPosition).toBe(2);
  });
});

describe('citations and domains', () => {
  it('collects Markdown links, autolinks and bare URLs, normalised and de-duplicated', () => {
    const answer = [
      'Sources: [Guide](https://Blog.Example.com/guide#top) and <https://www.otto.de/kaffee>,',
      'also https://www.amazon.de/s?k=kaffee&utm_source=chatgpt.com. And (see https://en.wikipedia.org/wiki/Coffee_(disambiguation)).',
      'Again: https://www.otto.de/kaffee; www.tchibo.de/kaffee!',
    ].join('\n');
    const a = analyseAnswer(answer, shop);
    expect(a.citedUrls).toEqual([
      'https://blog.example.com/guide',
      'https://www.otto.de/kaffee',
      'https://www.amazon.de/s?k=kaffee',
      'https://en.wikipedia.org/wiki/Coffee_(disambiguation)',
      'http://www.tchibo.de/kaffee',
    ]);
    expect(a.projectDomainCited).toBe(true);
    expect(a.otherDomains).toEqual(['otto.de', 'amazon.de', 'wikipedia.org', 'tchibo.de']);
  });

  it('knows the project domain only on its own hosts', () => {
    expect(analyseAnswer('https://example.com/', shop).projectDomainCited).toBe(true);
    expect(analyseAnswer('https://shop.example.com/x', shop).projectDomainCited).toBe(true);
    expect(analyseAnswer('https://notexample.com/ and https://example.com.evil.net/', shop).projectDomainCited).toBe(false);
  });

  it('lists domains named in text, not file names, technologies or mailbox names', () => {
    const a = analyseAnswer('Use shop.tchibo.de or Amazon.co.uk; read README.md and setup.py; ASP.NET or Node.js; mail first.last@roastery.org.', shop);
    expect(a.otherDomains).toEqual(['tchibo.de', 'amazon.co.uk', 'roastery.org']);
  });

  it('leaves the project domain out of the other domains', () => {
    expect(analyseAnswer('example.com, www.example.com and otto.de', shop).otherDomains).toEqual(['otto.de']);
  });

  it('handles an internationalised project domain', () => {
    const a = analyseAnswer('Siehe müller.de oder https://www.müller.de/kaffee', { brandName: 'Müller', domain: 'müller.de' });
    // `müller.de` is a mention; the URL is a citation only.
    expect(a.mentionCount).toBe(1);
    expect(a.projectDomainCited).toBe(true);
    expect(a.citedUrls).toEqual(['https://www.xn--mller-kva.de/kaffee']);
    expect(a.otherDomains).toEqual([]);
  });
});

describe('other brands', () => {
  it('takes names from list items, bold text and link texts, in order, without the project', () => {
    const answer = [
      'Here are some options:',
      '',
      '1. **Shopify**: easy to set up.',
      '2. [Bank of America](https://www.bankofamerica.com) - for payments',
      '- Example Shop – our local favourite',
      '- eBay (marketplace)',
      '### 5. Galeries Lafayette',
      'You can also try **Tchibo Kaffee**.',
    ].join('\n');
    expect(analyseAnswer(answer, shop).otherBrands).toEqual(['Shopify', 'Bank of America', 'eBay', 'Galeries Lafayette', 'Tchibo Kaffee']);
  });

  it('skips labels, sentences, common words and domains', () => {
    const answer = [
      '**Pros:** cheap',
      '- **Key Features**: many',
      '- Use a CDN to be fast.',
      '- amazon.de is big',
      '- **Fazit**',
      '- **shopify.com**',
      '**very important**',
      '[here](https://example.org)',
    ].join('\n');
    expect(analyseAnswer(answer, shop).otherBrands).toEqual([]);
  });

  it('leaves out names that are the project in another spelling', () => {
    const answer = '- **EXAMPLE SHOP**\n- **Example**\n- **Example Shop Berlin**\n- **Exämple-Shop**\n- **Zalando**';
    expect(analyseAnswer(answer, shop).otherBrands).toEqual(['Zalando']);
  });

  it('de-duplicates by spelling-insensitive key, keeping the first spelling', () => {
    expect(analyseAnswer('- **Café Zeit**\n- **CAFE ZEIT**\n- **Cafe Zeit**', shop).otherBrands).toEqual(['Café Zeit']);
  });
});
