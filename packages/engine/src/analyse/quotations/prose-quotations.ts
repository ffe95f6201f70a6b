// Quotations as people write them in prose: quoted speech or writing of MIN_WORDS words or more,
// in any quote style (quote-spans.ts), attributed when a signal of attribution.ts names its
// source. One quotation is one continuous passage by one source:
//   - spans in one sentence are one quotation (fragments of one source: “…” and “…”);
//   - a passage split only by its attribution clause is one (“…,” she said. “…”);
//   - a passage continued in the next paragraph is one (no closing mark, next paragraph opens
//     with a mark: the news convention);
//   - a new passage after narrative in between is another.
// A quoted question is speech like any other (“Why now?” he asked): GUIDE.md's attributed
// quotation is "quoted speech or writing" whose source is named, whatever its mood.
// Not quotations: spans under MIN_WORDS words (scare quotes, terms), titles and names in quote
// marks (Title Case without sentence punctuation), and repeats of a passage already seen (a
// pull-quote or a caption repeating the body).
// Input: main-content text with blocks separated by `\n`; headings (HEADING_START…HEADING_END)
// and code blocks (CODE_START…CODE_END) are skipped and end any passage. Language `lang` selects
// the speech-cue lexicon.

import { CODE_END, CODE_START, HEADING_START } from '../raw-document.js';
import { attributedByNeighbour, attributedInSentence } from './attribution.js';
import { citesDocument } from './document-reference.js';
import { hasIncise } from './incise.js';
import { isNameLine } from './name-line.js';
import { quoteSpans } from './quote-spans.js';
import { quotationLanguage } from './speech-cues.js';
import { STOPWORDS } from '../text/stopwords.js';

export const MIN_WORDS = 6;
/**
 * An attribution clause between two spans of one passage: "she said", or a speaker introduced
 * with a role ("said Mr. Reeves, a senior fellow at … University").
 */
const MAX_CLAUSE_WORDS = 24;

export interface ProseQuotation {
  /** The quoted words (passages joined with " … "), whitespace collapsed. */
  text: string;
  words: number;
  attributed: boolean;
}

interface Piece {
  paragraph: number;
  span: { open: number; close: number; closed: boolean };
  inner: string;
  /** The clause of the sentence before the span, and after it (to the sentence end). */
  before: string;
  after: string;
  /** Text between the previous span (or paragraph start) and this one. */
  gapBefore: string;
  /** Text between this span and the next one (or the paragraph end). */
  gapAfter: string;
  first: boolean;
  /** The paragraph's last span: `gapAfter` runs to the paragraph's end. */
  last: boolean;
}

// Japanese and Chinese end sentences with full-width marks and no space after them. An initial's
// full stop ends none ("Charles Michel napisał, że W. Brytania…", "John F. Kennedy said").
const SENTENCE_END = /(?<!(?:^|[^\p{L}])\p{Lu})[.!?…](?:["”»’)\]]*)\s+|[。！？]/gu;
const ANY_MARK = /["“”„‟«»‹›‘’'‚「」『』]/;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
const LETTER = /\p{L}/u;

export function findProseQuotations(text: string, pageLang: string | null): ProseQuotation[] {
  const lang = quotationLanguage(text, pageLang);
  const paragraphs = text.split('\n');
  const units: Piece[][] = [];
  let unit: Piece[] | null = null;
  let runsOn = false; // the last span of the previous content paragraph had no closing mark
  let inCode = false; // a code block (CODE_START…CODE_END) runs on from an earlier paragraph
  for (let p = 0; p < paragraphs.length; p++) {
    const para = paragraphs[p]!;
    const code = inCode || para.includes(CODE_START);
    if (code) inCode = para.lastIndexOf(CODE_START) > para.lastIndexOf(CODE_END) || (inCode && !para.includes(CODE_END));
    // Strings in code are a program's values, not anyone's words.
    if (para.includes(HEADING_START) || code) {
      unit = null;
      runsOn = false;
      continue;
    }
    if (!ANY_MARK.test(para)) {
      if (para.trim() !== '') {
        unit = null;
        runsOn = false;
      }
      continue;
    }
    const spans = quoteSpans(para, lang);
    if (spans.length === 0) {
      if (para.trim() !== '') {
        unit = null;
        runsOn = false;
      }
      continue;
    }
    for (let i = 0; i < spans.length; i++) {
      const span = spans[i]!;
      const gapBefore = para.slice(i === 0 ? 0 : spans[i - 1]!.close + 1, span.open);
      const gapAfter = para.slice(span.close + 1, i + 1 < spans.length ? spans[i + 1]!.open : para.length);
      const piece: Piece = {
        paragraph: p,
        span,
        inner: para.slice(span.open + 1, span.close),
        gapBefore,
        gapAfter,
        before: lastClause(gapBefore),
        after: firstClause(gapAfter),
        first: i === 0,
        last: i === spans.length - 1,
      };
      const continues =
        unit !== null &&
        ((i === 0 && runsOn && gapBefore.trim() === '') || (i > 0 && joinsPrevious(unit[unit.length - 1]!.inner, gapBefore, piece.after, lang)));
      if (continues) unit!.push(piece);
      else {
        unit = [piece];
        units.push(unit);
      }
    }
    runsOn = !spans[spans.length - 1]!.closed;
  }

  const found: ProseQuotation[] = [];
  const seen: string[] = [];
  for (const pieces of units) {
    const kept = pieces.slice(leadingTerms(pieces, lang));
    const words = kept.reduce((n, piece) => n + countWords(piece.inner), 0);
    if (words < MIN_WORDS) continue;
    if (kept.length === 1 && looksLikeTitle(kept[0]!.inner)) continue;
    const quoted = collapse(kept.map((piece) => piece.inner).join(' … '));
    if (repeats(quoted, seen)) continue;
    seen.push(comparable(quoted));
    found.push({ text: quoted, words, attributed: isAttributed(pieces, paragraphs, lang) });
  }
  return found;
}

/**
 * How many short spans open a run of quoted fragments within one sentence ("a “stronger” and
 * “more viable” enterprise “with deep local roots and national scale”", "his song “Barracuda”
 * …, he said, “Here's a real Heart song.”"). Under MIN_WORDS words with the writer's own words
 * after them in the sentence, each is a term, a name or a scare quote (GUIDE.md: `short`,
 * `scare`), not the start of a quotation: the quotation starts at the first span of about six
 * words. Only a passage split by its attribution clause counts from its first fragment, whatever
 * its length (the guide's settled point), and that split ends a sentence.
 */
function leadingTerms(pieces: readonly Piece[], lang: string | null): number {
  let head = 0;
  while (head < pieces.length - 1 && countWords(pieces[head]!.inner) < MIN_WORDS && narrativeBetween(pieces[head]!, lang)) head++;
  return head;
}

/**
 * The writer's words between a span and the next one of the same sentence: letters, no sentence
 * end, and not the attribution clause that splits one utterance (“Along the way,” she said, “I
 * felt…”: the comma that closes the first fragment, inside or after its marks, and a speech cue).
 */
function narrativeBetween(piece: Piece, lang: string | null): boolean {
  const gap = piece.gapAfter;
  SENTENCE_END.lastIndex = 0;
  if (!LETTER.test(gap) || SENTENCE_END.test(gap)) return false;
  const split = /,\s*$/u.test(piece.inner) || /^\s*,/u.test(gap);
  return !(split && attributedInSentence(gap, gap, lang));
}

/** Letters and digits only, lower-cased, single-spaced: how repeats are compared. */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A pull-quote or caption repeating a passage seen before, whole or in excerpts ("…"). */
function repeats(quoted: string, seen: readonly string[]): boolean {
  const parts = quoted
    .split('…')
    .map(comparable)
    .filter((part) => part !== '');
  return seen.some((earlier) => parts.every((part) => earlier.includes(part)));
}

/**
 * A span joins the passage before it when nothing lies between, when both are in one sentence,
 * or when only an attribution clause lies between (“…,” she said. “…”). A span whose own
 * attribution clause after it names another speaker (“…,” insists Dufresne. “…,” explains
 * Pregnolato.) starts another passage: GUIDE.md's `continues` is "by the same source" (a pronoun,
 * “…,” he added, refers back to the same one).
 */
function joinsPrevious(previousInner: string, gap: string, ownAfter: string, lang: string | null): boolean {
  if (!LETTER.test(gap)) return true;
  SENTENCE_END.lastIndex = 0;
  const sentenceEnds = SENTENCE_END.test(gap) || (/[.!?…]\s*$/u.test(previousInner) && /^[\s,;:]*[\p{Lu}(]/u.test(gap));
  if (!sentenceEnds) return true;
  // Only the clause: it ends the sentence, and the next span opens the next one.
  const onlyTheClause = /[.!?…。！？]\s*$/u.test(gap) && countWords(gap) <= MAX_CLAUSE_WORDS && attributedInSentence(gap, gap, lang);
  return onlyTheClause && !(attributedInSentence('', ownAfter, lang) && namesAnother(ownAfter, gap));
}

/** Words of an attribution clause that hold its speaker ("explique Anthony Pregnolato, doctorant"); what follows is narrative. */
const SPEAKER_WORDS = 5;

/** `clause` names someone, in its first words, by a capitalised word that `earlier` does not hold. */
function namesAnother(clause: string, earlier: string): boolean {
  let words = 0;
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(clause)) !== null && words++ < SPEAKER_WORDS) {
    const word = m[0];
    if (/^\p{Lu}/u.test(word) && !STOPWORDS.has(word.toLowerCase()) && !earlier.includes(word)) return true;
  }
  return false;
}

function isAttributed(pieces: Piece[], paragraphs: string[], lang: string | null): boolean {
  for (const piece of pieces) {
    if (attributedInSentence(piece.before, piece.after, lang) || hasIncise(piece.inner, lang) || citesDocument(piece.gapAfter)) return true;
  }
  const head = pieces[0]!;
  const tail = pieces[pieces.length - 1]!;
  // A name alone after it, to the paragraph's end or to the next quotation (a run of signed reviews).
  if (isNameLine(tail.gapAfter)) return true;
  // Only a quotation that is a sentence of its own takes its source from a neighbour.
  if (LETTER.test(head.before) || LETTER.test(tail.after)) return false;
  const previous = head.first && head.gapBefore.trim() === '' ? previousParagraph(paragraphs, head.paragraph) : head.gapBefore;
  const next = LETTER.test(tail.gapAfter) ? tail.gapAfter.slice(tail.after.length) : nextParagraph(paragraphs, tail.paragraph);
  return attributedByNeighbour(lastSentence(previous), next, lang) || isSpeechOfItsOwn(pieces);
}

/** Words of a quoted paragraph that speaks of its own: more than a slogan or a title. */
const OWN_PARAGRAPH_WORDS = 10;

/**
 * A paragraph that is one quotation, of two sentences or more (“…. …”), is someone's speech in
 * prose: an interview's answers, a feature's speaker introduced a paragraph or more before, whom
 * readers name from the article (GUIDE.md: the source is named in the text, not necessarily in the
 * quotation's sentence). A one-sentence line in marks is as often a slogan, a motto or a
 * headline's echo. Measured on the development sets: the recall of attributed quotations rose on
 * seven of fifteen, the precision held.
 */
function isSpeechOfItsOwn(pieces: readonly Piece[]): boolean {
  const head = pieces[0]!;
  const tail = pieces[pieces.length - 1]!;
  if (!head.first || head.gapBefore.trim() !== '' || !tail.last || LETTER.test(tail.gapAfter)) return false;
  if (pieces.reduce((n, piece) => n + countWords(piece.inner), 0) < OWN_PARAGRAPH_WORDS) return false;
  // A sentence ends inside the quotation, before its own last mark.
  SENTENCE_END.lastIndex = 0;
  return SENTENCE_END.test(collapse(pieces.map((piece) => piece.inner).join(' ')).slice(0, -1));
}

function previousParagraph(paragraphs: string[], from: number): string {
  for (let p = from - 1; p >= 0; p--) {
    const para = paragraphs[p]!;
    if (para.includes(HEADING_START)) return '';
    if (para.trim() !== '') return para;
  }
  return '';
}

function nextParagraph(paragraphs: string[], from: number): string {
  for (let p = from + 1; p < paragraphs.length; p++) {
    const para = paragraphs[p]!;
    if (para.includes(HEADING_START)) return '';
    if (para.trim() !== '') return para.trimStart();
  }
  return '';
}

/** The clause after the last sentence end in `text` (the start of the quotation's sentence). */
function lastClause(text: string): string {
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SENTENCE_END.exec(text)) !== null) start = m.index + m[0].length;
  return text.slice(start);
}

/** The last sentence of `text`, ignoring its own final punctuation. */
function lastSentence(text: string): string {
  const trimmed = text.trimEnd();
  return lastClause(trimmed.replace(/[.!?…。！？]["”»’)\]]*$/u, ''));
}

/** `text` up to and including its first sentence end. */
function firstClause(text: string): string {
  SENTENCE_END.lastIndex = 0;
  const m = SENTENCE_END.exec(text);
  return m === null ? text : text.slice(0, m.index + 1);
}

/**
 * Words of `text`; Japanese and Chinese, written without spaces, at about two characters a word
 * (a run of kana and kanji counts half its characters).
 */
export function countWords(text: string): number {
  WORD.lastIndex = 0;
  let n = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    const word = m[0];
    let wide = 0;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      if (code >= 0x3040 && code <= 0x9fff) wide++;
    }
    n += wide > 2 ? Math.ceil(wide / 2) : 1;
  }
  return n;
}

/** Title Case without sentence punctuation: a title or a name in quote marks, not speech. */
function looksLikeTitle(inner: string): boolean {
  if (/[.!?;…]/u.test(inner.replace(/[\s.,;:]+$/u, ''))) return false;
  const words = inner.match(WORD) ?? [];
  const long = words.filter((w) => w.length > 3);
  if (long.length < 2) return false;
  return long.filter((w) => /^\p{Lu}/u.test(w)).length / long.length >= 0.75;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
