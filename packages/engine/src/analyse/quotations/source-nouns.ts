// Nouns that identify a quotation's source without naming it: a role ("the spokesperson", "le
// porte-parole", "der Sprecher") or a document ("the report", "la lettre", "el informe"). GUIDE.md
// counts a source "named or specifically identified (a person, a role such as "a spokesperson" …,
// an organisation, a document) in the same or an adjacent sentence": one in the quotation's
// sentence before it identifies the source as a speech verb does ("La lettre liste trois
// conditions : des « … »", "the resolution prohibits spraying “…”", "W artykule autorzy piszą").
// Nouns that also name the text itself or its parts ("article", "text", "example") are left out.

import { wordSet } from '../evidence/word-set.js';

const SOURCE_NOUNS: Record<string, ReadonlySet<string>> = {
  en: wordSet(`report reports study studies letter statement survey memo ruling decree spokesperson
    spokesman spokeswoman official officials minister ministry authors researchers court judge
    communique communiqué`),
  fr: wordSet(`lettre rapport étude communiqué décret arrêté porte-parole ministre ministère auteurs
    chercheurs tribunal juge enquête sondage attendus tribune courrier`),
  es: wordSet(`carta informe estudio comunicado decreto resolución portavoz vocero ministro ministra
    ministerio autores investigadores tribunal juez jueza encuesta`),
  pt: wordSet(`carta relatório estudo comunicado decreto porta-voz ministro ministra ministério autores
    pesquisadores tribunal juiz juíza pesquisa`),
  de: wordSet(`brief bericht studie mitteilung pressemitteilung erklärung verordnung sprecher sprecherin
    minister ministerin ministerium autoren forscher gericht richter richterin umfrage`),
  it: wordSet(`lettera rapporto studio comunicato decreto portavoce ministro ministero autori ricercatori
    tribunale giudice sondaggio`),
  pl: wordSet(`list raport badanie komunikat rzecznik rzeczniczka minister ministerstwo autorzy sąd`),
};
const WORD = /[\p{L}-]+/gu;

/** Whether `clause` (a lead-in, in `lang`) holds a noun of a role or a document. */
export function holdsSourceNoun(clause: string, lang: string | null): boolean {
  const nouns = lang === null ? undefined : SOURCE_NOUNS[lang];
  if (nouns === undefined) return false;
  for (const m of clause.toLowerCase().matchAll(WORD)) if (nouns.has(m[0])) return true;
  return false;
}
