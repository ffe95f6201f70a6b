// The prose reader's tokens: words (with inner `'`, `-`, `.`, `&`), known names (tracked brands'
// mentions and domains, masked), punctuation; each word knows whether it opens a sentence.
import { ABBREVIATIONS } from './words.js';
import { fold } from './fold.js';
import { isCapitalised, isConnector } from './name-shape.js';

export interface Token {
  kind: 'word' | 'known' | 'punct';
  text: string;
  start: number;
  /** At the start of a sentence (for words and known names). */
  initial: boolean;
  /** An elided article or preposition stood before it (`l'Inter`, `d'Intermarché`): a name starts here. */
  elided?: boolean;
}

export interface Segment {
  words: Token[];
  /** Token indexes of the first and last word. */
  first: number;
  last: number;
}

/** Words (with inner `'`, `’`, `-`, `.`, `&`, and `+` before a capital: `Coca-Cola`, `Node.js`, `AT&T`, `R+V`; initials with their dots before a capitalised word: `J.P. Morgan`, not a country's or a capital's that may end a sentence: `the U.S.`), a lone `&`, known names, punctuation. */
const TOKEN =
  /(\uE000+)|((?!(?:U\.S\.(?:A\.)?|U\.K\.|E\.U\.|U\.N\.|D\.C\.)[ \t])(?:\p{Lu}\.){2,}(?=[ \t]\p{Lu})|[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:(?:['’.&-]|\+(?=\p{Lu}))[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*|&)|([^\s\p{L}\p{N}\uE000&]+)/gu;
/** Punctuation after which the next word starts a sentence (or a table cell). */
export const SENTENCE_END = /[.!?:…|]/u;
const DASH = /^[-–—]+$/u;
const OPENING_QUOTE = /^[*_([]*["“„«][*_]*$/u;
/** Punctuation that opens what follows and leaves the start of a sentence where it was. */
const OPENERS = /^[*_"“„‘'([¿¡>#~`«]+$/u;
/** An elided article or preposition before a name (`l'UFC`, `d'Intermarché`, `dall'Agcom`). */
const ELISION = /^(?:[cdjlmnst]|qu|dell|dall|nell|sull|all|un|quell)['’](?=\p{Lu})/iu;
/** Emphasis and quotes, which wrap names without separating them. */
export const DECORATION = /[*_"'“”‘’`]/gu;

export function tokenize(text: string, offset: number, initial: boolean): Token[] {
  const tokens: Token[] = [];
  let atStart = initial;
  let previousWord = '';
  for (const m of text.matchAll(TOKEN)) {
    const start = offset + m.index;
    if (m[3] !== undefined) {
      const punct = m[3];
      if (SENTENCE_END.test(punct) && !(punct.startsWith('.') && ABBREVIATIONS.has(fold(previousWord)))) atStart = true;
      // `**Etsy** – Curated…`: a dash between spaces opens a clause, capitalised in lists;
      // `"Ships from…"`: a quotation opens with a capital.
      else if (DASH.test(punct) || (OPENING_QUOTE.test(punct) && (m.index === 0 || /\s/u.test(text[m.index - 1]!)))) atStart = true;
      else if (!OPENERS.test(punct)) atStart = false;
      tokens.push({ kind: 'punct', text: punct, start, initial: false });
      continue;
    }
    const kind = m[1] !== undefined ? 'known' : 'word';
    // A capitalised article inside a sentence is the name's own: `au groupe L'Occitane`, `chez L'Oréal`.
    const elided = kind === 'word' && !(!atStart && /^L['’]/u.test(m[0])) ? (ELISION.exec(m[0])?.[0].length ?? 0) : 0;
    tokens.push({ kind, text: m[0].slice(elided), start: start + elided, initial: atStart, ...(elided > 0 ? { elided: true } : {}) });
    previousWord = m[0];
    atStart = false;
  }
  return tokens;
}
/** The word right before token `i`, emphasis and quotes aside (`` when there is none). */
export function wordBefore(tokens: Token[], i: number): string {
  let j = i - 1;
  while (j >= 0 && tokens[j]!.kind === 'punct' && tokens[j]!.text.replace(DECORATION, '') === '') j--;
  const t = tokens[j];
  if (t?.kind === 'punct' && t.text === '.' && tokens[j - 1]?.kind === 'word') return tokens[j - 1]!.text;
  return t?.kind === 'word' ? t.text : '';
}
/** Where a token ends in the text. */
export function endOf(token: Token): number {
  return token.start + token.text.length;
}
/** Whether a known name (a tracked brand's mention) stands earlier in the sentence of token `i`. */
export function knownBefore(tokens: Token[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (t.kind === 'known') return true;
    if (t.kind === 'punct' && /[.!?;:]/u.test(t.text)) return false;
  }
  return false;
}
export function capitalisedAfterConnectors(tokens: Token[], i: number): boolean {
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'word') return false;
    if (isCapitalised(t.text)) return true;
    if (!isConnector(t.text)) return false;
  }
  return false;
}
