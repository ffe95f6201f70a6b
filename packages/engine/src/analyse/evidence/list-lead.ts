// A count that leads into the list of its items: "you want to keep two versions of your
// dependencies:", "compartimos 10 datos que todo católico debe saber:", "hay dos tipologías de
// zonas …: la primera …". What follows names the items one by one, so the number counts the text's
// own items (GUIDE.md, `structural`: "a count of the text's own items"), as "three experiments:"
// does with its colon right after the noun. Read from the number's end to the colon that closes its
// sentence, with no other number or sentence end between.

/** How far after a count its sentence's colon may stand; further, the sentence is no list's lead-in. */
const LEAD_REACH = 160;

const COLON = 58;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Whether a colon ends the clause that starts at `end` within LEAD_REACH characters, before any
 * sentence end (. ! ? or a line break) or digit: the count before `end` leads into a list. A colon
 * between digits ("10:30") is no list's.
 */
export function leadsIntoListLater(text: string, end: number): boolean {
  const stop = Math.min(text.length, end + LEAD_REACH);
  for (let i = end; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === COLON) return !isDigit(text.charCodeAt(i + 1));
    if (c === 10 || c === 46 || c === 33 || c === 63 || c === 0x3002 || isDigit(c)) return false;
  }
  return false;
}
