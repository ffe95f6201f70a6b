// How wide a title is in a search result, in pixels: Google sets result titles in Arial at 20 px
// and cuts them at about 580 px, so a title of narrow letters can run past 60 characters and one
// of capitals is cut well before. No package in the tree carries font metrics (the ones that do,
// pdfkit's AFM files or fontkit reading a font file, are not dependencies, and the machines the
// engine runs on have no Arial), so the advance widths are data here: Arial's, in thousandths of
// an em, which equal the Helvetica widths of Adobe's core-font AFM files (Arial was drawn to
// Helvetica's metrics) for every character below.

/** The size Google sets result titles in. */
const FONT_PX = 20;

/** Advance widths of U+0020–U+007E, in 1/1000 em. */
const ASCII = [
  // space ! " # $ % & ' ( ) * + , - . /
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  // 0–9
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  // : ; < = > ? @
  278, 278, 584, 584, 584, 556, 1015,
  // A–Z
  667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
  // [ \ ] ^ _ `
  278, 278, 278, 469, 556, 333,
  // a–z
  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
  // { | } ~
  334, 260, 334, 584,
];

/** Advance widths of U+00A0–U+00FF (Latin-1), in 1/1000 em. */
const LATIN_1 = [
  // nbsp ¡ ¢ £ ¤ ¥ ¦ § ¨ © ª « ¬ soft-hyphen ® ¯
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 552,
  // ° ± ² ³ ´ µ ¶ · ¸ ¹ º » ¼ ½ ¾ ¿
  400, 549, 333, 333, 333, 576, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  // À Á Â Ã Ä Å Æ Ç È É Ê Ë Ì Í Î Ï
  667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  // Ð Ñ Ò Ó Ô Õ Ö × Ø Ù Ú Û Ü Ý Þ ß
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  // à á â ã ä å æ ç è é ê ë ì í î ï
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
  // ð ñ ò ó ô õ ö ÷ ø ù ú û ü ý þ ÿ
  556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

/** Punctuation titles often carry beyond Latin-1, in 1/1000 em. */
const PUNCTUATION = new Map<number, number>([
  [0x2013, 556], // – en dash
  [0x2014, 1000], // — em dash
  [0x2018, 222], // ‘
  [0x2019, 222], // ’
  [0x201a, 222], // ‚
  [0x201c, 333], // “
  [0x201d, 333], // ”
  [0x201e, 333], // „
  [0x2022, 350], // • bullet
  [0x2026, 1000], // … ellipsis
  [0x2039, 333], // ‹
  [0x203a, 333], // ›
  [0x20ac, 556], // € euro
  [0x2122, 1000], // ™
  [0x2212, 584], // − minus
]);

/** A character the table does not hold and that is not full width: about an average lower-case letter. */
const DEFAULT_WIDTH = 556;
/** CJK ideographs, kana, Hangul and full-width forms take the whole em. */
const FULL_WIDTH = 1000;

function isFullWidth(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) || // Hangul Jamo
    (cp >= 0x2e80 && cp <= 0x303e) || // CJK radicals, punctuation
    (cp >= 0x3041 && cp <= 0x33ff) || // kana, CJK symbols
    (cp >= 0x3400 && cp <= 0x4dbf) || // CJK extension A
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0xa960 && cp <= 0xa97f) || // Hangul Jamo extended A
    (cp >= 0xac00 && cp <= 0xd7a3) || // Hangul syllables
    (cp >= 0xf900 && cp <= 0xfaff) || // CJK compatibility ideographs
    (cp >= 0xfe30 && cp <= 0xfe4f) || // CJK compatibility forms
    (cp >= 0xff00 && cp <= 0xff60) || // full-width forms
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) || // emoji, shown full width
    (cp >= 0x20000 && cp <= 0x3fffd) // CJK extensions B and on
  );
}

/** A character's advance in 1/1000 em. */
function advance(cp: number): number {
  if (cp >= 0x20 && cp <= 0x7e) return ASCII[cp - 0x20]!;
  if (cp >= 0xa0 && cp <= 0xff) return LATIN_1[cp - 0xa0]!;
  const known = PUNCTUATION.get(cp);
  if (known !== undefined) return known;
  if (isFullWidth(cp)) return FULL_WIDTH;
  // A combining mark takes no room of its own.
  if (cp >= 0x300 && cp <= 0x36f) return 0;
  // A letter with a mark (ő, ș, ł…) is about as wide as its base letter.
  const base = String.fromCodePoint(cp).normalize('NFD').codePointAt(0)!;
  if (base !== cp && base < 0x100) return advance(base);
  return DEFAULT_WIDTH;
}

/** The title's width in a search result, in whole pixels (rounded up), whitespace runs as one space. */
export function titlePixelWidth(title: string): number {
  let thousandths = 0;
  for (const ch of title.replace(/\s+/g, ' ').trim()) thousandths += advance(ch.codePointAt(0)!);
  return Math.ceil((thousandths * FONT_PX) / 1000);
}
