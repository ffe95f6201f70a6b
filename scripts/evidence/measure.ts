// How a reading of the evidence detectors is measured against labels: per occurrence (precision,
// recall) and per page (has an attributed quotation; statistics within ±30%; citations within ±1).
// The training script measures the rules and its held-out models with it on datasets/evidence,
// and the kept-aside script the shipped engine on datasets/evidence-kept-aside.
import { agrees } from '@seo-geo/engine/testing';
import { candidateSet, type CandidateSet, type ManifestPage } from './dataset.js';
import { countsOfLabels, countsOfVerdicts, labelProblems, type PageCounts, type PageLabels } from './labels.js';

export const KINDS = ['numbers', 'quotes', 'links'] as const;
export type Kind = (typeof KINDS)[number];
export const MEASURE: Record<Kind, keyof PageCounts> = { numbers: 'statistics', quotes: 'quotations', links: 'citations' };

/** A page with complete labels: its candidates, whether each counts by the labels, and by the rules. */
export interface MeasuredPage {
  page: ManifestPage;
  set: CandidateSet;
  labels: PageLabels;
  /** Does each candidate count, by the labels. */
  truth: Record<Kind, boolean[]>;
  rules: Record<Kind, boolean[]>;
}

/** The page with its labels, or null (with a warning) when the labels do not cover its candidates. */
export function measuredPage(page: ManifestPage, pageLabels: PageLabels): MeasuredPage | null {
  const set = candidateSet(page);
  if (labelProblems(set, pageLabels).length > 0) {
    console.warn(`${page.id}: labels incomplete, left out`);
    return null;
  }
  return {
    page,
    set,
    labels: pageLabels,
    truth: {
      numbers: set.numbers.map((c) => pageLabels.numbers[c.id]!.counts),
      quotes: set.quotes.map((c) => pageLabels.quotes[c.id]!.counts === 'new'),
      links: set.links.map((c) => pageLabels.links[c.id]!.counts),
    },
    rules: { numbers: set.numbers.map((c) => c.counted), quotes: set.quotes.map((c) => c.counted), links: set.links.map((c) => c.counted) },
  };
}

export interface Scores {
  pages: number;
  precision: number;
  recall: number;
  pageAgreement: number;
}

/** Occurrence precision and recall, and the page-level agreement, of `verdicts` against the labels of `pages` (those `only` keeps). */
export function scores<P extends MeasuredPage>(kind: Kind, pages: readonly P[], verdicts: (p: P) => boolean[], only: (p: P) => boolean = () => true): Scores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let agree = 0;
  const chosen = pages.filter(only);
  for (const p of chosen) {
    const verdict = verdicts(p);
    p.truth[kind].forEach((truth, i) => {
      if (verdict[i] && truth) tp++;
      else if (verdict[i]) fp++;
      else if (truth) fn++;
    });
    const found = countsOfVerdicts(p.set, { numbers: p.rules.numbers, quotes: p.rules.quotes, links: p.rules.links, [kind]: verdict });
    const label = countsOfLabels(p.set, p.labels);
    if (agrees(MEASURE[kind], found[MEASURE[kind]], label[MEASURE[kind]])) agree++;
  }
  return {
    pages: chosen.length,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    pageAgreement: chosen.length === 0 ? 1 : agree / chosen.length,
  };
}

export function line(s: Scores): string {
  return `precision ${pct(s.precision)}, recall ${pct(s.recall)}, page agreement ${pct(s.pageAgreement)} (${s.pages} pages)`;
}

export function short(s: Scores): string {
  return `P ${pct(s.precision)} R ${pct(s.recall)} page ${pct(s.pageAgreement)}`;
}

export function pct(x: number): string {
  return `${(100 * x).toFixed(0).padStart(3)}%`;
}
