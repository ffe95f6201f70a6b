// Ages: a number of years that describes a person ("Antoine, 32 ans,", "une jeune fille de 20 ans",
// "tiene 5 años", "una niña de tres años") rather than a span of time. GUIDE.md labels them `age`,
// which does not count. Read the same way for digits (statistics.ts) and number words
// (number-words.ts), from the text before the number.

import { wordSet as set } from './word-set.js';

/** Years of age, in the languages read: the unit of an age given without "old" ("Antoine, 32 ans,"). */
export const YEARS_OF_AGE = set('years ans años anos jahre jahren let года год лет');

/** A person described by their age: "une jeune fille de 20 ans", "un hombre de 40 años", "a woman of 30 years". */
const PERSON_OF_AGE =
  /(?:^|[^\p{L}])(?:fille|garçon|homme|femme|enfant|jeune|étudiante?|mère|père|hombre|mujer|niñ\p{L}*|hij[oa]|joven|chic[oa]|madre|padre|criança|menin[oa]|filh[oa]|bebê|bebé|man|woman|boy|girl|child)\s+(?:de|of)\s+$/iu;
/**
 * Words that give an age, not a span, to the years after them: "tiene 5 años", "a los 2 años",
 * "cumplirá los 3 años", "aos 3 anos", "mit 37 Jahren".
 */
const AGE_BEFORE = /(?:^|[^\p{L}])(?:tiene|tenía|tenia|cumple|cumplió|(?:cumple|cumplió|cumplirá|cumplir|a|desde|hasta)\s+los|tem|tinha|fez|aos|dos|mit)\s+$/iu;
/** A child's age in Russian: "в возрасте от 1 года", "детей от 1 года до 3 лет". */
const CHILD_AGE_BEFORE = /(?:возраст\p{L}*|детей|ребёнка|ребенка|малыша)\s+(?:от\s+\d+\s+(?:\p{L}+\s+)?)?(?:от|до|с)\s+$/iu;
/** French "has" before "ans": "elle a 4 ans", "April a eu 6 ans" ("il y a 2 ans" is a time anchor, read first). */
const HAS_BEFORE_ANS = /(?:^|[^\p{L}])(?:a|a eu|avait|aura)\s+$/iu;

/**
 * Whether the text `before` a number of years (`unit`, lower-cased) makes it a person's age: a
 * person "of" it, or a verb or preposition that gives an age. `before` ends with the space before
 * the number; some two dozen characters of it are enough.
 */
export function ageBefore(before: string, unit: string): boolean {
  if (!YEARS_OF_AGE.has(unit)) return false;
  return PERSON_OF_AGE.test(before) || AGE_BEFORE.test(before) || CHILD_AGE_BEFORE.test(before) || (unit === 'ans' && HAS_BEFORE_ANS.test(before));
}
