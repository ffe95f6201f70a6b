// Canonicals that lead on, and hreflang alternates that do not answer back.
import { describe, expect, it } from 'vitest';
import { checkSite, page, u } from './builder.js';

describe('canonical_chain and canonical_to_non_200', () => {
  const site = checkSite([
    page('/', { links: ['/a', '/b', '/c', '/d', '/e', '/f', '/g'] }),
    page('/a', { canonical: '/b' }),
    page('/b', { canonical: '/c' }),
    page('/c', { canonical: '/c' }),
    page('/d', { canonical: '/missing' }),
    page('/missing', { status: 404 }),
    page('/e', { canonical: '/moved' }),
    page('/moved', { finalUrl: '/moved-to', canonical: '/moved-to' }),
    page('/f', { canonical: '/moved-to' }),
    page('/g', { canonical: '/not-crawled' }),
    page('/self', { finalUrl: '/self-final', canonical: '/self-final' }),
  ]);
  const canonicalCodes = (path: string): string[] => site.codes(path).filter((c) => c.startsWith('canonical'));

  it('flags a canonical whose target names another canonical', () => {
    expect(canonicalCodes('/a')).toEqual(['canonical_chain']);
    expect(site.message('/a', 'canonical_chain')).toBe(
      `The canonical ${u('/b')} names another canonical, ${u('/c')}: point this page's canonical at the final one.`,
    );
    expect(canonicalCodes('/b')).toEqual([]);
    expect(canonicalCodes('/c')).toEqual([]);
  });

  it('flags a canonical to a page that does not answer 200, or to a redirect (which is also a chain)', () => {
    expect(canonicalCodes('/d')).toEqual(['canonical_to_non_200']);
    expect(site.message('/d', 'canonical_to_non_200')).toBe(`The canonical ${u('/missing')} answers 404.`);
    expect(canonicalCodes('/e')).toEqual(['canonical_chain', 'canonical_to_non_200']);
    expect(site.message('/e', 'canonical_to_non_200')).toBe(`The canonical ${u('/moved')} redirects to ${u('/moved-to')}.`);
  });

  it("accepts a canonical to where a redirect ends, one that was not crawled, and a page's own final URL", () => {
    expect(canonicalCodes('/f')).toEqual([]);
    expect(canonicalCodes('/g')).toEqual([]);
    expect(canonicalCodes('/self')).toEqual([]);
  });
});

describe('hreflang_missing_return', () => {
  it('flags alternates that are crawled, scored pages and do not list this page back', () => {
    const site = checkSite([
      page('/', { links: ['/en', '/fr', '/de', '/es'], hreflangs: ['/', '/en'] }),
      page('/en', { hreflangs: ['/en', '/fr', '/de', '/es', '/it', 'https://other.test/en'] }),
      page('/fr', { hreflangs: ['/fr', '/en'] }),
      page('/de', { hreflangs: ['/de'] }),
      page('/es', { status: 404 }),
      page('/old-en', { finalUrl: '/en-final', hreflangs: ['/de'] }),
    ]);
    // /en lists /fr (answers back), /de (does not), /es (404, not judged), /it (not crawled), another site.
    expect(site.message('/en', 'hreflang_missing_return')).toBe(`1 hreflang alternate does not list this page back: ${u('/de')}.`);
    expect(site.codes('/fr')).not.toContain('hreflang_missing_return');
    expect(site.message('/', 'hreflang_missing_return')).toBe(`1 hreflang alternate does not list this page back: ${u('/en')}.`);
    expect(site.codes('/de')).not.toContain('hreflang_missing_return');
    expect(site.message('/old-en', 'hreflang_missing_return')).toBe(`1 hreflang alternate does not list this page back: ${u('/de')}.`);
  });

  it('accepts a return tag naming the page by its final URL', () => {
    const site = checkSite([
      page('/', { links: ['/fr'] }),
      page('/en', { finalUrl: '/en-final', hreflangs: ['/fr'] }),
      page('/fr', { hreflangs: ['/en-final'] }),
    ]);
    expect(site.codes('/en')).not.toContain('hreflang_missing_return');
  });
});
