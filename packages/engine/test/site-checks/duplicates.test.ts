// Duplicate titles and meta descriptions among scored pages.
import { describe, expect, it } from 'vitest';
import { checkSite, page, u } from './builder.js';

describe('title_duplicate and meta_description_duplicate', () => {
  it('groups titles with whitespace collapsed and case ignored, naming the other pages', () => {
    const site = checkSite([
      page('/', { title: 'Home' }),
      page('/a', { title: 'Red  Shoes' }),
      page('/b', { title: ' red shoes\n' }),
      page('/c', { title: 'RED SHOES' }),
      page('/d', { title: 'Red Shoes!' }),
    ]);
    expect(site.codes('/')).toEqual([]);
    expect(site.message('/a', 'title_duplicate')).toBe(`The same title is used by 2 other pages: ${u('/b')}, ${u('/c')}.`);
    expect(site.message('/c', 'title_duplicate')).toBe(`The same title is used by 2 other pages: ${u('/a')}, ${u('/b')}.`);
    expect(site.codes('/d')).not.toContain('title_duplicate');
  });

  it('shows five others and says how many more', () => {
    const pages = Array.from({ length: 8 }, (_, i) => page(`/p${i}`, { title: 'Same' }));
    const message = checkSite([page('/'), ...pages]).message('/p0', 'title_duplicate');
    expect(message).toBe(`The same title is used by 7 other pages: ${[1, 2, 3, 4, 5].map((i) => u(`/p${i}`)).join(', ')}, and 2 more.`);
  });

  it('judges only scored pages, and pages with a title', () => {
    const site = checkSite([
      page('/', { title: 'Same' }),
      page('/404', { title: 'Same', status: 404 }),
      page('/failed', { title: 'Same', status: 200, error: 'body_too_large' }),
      page('/x', { title: null }),
      page('/y', { title: '   ' }),
    ]);
    for (const path of ['/', '/404', '/failed', '/x', '/y']) expect(site.codes(path), path).not.toContain('title_duplicate');
  });

  it('finds duplicate meta descriptions the same way', () => {
    const site = checkSite([
      page('/', { description: 'Shoes for all.' }),
      page('/a', { description: 'shoes  FOR all.' }),
      page('/b', { description: 'Other.' }),
    ]);
    expect(site.message('/', 'meta_description_duplicate')).toBe(`The same meta description is used by 1 other page: ${u('/a')}.`);
    expect(site.codes('/b')).not.toContain('meta_description_duplicate');
  });
});
