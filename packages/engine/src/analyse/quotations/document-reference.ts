// A quotation followed by a reference to the document it quotes: a work and its place in it
// ("(Diario, 299)", "(Salmos 119:1-2)", "(Smith 2003, p. 12)"), a page of a document already
// named ("(p. iii)"), or a footnote marker ("[1]"). GUIDE.md counts a quotation whose source is
// "specifically identified (… a document)": a reference right after the closing mark identifies it,
// where a reader looks it up.

/**
 * Right after the closing mark (a comma, full stop or semicolon may stand between): a parenthesis
 * holding a capitalised work (up to four words) and a numeric locator, or a page reference; or a
 * footnote marker of one to three digits.
 */
const REFERENCE =
  /^\s*[.,;]?\s*(?:\(\s*(?:\p{Lu}[\p{L}.’'-]*(?:\s+[\p{L}.’'-]+){0,3},?\s+(?:pp?\.\s*)?\d+(?:[:.,–-]\s*\d+)*|(?:pp?\.|S\.)\s*(?:\d+|[ivxlc]+)(?:[–-]\d+)?)\s*\)|\[\d{1,3}\])/u;

/** Whether the text right after a quotation (`after`, from its closing mark) opens with a reference to a document. */
export function citesDocument(after: string): boolean {
  return REFERENCE.test(after.slice(0, 80));
}
