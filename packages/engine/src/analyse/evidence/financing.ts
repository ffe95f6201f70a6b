// A shop's financing disclaimer: "Prezzo del bene 500 €, TAN fisso 0.00%, TAEG 0.00% in 10 rate da
// € 50.00", "Sollzins 9,9 %, effektiver Jahreszins 10,4 %". GUIDE.md ("Shops") labels its figures
// `ui`: they are the legal example of a credit offer, not facts of the page. A block is one when it
// names two different rates of a credit offer, as such disclaimers must (the nominal and the
// effective rate); one rate alone ("the average APR rose to 20%") is a statistic.

/** The nominal and effective rates of a credit offer, as disclaimers name them (abbreviations case-sensitive). */
const RATES = /\b(?:TAEG|TAN|APR|RRSO|TAE|TIN)\b|[Ss]ollzins|[Jj]ahreszins/g;
/** RATES, searched once (a global regex's test would move the lastIndex matchAll starts from). */
const ANY_RATE = new RegExp(RATES.source);

/**
 * Whether an offset stands in a block (a line of the main text) that names two different rates of a
 * credit offer. Asked for offsets in increasing order, it reads each line once: linear in the text.
 */
export function financingBlocks(text: string): (at: number) => boolean {
  // Most texts name no rate at all: one search of the whole text spares reading each line.
  if (!ANY_RATE.test(text)) return () => false;
  let lineEnd = -1;
  let financing = false;
  return (at) => {
    if (at <= lineEnd) return financing;
    const start = text.lastIndexOf('\n', at) + 1;
    const next = text.indexOf('\n', at);
    lineEnd = next < 0 ? text.length : next;
    // The line alone is searched: a search of `text` from the line on would read to the text's end
    // for every line without a rate.
    const seen = new Set<string>();
    for (const m of text.slice(start, lineEnd).matchAll(RATES)) seen.add(m[0].toLowerCase());
    financing = seen.size >= 2;
    return financing;
  };
}
