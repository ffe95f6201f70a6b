// The ten scored SEO audits of Lighthouse 12.8.2 on real pages (lighthouse/verdicts.json) against
// the engine's own verdicts (seoAuditVerdicts), page by page, each audit asserted at ≥98%
// agreement. Pages are analysed as Lighthouse saw them: under their served URL on 127.0.0.1, with
// the status they were served with, and with the local site's robots.txt (it allows all crawling
// and names the sitemap, as the file's header says).
//
// How verdicts compare: exactly. `na` agrees only with `na` (the engine gives na where Lighthouse
// does: no canonical declared, no image, robots.txt absent). `error` verdicts (Lighthouse could not
// load the page: NO_FCP, or the 404/500 copies) carry no verdict and are left out, and said so.
//
// Where the engine deliberately differs from Lighthouse (none of it shows on these pages), each is
// pinned by a fixture test in test/score/seo-audits.test.ts:
//   - is-crawlable: a crawler-specific "index" does not lift a generic noindex (Google applies the
//     most restrictive directive); `unavailable_after` is not read.
//   - link-text: only http(s) links are judged; the language is the one in effect at the link.
//   - hreflang: the value must be a well-formed language tag; the primary subtag is not checked
//     against the ISO 639 list ("xx" passes).
import { expect, it } from 'vitest';
import { seoAuditVerdicts, SEO_AUDIT_IDS } from '../support/seo-audits/index.js';
import type { SeoAuditId } from '../support/seo-audits/index.js';
import { corpusJson, corpusText, describeCorpus, measureCorpusPage, report } from './corpus.js';

interface LighthousePage {
  path: string;
  status: number;
  audits: Record<SeoAuditId, { verdict: 'pass' | 'fail' | 'na' | 'error'; count?: number }>;
}

const ORIGIN = 'http://127.0.0.1:8000';
const ROBOTS_TXT = { status: 200, body: `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n` };

function servedUrl(path: string): string {
  return `${ORIGIN}/pages/${path.split('/').map(encodeURIComponent).join('/')}`;
}

describeCorpus('real pages: the SEO audits against Lighthouse', () => {
  const pages = corpusJson<{ pages: LighthousePage[] }>('lighthouse/verdicts.json').pages.map((p) => {
    const { facts } = measureCorpusPage(corpusText(p.path), servedUrl(p.path), p.status);
    return { ...p, facts, ours: seoAuditVerdicts(facts, ROBOTS_TXT) };
  });

  it.each(SEO_AUDIT_IDS.map((id) => [id]))('agrees with Lighthouse on %s on ≥98% of the pages', (id) => {
    const judged = pages.filter((p) => p.audits[id].verdict !== 'error');
    const errors = pages.length - judged.length;
    const wrong = judged
      .filter((p) => p.audits[id].verdict !== p.ours[id])
      .map((p) => `${p.path} (${p.status}): Lighthouse ${p.audits[id].verdict}, engine ${p.ours[id]}`);
    const agreed = judged.length - wrong.length;
    report(
      `Lighthouse ${id} agreement`,
      `${agreed}/${judged.length} (${((100 * agreed) / judged.length).toFixed(1)}%; ${errors} Lighthouse errors left out)${wrong.length ? `: ${wrong.join('; ')}` : ''}`,
    );
    expect(judged.length).toBeGreaterThan(0);
    expect(agreed / judged.length).toBeGreaterThanOrEqual(0.98);
  });

  // Beyond the verdicts: the number of failing items Lighthouse lists. Exact counts can differ
  // where a stylesheet hides an image or a script attaches a listener to an anchor without href,
  // which the HTML alone does not show.
  const counted: Array<[SeoAuditId, (f: (typeof pages)[number]['facts']) => number]> = [
    ['image-alt', (f) => f.imagesWithoutAlt],
    ['link-text', (f) => f.vagueLinkTexts.length],
    ['crawlable-anchors', (f) => f.uncrawlableAnchors.length],
  ];
  it.each(counted)('finds as many failing items as Lighthouse for %s on ≥85% of the pages', (id, count) => {
    const judged = pages.filter((p) => p.audits[id].verdict !== 'error');
    const off = judged
      .filter((p) => (p.audits[id].count ?? 0) !== count(p.facts))
      .map((p) => `${p.path}: Lighthouse ${p.audits[id].count ?? 0}, engine ${count(p.facts)}`);
    const same = judged.length - off.length;
    report(`Lighthouse ${id} item count`, `${same}/${judged.length} pages with the same count${off.length ? `: ${off.join('; ')}` : ''}`);
    expect(same / judged.length).toBeGreaterThanOrEqual(0.85);
  });
});
