// A quotation whose paragraph ends with its author's name and nothing else: a signature's quote
// ("„Die Schönheit der Dinge lebt in der Seele dessen, der sie betrachtet“.... David Hume") or an
// epigraph. GUIDE.md counts a quotation when "a name line … identifies its source"; the dash that
// often opens one is read by attribution.ts, this is the name written without it.

/** Particles inside a name, written lower-case ("Herman von Pückler-Muskau", "Ana de la Torre"). */
const PARTICLES = new Set(['von', 'van', 'der', 'den', 'de', 'del', 'la', 'le', 'da', 'do', 'dos', 'di', 'du', 'bin', 'al', 'y']);
/** A name line is a name: two to five words, of which at most the particles are lower-case. */
const MAX_NAME_WORDS = 5;
const MAX_NAME_CHARACTERS = 60;

/** The outlet a reviewer's name may be followed by, after a comma: "ZDNet", "PCMag.com", "The New York Times". */
const OUTLET = /^(?:\p{Lu}[\p{L}\p{N}’'.&-]*\s*){1,4}$/u;

/**
 * Whether `rest`, the text after a quotation to its paragraph's end or to the next quotation, is
 * only a name, perhaps with the outlet it writes for ("Adrian Kingsley-Hughes, ZDNet", as a shop's
 * reviews sign their quotes one after another).
 */
export function isNameLine(rest: string): boolean {
  const line = rest.replace(/^[\s.,;:…]+/u, '').trimEnd();
  const comma = line.indexOf(',');
  const name = comma < 0 ? line : line.slice(0, comma).trimEnd();
  if (comma >= 0 && !OUTLET.test(line.slice(comma + 1).trim())) return false;
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
