// Where an answer says what a brand's name is not: where it comes from (`The name comes from Kalki,
// the tenth avatar`, `benannt nach Pfarrer Sebastian Kneipp`, `o nome lembra o Visconde de Cairu`)
// or what else bears it (`nothing to do with the oil company BP`, `nicht zu verwechseln mit den
// Lautsprechern von JBL`), or who founded it, by a person's full name (`founded by the former tennis
// player David Lloyd`), or the person in person (`Jo Malone herself`). There the letters name the
// eponym, the namesake, the founder or the person, not the brand.
import { fold, type Span } from './fold.js';
import type { Language } from './lexicon.js';

/** Phrases, folded, after which the next few words name what a brand's name comes from or is not. */
const CUES = [
  // English
  'named after',
  'named for',
  'name comes from',
  'name refers to',
  'namesake',
  'takes its name from',
  'took its name from',
  'carries the name of',
  'in honour of',
  'in honor of',
  "isn't related to",
  "isn't affiliated with",
  'nothing to do with',
  'not to be confused with',
  'no relation to',
  'unrelated to',
  'not related to',
  'no connection to',
  'no connection with',
  'not affiliated with',
  'not to be mistaken for',
  'no link to',
  'not connected to',
  'not connected with',
  // German
  'benannt nach',
  'nicht zu verwechseln mit',
  'nichts zu tun mit',
  'nichts mit',
  'name erinnert an',
  'name geht auf',
  'name stammt von',
  'name kommt von',
  'namensvetter',
  'zu ehren von',
  'keine verbindung zu',
  'nicht verwandt mit',
  // French
  "nomme d'apres",
  "nommee d'apres",
  'doit son nom a',
  'tire son nom de',
  'tient son nom de',
  'rien a voir avec',
  'ne pas confondre avec',
  'nom vient de',
  'nom rappelle',
  'surnomme',
  'surnommee',
  'homonyme',
  'nom evoque',
  'en hommage a',
  'aucun rapport avec',
  'sans rapport avec',
  'aucun lien avec',
  // Spanish
  'debe su nombre a',
  'toma su nombre de',
  'lleva el nombre de',
  'lleva el nombre del',
  'toma el nombre de',
  'toma el nombre del',
  'toma su nombre del',
  'nada que ver con',
  'no confundir con',
  'nombre viene de',
  'nombre recuerda',
  'apodaban',
  'apodado',
  'apodada',
  'homonimo',
  'nombre homenajea',
  'en honor a',
  'en honor de',
  'nada tiene que ver con',
  'no tiene relacion con',
  'sin relacion con',
  // Italian
  'deve il nome a',
  'prende il nome da',
  'prende il nome dal',
  'nulla a che fare con',
  'niente a che fare con',
  'non confondere con',
  'nome ricorda',
  'nome viene da',
  'soprannominato',
  'soprannominata',
  'omonimo',
  'non viene da',
  'in onore di',
  'nessun legame con',
  'nessun rapporto con',
  // Portuguese
  'deve o nome a',
  'deve seu nome a',
  'leva o nome de',
  'nada a ver com',
  'nao confundir com',
  'nome lembra',
  'nome vem de',
  'apelidado',
  'apelidada',
  'nome homenageia',
  'em homenagem a',
  'nada tem a ver com',
  'nao tem relacao com',
  'sem relacao com',
];
const escape = (cue: string) => cue.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\s+');
/** A cue, then at most five words with no clause's mark between it and the name: `with the oil company`. */
const AFTER_CUE = new RegExp(`(?:^|[^\\p{L}])(?:${CUES.map(escape).join('|')})(?:\\s+[^\\s,;:.!?()–—]+){0,5}\\s+$`, 'u');
/** German's verb at the clause's end: `Mit dem Bauhaus in Dessau … hat die Kette nichts zu tun`, `nach Pfarrer Sebastian Kneipp benannt`. */
const GERMAN_WITH = /(?:^|[^\p{L}])mit(?:\s+[^\s,;:.!?()–—]+){0,3}\s+$/u;
const GERMAN_NOTHING_TO_DO = /^[^.;!?\n]*?\bnichts\b[^.;!?\n]*?\bzu\s+tun\b/u;
const GERMAN_AFTER = /(?:^|[^\p{L}])nach(?:\s+[^\s,;:.!?()–—]+){0,3}\s+$/u;
const GERMAN_FROM = /(?:^|[^\p{L}])von(?:\s+[^\s,;:.!?()–—]+){0,3}\s+$/u;
const GERMAN_NAMED = /^(?:\s+[^\s,;:.!?()–—]+){0,2}\s+benannt\b/u;
/** Words after which a person's full name founded the business: the letters of a brand there are its founder's (`founded by the tennis player David Lloyd`). */
const FOUNDED_BY = new RegExp(
  `(?:^|[^\\p{L}])(?:founded by|started by|fonde par|fondee par|fondata da|fondato da|fundada por|fundado por|criada por|criado por)(?:\\s+[^\\s,;:.!?()–—]+){0,4}\\s+$`,
  'u',
);
const GERMAN_FOUNDED = /^(?:\s+[^\s,;:.!?()–—]+){0,2}\s+gegrundet\b/u;
/** A person's full name: the occurrence is two capitalised words or more, or a capitalised word stands right before it. */
const FULL_NAME_BEFORE = /\p{Lu}[\p{L}.'’-]*[ \t]+$/u;
/**
 * A person's own self right after the name: the letters are the person's (`Jo Malone herself left in
 * 2006`); French's `lui-même`, `elle-même` after a full name only, as a company is itself too
 * (`Georges Larnicol lui-même`; not `Cdiscount lui-même`).
 */
const THE_PERSON_SELF = /^\s*(?:herself|himself)(?![\p{L}-])/u;
const THE_PERSON_SELF_FR = /^\s*(?:lui|elle)-meme(?![\p{L}-])/u;
/** How far around a name its sentence is read: enough for a cue and the words after it, and work bounded per occurrence. */
const REACH = 160;

/** Whether the occurrence `span` stands where its sentence says what the name comes from or is not. */
export function namedApart(text: string, span: Span, language: Language | null): boolean {
  const before = sentenceBefore(text, span.start);
  if (AFTER_CUE.test(before)) return true;
  const written = text.slice(span.start, span.end);
  const fullName = /\s/u.test(written.trim()) || FULL_NAME_BEFORE.test(text.slice(Math.max(0, span.start - 40), span.start));
  if (fullName && FOUNDED_BY.test(before)) return true;
  const after = fold(text.slice(span.end, Math.min(text.length, span.end + REACH)));
  if (THE_PERSON_SELF.test(after) || (fullName && THE_PERSON_SELF_FR.test(after))) return true;
  if (language !== 'de') return false;
  return (
    (GERMAN_WITH.test(before) && GERMAN_NOTHING_TO_DO.test(after)) ||
    (GERMAN_AFTER.test(before) && GERMAN_NAMED.test(after)) ||
    (fullName && GERMAN_FROM.test(before) && GERMAN_FOUNDED.test(after))
  );
}

/** The folded text of the sentence before `offset`, at most REACH characters of it. */
function sentenceBefore(text: string, offset: number): string {
  const window = text.slice(Math.max(0, offset - REACH), offset);
  const end = Math.max(window.lastIndexOf('\n'), ...['. ', '! ', '? ', '; '].map((mark) => window.lastIndexOf(mark)));
  return fold(window.slice(end + 1));
}
