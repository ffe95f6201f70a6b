// Internal links to redirects and to broken pages; external links judged by a report.
import { describe, expect, it } from 'vitest';
import type { ExternalLinkReport } from '../../src/site-checks/external-links.js';
import { checkSite, page, u } from './builder.js';

describe('broken_internal_link', () => {
  const targets = ['/404', '/500', '/timeout', '/disallowed', '/ok', '/loop', '/gone'];
  const site = checkSite([
    page('/', { links: ['/404', '/500', '/ok', '/timeout', '/disallowed', '/uncrawled'], nofollow: ['/loop', '/gone'] }),
    page('/404', { status: 404 }),
    page('/500', { status: 500 }),
    page('/timeout', { error: 'timeout' }),
    page('/disallowed', { error: 'robots_disallowed' }),
    page('/ok'),
    page('/loop', { status: 302, error: 'redirect_loop' }),
    page('/gone', { finalUrl: '/410-final', status: 410 }),
    page('/six', { links: ['/404', '/500', '/timeout', '/loop', '/gone', '/410-final'] }),
  ]);

  it('lists 4xx, 5xx, failed and endless-redirect targets, nofollow links included, robots.txt exclusions not', () => {
    expect(site.message('/', 'broken_internal_link')).toBe(
      `5 broken internal links: ${u('/404')} (404), ${u('/500')} (500), ${u('/timeout')} (failed: timeout), ${u('/loop')} (302, redirect_loop), ${u('/gone')} (410).`,
    );
    expect(targets.every((t) => !site.codes(t).includes('broken_internal_link'))).toBe(true);
  });

  it('shows five and counts the rest', () => {
    expect(site.message('/six', 'broken_internal_link')).toMatch(/^6 broken internal links: .*\(410\), and 1 more\.$/);
  });
});

describe('internal_link_to_redirect', () => {
  it('names each followed link to a redirect and where it ends', () => {
    const site = checkSite([
      page('/', { links: ['/r1', '/r2', '/stop', '/ok'], nofollow: ['/r3'] }),
      page('/r1', { finalUrl: '/t1' }),
      page('/r2', { finalUrl: '/t2' }),
      page('/r3', { finalUrl: '/t3' }),
      page('/stop', { status: 301 }),
      page('/ok'),
    ]);
    expect(site.message('/', 'internal_link_to_redirect')).toBe(
      `3 internal links point at redirects; link to the final URL: ${u('/r1')} → ${u('/t1')}, ${u('/r2')} → ${u('/t2')}, ${u('/stop')} → (301).`,
    );
  });
});

describe('broken_external_link', () => {
  const report = (url: (id: number) => string, size: number): ExternalLinkReport => {
    const verdicts = new Uint8Array(size);
    const reasons = new Map<number, string>();
    for (let id = 0; id < size; id++) {
      const broken = url(id).includes('broken');
      verdicts[id] = broken ? 2 : 1;
      if (broken) reasons.set(id, url(id).endsWith('dns') ? 'failed: dns_failure' : '404');
    }
    return { findings: { checked: size, broken: reasons.size, notChecked: 0 }, verdicts, reasons };
  };

  it('goes on each scored page linking to a broken target, naming it', () => {
    const site = checkSite(
      [
        page('/', { links: ['/a'], external: ['https://x.test/broken', 'https://x.test/fine', 'https://y.test/broken-dns'] }),
        page('/a', { external: ['https://x.test/broken', 'https://x.test/broken'] }),
        page('/b', { external: ['https://x.test/fine'] }),
      ],
      { external: report },
    );
    expect(site.message('/', 'broken_external_link')).toBe(
      '2 broken external links: https://x.test/broken (404), https://y.test/broken-dns (failed: dns_failure).',
    );
    expect(site.message('/a', 'broken_external_link')).toBe('1 broken external link: https://x.test/broken (404).');
    expect(site.codes('/b')).not.toContain('broken_external_link');
  });

  it('is not judged without a report', () => {
    const site = checkSite([page('/', { external: ['https://x.test/broken'] })]);
    expect(site.codes('/')).toEqual([]);
  });
});
