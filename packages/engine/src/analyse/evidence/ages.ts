// Ages: a number of years that describes a person ("Antoine, 32 ans,", "une jeune fille de 20 ans",
// "tiene 5 años", "una niña de tres años", "Fadi (5 ans)", "Анзорову было 13 лет") or a thing's
// age ("celebró sus 50 años") rather than a span of time. GUIDE.md labels them `age`,
// which does not count. Read the same way for digits (statistics.ts) and number words
// (number-words.ts), from the text before the number.

import { wordSet as set } from './word-set.js';

/** Years of age, in the languages read: the unit of an age given without "old" ("Antoine, 32 ans,"). */
export const YEARS_OF_AGE = set('years ans años anos anni jaar jahre jahren let года год лет');

/** A person described by their age: "une jeune fille de 20 ans", "un hombre de 40 años", "a woman of 30 years", "les hommes blancs de plus de 65 ans". */
const PERSON_OF_AGE =
  /(?:^|[^\p{L}])(?:filles?|garçons?|hommes?|femmes?|enfants?|jeunes?|étudiantes?|étudiants?|mère|père|hombres?|mujer(?:es)?|niñ\p{L}*|hij[oa]s?|joven|jóvenes|chic[oa]s?|estudiantes?|alumn[oa]s?|madre|padre|criança|menin[oa]|filh[oa]|bebê|bebé|jovem|homem|mulher|rapaz|moça|man|woman|boy|girl|child|bambin[oa]|ragazz[oa]|uomo|donna|figli[oa]|giovane|jongen|meisje|vrouw|kind)(?:\s+\p{L}+)?\s+(?:de|of|di|van)\s+(?:(?:plus|moins|más|menos|mais|più)\s+(?:de|di)\s+)?$/iu;
/**
 * Words that give an age, not a span, to the years after them: "tiene 5 años", "a los 2 años",
 * "cumplirá los 3 años", "aos 3 anos", "mit 37 Jahren".
 */
const AGE_BEFORE =
  /(?:^|[^\p{L}])(?:tiene|tenía|tenia|cumple|cumplen|cumplió|cumplieron|(?:cumple|cumplió|cumplirá|cumplir|a|desde|hasta)\s+los|tem|tinha|fez|aos|dos|mit|aged|ages?\s+\d{1,3}\s+(?:and|to|or)|im alter von|à l'âge de|à l’âge de|a la edad de|ha|aveva|compie|compiuto|all'età di|all’età di)\s+$/iu;
/** A possessive after a verb of celebrating: a thing's age ("celebró sus 50 años", "fête ses 30 ans", "celebrated its 50 years"). */
const ANNIVERSARY_BEFORE = /(?:celebr|festej|fête|fêta|feier)\p{L}*\s+(?:sus|su|ses|son|seine|ihre|its|their)\s+$/iu;
/** "was" before a number of years in Russian gives an age: "Анзорову было 13 лет", "ему исполнилось 20 лет". */
const RUSSIAN_AGE_BEFORE = /(?:^|[^\p{L}])(?:было|будет|исполнилось|исполнится)\s+$/iu;
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
  return (
    PERSON_OF_AGE.test(before) ||
    AGE_BEFORE.test(before) ||
    CHILD_AGE_BEFORE.test(before) ||
    ANNIVERSARY_BEFORE.test(before) ||
    RUSSIAN_AGE_BEFORE.test(before) ||
    (unit === 'ans' && HAS_BEFORE_ANS.test(before))
  );
}

/** Months of age, which a baby's is given in ("Ro’a (10 mois)"). */
const MONTHS_OF_AGE = set('months mois meses monate monaten mesi miesięcy месяцев');
/** A name and an opening bracket before an age: "Fadi (", "Mohammed Shehab (". */
const NAME_THEN_BRACKET = /\p{Lu}[\p{L}’'.-]*\s?\(\s*$/u;
const CLOSING_BRACKET = /^\s*\)/u;

/**
 * "Fadi (5 ans), Ro’a (10 mois)", "Smith (45 years)": years or months in brackets right after a
 * name are that person's age, as a caption or a list of people gives it. `before` ends at the
 * number, `after` starts after its unit (`unit`, lower-cased).
 */
export function ageInBracketsAfterName(before: string, unit: string, after: string): boolean {
  return (YEARS_OF_AGE.has(unit) || MONTHS_OF_AGE.has(unit)) && NAME_THEN_BRACKET.test(before) && CLOSING_BRACKET.test(after);
}

/**
 * Languages whose news give a person's age bare in brackets after the name: "Fredrik Dahle Klocke
 * (27) og Vetle Dahle (30)", "Max Müller (34)", "Jan Peeters (45)". There two names each with a
 * number are two ages, not a tally (named-tallies.ts reads English's "Klobuchar (17)" as one).
 */
const BARE_AGE_LANGUAGES = set('de nl no nb nn sv da fi is');

/** Whether the bare number at `at`–`end`, in brackets right after a capitalised name, is that person's age in `lang`. */
export function isBareAgeAfterName(text: string, at: number, end: number, lang: string | null): boolean {
  if (lang === null || !BARE_AGE_LANGUAGES.has(lang) || end - at > 3 || Number(text.slice(at, end)) > 110) return false;
  return CLOSING_BRACKET.test(text.slice(end, end + 2)) && NAME_THEN_BRACKET.test(text.slice(Math.max(0, at - 32), at));
}
