import { describe, expect, it } from 'vitest';
import { elementBylineHint, metaBylineHint } from '../../src/analyse/head/byline-hints.js';
import { measurePage } from '../../src/analyse/measure-page.js';
import { fetched, html, SITE } from './helpers.js';

describe('author and date hints (M6)', () => {
  it('reads author and date meta tags of the common vocabularies', () => {
    expect(metaBylineHint('parsely-author', undefined, 'Jane Doe')).toEqual({ author: true, date: false });
    expect(metaBylineHint('parsely-pub-date', undefined, '2024-04-20')).toEqual({ author: false, date: true });
    expect(metaBylineHint('DC.creator', undefined, 'Jane')).toEqual({ author: true, date: false });
    expect(metaBylineHint('dcterms.created', undefined, '2024')).toEqual({ author: false, date: true });
    expect(metaBylineHint(undefined, 'og:article:author', 'BBC News')).toEqual({ author: true, date: false });
    expect(metaBylineHint(undefined, 'article:published_time', '2024-01-01')).toEqual({ author: false, date: true });
  });

  it('ignores blank contents and unrelated names', () => {
    expect(metaBylineHint('author', undefined, '  ')).toEqual({ author: false, date: false });
    expect(metaBylineHint('description', undefined, 'By Jane')).toEqual({ author: false, date: false });
    expect(metaBylineHint('authorization', undefined, 'x')).toEqual({ author: false, date: false });
  });

  it('reads itemprop and byline-classed elements, not comment-form fields', () => {
    expect(elementBylineHint('span', { itemprop: 'author' })).toEqual({ author: true, date: false });
    expect(elementBylineHint('meta', { itemprop: 'datePublished' })).toEqual({ author: false, date: true });
    expect(elementBylineHint('span', { class: 'pb-byline' })).toEqual({ author: true, date: false });
    expect(elementBylineHint('li', { id: 'gnPriBylines' })).toEqual({ author: true, date: false });
    expect(elementBylineHint('input', { id: 'author', name: 'author' })).toEqual({ author: false, date: false });
    expect(elementBylineHint('div', { class: 'content' })).toEqual({ author: false, date: false });
  });

  it('a <link rel="author"> (a site humans.txt) is no byline; an <a rel="author"> is', () => {
    const link = measurePage(fetched(html('<p>Text.</p>', '<link rel="author" href="/humans.txt">')), SITE).facts;
    const anchor = measurePage(fetched(html('<p>By <a rel="author" href="/jane">Jane</a>.</p>')), SITE).facts;
    expect(link.authorMarked).toBe(false);
    expect(anchor.authorMarked).toBe(true);
  });
});
