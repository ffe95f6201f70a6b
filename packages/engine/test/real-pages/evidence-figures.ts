// How the evidence detectors (E1 quotations, E2 statistics, E3 citations) are scored against hand
// labels, shared by the suites of labelled pages (the corpus's and the project's own):
//   - quotation: found ≥1 attributed quotation ⇔ the label has ≥1 (the labels' firmest figure);
//   - statistics: found within ±30% of the label (a label of 0 needs 0);
//   - citations: found within ±1 of the label.
// Precision and recall from counts (the labels give examples, not every instance): per page,
// matched = min(found, label); precision = Σ matched ÷ Σ found, recall = Σ matched ÷ Σ label over
// the pages (a page with nothing found or nothing labelled adds nothing to that side).
import { report } from './corpus-data.js';

export interface Counts {
  quotations: number;
  statistics: number;
  citations: number;
}

export type Measure = keyof Counts;

export const MEASURES: readonly Measure[] = ['quotations', 'statistics', 'citations'];

export type Genre = 'news' | 'blog' | 'documentation' | 'forum' | 'product' | 'other';

export const GENRE_ORDER: readonly Genre[] = ['news', 'blog', 'documentation', 'forum', 'product', 'other'];

/** One labelled page: its label, and what the detectors found on it. */
export interface ScoredPage {
  name: string;
  genre: Genre;
  language: string;
  label: Counts;
  found: Counts;
}

export interface Figures {
  agreement: number;
  precision: number;
  recall: number;
}

export function agrees(what: Measure, found: number, label: number): boolean {
  if (what === 'quotations') return found > 0 === label > 0;
  if (what === 'statistics') return Math.abs(found - label) <= 0.3 * label;
  return Math.abs(found - label) <= 1;
}

export function figures(what: Measure, pages: readonly ScoredPage[]): Figures {
  let agree = 0;
  let matched = 0;
  let found = 0;
  let labelled = 0;
  for (const p of pages) {
    if (agrees(what, p.found[what], p.label[what])) agree++;
    matched += Math.min(p.found[what], p.label[what]);
    found += p.found[what];
    labelled += p.label[what];
  }
  return {
    agreement: pages.length === 0 ? 1 : agree / pages.length,
    precision: found === 0 ? 1 : matched / found,
    recall: labelled === 0 ? 1 : matched / labelled,
  };
}

export const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** The pages where a detector disagrees with the label, as `name found/label`. */
export function misses(what: Measure, pages: readonly ScoredPage[]): string[] {
  return pages.filter((p) => !agrees(what, p.found[what], p.label[what])).map((p) => `${p.name} ${p.found[what]}/${p.label[what]}`);
}

/** Prints each page's counts, found / label. */
export function reportPages(set: string, pages: readonly ScoredPage[]): void {
  for (const p of pages) report(`${set} ${p.name} (${p.genre}, ${p.language})`, MEASURES.map((w) => `${w} ${p.found[w]}/${p.label[w]}`).join(', '));
}

/** Prints agreement, precision and recall of each detector over the pages, with the misses. */
export function reportOverall(set: string, pages: readonly ScoredPage[]): Record<Measure, Figures> {
  const all = {} as Record<Measure, Figures>;
  for (const what of MEASURES) {
    const f = (all[what] = figures(what, pages));
    const missed = misses(what, pages);
    report(
      `${set}: ${what}`,
      `agreement ${pct(f.agreement)} (${pages.length - missed.length}/${pages.length}), precision ${pct(f.precision)}, recall ${pct(f.recall)}${missed.length ? `; misses, found/label: ${missed.join('; ')}` : ''}`,
    );
  }
  return all;
}

/** Prints each detector's figures per group of pages (a genre, a language). */
export function reportGroups(set: string, by: string, pages: readonly ScoredPage[], keyOf: (p: ScoredPage) => string, order?: readonly string[]): void {
  const keys = order ?? [...new Set(pages.map(keyOf))].sort();
  for (const key of keys) {
    const group = pages.filter((p) => keyOf(p) === key);
    if (group.length === 0) continue;
    const line = MEASURES.map((w) => {
      const f = figures(w, group);
      return `${w} ${pct(f.agreement)} (P ${pct(f.precision)}, R ${pct(f.recall)})`;
    }).join('; ');
    report(`${set} per ${by}, ${key} (${group.length} pages)`, line);
  }
}

/**
 * Pages by name, dealt round-robin into `k` folds. A rule is developed on some folds and judged on
 * the others; the spread of the per-fold figures shows how much a figure owes to which pages.
 */
export function foldsOf<T extends { name: string }>(pages: readonly T[], k: number): T[][] {
  const sorted = [...pages].sort((a, b) => (a.name < b.name ? -1 : 1));
  return Array.from({ length: k }, (_, i) => sorted.filter((_, j) => j % k === i));
}

/** Prints each detector's agreement per fold, with the mean, the lowest and all pages. */
export function reportFolds(set: string, pages: readonly ScoredPage[], k: number): void {
  const folds = foldsOf(pages, k);
  for (const what of MEASURES) {
    const perFold = folds.map((fold) => figures(what, fold).agreement);
    report(
      `${set}: ${what} agreement per fold (${k} folds)`,
      `${perFold.map(pct).join(' · ')}; mean ${pct(perFold.reduce((a, b) => a + b, 0) / k)}, lowest ${pct(Math.min(...perFold))}; all pages ${pct(figures(what, pages).agreement)}`,
    );
  }
}
