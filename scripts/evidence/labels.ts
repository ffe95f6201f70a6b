// The readers' labels of the evidence data set (datasets/evidence/labels/<reader>/<page>.json, the
// format GUIDE.md gives), checked against the page's candidates, and what each reader's labels
// make of a page: its statistics, attributed quotations and distinct cited URLs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, EVIDENCE_SET, type CandidateSet } from './dataset.js';

export type QuoteVerdict = 'new' | 'continues' | 'no';

export interface PageLabels {
  id: string;
  reader: string;
  numbers: Record<string, { counts: boolean; why: string; note?: string }>;
  quotes: Record<string, { counts: QuoteVerdict; why: string; note?: string }>;
  links: Record<string, { counts: boolean; why: string; note?: string }>;
  missed?: Array<{ kind: string; text: string; note?: string }>;
  notes?: string;
}

/** The readers whose labels are kept: the two who labelled independently, and the settled labels. */
export const READERS = ['reader-a', 'reader-b', 'settled'] as const;
export type Reader = (typeof READERS)[number];

export function readLabels(reader: Reader, set: string = EVIDENCE_SET): Map<string, PageLabels> {
  const dir = join(dataDir(set), 'labels', reader);
  const labels = new Map<string, PageLabels>();
  if (!existsSync(dir)) return labels;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const page = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<PageLabels> & { id: string };
    // A reader's file may lack a kind it had nothing of.
    labels.set(page.id, { reader, ...page, numbers: page.numbers ?? {}, quotes: page.quotes ?? {}, links: page.links ?? {} });
  }
  return labels;
}

/** What is wrong with a page's labels: a candidate without a label, or a label of no candidate. */
export function labelProblems(set: CandidateSet, labels: PageLabels): string[] {
  const problems: string[] = [];
  for (const kind of ['numbers', 'quotes', 'links'] as const) {
    const ids = new Set(set[kind].map((c) => c.id));
    const labelled = new Set(Object.keys(labels[kind]));
    for (const id of ids) if (!labelled.has(id)) problems.push(`${kind} ${id} not labelled`);
    for (const id of labelled) if (!ids.has(id)) problems.push(`${kind} ${id} labelled but not a candidate`);
  }
  return problems;
}

export interface PageCounts {
  quotations: number;
  statistics: number;
  citations: number;
}

/** A page's counts by a reader's labels (citations: distinct URLs, fragment dropped). */
export function countsOfLabels(set: CandidateSet, labels: PageLabels): PageCounts {
  const cited = new Set<string>();
  for (const link of set.links) if (labels.links[link.id]?.counts === true) cited.add(link.href.replace(/#.*$/, ''));
  return {
    statistics: set.numbers.filter((n) => labels.numbers[n.id]?.counts === true).length,
    quotations: set.quotes.filter((q) => labels.quotes[q.id]?.counts === 'new').length,
    citations: cited.size,
  };
}

/** A page's counts by a verdict per candidate (the rules', or a model's). */
export function countsOfVerdicts(set: CandidateSet, verdict: { numbers: boolean[]; quotes: boolean[]; links: boolean[] }): PageCounts {
  const cited = new Set<string>();
  set.links.forEach((link, i) => {
    if (verdict.links[i]) cited.add(link.href.replace(/#.*$/, ''));
  });
  return {
    statistics: verdict.numbers.filter(Boolean).length,
    quotations: verdict.quotes.filter(Boolean).length,
    citations: cited.size,
  };
}
