// The evidence detectors (E1 quotations, E2 statistics, E3 citations) on real articles, against
// the hand labels in labels/evidence.json (30 Readability test pages, en/cs/es/fr).
//
// Each page is measured twice:
//   - product: the engine's analysis of the saved page (source.html), main content as the engine
//     finds it: what users get, and what moves with the main-content extraction;
//   - detectors: the engine's analysis of Readability's extraction (expected.html, the text the
//     labels were made from), with its links put back on the page's own address: how good the
//     detectors are when the region is right.
//
// Agreement per page:
//   - quotation: found ≥1 attributed quotation ⇔ the label has ≥1 (the labels' firmest figure);
//   - statistics: found within ±30% of the label (a label of 0 needs 0);
//   - citations: found within ±1 of the label.
// Precision and recall from counts (the labels give examples, not every instance): per page,
// matched = min(found, label); precision = Σ matched ÷ Σ found, recall = Σ matched ÷ Σ label over
// all pages (a page with nothing found or nothing labelled adds nothing to that side).
import { expect, it } from 'vitest';
import { corpusJson, describeCorpus, measureCorpusPage, pageUrlOf, readabilityPages, report } from './corpus.js';

interface EvidenceLabel {
  attributedQuotations: number;
  statistics: number;
  externalCitations: number;
  language: string;
}

interface Counts {
  quotations: number;
  statistics: number;
  citations: number;
}

type Measure = keyof Counts;

const TARGETS = { quotationAgreement: 0.9, statisticsWithin30: 0.8, citationsWithin1: 0.85 };

/** Readability's extraction as a page of the article's own site, in the article's language. */
function extractionPage(expected: string, source: string, lang: string): { html: string; url: string } {
  const url = pageUrlOf(source);
  const origin = new URL(url).origin;
  // Readability rewrote the page's relative links onto its test host: put them back on the site.
  const html = `<html lang="${lang}"><body>${expected.replace(/https?:\/\/fakehost(?=\/)/g, origin)}</body></html>`;
  return { html, url };
}

function counts(html: string, url?: string): Counts {
  const f = measureCorpusPage(html, url).facts;
  return { quotations: f.quotations.attributed, statistics: f.statistics, citations: f.citations };
}

function agrees(what: Measure, found: number, label: number): boolean {
  if (what === 'quotations') return found > 0 === label > 0;
  if (what === 'statistics') return Math.abs(found - label) <= 0.3 * label;
  return Math.abs(found - label) <= 1;
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

describeCorpus('real pages: evidence detectors against hand labels', () => {
  const labels = corpusJson<{ pages: Record<string, EvidenceLabel> }>('labels/evidence.json').pages;
  const pages = readabilityPages()
    .filter((p) => labels[p.name] !== undefined)
    .map((p) => {
      const label = labels[p.name]!;
      const extraction = extractionPage(p.expected, p.source, label.language);
      return {
        name: p.name,
        language: label.language,
        label: { quotations: label.attributedQuotations, statistics: label.statistics, citations: label.externalCitations },
        product: counts(p.source),
        detectors: counts(extraction.html, extraction.url),
      };
    });

  function summary(what: Measure, side: 'product' | 'detectors') {
    let agree = 0;
    let matched = 0;
    let found = 0;
    let labelled = 0;
    const misses: string[] = [];
    for (const p of pages) {
      const f = p[side][what];
      const l = p.label[what];
      if (agrees(what, f, l)) agree++;
      else misses.push(`${p.name} ${f}/${l}`);
      matched += Math.min(f, l);
      found += f;
      labelled += l;
    }
    const precision = found === 0 ? 1 : matched / found;
    const recall = labelled === 0 ? 1 : matched / labelled;
    report(
      `${what} (${side}) agreement`,
      `${agree}/${pages.length} = ${pct(agree / pages.length)}${misses.length ? ` (misses, found/label: ${misses.join('; ')})` : ''}`,
    );
    report(`${what} (${side}) precision / recall`, `${pct(precision)} / ${pct(recall)}`);
    return { agreement: agree / pages.length, precision, recall };
  }

  it('labels 30 articles', () => {
    report('evidence-labelled articles', String(pages.length));
    expect(pages).toHaveLength(30);
  });

  it('prints per-page counts, found / label', () => {
    for (const p of pages) {
      const line = (['quotations', 'statistics', 'citations'] as const)
        .map((w) => `${w} ${p.product[w]} (extraction ${p.detectors[w]}) / ${p.label[w]}`)
        .join(', ');
      report(`evidence ${p.name}`, line);
    }
    expect(pages.every((p) => Object.values(p.product).every((n) => Number.isInteger(n) && n >= 0))).toBe(true);
  });

  it('prints agreement per language (product)', () => {
    const languages = [...new Set(pages.map((p) => p.language))].sort();
    for (const language of languages) {
      const group = pages.filter((p) => p.language === language);
      const line = (['quotations', 'statistics', 'citations'] as const)
        .map((w) => `${w} ${group.filter((p) => agrees(w, p.product[w], p.label[w])).length}/${group.length}`)
        .join(', ');
      report(`evidence agreement, language ${language}`, line);
    }
    expect(languages.length).toBeGreaterThan(1);
  });

  it(`agrees on "has an attributed quotation" on ≥ ${pct(TARGETS.quotationAgreement)} of articles`, () => {
    const product = summary('quotations', 'product');
    const detectors = summary('quotations', 'detectors');
    expect(product.agreement).toBeGreaterThanOrEqual(TARGETS.quotationAgreement);
    expect(detectors.agreement).toBeGreaterThanOrEqual(TARGETS.quotationAgreement);
  });

  it(`counts statistics within ±30% of the label on ≥ ${pct(TARGETS.statisticsWithin30)} of articles`, () => {
    const product = summary('statistics', 'product');
    const detectors = summary('statistics', 'detectors');
    expect(product.agreement).toBeGreaterThanOrEqual(TARGETS.statisticsWithin30);
    expect(detectors.agreement).toBeGreaterThanOrEqual(TARGETS.statisticsWithin30);
  });

  it(`counts citations within ±1 of the label on ≥ ${pct(TARGETS.citationsWithin1)} of articles`, () => {
    const product = summary('citations', 'product');
    const detectors = summary('citations', 'detectors');
    expect(product.agreement).toBeGreaterThanOrEqual(TARGETS.citationsWithin1);
    expect(detectors.agreement).toBeGreaterThanOrEqual(TARGETS.citationsWithin1);
  });
});
