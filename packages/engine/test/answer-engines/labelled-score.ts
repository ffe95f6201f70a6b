// Scoring of the brand reading against hand-labelled answers (labelled-answers/, labelled-answers-2/):
// agreement on each tracked brand's mention, mention count, position and citation, and the
// precision and recall of the untracked brands found. Shared by labelled-answers.test.ts and the
// one-off measurement of the held-out answers.
import { readdirSync, readFileSync } from 'node:fs';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import type { BrandsAnalysis, TrackedBrand } from '../../src/answer-engines/types.js';

export interface Expected {
  mentioned: boolean;
  mentionCount: number;
  position: number | null;
  cited: boolean;
}

export interface LabelledAnswer {
  language: string;
  style: string;
  prompt: string;
  answer: string;
  sources: Array<{ url: string; title?: string }>;
  brands: TrackedBrand[];
  expected: Record<string, Expected>;
  otherBrands: string[];
  notes: string;
}

export const FIELDS = ['mentioned', 'mentionCount', 'position', 'cited'] as const;
export type Field = (typeof FIELDS)[number];

export interface Scored {
  file: string;
  answer: LabelledAnswer;
  result: BrandsAnalysis;
  /** Per tracked brand and field: agrees with the label. */
  agreement: Array<Record<Field, boolean> & { key: string }>;
  otherFound: string[];
  otherMatched: number;
}

export interface Summary {
  brands: number;
  mentioned: number;
  mentionCount: number;
  position: number;
  cited: number;
  otherPrecision: number;
  otherRecall: number;
  line: string;
}

export const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${Math.round((part / whole) * 100)}%`);

/** A name as a reader compares two spellings of it: case, accents, a possessive and punctuation aside. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export function loadAnswers(dir: string): Array<{ file: string; answer: LabelledAnswer }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, answer: JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as LabelledAnswer }));
}

export function score(file: string, answer: LabelledAnswer): Scored {
  const result = analyseBrands(answer.answer, answer.brands, { sourceUrls: answer.sources.map((s) => s.url), prompt: answer.prompt });
  const agreement = result.brands.map((found) => {
    const want = answer.expected[found.key]!;
    return {
      key: found.key,
      mentioned: found.mentioned === want.mentioned,
      mentionCount: found.mentionCount === want.mentionCount,
      position: found.position === want.position,
      cited: found.cited === want.cited,
    };
  });
  const labelled = new Set(answer.otherBrands.map(nameKey));
  const otherFound = [...new Set(result.otherBrands.map(nameKey))];
  return { file, answer, result, agreement, otherFound, otherMatched: otherFound.filter((k) => labelled.has(k)).length };
}

export function summarise(group: readonly Scored[]): Summary {
  const rows = group.flatMap((s) => s.agreement);
  const count = (f: Field) => rows.filter((r) => r[f]).length;
  const found = group.reduce((n, s) => n + s.otherFound.length, 0);
  const labelled = group.reduce((n, s) => n + new Set(s.answer.otherBrands.map(nameKey)).size, 0);
  const matched = group.reduce((n, s) => n + s.otherMatched, 0);
  return {
    brands: rows.length,
    mentioned: count('mentioned') / Math.max(1, rows.length),
    mentionCount: count('mentionCount') / Math.max(1, rows.length),
    position: count('position') / Math.max(1, rows.length),
    cited: count('cited') / Math.max(1, rows.length),
    otherPrecision: found === 0 ? 1 : matched / found,
    otherRecall: labelled === 0 ? 1 : matched / labelled,
    line:
      `${group.length} answers, ${rows.length} tracked brands: mention ${pct(count('mentioned'), rows.length)}, count ${pct(count('mentionCount'), rows.length)}, ` +
      `position ${pct(count('position'), rows.length)}, cited ${pct(count('cited'), rows.length)}; ` +
      `untracked brands precision ${pct(matched, found)} (${matched}/${found}), recall ${pct(matched, labelled)} (${matched}/${labelled})`,
  };
}

/** The figures of a set overall, per language and per style, as lines: all a kept-aside set may show. */
export function figures(set: string, scored: readonly Scored[]): string[] {
  const lines = [`${set} | all | ${summarise(scored).line}`];
  for (const language of [...new Set(scored.map((s) => s.answer.language))].sort()) {
    lines.push(`${set} | language ${language} | ${summarise(scored.filter((s) => s.answer.language === language)).line}`);
  }
  for (const style of [...new Set(scored.map((s) => s.answer.style))].sort()) {
    lines.push(`${set} | style ${style} | ${summarise(scored.filter((s) => s.answer.style === style)).line}`);
  }
  return lines;
}

/** The figures of a set (figures), then every disagreement, as lines: for the sets the reader is developed on. */
export function report(set: string, scored: readonly Scored[]): string[] {
  const lines = figures(set, scored);
  for (const s of scored) {
    for (const row of s.agreement) {
      const wrong = FIELDS.filter((f) => !row[f]);
      if (wrong.length === 0) continue;
      const found = s.result.brands.find((b) => b.key === row.key)!;
      const want = s.answer.expected[row.key]!;
      lines.push(`${set} | miss ${s.file} ${row.key} | ${wrong.map((f) => `${f} ${String(found[f])} (label ${String(want[f])})`).join(', ')}`);
    }
    const labelled = new Set(s.answer.otherBrands.map(nameKey));
    const found = new Set(s.otherFound);
    const extra = s.result.otherBrands.filter((n) => !labelled.has(nameKey(n)));
    const missed = s.answer.otherBrands.filter((n) => !found.has(nameKey(n)));
    if (extra.length || missed.length)
      lines.push(`${set} | untracked ${s.file} | taken wrongly: ${extra.join(', ') || '-'}; missed: ${missed.join(', ') || '-'}`);
  }
  return lines;
}
