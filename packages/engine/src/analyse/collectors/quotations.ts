// Quotations in markup (E1). A quotation is a <blockquote> or <q> (a <q> inside a <blockquote>, or
// any quoting element inside another, is part of the outer one). It is attributed when any of:
//   1. its `cite` attribute is non-empty (a source URL);
//   2. it contains a <cite> or <footer> with non-blank text, or (a <blockquote>) a <small>, where
//      Bootstrap's quotations have put the source ("<small>Someone famous</small>", a customer's
//      name under a testimonial);
//   3. it sits in a <figure> whose <figcaption> has non-blank text (before or after it);
//   4. its last non-blank line starts with a dash and a capitalised name: "— Ada Lovelace"
//      (dashes: — – ― - --);
//   5. the text right after it (the first 3+ non-blank characters, across tags) starts the same
//      way, e.g. <blockquote>…</blockquote><p>— Ada Lovelace</p>, or a <cite> opens before
//      any text follows.
// Each record keeps its text and its lead-in (the block of text before it), so that quotations/
// can attribute it by a lead-in naming a source ("Jane Doe wrote:") and not count again a
// quotation its text holds in quote marks. Only quotations in the main content count (see
// main-content/region.ts).

import type { RawDocument, RawQuotation } from '../raw-document.js';
import { collapse } from './collapse.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';
import type { TextSpan } from './text-span.js';

interface OpenQuote {
  record: RawQuotation;
  /** Its text in the content, block by block, one line each. */
  text: TextSpan;
  /** Depth of `<cite>`/`<footer>` inside the quotation; text there attributes it. */
  attributionDepth: number;
  figure: OpenFigure | null;
  /** A <blockquote>, not a <q>: only a block quotation has a <small> source line. */
  block: boolean;
}

interface OpenFigure {
  captionText: boolean;
  quotes: RawQuotation[];
}

/** A dash followed by a capitalised name: "— Jane Doe", "– Dr. Smith", "-- Ada". */
const DASH_ATTRIBUTION = /^\s*(?:[—–―]|--?)\s*\p{Lu}/u;

export class QuotationsCollector implements Collector {
  static readonly elements = ['blockquote', 'q', 'cite', 'footer', 'small', 'figure', 'figcaption'];

  private quote: OpenQuote | null = null;
  /** A quotation just ended without attribution, and the text after it so far (rule 5). */
  private pendingAttribution: { record: RawQuotation; text: string } | null = null;
  private readonly figures: OpenFigure[] = [];
  private figcaptionDepth = 0;

  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string, attribs: Record<string, string>): void {
    switch (name) {
      case 'blockquote':
      case 'q':
        this.startQuote(attribs, name === 'blockquote');
        // Browsers render a <q> with quote marks; the text carries them too, so that the prose
        // quotation rules (quotations/) read "<q>…</q>, she said" as people see it.
        if (name === 'q') this.pass.appendText('“');
        break;
      case 'small':
        if (this.quote?.block === true) this.quote.attributionDepth++;
        break;
      case 'cite':
      case 'footer':
        if (this.quote) this.quote.attributionDepth++;
        else if (name === 'cite' && this.pendingAttribution) {
          this.pendingAttribution.record.attributed = true;
          this.pendingAttribution = null;
        }
        break;
      case 'figure':
        this.figures.push({ captionText: false, quotes: [] });
        break;
      case 'figcaption':
        this.figcaptionDepth++;
        break;
      default:
        break;
    }
  }

  close(name: string): void {
    switch (name) {
      case 'blockquote':
      case 'q':
        if (name === 'q') this.pass.appendText('”');
        this.endQuote();
        break;
      case 'small':
        if (this.quote?.block === true && this.quote.attributionDepth > 0) this.quote.attributionDepth--;
        break;
      case 'cite':
      case 'footer':
        if (this.quote && this.quote.attributionDepth > 0) this.quote.attributionDepth--;
        break;
      case 'figure': {
        const figure = this.figures.pop();
        if (figure?.captionText) for (const q of figure.quotes) q.attributed = true;
        break;
      }
      case 'figcaption':
        if (this.figcaptionDepth > 0) this.figcaptionDepth--;
        break;
      default:
        break;
    }
  }

  /** Text in a figcaption, or in a quotation's cite or footer, attributes even in page chrome. */
  text(text: string): boolean {
    if (this.figcaptionDepth > 0 && this.figures.length > 0 && /\S/.test(text)) {
      this.figures[this.figures.length - 1]!.captionText = true;
    }
    if (this.quote && this.quote.attributionDepth > 0 && /\S/.test(text)) this.quote.record.attributed = true;
    return false;
  }

  /** The content right after an unattributed quotation may attribute it (rule 5). */
  contentText(text: string): void {
    if (this.quote === null && this.pendingAttribution) this.checkAdjacentAttribution(text);
  }

  finish(): void {
    if (this.pendingAttribution) this.resolveAdjacentAttribution();
  }

  private startQuote(attribs: Record<string, string>, block: boolean): void {
    if (this.quote) return; // a <q> inside a <blockquote> is part of the same quotation
    if (this.pendingAttribution) this.resolveAdjacentAttribution();
    const record: RawQuotation = {
      attributed: (attribs.cite ?? '').trim() !== '',
      scope: this.pass.scope,
      node: this.pass.tree.current,
      text: '',
      leadIn: leadIn(this.pass.tree.chunks),
    };
    const figure = this.figures[this.figures.length - 1] ?? null;
    figure?.quotes.push(record);
    this.quote = { record, text: this.pass.openSpan('\n', true), attributionDepth: 0, figure, block };
    this.doc.quotations.push(record);
  }

  private endQuote(): void {
    const quote = this.quote;
    if (!quote) return;
    // Only the outermost quoting element ends the quotation (a <q> inside a <blockquote> does not).
    if (this.pass.stack.some((f) => f.name === 'blockquote' || f.name === 'q')) return;
    this.quote = null;
    this.pass.closeSpan(quote.text);
    quote.record.text = collapse(quote.text.text);
    if (quote.record.attributed) return;
    if (endsWithDashAttribution(quote.text.text)) quote.record.attributed = true;
    else this.pendingAttribution = { record: quote.record, text: '' };
  }

  private checkAdjacentAttribution(text: string): void {
    const pending = this.pendingAttribution!;
    pending.text += text;
    // Entities arrive as separate chunks ("&mdash;" then " Jane"): wait for a few letters.
    if (pending.text.trim().length >= 3) this.resolveAdjacentAttribution();
  }

  private resolveAdjacentAttribution(): void {
    const pending = this.pendingAttribution!;
    if (DASH_ATTRIBUTION.test(pending.text)) pending.record.attributed = true;
    this.pendingAttribution = null;
  }
}

/** Rule 4: the last non-blank line of the quotation's text is a dash and a name. */
function endsWithDashAttribution(text: string): boolean {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.trim() !== '') return DASH_ATTRIBUTION.test(line);
  }
  return false;
}

/** The last block of body text (at most its last 300 characters): a lead-in to what follows. */
function leadIn(chunks: readonly string[]): string {
  let block = '';
  for (let i = chunks.length - 1; i >= 0 && block.length < 400; i--) {
    const chunk = chunks[i]!;
    const cut = chunk.lastIndexOf('\n');
    if (cut >= 0 && (block + chunk.slice(cut + 1)).trim() !== '') {
      block = chunk.slice(cut + 1) + block;
      break;
    }
    block = chunk + block;
  }
  block = collapse(block);
  return block.length > 300 ? block.slice(-300) : block;
}
