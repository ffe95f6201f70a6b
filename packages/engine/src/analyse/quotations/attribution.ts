// Who said it: the signals that attribute a quotation to a source, read from the clauses next to
// it. Any one of them attributes:
//   1. a speech cue (speech-cues.ts) in the quotation's own sentence, before or after it
//      (“…,” she said. / Obama said: “…” / According to RedMonk’s Stephens, “…”);
//   2. a dash and a capitalised name right after it (“…” — Ada Lovelace);
//   3. a colon lead-in that names someone: the sentence before ends with ':' and holds a speech
//      cue or a capitalised word that is not a function word (Jason Snell: “…”);
//   4. for a quotation that is a sentence of its own, an adjacent sentence with a speech cue or
//      a naming colon lead-in (the previous sentence, or the start of the next one).
// Pronouns as speakers ("he said") count: they refer back to a source the text has named.

import { STOPWORDS } from '../text/stopwords.js';
import { hasSpeechCue } from './speech-cues.js';

const DASH_NAME = /^[\s,.]*(?:[—–―]|--?)\s*[@\p{Lu}]/u;
const CAPITALISED = /(?:^|[^\p{L}’'])(\p{Lu}[\p{L}’'-]*)/gu;

/** A clause ending with ':' that names a speaker (rule 3). */
export function isNamingLeadIn(clause: string, lang: string | null): boolean {
  const trimmed = clause.trimEnd();
  if (!trimmed.endsWith(':')) return false;
  if (hasSpeechCue(trimmed, lang)) return true;
  CAPITALISED.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CAPITALISED.exec(trimmed)) !== null) {
    const word = m[1]!;
    if (word !== 'I' && !STOPWORDS.has(word.toLowerCase())) return true;
  }
  return false;
}

/** Rules 1–3 for a quotation between the clause `before` it and the clause `after` it. */
export function attributedInSentence(before: string, after: string, lang: string | null): boolean {
  return hasSpeechCue(before, lang) || hasSpeechCue(after, lang, true) || DASH_NAME.test(after) || isNamingLeadIn(before, lang);
}

/**
 * A block quotation introduced by the text before it: a naming colon lead-in (rule 3), or a
 * speech cue in the last two sentences of that block ("Askar said the code exploits it.
 * Here's how it works.").
 */
export function attributedByLeadIn(leadIn: string, lang: string | null): boolean {
  if (isNamingLeadIn(leadIn, lang)) return true;
  return hasSpeechCue(lastSentences(leadIn, 2), lang);
}

function lastSentences(text: string, n: number): string {
  const ends = [...text.trimEnd().matchAll(/[.!?…]["”»’)\]]*\s+/gu)];
  return ends.length < n ? text : text.slice(ends[ends.length - n]!.index + ends[ends.length - n]![0].length);
}

/** Rule 4: the sentence before a stand-alone quotation, or the first words of the one after. */
export function attributedByNeighbour(previous: string, next: string, lang: string | null): boolean {
  if (isNamingLeadIn(previous, lang) || hasSpeechCue(previous, lang)) return true;
  return hasSpeechCue(firstWords(next, 6), lang) || DASH_NAME.test(next);
}

function firstWords(text: string, n: number): string {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = /\s/u.test(text[i]!);
    if (!space && !inWord && ++count > n) return text.slice(0, i);
    inWord = !space;
  }
  return text;
}
