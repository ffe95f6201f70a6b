import { describe, expect, it } from 'vitest';
import { linkEdgesOf, MAX_ANCHOR_TEXT, MAX_STORED_LINKS_PER_PAGE } from '../../src/page/link-edges.js';
import type { LinkInfo } from '../../src/types.js';

const link = (href: string, extra: Partial<LinkInfo> = {}): LinkInfo => ({ href, text: href, internal: true, rel: [], ...extra });

describe('linkEdgesOf', () => {
  it('keeps one edge per target, its first link in document order', () => {
    const edges = linkEdgesOf([
      link('https://a.example/x', { text: 'First', rel: ['nofollow'] }),
      link('https://a.example/y'),
      link('https://a.example/x', { text: 'Second' }),
    ]);
    expect(edges.map((e) => [e.target, e.anchorText, e.followed])).toEqual([
      ['https://a.example/x', 'First', false],
      ['https://a.example/y', 'https://a.example/y', true],
    ]);
  });

  it('is not followed under nofollow, ugc or sponsored, and keeps the rel tokens in order', () => {
    for (const token of ['nofollow', 'ugc', 'sponsored'])
      expect(linkEdgesOf([link('https://a.example/', { rel: ['noopener', token] })])[0]).toMatchObject({ followed: false, rel: ['noopener', token] });
    expect(linkEdgesOf([link('https://a.example/', { rel: ['noopener', 'external'] })])[0]!.followed).toBe(true);
  });

  it('bounds a page: at most MAX_STORED_LINKS_PER_PAGE targets, anchor text cut with an ellipsis, no URL over 4,096 characters', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => link(`https://a.example/${i}`));
    const edges = linkEdgesOf(many);
    expect(edges).toHaveLength(MAX_STORED_LINKS_PER_PAGE);
    expect(edges.at(-1)!.target).toBe(`https://a.example/${MAX_STORED_LINKS_PER_PAGE - 1}`);
    const [long] = linkEdgesOf([link('https://a.example/', { text: '😀'.repeat(300) })]);
    expect(Array.from(long!.anchorText)).toHaveLength(MAX_ANCHOR_TEXT);
    expect(long!.anchorText.endsWith('😀…')).toBe(true);
    expect(linkEdgesOf([link(`https://a.example/${'x'.repeat(5000)}`)])).toEqual([]);
  });
});
