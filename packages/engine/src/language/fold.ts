// Folding text for comparison, as every reader of words in the engine does: case and accents aside.

const MARKS = /\p{M}/gu;
const ASCII = /^\p{ASCII}*$/u;
/** Typographic apostrophes, which writers use for `'` (`De’Longhi`); one UTF-16 unit each, so offsets hold. */
const APOSTROPHES = /[’‘ʼ＇]/gu;

/** Folds a string for comparison: `Café MÜLLER` → `cafe muller`, `De’Longhi` → `de'longhi`. */
export function fold(text: string): string {
  // Plain ASCII has no marks to drop nor typographic apostrophes: lower case is all (most names).
  if (ASCII.test(text)) return text.toLowerCase();
  // Lower-casing can itself produce marks (`İ` → `i̇`), hence the second pass.
  return text.normalize('NFD').replace(MARKS, '').toLowerCase().normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, "'");
}
