// Every occurrence the evidence detectors look at in a page's main content, with what the rules
// make of it: each number (in digits, and number words in the languages that have them), each
// quoted passage (quote marks in prose, and quoting markup), and each link to another site. This
// is what readers label one by one (datasets/evidence/GUIDE.md), and what a learned reading of the
// evidence is trained and measured on; the counts of E1–E3 are the rules' verdicts summed.
import { textPlaces, type TextPlace } from './text-places.js';
import { citedSources, sourceKey, type CitationCandidate } from './citations.js';
import { linkPlaces } from './link-context.js';
import type { ContentTree } from '../main-content/content-tree.js';
import { findStatisticOccurrences, type StatisticForm } from './statistics.js';
import { numberWordsOf } from './number-words.js';
import { countedNumberWords, numberWordsIn } from './counted-number-words.js';
import { profileText, type TextProfile } from '../text/words.js';
import { writtenLanguage } from '../text/stopwords.js';
import { findProseQuotations } from '../quotations/prose-quotations.js';
import { quoteSpans } from '../quotations/quote-spans.js';
import { markupAttributed } from '../quotations/attribution.js';
import { quotationLanguage } from '../quotations/speech-cues.js';
import type { MarkupQuotation } from '../quotations/index.js';

export type { TextPlace } from './text-places.js';

export interface NumberCandidate {
  /** Offsets in the main text. */
  start: number;
  end: number;
  /** The number as written (digits with their separators, or a number word). */
  token: string;
  kind: 'digits' | 'word';
  place: TextPlace;
  /** The rules count it as a statistic (digits: the statistic's form starts here; words: it opens a counted phrase). */
  counted: boolean;
  /** Where the rules count it, the form that reads it (statistics.ts; `words` for number words): `npm run evidence:forms` counts them. */
  form?: StatisticForm | 'words';
}

export interface QuoteCandidate {
  /** Offsets of the quoted passage in the main text (a markup quotation: of its text, when found). */
  start: number;
  end: number;
  text: string;
  kind: 'prose' | 'markup';
  /** The rules count a quotation starting here, attributed (E1's count). */
  counted: boolean;
  /** A prose quotation inside quoting markup: the same quotation, which counts once, with its markup. */
  insideMarkup: boolean;
}

export interface LinkCandidate {
  href: string;
  text: string;
  /** Offset of the link's text in the main text, when found (-1 when not). */
  start: number;
  /** The rules count this URL as a cited source (distinct URLs: the first link to it). */
  counted: boolean;
  /** Where the link stands (link-context.ts's LinkPlace bits): a footnote, a reference list, under "Sources". */
  place: number;
}

export interface EvidenceCandidates {
  numbers: NumberCandidate[];
  quotes: QuoteCandidate[];
  links: LinkCandidate[];
}

export interface EvidenceInput {
  /** The main content's text (blocks separated by `\n`, code and headings between their markers). */
  text: string;
  /** The text's language (primary subtag), declared or guessed. */
  lang: string | null;
  /** Links of the main content, in document order. */
  links: readonly CitationCandidate[];
  /** Quoting markup of the main content, in document order. */
  markupQuotations: readonly MarkupQuotation[];
  siteDomain: string;
  /** The page's content tree, which says where each link stands (link-context.ts); none: nowhere known. */
  tree?: ContentTree | null;
  /** The text's words, when already read (profileText): read again otherwise. */
  profile?: Pick<TextProfile, 'vocabulary' | 'wordIds'>;
}

/**
 * A number as a reader sees one: digits with the separators between them (1,200 · 3.5 · 10:30 ·
 * 1.8.3 · 3/4). Not inside a word ("H2O", "mp3"), but Japanese and Chinese write numbers against
 * the characters around them ("約15万人", "地球の2.4倍"), as the statistics read them.
 */
const DIGIT_TOKEN = /(?<!\p{N}|(?![\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff])\p{L})\d+(?:[.,:/\u00a0\u202f]\d+|(?: \d{3})+(?!\d))*/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The candidates of each kind asked for (all by default); a kind not asked for is empty. */
export function evidenceCandidates(input: EvidenceInput, kinds: Readonly<Record<keyof EvidenceCandidates, boolean>> = ALL_KINDS): EvidenceCandidates {
  return {
    numbers: kinds.numbers ? numberCandidates(input.text, input.lang, textPlaces(input.text), input.profile) : [],
    quotes: kinds.quotes ? quoteCandidates(input) : [],
    links: kinds.links ? linkCandidates(input) : [],
  };
}

const ALL_KINDS = { numbers: true, quotes: true, links: true } as const;

function numberCandidates(
  text: string,
  lang: string | null,
  placeAt: (offset: number) => TextPlace,
  profile: Pick<TextProfile, 'vocabulary' | 'wordIds'> | undefined,
): NumberCandidate[] {
  // `lang` is the language the text is written in (a French article under a template's lang="en"
  // writes "quatre mois"): digits and number words are both read in it.
  profile ??= profileText(text);
  const counted = new Map(findStatisticOccurrences(text, writtenLanguage(lang, profile)).map((o) => [o.numberStart, o.form]));
  const found: NumberCandidate[] = [];
  for (const m of text.matchAll(DIGIT_TOKEN)) {
    const start = m.index;
    const form = counted.get(start);
    found.push({ start, end: start + m[0].length, token: m[0], kind: 'digits', place: placeAt(start), counted: form !== undefined, ...(form ? { form } : {}) });
  }
  if (numberWordsOf(lang) !== null) {
    const words = numberWordsIn(text, lang);
    const countedWords = countedNumberWords(text, words, profile, lang);
    for (const { start, end, token } of words) {
      const inWords = countedWords.has(start);
      found.push({ start, end, token, kind: 'word', place: placeAt(start), counted: inWords, ...(inWords ? { form: 'words' as const } : {}) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function quoteCandidates(input: EvidenceInput): QuoteCandidate[] {
  const text = input.text;
  const lang = quotationLanguage(text, input.lang);
  const attributed = findProseQuotations(text, lang).filter((q) => q.attributed);
  // The first piece of each attributed passage is where the rules count it.
  const firstPieces = attributed.map((q) => q.text.split(' … ')[0]!.slice(0, 60));
  const found: QuoteCandidate[] = [];
  let offset = 0;
  for (const paragraph of text.split('\n')) {
    for (const span of quoteSpans(paragraph, lang)) {
      const inner = paragraph.slice(span.open + 1, span.closed ? span.close : paragraph.length).trim();
      if (inner === '') continue;
      const start = offset + span.open;
      const probe = inner.replace(/\s+/g, ' ').slice(0, 60);
      const index = firstPieces.findIndex((piece) => piece === probe);
      if (index >= 0) firstPieces[index] = '\u0000';
      found.push({
        start,
        end: offset + (span.closed ? span.close + 1 : paragraph.length),
        text: inner,
        kind: 'prose',
        counted: index >= 0,
        insideMarkup: false,
      });
    }
    offset += paragraph.length + 1;
  }
  const locate = locator(text);
  const markup: QuoteCandidate[] = input.markupQuotations.map((quotation) => {
    const at = locate(quotation.text);
    return {
      start: at,
      end: at < 0 ? -1 : at + quotation.text.length,
      text: quotation.text,
      kind: 'markup',
      counted: markupAttributed(quotation, lang),
      insideMarkup: false,
    };
  });
  for (const prose of found) prose.insideMarkup = markup.some((m) => m.start >= 0 && prose.start >= m.start && prose.start < m.end);
  return [...found, ...markup];
}

function linkCandidates(input: EvidenceInput): LinkCandidate[] {
  const cited = new Set(citedSources(input.links, input.siteDomain, input.tree ?? null));
  const counted = new Set<string>();
  const found: LinkCandidate[] = [];
  const external = input.links.filter((link) => !link.internal);
  const places = linkPlaces(
    input.tree ?? null,
    external.map((link) => link.node ?? 0),
  );
  let from = 0;
  for (const [i, link] of external.entries()) {
    const at = link.text === '' ? -1 : input.text.indexOf(link.text, from);
    if (at >= 0) from = at + link.text.length;
    const key = sourceKey(link.href);
    const counts = cited.has(link.href) && !counted.has(key);
    if (counts) counted.add(key);
    found.push({ href: link.href, text: link.text, start: at, counted: counts, place: places[i]! });
  }
  return found;
}

/**
 * Where a passage of quoting markup starts in the main text. Its text is the element's, while the
 * main text writes quote marks for <q> and breaks lines at its blocks: the passage is found by its
 * first letters and digits, whatever stands between them. -1 when it is not there.
 */
function locator(text: string): (passage: string) => number {
  let letters: string | null = null;
  const offsets: number[] = [];
  const index = (): string => {
    const kept: string[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const wordChar = code < 128 ? (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) : WORD_CHAR.test(text[i]!);
      if (!wordChar) continue;
      kept.push(text[i]!.toLowerCase());
      offsets.push(i);
    }
    return kept.join('');
  };
  return (passage) => {
    letters ??= index();
    const probe = passage
      .replace(/[^\p{L}\p{N}]/gu, '')
      .toLowerCase()
      .slice(0, 40);
    if (probe === '') return -1;
    const at = letters.indexOf(probe);
    return at < 0 ? -1 : offsets[at]!;
  };
}
