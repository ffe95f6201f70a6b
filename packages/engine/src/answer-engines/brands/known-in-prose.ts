// Brands a reader knows, named in running prose without a cue: "authorized for Samsung and Google
// Pixel repairs", "el turrón de Jijona de Mercadona". The candidates' rules read a capitalised word
// in prose by where it stands; a name on the list of brands readers know (words/known-brands.txt)
// that is neither a word of the answer's language nor a given name is a brand wherever it is
// written so (not `Puma`, an English word). Measured on every development brand set at once: nine
// sets found more brands, one took one name wrongly. A known brand of several words is read as a
// whole where the answer writes it as a name (`Pets at Home`, not `Pets` and `Home`): fourteen more
// brands found over every development set, two taken wrongly (`Farmácia Popular`, a public programme).
// So is the name of a site the answer cites, where its domain runs the name's words together
// (`Reclame Aqui`, reclameaqui.com.br): fifteen more, two taken wrongly (`NICEIC`, `Usedom`).
// Outside English and German, a known brand that is an English word but no common one (`Puma`,
// `Nestlé` in a French or Italian sentence) is read so too: six more, none taken wrongly; in German
// the same read two more and five nouns (`Aroma`, `Kiosk`), so German is left out.
import {
  isCommonWord,
  isCommonWordOrEnglish,
  isGivenName,
  isKnownBrand,
  isLowerCaseBrand,
  knownInCapitals,
  knownNamesOpeningWith,
  type Language,
} from './lexicon.js';
import { isGermanNoun } from './german.js';
import { notBrand } from './not-brands.js';
import { opensSentence } from './written-as-name.js';
import { letterShaped, type BrandCandidate } from './name-shape.js';
import { fold } from './fold.js';
import { COMPANY_FORMS, NATIONALITIES, TECH_STANDARDS } from './words.js';

/** A capitalised word of letters, digits and inner marks (`Samsung`, `DATEV`, `De'Longhi`). */
const WORD = /(?<![\p{L}\p{N}@/.])\p{Lu}[\p{L}\p{N}]*(?:['’&-][\p{L}\p{N}]+)*(?![\p{L}\p{N}])/gu;
const MIN_LETTERS = 3;

/** The known brands of `text` that no candidate covers, in order, each at its first place. */
export function knownBrandsInProse(
  text: string,
  candidates: readonly BrandCandidate[],
  language: Language | null,
  isTracked: (name: string) => boolean,
): BrandCandidate[] {
  // Words come in order: one walk along the candidates, sorted by their start, tells which are covered.
  const spans = candidates.map((c) => ({ start: c.start, end: c.start + c.name.length })).sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = -1;
  const covered = (at: number) => {
    while (next < spans.length && spans[next]!.start <= at) reach = Math.max(reach, spans[next++]!.end);
    return at < reach;
  };
  const seen = new Set(candidates.map((c) => c.name.toLowerCase()));
  const found: BrandCandidate[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (word.length < MIN_LETTERS || seen.has(word.toLowerCase()) || covered(m.index)) continue;
    if (!knownInCapitals(word, language) || isGivenName(word, language) || isTracked(word) || notAName(word) || letterShaped(word)) continue;
    // A word of a longer name (`Buenos Aires`, `Berkshire Hathaway`, `Dolby Atmos`) is that name's.
    const before = NAME_BEFORE.exec(text.slice(Math.max(0, m.index - 40), m.index));
    // Save after a name and a bare `de` (not one holding an article: `Agència Catalana del Consum`), where
    // the known brand owns or sells the name: `Hacendado de Mercadona`.
    if (
      (before !== null && !(before[1] !== undefined && OWNING.has(before[1]) && isKnownBrand(word))) ||
      NAME_AFTER.test(text.slice(m.index + word.length, m.index + word.length + 40))
    )
      continue;
    seen.add(word.toLowerCase());
    found.push({ name: word, start: m.index, from: 'prose', cue: 'known brand' });
  }
  return found;
}

/**
 * A word in lower case, not part of a domain, a path, an address or a compound (`dm.de`, `@dm`,
 * `dm-Markt` stays the compound's).
 */
const LOWER_WORD = /(?<![\p{L}\p{N}@/.-])\p{Ll}[\p{Ll}\p{N}]*(?:-[\p{Ll}\p{N}]+)*(?![\p{L}\p{N}-]|\.\p{L})/gu;
/** A number right before a word: the word is its unit (`5 dm`). */
const AFTER_NUMBER = /\p{N}[ \t]*$/u;

/**
 * The brands that write their own name in lower case, where the answer writes it so (`bei dm und
 * Rossmann`, `die Stationen von myflexbox`): a reader knows the name as they know a capitalised one.
 * Not a common word of the answer's language (lexicon.ts, isLowerCaseBrand), nor a unit after a number.
 */
export function lowerCaseBrandsInProse(
  text: string,
  candidates: readonly BrandCandidate[],
  isTracked: (name: string) => boolean,
  language: Language | null,
): BrandCandidate[] {
  const seen = new Set(candidates.map((c) => c.name.toLowerCase()));
  const found: BrandCandidate[] = [];
  for (const m of text.matchAll(LOWER_WORD)) {
    const word = m[0];
    if (seen.has(word) || !isLowerCaseBrand(word, language) || isTracked(word) || AFTER_NUMBER.test(text.slice(Math.max(0, m.index - 4), m.index))) continue;
    seen.add(word);
    found.push({ name: word, start: m.index, from: 'prose', cue: 'lower-case brand' });
  }
  return found;
}

/** A capitalised word, perhaps with a name's connector, right before or after: the word is part of a longer name. */
const NAME_BEFORE = /[\p{Lu}\p{N}\uE000][\p{L}\p{N}'’.&-]*[ \t]+(?:(of|de|del|der|von|van|di|du|da|do|&)[ \t]+)?$/u;
/** The connectors after which a name is another's: its owner's or seller's (not `del`, `du`, `do`, which hold an article). */
const OWNING: ReadonlySet<string> = new Set(['of', 'de', 'von', 'van', 'di']);
const NAME_AFTER = /^[ \t]+(?:(?:of|de|del|der|von|van|di|du|da|do|&)[ \t]+)?[\p{Lu}\p{N}\uE000]/u;

/** Nationalities, languages, company forms and technical standards, which the known brands' lists hold too (`American`, `GmbH`, `Bluetooth`). */
const NOT_NAMES: ReadonlySet<string> = new Set([...NATIONALITIES, ...COMPANY_FORMS, ...TECH_STANDARDS]);
const notAName = (word: string) => NOT_NAMES.has(fold(word));

/** A word of a name as the known brands' list writes it: letters and digits with inner marks, or a lone `&` (`Lynk & Co`). */
const NAME_WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.&+-]*|&/gu;

/** The most words a cited site's name runs to (`Melhores Destinos`, `Reclame Aqui`). */
const SITE_NAME_WORDS = 4;

/**
 * The names a reader knows as a whole, each at its first place: the known brands of two words or
 * more that `text` writes as names (the words in a row, one space apart, the first capitalised or a
 * number, and two of them so at least: `Pets at Home`, `Pick n Pay`, `60 Millions de consommateurs`;
 * not `best buy` nor `Best buy`), and the name of a site the answer cites or names, written in
 * capitals where the site's domain runs its words together (`Reclame Aqui` for reclameaqui.com.br,
 * `Finanztip` for finanztip.de; `siteLabels`: the domains' labels before their suffix). The words
 * inside such a name are not read apart (`Pets`, `Home`). Places, public bodies and the tracked
 * brands' names are left out.
 */
export function knownNamesInProse(
  text: string,
  siteLabels: ReadonlySet<string>,
  language: Language | null,
  isTracked: (name: string) => boolean,
): BrandCandidate[] {
  const words = [...text.matchAll(NAME_WORD)];
  const folded = words.map((w) => fold(w[0]));
  /** Whether a word is one the language capitalises as its own: any English word, a German noun. */
  const ownWord = (word: string) =>
    (language === 'en' && isCommonWordOrEnglish(word, 'en')) || (language === 'de' && (isCommonWord(word, 'de') || isGermanNoun(word)));
  const capitalised = (k: number) => /^[\p{Lu}\p{N}]/u.test(words[k]![0]);
  /** Whether words `k - 1` and `k` stand one space apart, as in one name. */
  const joined = (k: number) => /^[ \t]$/u.test(text.slice(words[k - 1]!.index + words[k - 1]![0].length, words[k]!.index));
  /** How many of `name`'s words `text` writes from word `i` on, as one name; 0 when it does not. */
  const written = (i: number, name: readonly string[]) => {
    if (i + name.length > words.length) return 0;
    let names = 0;
    for (let k = 0; k < name.length; k++) {
      if (folded[i + k] !== name[k] || (k > 0 && !joined(i + k))) return 0;
      if (capitalised(i + k)) names++;
    }
    return names >= 2 ? name.length : 0;
  };
  /**
   * How many words from word `i` on, all capitalised, spell a cited site's label; 0 when none do,
   * or when English or German capitalises them as its own words there (`Planning Portal`,
   * `Verbraucherzentrale`), which a public body's or a place's site is named by as often.
   */
  const site = (i: number) => {
    let spelled = '';
    let common = true;
    for (let n = 1; n <= SITE_NAME_WORDS && i + n <= words.length; n++) {
      if (!capitalised(i + n - 1) || (n > 1 && !joined(i + n - 1))) return 0;
      spelled += folded[i + n - 1]!.replace(/[^\p{L}\p{N}]/gu, '');
      common &&= ownWord(words[i + n - 1]![0]);
      if (siteLabels.has(spelled)) return common ? 0 : n;
    }
    return 0;
  };
  const seen = new Set<string>();
  const found: BrandCandidate[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!capitalised(i)) continue;
    let longest = siteLabels.size > 0 ? site(i) : 0;
    for (const name of knownNamesOpeningWith(folded[i]!)) if (name.length > longest) longest = Math.max(longest, written(i, name));
    if (longest === 0) continue;
    const first = words[i]!;
    const lastIndex = i + longest - 1;
    const last = words[lastIndex]!;
    const name = text.slice(first.index, last.index + last[0].length);
    // Capitalised words right before or after it make a longer name of it (`the Clean Energy Council`,
    // `Residential Clean Energy Credit`, `Protect Your Move`), save a word that opens a sentence and a
    // possessive, which names an owner or a place (`Heathrow's World Duty Free`).
    const longer =
      (lastIndex + 1 < words.length && joined(lastIndex + 1) && /^\p{Lu}/u.test(words[lastIndex + 1]![0])) ||
      (i > 0 && joined(i) && /^\p{Lu}/u.test(words[i - 1]![0]) && !/['’]s$/u.test(words[i - 1]![0]) && !opensSentence(text, words[i - 1]!.index));
    i = lastIndex;
    if (longer || seen.has(name.toLowerCase()) || isTracked(name) || notBrand(name, true) !== null) continue;
    seen.add(name.toLowerCase());
    found.push({ name, start: first.index, from: 'prose', cue: 'known name' });
  }
  return found;
}
