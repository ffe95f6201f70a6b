// The labelled answer sets: those the brand reader is developed on, each with the figures it must
// keep (labelled-answers.test.ts), and those kept aside, which only measure it (the test's header
// says which is which, and since when). `npm run brands:cues` reads the development sets too.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Summary } from './labelled-score.js';

export type Floors = Omit<Summary, 'brands' | 'line'>;

export interface LabelledSet {
  name: string;
  dir: string;
  /** The figures measured when the reader last changed, as floors: a change that loses answers fails here. */
  floors: Floors;
}

export const SETS: LabelledSet[] = [
  {
    name: 'labelled-answers',
    dir: fileURLToPath(new URL('./labelled-answers/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.97, position: 0.93, cited: 1, otherPrecision: 0.9, otherRecall: 0.9 },
  },
  {
    name: 'labelled-answers-2/dev',
    dir: fileURLToPath(new URL('./labelled-answers-2/dev/', import.meta.url)),
    // Lowered when prose stopped reading `de`, `di`, `do`, `por`, `by`, `at` and a brand's shape as a brand's cues (positions up over all sets).
    // Recall lowered when the learned reading of prose names (prose-name-model.ts) came to weigh the cues' names: a name or two of the set lost, more taken wrongly dropped over all sets.
    floors: { mentioned: 1, mentionCount: 0.97, position: 0.91, cited: 1, otherPrecision: 0.81, otherRecall: 0.84 },
  },
  {
    name: 'labelled-answers-2/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-2/held-out/', import.meta.url)),
    // `Grupo Santander` is labelled here as a mention of Santander; the five later answers that write a
    // group so (`Grupo Bimbo`, `Grupo SURA`, `Grupo Lala`, `Grupo Herdez`) label it the group, and the reader follows them.
    floors: { mentioned: 0.98, mentionCount: 0.94, position: 0.78, cited: 1, otherPrecision: 0.75, otherRecall: 0.71 },
  },
  {
    name: 'labelled-answers-3/dev',
    dir: fileURLToPath(new URL('./labelled-answers-3/dev/', import.meta.url)),
    // Recall lowered when the learned reading of prose names (prose-name-model.ts) came to weigh the cues' names: a name or two of the set lost, more taken wrongly dropped over all sets.
    floors: { mentioned: 0.99, mentionCount: 0.99, position: 0.87, cited: 1, otherPrecision: 0.89, otherRecall: 0.88 },
  },
  {
    name: 'labelled-answers-4/dev',
    dir: fileURLToPath(new URL('./labelled-answers-4/dev/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.99, position: 0.95, cited: 1, otherPrecision: 0.94, otherRecall: 0.87 },
  },
  {
    name: 'labelled-answers-5/dev',
    dir: fileURLToPath(new URL('./labelled-answers-5/dev/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.93, position: 0.83, cited: 1, otherPrecision: 0.82, otherRecall: 0.67 },
  },
  {
    name: 'labelled-answers-6/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-6/held-out/', import.meta.url)),
    floors: { mentioned: 0.98, mentionCount: 0.9, position: 0.77, cited: 1, otherPrecision: 0.74, otherRecall: 0.76 },
  },
  {
    name: 'labelled-answers-5/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-5/held-out/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.94, position: 0.79, cited: 1, otherPrecision: 0.77, otherRecall: 0.67 },
  },
  {
    name: 'labelled-answers-7/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-7/held-out/', import.meta.url)),
    // Lowered when prose stopped reading `de`, `di`, `do`, `por`, `by`, `at` and a brand's shape as a brand's cues (positions up over all sets).
    floors: { mentioned: 0.97, mentionCount: 0.94, position: 0.8, cited: 1, otherPrecision: 0.83, otherRecall: 0.78 },
  },
  {
    name: 'labelled-answers-8/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-8/held-out/', import.meta.url)),
    floors: { mentioned: 0.98, mentionCount: 0.94, position: 0.81, cited: 1, otherPrecision: 0.78, otherRecall: 0.79 },
  },
  {
    name: 'labelled-answers-9/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-9/held-out/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.96, position: 0.75, cited: 1, otherPrecision: 0.81, otherRecall: 0.77 },
  },
  {
    name: 'labelled-answers-10/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-10/held-out/', import.meta.url)),
    // Lowered when prose stopped reading `de`, `di`, `do`, `por`, `by`, `at` and a brand's shape as a brand's cues (positions up over all sets).
    floors: { mentioned: 0.99, mentionCount: 0.9, position: 0.84, cited: 1, otherPrecision: 0.83, otherRecall: 0.71 },
  },
  {
    name: 'labelled-answers-11/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-11/held-out/', import.meta.url)),
    floors: { mentioned: 0.98, mentionCount: 0.95, position: 0.7, cited: 1, otherPrecision: 0.8, otherRecall: 0.73 },
  },
  {
    name: 'labelled-answers-12/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-12/held-out/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.88, position: 0.7, cited: 1, otherPrecision: 0.76, otherRecall: 0.65 },
  },
  {
    name: 'labelled-answers-13/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-13/held-out/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.84, position: 0.78, cited: 1, otherPrecision: 0.84, otherRecall: 0.73 },
  },
  {
    name: 'labelled-answers-14/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-14/held-out/', import.meta.url)),
    floors: { mentioned: 0.98, mentionCount: 0.9, position: 0.74, cited: 1, otherPrecision: 0.81, otherRecall: 0.65 },
  },
  {
    name: 'labelled-answers-15/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-15/held-out/', import.meta.url)),
    // Lowered when prose stopped reading `de`, `di`, `do`, `por`, `by`, `at` and a brand's shape as a brand's cues (positions up over all sets).
    floors: { mentioned: 1, mentionCount: 0.82, position: 0.76, cited: 1, otherPrecision: 0.75, otherRecall: 0.61 },
  },
  {
    name: 'labelled-answers-16/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-16/held-out/', import.meta.url)),
    // Lowered when prose stopped reading `de`, `di`, `do`, `por`, `by`, `at` and a brand's shape as a brand's cues (positions up over all sets).
    floors: { mentioned: 0.98, mentionCount: 0.91, position: 0.83, cited: 1, otherPrecision: 0.84, otherRecall: 0.81 },
  },
  {
    name: 'labelled-answers-17/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-17/held-out/', import.meta.url)),
    floors: { mentioned: 0.99, mentionCount: 0.84, position: 0.78, cited: 1, otherPrecision: 0.77, otherRecall: 0.78 },
  },
  {
    name: 'labelled-answers-18/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-18/held-out/', import.meta.url)),
    // 0.76: `Senf` and `Kren`, German nouns no longer taken for brands, had stood where three missed brands belong.
    floors: { mentioned: 1, mentionCount: 0.87, position: 0.76, cited: 1, otherPrecision: 0.81, otherRecall: 0.69 },
  },
  {
    name: 'labelled-answers-19/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-19/held-out/', import.meta.url)),
    // 0.72: `Bombardier` found in a French snowmobile answer stands, rightly, before two tracked brands
    // that a person taken wrongly (`Joseph-Armand Bombardier`) had put back in their place.
    floors: { mentioned: 0.98, mentionCount: 0.84, position: 0.72, cited: 1, otherPrecision: 0.73, otherRecall: 0.64 },
  },
  {
    name: 'labelled-answers-20/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-20/held-out/', import.meta.url)),
    floors: { mentioned: 1, mentionCount: 0.93, position: 0.7, cited: 1, otherPrecision: 0.7, otherRecall: 0.67 },
  },
  {
    name: 'labelled-answers-21/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-21/held-out/', import.meta.url)),
    // Its figures at 2120a77, developed on since d536b39 (0.75 position, 0.68 precision, 0.66 recall then).
    floors: { mentioned: 1, mentionCount: 0.83, position: 0.8, cited: 1, otherPrecision: 0.74, otherRecall: 0.68 },
  },
  {
    name: 'labelled-answers-22/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-22/held-out/', import.meta.url)),
    // Its figures at b3ad444, developed on since (0.71 position, 0.86 mention count, 0.73 precision, 0.62 recall then).
    floors: { mentioned: 0.99, mentionCount: 0.86, position: 0.7, cited: 1, otherPrecision: 0.72, otherRecall: 0.62 },
  },
  {
    name: 'labelled-answers-23/held-out',
    dir: fileURLToPath(new URL('./labelled-answers-23/held-out/', import.meta.url)),
    // Its figures at 82d11372, developed on since (0.76 position, 0.93 mention count, 0.71 precision, 0.66 recall then).
    floors: { mentioned: 1, mentionCount: 0.92, position: 0.76, cited: 1, otherPrecision: 0.7, otherRecall: 0.66 },
  },
  {
    name: 'labelled-answers-26/dev',
    dir: fileURLToPath(new URL('./labelled-answers-26/dev/', import.meta.url)),
    // A development set from the start (answers with inline links above all), written blind to the reader:
    // 0.68 position, 0.61 precision, 0.57 recall at ba564c7f, before any of its answers was read.
    floors: { mentioned: 1, mentionCount: 0.94, position: 0.77, cited: 1, otherPrecision: 0.73, otherRecall: 0.56 },
  },
  {
    name: 'labelled-answers-27/dev',
    dir: fileURLToPath(new URL('./labelled-answers-27/dev/', import.meta.url)),
    // A development set from the start (prose and lists above all), written blind to the reader:
    // 0.76 position, 0.69 precision, 0.64 recall at aa848d97, before any of its answers was read.
    // Recall lowered when the learned reading of prose names (prose-name-model.ts) came to weigh the cues' names: a name or two of the set lost, more taken wrongly dropped over all sets.
    floors: { mentioned: 1, mentionCount: 0.93, position: 0.86, cited: 1, otherPrecision: 0.74, otherRecall: 0.63 },
  },
];

export const HELD_OUT = ['labelled-answers-24/held-out', 'labelled-answers-25/held-out', 'labelled-answers-28/held-out'].filter((set) =>
  existsSync(fileURLToPath(new URL(`./${set}/`, import.meta.url))),
);
