// Structured-data validation on hand-written items: lenient JSON-LD recovery, the schema.org
// vocabulary (types, properties, value types, nested paths), Google's required and recommended
// properties per rich-result family, and Microdata/RDFa values read by each syntax's rules.

import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/page/analyse-page.js';
import { readJsonLd } from '../../src/analyse/structured-data/json-ld.js';
import { readJsonLeniently } from '../../src/analyse/structured-data/json-recovery.js';
import type { StructuredDataProblem, StructuredItem } from '../../src/types.js';
import { SITE, fetched, html } from './helpers.js';

/** The single item of one JSON-LD node written with the schema.org context. */
function item(node: Record<string, unknown>): StructuredItem {
  const { items, errors } = readJsonLd([JSON.stringify({ '@context': 'https://schema.org', ...node })]);
  expect(errors).toEqual([]);
  expect(items).toHaveLength(1);
  return items[0]!;
}

const codes = (problems: StructuredDataProblem[]) => problems.map((p) => `${p.code} ${p.property}`);

describe('lenient JSON-LD', () => {
  it('reads valid JSON as is, with nothing repaired', () => {
    expect(readJsonLeniently('{"a":"https://x.org/#y // not a comment"}')).toEqual({
      ok: true,
      json: { value: { a: 'https://x.org/#y // not a comment' }, repairs: [] },
    });
  });

  it.each([
    ['// lead\n{"a":1}', 'a JavaScript comment (//)'],
    ['{"a":1 /* note */}', 'a JavaScript comment (/* */)'],
    ['<!-- note -->\n{"a":1}', 'an HTML comment (<!-- -->)'],
    ['<!-- {"a":1} -->', 'an HTML comment (<!-- -->)'],
    ['<![CDATA[{"a":1}]]>', 'CDATA markers'],
    ['{"a":1,}', 'a trailing comma'],
    ['[{"a":1},\n]', 'a trailing comma'],
    ['{"a":1};', 'a trailing semicolon'],
  ])('recovers %j and names the repair', (text, repair) => {
    const r = readJsonLeniently(text);
    expect(r).toEqual({ ok: true, json: { value: text.startsWith('[') ? [{ a: 1 }] : { a: 1 }, repairs: [repair] } });
  });

  it("escapes raw line breaks and tabs inside strings, and reads \\' as a quote", () => {
    const r = readJsonLeniently('{"a":"line 1\n\tline 2","b":"it\\\'s"}');
    expect(r).toEqual({
      ok: true,
      json: {
        value: { a: 'line 1\n\tline 2', b: "it's" },
        repairs: ['a raw line break or control character inside a string', "an invalid escape (\\') inside a string"],
      },
    });
  });

  it('leaves unrecoverable JSON unread, with the strict parser’s message', () => {
    const r = readJsonLeniently('{"a" 1}');
    expect(r.ok).toBe(false);
  });

  it('keeps a recovered block’s items, each with an invalid_syntax error; an unreadable block stays a page-level error', () => {
    const { items, errors } = readJsonLd([
      '{"@context":"https://schema.org", // site\n"@type":"Organization","name":"O","url":"https://o.example/",}',
      '{"@context":"https://schema.org" "@type":"Thing"}',
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]!.errors[0]).toEqual({
      code: 'invalid_syntax',
      property: null,
      message:
        'JSON-LD block 1 is not valid JSON (it contains a JavaScript comment (//) and a trailing comma); it was read leniently, but search engines may ignore it',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^JSON-LD block 2 is not valid JSON: /);
  });

  it('counts a recovered block toward hasSchema', () => {
    const a = analysePage(
      fetched(html('', '<script type="application/ld+json"><!-- generated -->\n{"@context":"https://schema.org","@type":"WebSite","name":"W"}</script>')),
      SITE,
    );
    expect(a.hasSchema).toBe(true);
    expect(codes(a.structuredData[0]!.errors)).toEqual(['invalid_syntax null']);
  });
});

describe('schema.org vocabulary', () => {
  it('accepts a valid item, with properties inherited from supertypes (name from Thing, author from CreativeWork)', () => {
    expect(item({ '@type': 'WebPage', name: 'P', author: { '@type': 'Person', name: 'Ada' }, url: 'https://x.example/p' }).errors).toEqual([]);
  });

  it('reports an unknown type, suggesting the defined spelling', () => {
    const i = item({ '@type': ['Artcle', 'person'] });
    expect(i.errors).toEqual([
      { code: 'unknown_type', property: null, message: 'Artcle is not a schema.org type' },
      { code: 'unknown_type', property: null, message: 'person is not a schema.org type (did you mean Person?)' },
    ]);
  });

  it('reports a property schema.org does not define, and one not defined for the item’s types', () => {
    const i = item({ '@type': 'Person', name: 'Ada', headlne: 'x', datepublished: '2024-01-01', headline: 'not for a Person' });
    expect(i.errors).toEqual([
      { code: 'unknown_property', property: 'headlne', message: 'headlne: headlne is not a schema.org property' },
      {
        code: 'unknown_property',
        property: 'datepublished',
        message: 'datepublished: datepublished is not a schema.org property (did you mean datePublished?)',
      },
      { code: 'unknown_property', property: 'headline', message: 'headline: headline is not a property of Person' },
    ]);
  });

  it('checks URL values: spaces or an unparsable absolute URL are not URLs; relative ones are', () => {
    const i = item({ '@type': 'Person', name: 'Ada', url: 'Ada Lovelace', sameAs: ['https://x.example/ada', '/ada', 'http://[bad'] });
    expect(i.errors).toEqual([
      { code: 'invalid_value', property: 'url', message: 'url: “Ada Lovelace” is not a URL' },
      { code: 'invalid_value', property: 'sameAs', message: 'sameAs: “http://[bad” is not a URL' },
    ]);
  });

  it('checks Date and DateTime values against ISO 8601', () => {
    const ok = item({ '@type': 'Event', name: 'E', startDate: '2024-05-01T19:30:00+02:00', endDate: '2024-05-02', location: 'Here' });
    expect(ok.errors).toEqual([]);
    const bad = item({ '@type': 'Event', name: 'E', startDate: 'Sat Sep 14', endDate: '14/09/2024', location: 'Here' });
    expect(codes(bad.errors)).toEqual(['invalid_value startDate', 'invalid_value endDate']);
    expect(bad.errors[0]!.message).toBe('startDate: “Sat Sep 14” is not an ISO 8601 date (YYYY-MM-DD) or an ISO 8601 date and time (YYYY-MM-DDThh:mm:ss)');
    expect(codes(item({ '@type': 'Person', name: 'P', birthDate: 'yesterday' }).errors)).toEqual(['invalid_value birthDate']);
  });

  it('checks Number and Integer values: text that is not a number, a fraction where a whole number is expected', () => {
    const i = item({ '@type': 'Book', name: 'B', numberOfPages: 12.5, copyrightYear: 'last year' });
    expect(i.errors).toEqual([
      { code: 'invalid_value', property: 'numberOfPages', message: 'numberOfPages: “12.5” is not a whole number' },
      { code: 'invalid_value', property: 'copyrightYear', message: 'copyrightYear: “last year” is not a number' },
    ]);
    // Text alongside Number in the range (price: Number or Text) accepts any text.
    expect(item({ '@type': 'Offer', price: 'from 10 EUR' }).errors).toEqual([]);
  });

  it('checks enumeration values, by name or schema.org URL', () => {
    expect(item({ '@type': 'Offer', availability: 'https://schema.org/InStock', price: 3 }).errors).toEqual([]);
    expect(item({ '@type': 'Offer', availability: 'InStock', price: 3 }).errors).toEqual([]);
    expect(item({ '@type': 'Offer', availability: 'in stock', price: 3 }).errors).toEqual([
      { code: 'invalid_value', property: 'availability', message: 'availability: “in stock” is not an ItemAvailability value' },
    ]);
  });

  it('reports an item where only text is expected, and an item of a type the property does not take', () => {
    const i = item({ '@type': 'Article', headline: { '@type': 'Thing', name: 'x' }, author: { '@type': 'Place', name: 'Paris' } });
    expect(i.errors).toEqual([
      { code: 'invalid_value', property: 'headline', message: 'headline: expects text, not an item (Thing)' },
      { code: 'invalid_value', property: 'author', message: 'author: expects an Organization or a Person, not Place' },
    ]);
  });

  it('accepts what schema.org’s data model allows: text for an item, a number for a quantity, a subtype, a reference', () => {
    expect(
      item({
        '@type': 'NewsArticle',
        headline: 'H',
        author: 'Jane Doe',
        image: { '@type': 'ImageObject', url: 'https://x.example/i.png', width: 600 },
        publisher: { '@id': '#org' },
        mainEntityOfPage: 'https://x.example/a',
      }).errors,
    ).toEqual([]);
  });

  it('checks nested items and names their problems by dotted paths', () => {
    const i = item({
      '@type': 'Article',
      headline: 'H',
      author: [{ '@type': 'Person', name: 'Ada', url: 'not a url', jobTitel: 'Writer' }],
      publisher: { '@type': 'Organization', name: 'P', logo: { '@type': 'ImageObject', url: 'https://x.example/l.png', uploadDate: 'soon' } },
    });
    expect(codes(i.errors)).toEqual(['invalid_value author.url', 'unknown_property author.jobTitel', 'invalid_value publisher.logo.uploadDate']);
  });

  it('leaves items of other vocabularies and other vocabularies’ properties alone', () => {
    const { items } = readJsonLd(['{"@context":{"@vocab":"http://purl.org/goodrelations/v1#"},"@type":"Offering","anything":"goes"}']);
    expect(items[0]!.errors).toEqual([]);
    const withOg = readJsonLd(['{"@context":["https://schema.org",{"og":"http://ogp.me/ns#"}],"@type":"WebPage","og:title":"T"}']);
    expect(withOg.items[0]!.errors).toEqual([]);
  });
});

describe('Google rich results', () => {
  it('maps subtypes to their family: NewsArticle → Article, Restaurant → LocalBusiness, MusicEvent → Event; others have none', () => {
    expect(item({ '@type': 'NewsArticle', headline: 'H' }).richResult).toBe('Article');
    expect(item({ '@type': 'Restaurant', name: 'R', address: 'Main St 1' }).richResult).toBe('LocalBusiness');
    expect(item({ '@type': 'MusicEvent', name: 'M', startDate: '2024-01-01', location: 'Hall' }).richResult).toBe('Event');
    expect(item({ '@type': 'WebSite', name: 'W' }).richResult).toBeNull();
  });

  it('Article: nothing required; missing recommended properties are warnings, nested ones by path', () => {
    const i = item({ '@type': 'BlogPosting', headline: 'H', author: { '@type': 'Person', name: 'Ada' }, datePublished: '2024-01-01' });
    expect(i.errors).toEqual([]);
    expect(i.warnings).toEqual([
      { code: 'missing_recommended', property: 'author.url', message: 'Article: the property author.url is recommended' },
      { code: 'missing_recommended', property: 'dateModified', message: 'Article: the property dateModified is recommended' },
      { code: 'missing_recommended', property: 'image', message: 'Article: the property image is recommended' },
    ]);
  });

  it('Product: a name and one of offers, review or aggregateRating are required; an offer needs a price', () => {
    const bare = item({ '@type': 'Product', description: 'D' });
    expect(bare.errors).toEqual([
      { code: 'missing_required', property: 'name', message: 'Product: the property name is required' },
      { code: 'missing_required', property: 'offers|review|aggregateRating', message: 'Product: one of offers, review or aggregateRating is required' },
    ]);
    const noPrice = item({ '@type': 'Product', name: 'P', offers: { '@type': 'Offer', priceCurrency: 'EUR' } });
    expect(codes(noPrice.errors)).toEqual(['missing_required offers.price|offers.lowPrice|offers.priceSpecification']);
    const aggregate = item({ '@type': 'Product', name: 'P', offers: { '@type': 'AggregateOffer', lowPrice: 5, priceCurrency: 'EUR' } });
    expect(aggregate.errors).toEqual([]);
  });

  it('FAQPage: every question needs a name and an accepted answer with text', () => {
    const i = item({
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Q1', acceptedAnswer: { '@type': 'Answer', text: 'A1' } },
        { '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } },
      ],
    });
    expect(codes(i.errors)).toEqual(['missing_required mainEntity.name', 'missing_required mainEntity.acceptedAnswer.text']);
    expect(codes(item({ '@type': 'FAQPage' }).errors)).toEqual(['missing_required mainEntity']);
  });

  it('BreadcrumbList: each element needs a position and a name (its own or its item’s)', () => {
    const ok = item({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x.example/' },
        { '@type': 'ListItem', position: 2, item: { '@id': 'https://x.example/a', name: 'A' } },
      ],
    });
    expect(ok.errors).toEqual([]);
    const bad = item({ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', item: 'https://x.example/' }] });
    expect(codes(bad.errors)).toEqual(['missing_required itemListElement.position', 'missing_required itemListElement.name|itemListElement.item.name']);
  });

  it('Event, JobPosting, VideoObject, Recipe, Review and LocalBusiness: their required properties', () => {
    expect(codes(item({ '@type': 'Event', name: 'E' }).errors)).toEqual(['missing_required location', 'missing_required startDate']);
    expect(codes(item({ '@type': 'JobPosting', title: 'T', description: 'D', datePosted: '2024-01-01', hiringOrganization: 'H' }).errors)).toEqual([
      'missing_required jobLocation|applicantLocationRequirements',
    ]);
    expect(codes(item({ '@type': 'VideoObject', name: 'V', thumbnailUrl: 'https://x.example/t.jpg' }).errors)).toEqual(['missing_required uploadDate']);
    expect(codes(item({ '@type': 'Recipe', name: 'R' }).errors)).toEqual(['missing_required image']);
    expect(codes(item({ '@type': 'Review', author: 'A', itemReviewed: 'X', reviewRating: { '@type': 'Rating' } }).errors)).toEqual([
      'missing_required reviewRating.ratingValue',
    ]);
    expect(codes(item({ '@type': 'LocalBusiness', name: 'L' }).errors)).toEqual(['missing_required address']);
  });

  it('Organization: nothing required; the recommended properties are warnings', () => {
    const i = item({ '@type': 'Organization', name: 'O', url: 'https://o.example/', logo: 'https://o.example/l.png', sameAs: 'https://social.example/o' });
    expect(i.errors).toEqual([]);
    expect(i.warnings.map((w) => w.property)).toEqual(['description', 'address', 'telephone', 'email']);
  });

  it('treats blank text as missing', () => {
    expect(codes(item({ '@type': 'Event', name: ' ', startDate: '2024-01-01', location: 'Hall' }).errors)).toEqual(['missing_required name']);
  });
});

describe('Microdata and RDFa values', () => {
  const analyse = (body: string) => analysePage(fetched(html(body)), SITE);

  it('reads Microdata values by the element’s rules and validates them like JSON-LD', () => {
    const a = analyse(`
      <div itemscope itemtype="https://schema.org/Event">
        <h1 itemprop="name">Concert</h1>
        <time itemprop="startDate" datetime="2024-05-01T19:30">1 May</time>
        <span itemprop="endDate">next Tuesday</span>
        <div itemprop="location" itemscope itemtype="https://schema.org/Place"><a itemprop="url" href="/hall">Hall</a><meta itemprop="name" content="Hall"></div>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="12.50">€12.50</span><link itemprop="availability" href="https://schema.org/SoldOut"></div>
      </div>`);
    const [event] = a.structuredData;
    expect(event!.richResult).toBe('Event');
    expect(event!.errors).toEqual([
      {
        code: 'invalid_value',
        property: 'endDate',
        message: 'endDate: “next Tuesday” is not an ISO 8601 date (YYYY-MM-DD) or an ISO 8601 date and time (YYYY-MM-DDThh:mm:ss)',
      },
    ]);
  });

  it('honours content on any element and reads nested items’ problems by path', () => {
    const a = analyse(`
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Lamp</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="3.5">3,50 €</span><span itemprop="pricecurrency">EUR</span>
          <span itemprop="priceValidUntil" content="soon">until Friday</span></div>
      </div>`);
    expect(codes(a.structuredData[0]!.errors)).toEqual(['unknown_property offers.pricecurrency', 'invalid_value offers.priceValidUntil']);
  });

  it('does not report an itemprop item outside any item as a top-level item (an itemref target)', () => {
    const a = analyse(
      '<div itemscope itemtype="https://schema.org/Product" itemref="x"><span itemprop="name">P</span></div>' +
        '<div id="x" itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">3</span></div>',
    );
    expect(a.structuredData.map((i) => i.schemaOrgTypes)).toEqual([['Product']]);
  });

  it('reads RDFa values: content, href, datetime, else the text', () => {
    const a = analyse(`
      <div vocab="https://schema.org/" typeof="Person">
        <span property="name">Ada</span><a property="url" href="https://ada.example/">site</a>
        <time property="birthDate" datetime="1815-12-10">10 December 1815</time>
        <span property="deathDate">the year 1852</span>
        <span property="gender" content="https://schema.org/Female">she</span>
      </div>`);
    expect(a.structuredData[0]!.errors).toEqual([
      { code: 'invalid_value', property: 'deathDate', message: 'deathDate: “the year 1852” is not an ISO 8601 date (YYYY-MM-DD)' },
    ]);
  });
});
