// An attribution written inside the quote marks, as French, Spanish, Portuguese and Italian news
// write it: « Cette loi, c'est le démantèlement des services publics, affirme-t-elle. Je crois… »,
// « Absurde. Ce processus est la norme, explique Antony Fastier, toxicologue. Les études… », or
// between dashes: “L’orologio climatico – spiegano gli attivisti – mostra due numeri”.
// The incise is a short clause between a comma and the next comma or sentence end, opening with a
// speech verb followed by its speaker (a capitalised name or a pronoun), or a French inverted
// verb (affirme-t-elle, dit-il). GUIDE.md counts a quotation whose source is named "in the same or
// an adjacent sentence": the incise names it inside the sentence itself.

import { hasSpeechCue } from './speech-cues.js';

/** Words an incise holds at most: the verb, the speaker's name and a role ("explique Antony Fastier, toxicologue"). */
const MAX_INCISE_WORDS = 5;
/** French inversion of a verb and its subject pronoun: "affirme-t-elle", "dit-il", "soupire-t-elle". */
const INVERTED = /^\p{Ll}+-(?:t-)?(?:il|elle|ils|elles)$/u;
/** Subject pronouns that follow a speech verb in an incise ("dijo él", "disse ela", "sagt er"). */
const PRONOUNS = new Set(['he', 'she', 'they', 'il', 'elle', 'ils', 'elles', 'él', 'ella', 'ellos', 'ele', 'ela', 'eles', 'lui', 'lei', 'er', 'sie']);
const CLAUSE_END = /[,.;:!?…»”"]/u;
const WORD = /[\p{L}’'-]+/gu;

/**
 * An incise set off by dashes (or hyphens standing for them), as Italian and Spanish news write
 * it: “L’orologio – spiegano gli attivisti – mostra due numeri”, "… Journal - dichiara il
 * Presidente Cannata - L'orso…". The dashes close the clause, so its speaker may be any noun
 * phrase ("gli attivisti sul sito"); its first word must be a speech verb.
 */
const DASHED = /\s[-–—]\s([^–—\n]{3,60}?)\s[-–—]\s/gu;

/** Whether the quoted words `inner` carry their own attribution clause inside them. */
export function hasIncise(inner: string, lang: string | null): boolean {
  for (const m of inner.matchAll(DASHED)) {
    const words = m[1]!.match(WORD) ?? [];
    if (words.length >= 2 && words.length <= MAX_INCISE_WORDS && hasSpeechCue(words[0]!, lang)) return true;
  }
  for (let comma = inner.indexOf(','); comma >= 0; comma = inner.indexOf(',', comma + 1)) {
    const rest = inner.slice(comma + 1, comma + 1 + 80);
    const end = rest.search(CLAUSE_END);
    // An incise is closed by punctuation within the quotation: a clause running to its end is the
    // quotation's own last words.
    if (end < 0) continue;
    const words = rest.slice(0, end).match(WORD) ?? [];
    if (words.length === 0) continue;
    const [verb, speaker] = words as [string, string | undefined];
    // The inverted verb holds its speaker: what follows it is narrative ("glisse-t-il lorsqu'on le
    // croise"). Inversion also asks a question ("peut-il dire que… ?"): a clause closed by a
    // question mark is one.
    if (lang === 'fr' && INVERTED.test(verb) && rest[end] !== '?') return true;
    if (words.length > MAX_INCISE_WORDS || speaker === undefined || !hasSpeechCue(verb, lang)) continue;
    if (/^\p{Lu}/u.test(speaker) || PRONOUNS.has(speaker.toLowerCase())) return true;
  }
  return false;
}
