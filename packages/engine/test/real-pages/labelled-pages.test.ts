// The evidence detectors on the project's own labelled pages (fixtures/evidence-pages: real pages of
// kinds the corpus has few of, documentation, forums, product pages and pages in German, French and
// Spanish, each labelled by reading under the spec's definitions; the README there is the labelling
// guide). Unlike the corpus these pages are in the repository, so this suite always runs.
//
// The pages come in batches (`set` in each label): rules are changed for a batch's misses only
// after it has been measured as it came, so each batch's first figures are held-out figures, and
// the batch labelled next holds out the rules made on the ones before (see the README).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/net/index.js';
import { measureCorpusPage, report } from './corpus-data.js';
import { figures, GENRE_ORDER, MEASURES, pct, reportFolds, reportGroups, reportOverall, reportPages, type Genre, type ScoredPage } from './evidence-figures.js';

const DIR = fileURLToPath(new URL('../fixtures/evidence-pages/', import.meta.url));

interface PageLabel {
  source: string;
  /** The batch the page was labelled in (see the README: each batch is measured once before rules change for it). */
  set: number;
  url: string;
  genre: Genre;
  language: string;
  mainContent: string;
  attributedQuotations: number;
  statistics: number;
  externalCitations: number;
  notes: string;
}

/**
 * What the detectors must keep on these pages: the figures measured when the set was made, less a
 * page's worth, so a change that loses pages fails here and is seen (see the README for the figures).
 */
/** What each page carries besides its scores: its batch. */
type Scored = ScoredPage & { set: number };

const FLOORS = { quotations: 0.9, statistics: 0.57, citations: 0.85 };

function loadPages(): Array<{ name: string; label: PageLabel; html: string }> {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.json'.length);
      const label = JSON.parse(readFileSync(`${DIR}${f}`, 'utf8')) as PageLabel;
      // As the crawler decodes a page served without a charset: a BOM, else <meta charset>, else UTF-8.
      const html = decodeBody(readFileSync(`${DIR}${name}.html`), undefined);
      return { name, label, html };
    });
}

describe("evidence detectors on the project's own labelled pages", () => {
  const pages = loadPages();
  const scored: Scored[] = pages.map(({ name, label, html }) => {
    const f = measureCorpusPage(html, label.url).facts;
    return {
      name,
      set: label.set,
      genre: label.genre,
      language: label.language,
      label: { quotations: label.attributedQuotations, statistics: label.statistics, citations: label.externalCitations },
      found: { quotations: f.quotations.attributed, statistics: f.statistics, citations: f.citations },
    };
  });

  it('has labels that follow the guide: a page, a URL, a genre, a language, counts and notes', () => {
    report('own labelled pages', `${pages.length} (${GENRE_ORDER.map((g) => `${g} ${scored.filter((p) => p.genre === g).length}`).join(', ')})`);
    expect(pages.length).toBeGreaterThanOrEqual(20);
    for (const { name, label } of pages) {
      expect(GENRE_ORDER, name).toContain(label.genre);
      expect(label.url, name).toMatch(/^https?:\/\/[^/]+/);
      expect(label.language, name).toMatch(/^[a-z]{2}$/);
      expect([1, 2], name).toContain(label.set);
      expect(label.source, name).toMatch(/^tests\/(cache|eval)\/.+\.html$/);
      expect(label.mainContent.length, name).toBeGreaterThan(20);
      for (const n of [label.attributedQuotations, label.statistics, label.externalCitations]) expect(Number.isInteger(n) && n >= 0, name).toBe(true);
    }
  });

  it('prints every figure: per page, all pages, per batch, folds, genres, languages', () => {
    reportPages('own page', scored);
    reportOverall('own pages', scored);
    for (const set of [...new Set(scored.map((p) => p.set))].sort())
      reportOverall(
        `own pages, set ${set}`,
        scored.filter((p) => p.set === set),
      );
    reportFolds('own pages', scored, 4);
    reportGroups('own pages', 'genre', scored, (p) => p.genre, GENRE_ORDER);
    reportGroups('own pages', 'language', scored, (p) => p.language);
    expect(new Set(scored.map((p) => p.name)).size).toBe(scored.length);
  });

  for (const what of MEASURES) {
    it(`keeps ${what} agreement at or above ${pct(FLOORS[what])}`, () => {
      expect(figures(what, scored).agreement).toBeGreaterThanOrEqual(FLOORS[what]);
    });
  }
});
