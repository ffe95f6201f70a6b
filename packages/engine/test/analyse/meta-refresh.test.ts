// The URL a `<meta http-equiv="refresh">` sends the reader to, read as the HTML standard reads it.
import { describe, expect, it } from 'vitest';
import { metaRefreshRedirect, refreshTarget } from '../../src/analyse/head/meta-refresh.js';

const BASE = 'https://www.example.com/dir/page';

describe('refreshTarget', () => {
  it.each([
    ['0; url=/new', 'https://www.example.com/new'],
    ['0;URL=next', 'https://www.example.com/dir/next'],
    ["5, url='https://other.example/x#part'", 'https://other.example/x'],
    ['0; url="/quoted"', 'https://www.example.com/quoted'],
    ['url=/no-delay', 'https://www.example.com/no-delay'],
    ['3.5; /bare', 'https://www.example.com/bare'],
  ])('reads %s', (content, target) => {
    expect(refreshTarget(content, BASE)).toBe(target);
  });

  it.each(['30', '0;', '', '0; url=javascript:alert(1)'])('finds no URL in %j', (content) => {
    expect(refreshTarget(content, BASE)).toBeNull();
  });
});

describe('metaRefreshRedirect', () => {
  it('is a redirect of type meta_refresh to another URL, and nothing for a reload of the page itself', () => {
    expect(metaRefreshRedirect('0; url=/new', BASE, BASE)).toEqual({ redirectTarget: 'https://www.example.com/new', redirectType: 'meta_refresh' });
    expect(metaRefreshRedirect('60; url=/dir/page', BASE, BASE)).toEqual({});
    expect(metaRefreshRedirect(null, BASE, BASE)).toEqual({});
    expect(metaRefreshRedirect(`0; url=/${'x'.repeat(5000)}`, BASE, BASE)).toEqual({});
  });
});
