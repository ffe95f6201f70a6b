import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/page/analyse-page.js';
import { readJsonLd } from '../../src/analyse/structured-data/json-ld.js';
import { SITE, fetched, html } from './helpers.js';

const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;
const analyse = (head: string, body = '') => analysePage(fetched(html(body, head)), SITE);

describe('JSON-LD', () => {
  it('reads one node with its schema.org type and top-level properties', () => {
    const a = analyse(ld('{"@context":"https://schema.org","@type":"Article","headline":"H","author":{"@type":"Person","name":"Ada"}}'));
    expect(a.structuredData).toEqual([
      {
        syntax: 'json-ld',
        types: ['Article'],
        schemaOrgTypes: ['Article'],
        properties: ['headline', 'author'],
        richResult: 'Article',
        errors: [],
        warnings: ['author.url', 'dateModified', 'datePublished', 'image'].map((p) => ({
          code: 'missing_recommended',
          property: p,
          message: `Article: the property ${p} is recommended`,
        })),
      },
    ]);
    expect(a.hasSchema).toBe(true);
    expect(a.schemaTypes).toEqual(['Article']);
  });

  it('reads every node of a @graph, inheriting the context', () => {
    const a = analyse(
      ld(
        JSON.stringify({
          '@context': 'http://schema.org/',
          '@graph': [
            { '@type': 'WebPage', name: 'P' },
            { '@type': ['Organization', 'Brand'], name: 'O', url: 'https://x' },
            { '@id': '#untyped', name: 'no type' },
          ],
        }),
      ),
    );
    expect(a.structuredData.map((i) => i.schemaOrgTypes)).toEqual([['WebPage'], ['Organization', 'Brand']]);
    expect(a.schemaTypes).toEqual(['Brand', 'Organization', 'WebPage']);
  });

  it('reads top-level arrays, each element with its own context', () => {
    const a = analyse(
      ld('[{"@context":"https://schema.org","@type":"Product","name":"P"},{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[]}]'),
    );
    expect(a.schemaTypes).toEqual(['BreadcrumbList', 'Product']);
  });

  it('reads several blocks, recovers a slightly broken one and records an unreadable one without throwing', () => {
    const a = analyse(
      ld('{"@context":"https://schema.org","@type":"Organization","name":"O"}') +
        ld('{"@context":"https://schema.org","@type":"Article",}') +
        ld('   ') +
        ld('{"@context":"https://schema.org","@type":"FAQPage"}') +
        ld('{"@context":"https://schema.org","@type":"Event" "name":"no comma"}'),
    );
    expect(a.schemaTypes).toEqual(['Article', 'FAQPage', 'Organization']);
    expect(a.structuredData[1]!.errors[0]).toEqual({
      code: 'invalid_syntax',
      property: null,
      message: 'JSON-LD block 2 is not valid JSON (it contains a trailing comma); it was read leniently, but search engines may ignore it',
    });
    expect(a.structuredDataErrors).toHaveLength(2);
    expect(a.structuredDataErrors[0]).toBe('JSON-LD block 3 is empty');
    expect(a.structuredDataErrors[1]).toMatch(/^JSON-LD block 5 is not valid JSON: /);
  });

  it('accepts the type attribute in any case and with parameters; ignores other scripts', () => {
    const a = analyse(
      '<script type="Application/LD+JSON; charset=utf-8">{"@context":"https://schema.org","@type":"Event"}</script>' +
        '<script type="application/json">{"@context":"https://schema.org","@type":"Recipe"}</script>',
    );
    expect(a.schemaTypes).toEqual(['Event']);
  });

  it('records items of other vocabularies without counting them', () => {
    const a = analyse(ld('{"@context":"http://purl.org/goodrelations/v1","@type":"Offering","name":"x"}') + ld('{"@type":"Article","headline":"no context"}'));
    expect(a.structuredData.map((i) => [i.types, i.schemaOrgTypes])).toEqual([
      [['Offering'], []],
      [['Article'], []],
    ]);
    expect(a.hasSchema).toBe(false);
    expect(a.schemaTypes).toEqual([]);
  });

  it('understands @vocab, prefixes and full IRIs', () => {
    const { items } = readJsonLd([
      '{"@context":{"@vocab":"https://schema.org/"},"@type":"Recipe","name":"R"}',
      '{"@context":{"s":"http://schema.org/"},"@type":"s:Person","s:name":"N"}',
      '{"@type":"https://schema.org/Place","https://schema.org/name":"Here"}',
      '{"@context":"https://schema.org/docs/jsonldcontext.json","@type":"Book"}',
    ]);
    expect(items.map((i) => [i.schemaOrgTypes, i.properties])).toEqual([
      [['Recipe'], ['name']],
      [['Person'], ['name']],
      [['Place'], ['name']],
      [['Book'], []],
    ]);
  });

  it('reads HTML comment and CDATA wrappers, flagging them as invalid JSON; reports non-objects and type-less blocks', () => {
    const { items, errors } = readJsonLd([
      '<!-- {"@context":"https://schema.org","@type":"Thing"} -->',
      '//<![CDATA[\n{"@context":"https://schema.org","@type":"Event"}\n//]]>',
      '42',
      '{"@context":"https://schema.org","name":"no type"}',
    ]);
    expect(items.map((i) => i.schemaOrgTypes[0])).toEqual(['Thing', 'Event']);
    expect(items.map((i) => i.errors[0]!.message)).toEqual([
      'JSON-LD block 1 is not valid JSON (it contains an HTML comment (<!-- -->)); it was read leniently, but search engines may ignore it',
      'JSON-LD block 2 is not valid JSON (it contains a JavaScript comment (//)); it was read leniently, but search engines may ignore it',
    ]);
    expect(errors).toEqual(['JSON-LD block 3 is not a JSON object or array', 'JSON-LD block 4 has no node with an @type']);
  });
});

describe('Microdata', () => {
  it('reads a top-level item with its own properties; a nested item is a property value', () => {
    const a = analyse(
      '',
      `
      <div itemscope itemtype="https://schema.org/Article">
        <h1 itemprop="headline">Title</h1>
        <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Ada</span></div>
        <time itemprop="datePublished dateModified" datetime="2024-01-01">Jan</time>
      </div>`,
    );
    expect(a.structuredData).toEqual([
      {
        syntax: 'microdata',
        types: ['https://schema.org/Article'],
        schemaOrgTypes: ['Article'],
        properties: ['headline', 'author', 'datePublished', 'dateModified'],
        richResult: 'Article',
        errors: [],
        warnings: [
          { code: 'missing_recommended', property: 'author.url', message: 'Article: the property author.url is recommended' },
          { code: 'missing_recommended', property: 'image', message: 'Article: the property image is recommended' },
        ],
      },
    ]);
  });

  it('reports an itemscope without itemprop inside another item as a top-level item', () => {
    const a = analyse(
      '',
      '<div itemscope itemtype="https://schema.org/WebPage"><span itemprop="name">P</span>' +
        '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">X</span></div></div>',
    );
    expect(a.structuredData.map((i) => [i.schemaOrgTypes, i.properties])).toEqual([
      [['WebPage'], ['name']],
      [['Product'], ['name']],
    ]);
  });

  it('records items of other vocabularies and untyped items without counting them', () => {
    const a = analyse(
      '',
      '<div itemscope itemtype="http://data-vocabulary.org/Breadcrumb"><a itemprop="url" href="/">Home</a></div><div itemscope><span itemprop="x">y</span></div>',
    );
    expect(a.structuredData.map((i) => [i.types, i.schemaOrgTypes, i.properties])).toEqual([
      [['http://data-vocabulary.org/Breadcrumb'], [], ['url']],
      [[], [], ['x']],
    ]);
    expect(a.hasSchema).toBe(false);
  });

  it('reads several types of one item', () => {
    const a = analyse('', '<div itemscope itemtype="https://schema.org/Organization https://schema.org/LocalBusiness"></div>');
    expect(a.schemaTypes).toEqual(['LocalBusiness', 'Organization']);
  });
});

describe('RDFa', () => {
  it('reads vocab + typeof + property, with nested items as property values', () => {
    const a = analyse(
      '',
      `
      <div vocab="https://schema.org/" typeof="BlogPosting">
        <h1 property="headline">T</h1>
        <div property="author" typeof="Person"><span property="name">Ada</span></div>
      </div>`,
    );
    expect(a.structuredData).toEqual([
      {
        syntax: 'rdfa',
        types: ['https://schema.org/BlogPosting'],
        schemaOrgTypes: ['BlogPosting'],
        properties: ['headline', 'author'],
        richResult: 'Article',
        errors: [],
        warnings: ['author.url', 'dateModified', 'datePublished', 'image'].map((p) => ({
          code: 'missing_recommended',
          property: p,
          message: `Article: the property ${p} is recommended`,
        })),
      },
    ]);
  });

  it('handles the schema: prefix, predefined or declared with prefix=""', () => {
    const a = analyse(
      '',
      '<div typeof="schema:Product"><span property="schema:name">P</span></div>' +
        '<div prefix="s: https://schema.org/" typeof="s:Offer"><span property="s:price">1</span></div>',
    );
    expect(a.structuredData.map((i) => [i.schemaOrgTypes, i.properties])).toEqual([
      [['Product'], ['name']],
      [['Offer'], ['price']],
    ]);
  });

  it('records other vocabularies and unresolvable terms without counting them', () => {
    const a = analyse(
      '',
      '<div vocab="http://xmlns.com/foaf/0.1/" typeof="Person"><span property="name">A</span></div><div typeof="Thing"></div>' +
        '<meta property="og:title" content="Open Graph is not an item">',
    );
    expect(a.structuredData.map((i) => [i.types, i.schemaOrgTypes])).toEqual([
      [['http://xmlns.com/foaf/0.1/Person'], []],
      [['Thing'], []],
    ]);
    expect(a.hasSchema).toBe(false);
  });

  it('restores the vocabulary after the element that set it', () => {
    const a = analyse('', '<div vocab="https://schema.org/"><span typeof="Event"></span></div><div typeof="Event"></div>');
    expect(a.structuredData.map((i) => i.schemaOrgTypes)).toEqual([['Event'], []]);
  });
});

describe('hasSchema and schemaTypes across syntaxes', () => {
  it('is true when any syntax has a schema.org item, with types merged, sorted and de-duplicated', () => {
    const a = analyse(
      ld('{"@context":"https://schema.org","@type":"Article"}'),
      '<div itemscope itemtype="https://schema.org/Article"></div><div vocab="https://schema.org/" typeof="Person"></div>',
    );
    expect(a.hasSchema).toBe(true);
    expect(a.schemaTypes).toEqual(['Article', 'Person']);
    expect(a.structuredData.map((i) => i.syntax)).toEqual(['json-ld', 'microdata', 'rdfa']);
  });
});
