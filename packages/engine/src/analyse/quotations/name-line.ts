// A quotation whose paragraph ends with its author's name and nothing else: a signature's quote
// ("„Die Schönheit der Dinge lebt in der Seele dessen, der sie betrachtet“.... David Hume") or an
// epigraph. GUIDE.md counts a quotation when "a name line … identifies its source"; the dash that
// often opens one is read by attribution.ts, this is the name written without it.

/** Particles inside a name, written lower-case ("Herman von Pückler-Muskau", "Ana de la Torre"). */
const PARTICLES = new Set(['von', 'van', 'der', 'den', 'de', 'del', 'la', 'le', 'da', 'do', 'dos', 'di', 'du', 'bin', 'al', 'y']);
/** A name line is a name: two to five words, of which at most the particles are lower-case. */
const MAX_NAME_WORDS = 5;
const MAX_NAME_CHARACTERS = 60;

/** Whether `rest`, the text after a quotation to its paragraph's end, is only a name. */
export function isNameLine(rest: string): boolean {
  const name = rest.replace(/^[\s.,;:…]+/u, '').trimEnd();
  if (name === '' || name.length > MAX_NAME_CHARACTERS) return false;
  const words = name.split(/\s+/u);
  if (words.length < 2 || words.length > MAX_NAME_WORDS) return false;
  let capitalised = 0;
  for (const word of words) {
    if (/^\p{Lu}[\p{L}’'.-]*$/u.test(word)) capitalised++;
    else if (!PARTICLES.has(word)) return false;
  }
  return capitalised >= 2;
}
