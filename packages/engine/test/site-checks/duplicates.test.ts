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

describe('content_duplicate', () => {
  const signature = Uint32Array.from({ length: 64 }, (_, i) => i * 7919 + 1);

  it('names the pages with the same main content, and leaves content_near_duplicate to pages only nearly the same', () => {
    const near = signature.slice();
    near[0] = 0xfffffff0;
    const site = checkSite([
      page('/', { signature, contentHash: 'aaaa' }),
      page('/copy', { signature, contentHash: 'aaaa' }),
      page('/near', { signature: near, contentHash: 'bbbb' }),
      page('/other', { contentHash: 'cccc' }),
    ]);
    expect(site.message('/', 'content_duplicate')).toBe(`The main content is the same, word for word, as that of 1 other page: ${u('/copy')}.`);
    expect(site.codes('/copy')).toContain('content_duplicate');
    // The cluster holds /near too, which is not an exact copy: the near-duplicate issue stays.
    expect(site.codes('/')).toContain('content_near_duplicate');
    expect(site.codes('/near')).toContain('content_near_duplicate');
    expect(site.codes('/near')).not.toContain('content_duplicate');
    for (const code of ['content_duplicate', 'content_near_duplicate']) expect(site.codes('/other')).not.toContain(code);
  });

  it('gives only content_duplicate when every near-duplicate is an exact copy, and judges only scored pages', () => {
    const site = checkSite([
      page('/', { signature, contentHash: 'aaaa' }),
      page('/copy', { signature, contentHash: 'aaaa' }),
      page('/gone', { signature, contentHash: 'aaaa', status: 404 }),
    ]);
    expect(site.codes('/')).toContain('content_duplicate');
    expect(site.codes('/')).not.toContain('content_near_duplicate');
    expect(site.message('/copy', 'content_duplicate')).toBe(`The main content is the same, word for word, as that of 1 other page: ${u('/')}.`);
    expect(site.codes('/gone')).not.toContain('content_duplicate');
  });
});
