// Quoted spans in one paragraph of text, in every common quote style:
//   “…” (English), „…“ and „…” (Czech, German, Polish), «…» and « … » (French, Spanish, Italian),
//   »…« (German, Danish), ‹…› and ›…‹, ”…” (Swedish, Finnish), "…" (straight), ‘…’ and '…'
//   (single), 「…」 and 『…』.
// Marks that also serve as apostrophes or inch marks (' ’ ") open only after a space or an
// opening bracket and before a non-space, and close only before a non-letter, so "don't" and
// "it’s" never open or close a quotation.
// A double-mark quotation still open at the paragraph's end runs to the end: in news style a
// quotation that goes on in the next paragraph has no closing mark (the caller joins them).
// Single marks must close in the paragraph, since an unclosed one is far more often an
// apostrophe ("the ’90s", "students' union") than a quotation.

export interface QuoteSpan {
  /** Index of the opening mark. */
  open: number;
  /** Index of the closing mark, or the paragraph's length when the quotation runs on. */
  close: number;
  closed: boolean;
}

const MARKS = /["“”„‟«»‹›‘’'‚「」『』]/g;

/** Opening mark → the marks that can close it. */
const CLOSERS: Readonly<Record<string, string>> = {
  '“': '”“',
  '"': '"',
  '„': '“”‟',
  '‟': '”“',
  '«': '»',
  '»': '«»',
  '‹': '›',
  '›': '‹›',
  '‘': '’‘',
  "'": "'",
  '‚': '‘’',
  '「': '」',
  '『': '』',
};
const SWEDISH_CLOSERS: Readonly<Record<string, string>> = { ...CLOSERS, '”': '”' };
/** Marks that are also apostrophes, inch marks or closers: they open only in an opening position. */
const AMBIGUOUS_OPENERS = new Set(['"', "'", '‘', '»', '›', '”']);
/**
 * Swedish and Finnish open a quotation with the closing mark (”…”), and Urdu's right-to-left text
 * stores its “…” the other way round: ” opens only in the two languages that write it so.
 */
const RIGHT_MARK_OPENS = new Set(['sv', 'fi']);
const SINGLE = new Set(["'", '‘', '‚']);
const SPACE_OR_OPENING = /[\s([{\-—–/:;,]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const HANGUL = /\p{Script=Hangul}/u;

export function quoteSpans(paragraph: string, lang: string | null = null): QuoteSpan[] {
  const closers = lang !== null && RIGHT_MARK_OPENS.has(lang) ? SWEDISH_CLOSERS : CLOSERS;
  const spans: QuoteSpan[] = [];
  let opener: string | null = null;
  let openAt = -1;
  MARKS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = MARKS.exec(paragraph)) !== null) {
    const c = m[0];
    const at = m.index;
    if (opener === null) {
      if (closers[c] !== undefined && opens(c, paragraph, at)) {
        opener = c;
        openAt = at;
      }
    } else if (closers[opener]!.includes(c) && closes(c, paragraph, at)) {
      spans.push({ open: openAt, close: at, closed: true });
      opener = null;
    }
  }
  if (opener !== null && !SINGLE.has(opener)) spans.push({ open: openAt, close: paragraph.length, closed: false });
  return spans;
}

function opens(mark: string, text: string, at: number): boolean {
  const next = text[at + 1];
  if (next === undefined || (/\s/u.test(next) && mark !== '«' && mark !== '»')) return false;
  if (!AMBIGUOUS_OPENERS.has(mark)) return true;
  return at === 0 || SPACE_OR_OPENING.test(text[at - 1]!);
}

function closes(mark: string, text: string, at: number): boolean {
  // Closing marks with their own glyph (” » › 」) always close.
  if (mark !== '"' && mark !== "'" && mark !== '’' && mark !== '‘' && mark !== '“') return true;
  const next = text[at + 1];
  const afterText = at > 0 && !/\s/u.test(text[at - 1]!);
  // Korean glues its quoting particle to the closing mark ("…"라고 말했다, "…"며, '검찰'을): a mark
  // after a letter and before a Hangul syllable closes.
  if (next !== undefined && HANGUL.test(next) && afterText) return true;
  if (next !== undefined && LETTER_OR_DIGIT.test(next)) return false;
  // A straight mark after a space opens rather than closes ("say "yes"").
  return !(mark === '"' || mark === "'") || afterText;
}
