// An answer that starts by repeating its prompt, often cut off (`best hotels in Scotlan`): the
// names in that echo are the asker's, not the answer's (rule 3 of analyse-brands.ts).
import { fold } from './fold.js';
import type { Span } from './fold.js';

export interface PromptEcho {
  /** The echo: from the start of the answer to the end of the repeated prompt. */
  span: Span;
  /** The last word of the echo when the prompt goes on in the middle of it (`Scotlan`), else null. */
  truncated: Span | null;
}

/** The shortest repetition read as an echo: a few words, not a one-word answer that happens to start like the prompt. */
const MIN_ECHO = 12;

/**
 * The echo of `prompt` at the start of `answer`, compared as names are (case, accents and runs of
 * whitespace aside), when it fills the answer's first line; null when the answer does not start so.
 */
export function promptEcho(answer: string, prompt: string | undefined): PromptEcho | null {
  if (prompt === undefined) return null;
  const wanted = fold(prompt).replace(/\s+/gu, ' ').trim();
  let i = answer.length - answer.trimStart().length;
  const start = i;
  let j = 0;
  while (i < answer.length && j < wanted.length) {
    if (/\s/u.test(answer[i]!)) {
      if (answer[i] === '\n' || wanted[j] !== ' ') break;
      while (i < answer.length && /[ \t]/u.test(answer[i]!)) i++;
      j++;
      continue;
    }
    const folded = fold(answer[i]!);
    if (folded === '' || !wanted.startsWith(folded, j)) break;
    i++;
    j += folded.length;
  }
  // A cut-off echo may end on a mark of the cut: `Scotlan…`, `Vergö...`, `Manche—`.
  const lineEnd = /^(?:…|\.{2,3}|[-–—])?[ \t]*(?:\n|$)/u.test(answer.slice(i, i + 200));
  if (!lineEnd || j < Math.min(MIN_ECHO, wanted.length)) return null;
  const cutInWord = j < wanted.length && /[\p{L}\p{N}]/u.test(wanted[j]!) && /[\p{L}\p{N}]/u.test(wanted[j - 1] ?? '');
  let wordStart = i;
  while (wordStart > start && /[\p{L}\p{N}\p{M}]/u.test(answer[wordStart - 1]!)) wordStart--;
  return { span: { start, end: i }, truncated: cutInWord ? { start: wordStart, end: i } : null };
}
