// The learned reading of the names the rules take in prose: it weighs each by its cue, its shape
// and words, the words beside it and how often the answer names it, and it is what training
// makes of the labelled answers (`npm run brands:train`; the repository's test/brands checks that).
import { describe, expect, it } from 'vitest';
import { readBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import { proseNameReading } from '../../src/answer-engines/brands/prose-name-model.js';
import { proseNameFeatures } from '../../src/answer-engines/brands/prose-name-features.js';
import type { TrackedBrand } from '../../src/answer-engines/types.js';
import { byRulesAlone } from './rules-alone.js';

const acme: TrackedBrand = { key: 'acme', name: 'Acme', aliases: [], domains: [] };
const others = (answer: string) => readBrands(answer, [acme]).others.map((c) => c.name);
const rulesOnly = (answer: string) => byRulesAlone(() => others(answer));

describe('the learned reading of prose names', () => {
  it('is the reading training kept', () => {
    expect(proseNameReading.current.use).toBe('model');
  });

  it('drops a name whose cue stands before bodies and places as often as before brands', () => {
    // A possessive and `with` take a body or a place as readily as a firm: the data say these are none.
    const reserve = "Acme is a fine lender. HELOC rates are variable and move with the Federal Reserve's decisions.";
    expect(rulesOnly(reserve)).toEqual(['Federal Reserve']);
    expect(others(reserve)).toEqual([]);
    const course = 'Acme is fine. Avoid steep terrain unless you have taken a course with Avalanche Canada.';
    expect(rulesOnly(course)).toEqual(['Avalanche Canada']);
    expect(others(course)).toEqual([]);
  });

  it('keeps the names that cues of brands take', () => {
    expect(others('Acme is fine. You can also order the kit from Zorblan, which ships in two days.')).toEqual(['Zorblan']);
    expect(others('Acme is fine, and Quarnix, Belvane and Tordell sell similar kits.')).toEqual(['Quarnix', 'Belvane', 'Tordell']);
    // Enumerated with a tracked brand, a name is a competitor to every reader: the model keeps it.
    expect(others('Acme and Zorblan both ship kits across Europe.')).toEqual(['Zorblan']);
    expect(others('Compare Acme, Quarnix and Belvane before you buy.')).toEqual(['Quarnix', 'Belvane']);
  });

  it('weighs the cue, the name, the words beside it and how often the answer names it', () => {
    const text = "Rates move with the Federal Reserve's decisions, and the Federal Reserve meets eight times a year.";
    const features = proseNameFeatures({ name: 'Federal Reserve', start: 20, from: 'prose', cue: 'possessive' }, { text, language: 'en', local: false });
    expect([...features]).toEqual(
      expect.arrayContaining(['cue-possessive', 'words-2', 'possessive', 'times-2', 'cue-possessive&times-2', 'prev-the', 'prev2-with the', 'lang-en']),
    );
    expect(features.has('next-s')).toBe(false);
  });
});
