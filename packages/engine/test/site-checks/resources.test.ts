// broken_resource judged by a report over the index's resource table, and the distinct broken
// resources with the pages that load each. Every check here also runs on an index written to disk
// (builder.ts), and from the records a shared crawl stores (siteRecordOf, through JSON).
import { describe, expect, it } from 'vitest';
import { runSiteChecks } from '../../src/site-checks/run-site-checks.js';
import type { ResourceReport } from '../../src/site-checks/resources.js';
import { SiteIndex } from '../../src/site-checks/site-index.js';
import { siteRecordOf } from '../../src/site-checks/site-record.js';
import { checkSite, page, u } from './builder.js';

/** Broken: URLs with `missing` (404), `down` (failed: timeout); unjudged: `refused`; the rest answer. */
const report = (url: (id: number) => string, size: number): ResourceReport => {
  const verdicts = new Uint8Array(size);
  const reasons = new Map<number, string>();
  for (let id = 0; id < size; id++) {
    const broken = /missing|down/.test(url(id));
    verdicts[id] = url(id).includes('refused') ? 0 : broken ? 2 : 1;
    if (broken) reasons.set(id, url(id).includes('down') ? 'failed: timeout' : '404');
  }
  return { findings: { checked: size, broken: reasons.size, notChecked: 0 }, verdicts, reasons };
};

const PAGES = [
  page('/', { links: ['/a', '/b'], resources: ['/logo-missing.png', '/site.css', 'https://cdn.test/down.js', 'https://cdn.test/refused.png'] }),
  page('/a', { resources: ['/logo-missing.png', '/photo-missing.jpg'] }),
  page('/b', { resources: ['/site.css'] }),
  // Not scored: what it loads is not indexed, so not counted.
  page('/gone', { status: 404, resources: ['/logo-missing.png'] }),
];

describe('broken_resource', () => {
  it('goes on each scored page loading a broken resource, naming each with its answer in page order', () => {
    const site = checkSite(PAGES, { resources: report });
    expect(site.message('/', 'broken_resource')).toBe(
      `The page loads 2 broken resources: ${u('/logo-missing.png')} (404), https://cdn.test/down.js (failed: timeout).`,
    );
    expect(site.message('/a', 'broken_resource')).toBe(`The page loads 2 broken resources: ${u('/logo-missing.png')} (404), ${u('/photo-missing.jpg')} (404).`);
    expect(site.codes('/b')).not.toContain('broken_resource');
    expect(site.codes('/gone')).not.toContain('broken_resource');
  });

  it('shows five and counts the rest', () => {
    const resources = Array.from({ length: 7 }, (_, i) => `/missing-${i}.png`);
    const site = checkSite([page('/', { resources })], { resources: report });
    expect(site.message('/', 'broken_resource')).toMatch(/^The page loads 7 broken resources: .*missing-4\.png \(404\), and 2 more\.$/);
  });

  it('is not judged without a report', () => {
    const site = checkSite(PAGES);
    expect(site.codes('/')).not.toContain('broken_resource');
    expect(site.checks.brokenResources).toEqual([]);
  });
});

describe('the distinct broken resources', () => {
  it('each once, with the scored pages that load it, most used first, then by URL', () => {
    const site = checkSite(PAGES, { resources: report });
    expect(site.checks.brokenResources).toEqual([
      { url: u('/logo-missing.png'), statusCode: 404, reason: '404', pages: 2 },
      { url: 'https://cdn.test/down.js', statusCode: 0, reason: 'failed: timeout', pages: 1 },
      { url: u('/photo-missing.jpg'), statusCode: 404, reason: '404', pages: 1 },
    ]);
  });

  it("are the same from a shared crawl's stored records, which keep what pages load only when asked", () => {
    const fromRecords = (keep: boolean) => {
      const index = new SiteIndex({ seedUrl: u('/'), resources: true });
      for (const p of PAGES) index.add(JSON.parse(JSON.stringify(siteRecordOf(p, [], { resources: keep }))));
      const table = index.resourceUrls!;
      const checks = runSiteChecks(
        index,
        null,
        report((id) => table.value(id), table.size),
      );
      const broken = checks.brokenResources;
      const issues = [...checks.results()].flatMap((r) => (r.issues.some((i) => i.code === 'broken_resource') ? [r.url] : []));
      index.close();
      return { broken, issues };
    };
    expect(fromRecords(true)).toEqual({ broken: checkSite(PAGES, { resources: report }).checks.brokenResources, issues: [u('/'), u('/a')] });
    expect(siteRecordOf(PAGES[0]!).resources).toBeUndefined();
    expect(fromRecords(false)).toEqual({ broken: [], issues: [] });
  });

  it('leave out a URL longer than an audit records: no list could name it', () => {
    const long = `/missing/${'x'.repeat(5000)}.png`;
    const site = checkSite([page('/', { resources: [long, '/missing.png'] })], { resources: report });
    expect(site.checks.brokenResources.map((r) => r.url)).toEqual([u('/missing.png')]);
  });
});
