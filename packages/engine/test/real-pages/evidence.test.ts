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
// How a page is scored (agreement, precision, recall) is in evidence-figures.ts.
import { expect, it } from 'vitest';
import { corpusJson, describeCorpus, measureCorpusPage, pageUrlOf, readabilityPages, report } from './corpus.js';
import { figures, GENRE_ORDER, MEASURES, pct, reportFolds, reportGroups, reportOverall, type Counts, type Genre, type ScoredPage } from './evidence-figures.js';

interface EvidenceLabel {
  attributedQuotations: number;
  statistics: number;
  externalCitations: number;
  language: string;
}

/**
 * The figures these pages must keep. Citations are read by the model (scripts/evidence/train.ts
 * keeps the reading that agrees with the readers on more of the folds' pages of the evidence data
 * set and its development sets: the model trained on their 370 pages, 96%, against the rules'
 * 95%): 93% here, 28 of 30, as the rules read them. The model was kept before (90% here, for it a
 * held-out figure); the floor is that, less a page. Quotations and statistics are the rules'
 * (train.ts says why), developed on these pages.
 */
// Statistics: 83% on the extraction and 87% on the page since ranges, compound durations,
// dimensions and review votes are read (80% and 83% before). Citations: 87% on the extraction and
// 90% on the page since reference lists, footnotes and their headings are read (80% and 83% before).
const TARGETS = { quotations: 0.9, statistics: 0.83, citations: 0.86 };
const TARGET_WORDS = {
  quotations: '"has an attributed quotation"',
  statistics: 'statistics within ±30% of the label',
  citations: 'citations within ±1 of the label',
};

/**
 * The kind of each labelled page, read from the page and its label's notes: news (reports,
 * features and opinion of news sites), blog (posts and essays of a person or a company),
 * documentation (tutorials, manuals, books, release notes, how-tos) and other (reviews, ranked
 * lists, fiction retold, self-help). A page added to the labels without a genre fails the suite.
 */
const GENRES: Record<string, Genre> = {
  aktualne: 'news',
  'ars-1': 'news',
  'bbc-1': 'news',
  'buzzfeed-1': 'news',
  'keep-images': 'news',
  'la-nacion': 'news',
  'lemonde-1': 'news',
  'nytimes-1': 'news',
  'nytimes-3': 'news',
  'salon-1': 'news',
  'seattletimes-1': 'news',
  'wapo-2': 'news',
  'webmd-2': 'news',
  '001': 'blog',
  'dropbox-blog': 'blog',
  'firefox-nightly-blog': 'blog',
  'gitlab-blog': 'blog',
  'iab-1': 'blog',
  'links-in-tables': 'blog',
  'medium-1': 'blog',
  'medium-3': 'blog',
  'table-style-attributes': 'blog',
  'ehow-1': 'documentation',
  'google-sre-book-1': 'documentation',
  'toc-missing': 'documentation',
  tumblr: 'documentation',
  'lazy-image-2': 'other',
  'lifehacker-post-comment-load': 'other',
  theverge: 'other',
  'videos-1': 'other',
};

/** Folds for honest figures (see `foldsOf`): five folds of six pages. */
const FOLDS = 5;

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

describeCorpus('real pages: evidence detectors against hand labels', () => {
  const labels = corpusJson<{ pages: Record<string, EvidenceLabel> }>('labels/evidence.json').pages;
  const labelled = readabilityPages().filter((p) => labels[p.name] !== undefined);
  const scored = (side: 'product' | 'detectors'): ScoredPage[] =>
    labelled.map((p) => {
      const label = labels[p.name]!;
      const extraction = extractionPage(p.expected, p.source, label.language);
      return {
        name: p.name,
        genre: GENRES[p.name]!,
        language: label.language,
        label: { quotations: label.attributedQuotations, statistics: label.statistics, citations: label.externalCitations },
        found: side === 'product' ? counts(p.source) : counts(extraction.html, extraction.url),
      };
    });
  const product = scored('product');
  const detectors = scored('detectors');

  it('labels 30 articles, each with a genre', () => {
    report('evidence-labelled articles', String(product.length));
    expect(product).toHaveLength(30);
    expect(labelled.filter((p) => GENRES[p.name] === undefined).map((p) => p.name)).toEqual([]);
  });

  it('prints per-page counts, found / label', () => {
    for (const [p, d] of product.map((p, i) => [p, detectors[i]!] as const)) {
      report(`evidence ${p.name}`, MEASURES.map((w) => `${w} ${p.found[w]} (extraction ${d.found[w]}) / ${p.label[w]}`).join(', '));
    }
    expect(product.every((p) => Object.values(p.found).every((n) => Number.isInteger(n) && n >= 0))).toBe(true);
  });

  it(`prints each detector's figures: all pages, per fold (${FOLDS} folds), per genre and per language`, () => {
    reportOverall('evidence (product)', product);
    reportOverall('evidence (detectors on the extraction)', detectors);
    reportFolds('evidence (product)', product, FOLDS);
    reportGroups('evidence (product)', 'genre', product, (p) => p.genre, GENRE_ORDER);
    reportGroups('evidence (product)', 'language', product, (p) => p.language);
    expect(new Set(product.map((p) => p.name)).size).toBe(product.length);
  });

  for (const what of MEASURES) {
    it(`agrees on ${TARGET_WORDS[what]} on ≥ ${pct(TARGETS[what])} of articles`, () => {
      expect(figures(what, product).agreement).toBeGreaterThanOrEqual(TARGETS[what]);
      expect(figures(what, detectors).agreement).toBeGreaterThanOrEqual(TARGETS[what]);
    });
  }
});
