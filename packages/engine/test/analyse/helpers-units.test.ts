import { describe, expect, it } from 'vitest';
import { collectRobotsDirectives, parseDirectiveList, splitDirective } from '../../src/analyse/head/robots-directives.js';
import { canonicalsFromLinkHeader } from '../../src/analyse/head/canonical.js';
import { isShareLink } from '../../src/analyse/evidence/citations.js';
import { isSameSite, resolveHttpUrl } from '../../src/analyse/links/url.js';

describe('robots directives', () => {
  it('parses generic, valued and crawler-prefixed directives', () => {
    expect(parseDirectiveList('NOINDEX, NoFollow', null)).toEqual(['noindex', 'nofollow']);
    expect(parseDirectiveList('max-snippet: 0, max-image-preview:large', null)).toEqual(['max-snippet:0', 'max-image-preview:large']);
    expect(parseDirectiveList('googlebot: noindex, nofollow, otherbot: noarchive', null)).toEqual([
      'googlebot: noindex',
      'googlebot: nofollow',
      'otherbot: noarchive',
    ]);
    expect(parseDirectiveList('unavailable_after: 2025-01-01', null)).toEqual(['unavailable_after:2025-01-01']);
    expect(parseDirectiveList('noindex', 'googlebot')).toEqual(['googlebot: noindex']);
  });

  it('splits a prefixed directive back into crawler and directive', () => {
    expect(splitDirective('googlebot: noindex')).toEqual({ agent: 'googlebot', directive: 'noindex' });
    expect(splitDirective('max-snippet:0')).toEqual({ agent: null, directive: 'max-snippet:0' });
  });

  it('merges meta tags and the header without duplicates', () => {
    expect(collectRobotsDirectives([{ agent: null, content: 'noindex' }], 'noindex, noarchive')).toEqual(['noindex', 'noarchive']);
  });
});

describe('canonical Link header', () => {
  it('finds rel=canonical entries among others', () => {
    expect(canonicalsFromLinkHeader('<https://a.com/x>; rel="preload"; as=style, <https://a.com/p>; rel=canonical')).toEqual(['https://a.com/p']);
    expect(canonicalsFromLinkHeader('<https://a.com/p>; rel="alternate canonical"')).toEqual(['https://a.com/p']);
    expect(canonicalsFromLinkHeader(undefined)).toEqual([]);
  });
});

describe('URLs', () => {
  it('resolves, normalises and keeps http(s) only', () => {
    expect(resolveHttpUrl('  ../b?x=1#frag ', 'https://EXAMPLE.com:443/a/c')).toBe('https://example.com/b?x=1');
    expect(resolveHttpUrl('HTTP://Example.COM.:80/', 'https://x.com/')).toBe('http://example.com/');
    expect(resolveHttpUrl('ftp://example.com/', 'https://x.com/')).toBeNull();
    expect(resolveHttpUrl('http://[bad', 'https://x.com/')).toBeNull();
    // Any fragment goes, an empty one too; a '#' written encoded is no fragment.
    expect(resolveHttpUrl('b#', 'https://x.com/a')).toBe('https://x.com/b');
    expect(resolveHttpUrl('#top', 'https://x.com/a?q=1')).toBe('https://x.com/a?q=1');
    expect(resolveHttpUrl('b%23c?d%23e', 'https://x.com/#f')).toBe('https://x.com/b%23c?d%23e');
  });

  it('treats the site domain and its subdomains as the same site', () => {
    expect(isSameSite('example.com', 'example.com')).toBe(true);
    expect(isSameSite('a.b.example.com', 'example.com')).toBe(true);
    expect(isSameSite('badexample.com', 'example.com')).toBe(false);
  });
});

describe('share links', () => {
  it.each([
    'https://www.facebook.com/sharer/sharer.php?u=x',
    'https://twitter.com/intent/tweet?text=x',
    'https://x.com/intent/post?text=x',
    'https://www.linkedin.com/sharing/share-offsite/?url=x',
    'https://pinterest.com/pin/create/button/?url=x',
    'https://www.reddit.com/submit?url=x',
    'https://wa.me/?text=x',
    'https://api.whatsapp.com/send?text=x',
    'https://t.me/share/url?url=x',
  ])('recognises %s', (href) => expect(isShareLink(href)).toBe(true));

  it('does not take profile or article links for share links', () => {
    expect(isShareLink('https://twitter.com/nasa')).toBe(false);
    expect(isShareLink('https://www.reddit.com/r/science/comments/1')).toBe(false);
  });
});
