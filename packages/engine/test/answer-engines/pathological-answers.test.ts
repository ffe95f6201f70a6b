// Answers built to make the brand reader's cost grow faster than the answer: known names of several
// words among unknown ones, a run of names in a table cell, names each followed by a bracket never closed, names in one sentence that never
// ends, and a table of models whose makers prose names again and again. Each is read at two sizes, the larger eight times the smaller; its cost must grow about
// eight times, not sixty-four (a quadratic cost). Fastest of three runs, the sizes taken in turn,
// compared within this run with a wide margin (as test/analyse/pathological-pages.test.ts does).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import type { TrackedBrand } from '../../src/answer-engines/types.js';

const BRANDS: TrackedBrand[] = [{ key: 'own', name: 'Claybarn', aliases: [], domains: ['claybarn.example'] }];

/** A name that no list knows, made of letters only, different for each `i`. */
const name = (i: number) => `Q${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (((i / 26) % 26) | 0))}ory`;

/** Brands a reader knows by several words of letters, written as names (`Pets At Home`), each once. */
const KNOWN_NAMES = readFileSync(new URL('../../src/answer-engines/brands/words/known-brands.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^\p{Ll}+(?: \p{Ll}+)+$/u.test(line))
  .map((line) => line.replace(/\p{Ll}+/gu, (word) => word[0]!.toUpperCase() + word.slice(1)));

const KINDS: Record<string, (names: number) => string> = {
  // Every known name of several words set among names no list knows, both read and then matched.
  'known names of several words among unknown names': (n) =>
    `Claybarn is fine. ${Array.from({ length: n }, (_, i) => `${KNOWN_NAMES[i % KNOWN_NAMES.length]} and ${name(i)} sell it.`).join(' ')}`,
  'a table cell of names': (n) => `| Shop | ${Array.from({ length: n }, (_, i) => name(i)).join(', ')} |\n| --- | --- |\n`,
  'names each before an unclosed bracket': (n) => Array.from({ length: n }, (_, i) => `${name(i)} (also `).join('') + 'Claybarn.',
  'names in a sentence that never ends': (n) => `Claybarn is ${Array.from({ length: n }, (_, i) => `then ${name(i)} is`).join(' ')}`,
  // Each row a model of one of a few makers, each maker named in prose again and again: every row
  // looks for its maker standing on its own.
  'a table of models whose makers prose names': (n) =>
    `| Model | Price |\n| --- | --- |\n${Array.from({ length: n }, (_, i) => `| ${name(i % 7)} Pro X${i} | ${i} € |`).join('\n')}\n\n${Array.from(
      { length: n },
      (_, i) => `${name(i % 7)} sells it.`,
    ).join(' ')}`,
};

/** The fastest of three readings of each answer, per character, the answers taken in turn. */
function msPerChar(...answers: string[]): number[] {
  const best = answers.map(() => Infinity);
  for (let run = 0; run < 3; run++) {
    answers.forEach((answer, i) => {
      const started = performance.now();
      analyseBrands(answer, BRANDS);
      best[i] = Math.min(best[i]!, performance.now() - started);
    });
  }
  return best.map((ms, i) => ms / answers[i]!.length);
}

describe('pathological answers cost the brand reader time in proportion to their length', () => {
  it.each(Object.keys(KINDS))('%s', (kind) => {
    const build = KINDS[kind]!;
    analyseBrands(build(200), BRANDS);
    const [small = 0, large = 0] = msPerChar(build(500), build(4_000));
    expect(large / small, `${(small * 1000).toFixed(3)} → ${(large * 1000).toFixed(3)} µs per character`).toBeLessThan(4.5);
  });
});
