// Public bodies named in prose: a regulator or an authority is named with its noun (`the regulator
// Ofgem`, `Ofgem, the energy regulator`) or with a verb of supervision (`regulated by Ofgem`,
// `la Consob e la Banca d'Italia vigilano`), and is no brand.
import { wordList } from './words.js';
import { fold } from './fold.js';
import type { Token } from './tokens.js';

export const BODY_NOUNS = wordList('body-nouns');
const SUPERVISION = [...wordList('supervision-stems')];
/** Prepositions that make a supervision verb passive: what stands before `regulated by` is the business, not the body. */
const AGENT = wordList('agent-prepositions');

/**
 * Words that join a regulator's noun to the body's name: an article or a genitive's preposition
 * (`unter Aufsicht der BaFin`, `the supervisor of the ECB`, `el ministerio de Sanidad`).
 */
const OF_THE = new Set(['der', 'des', 'of', 'the', 'de', 'del', 'la', 'el', 'du', 'le', 'les', 'della', 'dello', 'di', 'da', 'do', 'dos', 'das']);

/**
 * Whether a regulator's noun stands right before the name at token `first`, or past one or two
 * words of a genitive (`Aufsicht der BaFin`, `l'autorité de la concurrence`): the name is the body's.
 */
export function bodyNounBefore(tokens: Token[], first: number): boolean {
  for (let i = first - 1, joins = 0; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.kind !== 'word') return false;
    const word = fold(t.text);
    if (BODY_NOUNS.has(word)) return true;
    if (!OF_THE.has(word) || ++joins > 2) return false;
  }
  return false;
}

/** Whether the name ending at token `last` is set off by a regulator's noun: `Ofgem, the energy regulator`, `(el regulador)`. */
export function describedAsBody(tokens: Token[], last: number): boolean {
  const mark = tokens[last + 1];
  if (mark?.kind !== 'punct' || !/^[,(]$/u.test(mark.text.trim())) return false;
  for (let i = last + 2; i < last + 6 && i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word') return false;
    if (BODY_NOUNS.has(fold(t.text))) return true;
  }
  return false;
}

/**
 * Whether a supervision verb stands up to three words before token `first` (`regulated by the
 * Ofgem`, `registrada na Susep`, `vigilati dalla Consob`) or up to six words after the name ending at `last`, in
 * the active (`la Consob e la Banca d'Italia vigilano`, `Ofgem regulates`).
 */
export function supervises(tokens: Token[], first: number, last: number): boolean {
  let words = 0;
  for (let i = last + 1; i < tokens.length && words < 6; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && /[.;:!?,]/u.test(t.text)) break;
    if (t.kind !== 'word') continue;
    words++;
    const word = fold(t.text);
    const next = tokens[i + 1];
    // A verb, not its noun or adjective (`the regulator`, `regulatory`, `registration`).
    const verb = !BODY_NOUNS.has(word) && !/(?:or|ory|ar|ion|ions|ly|ies)$/u.test(word);
    if (verb && SUPERVISION.some((stem) => word.startsWith(stem)) && !(next?.kind === 'word' && AGENT.has(fold(next.text)))) return true;
  }
  return supervisedBy(tokens, first);
}

/** Whether a supervision verb stands up to three words before token `first`. */
function supervisedBy(tokens: Token[], first: number): boolean {
  let words = 0;
  for (let i = first - 1; i >= 0 && words < 4; i--) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && /[.;:!?,]/u.test(t.text)) return false;
    if (t.kind !== 'word') continue;
    words++;
    const word = fold(t.text);
    if (words > 1 && SUPERVISION.some((stem) => word.startsWith(stem))) return true;
  }
  return false;
}
