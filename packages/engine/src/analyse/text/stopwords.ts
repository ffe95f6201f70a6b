// Function words of the languages audited most, used to tell content words from grammar (E4),
// to recognise English text when a page does not declare its language (R1) and to guess the
// language of quotations' speech verbs (E1).
// Short lists: enough to remove the words that dominate any text's frequency table.
import type { TextProfile } from './words.js';

export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had
  has have having he her here hers herself him himself his how i if in into is it its itself just
  let me more most my myself no nor not now of off on once only or other our ours ourselves out
  over own same she should so some such than that the their theirs them themselves then there these
  they this those through to too under until up very was we were what when where which while who
  whom why will with would you your yours yourself yourselves also may might must shall us get got
  like one two new use used using many much well way even still yet via per it's don't can't i'm
  you're we're they're isn't aren't doesn't didn't won't`.split(/\s+/),
);

/** Function words of other languages audited often, by primary language subtag. */
const OTHER_STOPWORDS: Readonly<Record<string, string>> = {
  de: `der die das und ist nicht ein eine einen einem einer zu den dem des mit auf für von im in
    sich es sie wir ihr er auch als an bei oder aber wie wenn dass so nur noch`,
  fr: `le la les un une des du de et est en que qui dans pour pas sur au aux avec ce cette ces il
    elle nous vous ils elles ne se son sa ses leur plus par`,
  es: `el la los las un unos unas y es en que de del al con por para como pero más su sus lo se no
    o una`,
  it: `il lo la gli le uno una e è di da che per con non si come ma del della a al alla alle ai agli in nel
    nella nei nelle dei delle degli sono ha più anche`,
  nl: `het een en van is dat op te zijn voor met niet aan er maar ook als bij de in om die naar uit door
    dan wat wordt werd heeft hebben`,
  pt: `o os um uma e é do da dos das em no na que com não para por se a as ao aos de nos nas pelo pela
    pelos pelas mais`,
  pl: `i a w z na do nie się to że jest o jak od po za co ale tak jego jej są przez dla czy już oraz lub
    tylko być był była było może przy ich ten ta te tego tej`,
  cs: `a i v ve na je jsou se si z ze s do o k to že by ale jak jako pro po od za jeho její které
    který která tak už jen bylo byl byla být při než nebo ani aby`,
};

/** English plus common German, French, Spanish, Italian, Dutch, Portuguese, Czech and Polish function words. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...ENGLISH_STOPWORDS,
  ...Object.values(OTHER_STOPWORDS).flatMap((words) => words.split(/\s+/).filter((w) => w !== '')),
]);

const BY_LANGUAGE: ReadonlyArray<[string, ReadonlySet<string>]> = [
  ['en', ENGLISH_STOPWORDS],
  ...Object.entries(OTHER_STOPWORDS).map(([lang, words]): [string, ReadonlySet<string>] => [lang, new Set(words.split(/\s+/).filter((w) => w !== ''))]),
];

/**
 * For each function word, the languages of BY_LANGUAGE whose list holds it, as bits (1 << index):
 * guessLanguage looks each distinct word up once, not once per language.
 */
const LANGUAGES_OF: ReadonlyMap<string, number> = (() => {
  const languages = new Map<string, number>();
  BY_LANGUAGE.forEach(([, words], index) => {
    for (const word of words) languages.set(word, (languages.get(word) ?? 0) | (1 << index));
  });
  return languages;
})();

/** Function words of `lang` when it has a list here, else of every language here. */
export function functionWords(lang: string | null): ReadonlySet<string> {
  for (const [code, words] of BY_LANGUAGE) if (code === lang) return words;
  return STOPWORDS;
}

/**
 * The language whose function words are most frequent in the first 2,000 words, when they make
 * up at least 15% of them (running prose in any of these languages sits at 25-50% of its own
 * list); null otherwise. For pages that do not declare a language. Each distinct word is looked
 * up once per language, weighted by its uses.
 */
export function guessLanguage(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): string | null {
  const n = Math.min(profile.wordIds.length, 2000);
  if (n < 20) return null;
  const uses = usesOf(profile, n);
  const hits = new Array<number>(BY_LANGUAGE.length).fill(0);
  for (let id = 0; id < uses.length; id++) {
    if (uses[id] === 0) continue;
    const languages = LANGUAGES_OF.get(profile.vocabulary[id]!);
    if (languages === undefined) continue;
    for (let k = 0; k < hits.length; k++) if ((languages & (1 << k)) !== 0) hits[k]! += uses[id]!;
  }
  let best: string | null = null;
  let bestHits = 0;
  for (let k = 0; k < hits.length; k++) {
    if (hits[k]! > bestHits) {
      best = BY_LANGUAGE[k]![0];
      bestHits = hits[k]!;
    }
  }
  return bestHits / n >= 0.15 ? best : null;
}

/**
 * The language a text is written in, for reading its words: the declared one, unless a page
 * declared English is plainly written in another (a site template's lang="en" over a German
 * article), which its function words then name.
 */
export function writtenLanguage(declared: string | null, profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): string | null {
  if (declared !== 'en' || looksEnglish(profile)) return declared;
  return guessLanguage(profile) ?? declared;
}

/**
 * True when at least 25% of the words are English function words. Running English prose sits
 * around 40-50%; other languages written in Latin script stay well below 15%.
 */
export function looksEnglish(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): boolean {
  const n = profile.wordIds.length;
  if (n < 20) return false;
  const uses = usesOf(profile, n);
  let hits = 0;
  for (let id = 0; id < uses.length; id++) if (uses[id] !== 0 && ENGLISH_STOPWORDS.has(profile.vocabulary[id]!)) hits += uses[id]!;
  return hits / n >= 0.25;
}

/** How often each distinct word (by id) is used among the first `n` words. */
function usesOf(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>, n: number): Uint32Array {
  const uses = new Uint32Array(profile.vocabulary.length);
  for (let i = 0; i < n; i++) uses[profile.wordIds[i]!]!++;
  return uses;
}
