// Text gathered inside one element (a heading, a link, a quotation) across the blocks it holds.
// The pass adds each text to every open span, and each block boundary as the span's separator, so
// that "Intro</h3><p>Text" inside a card link reads as two words, not one.

export class TextSpan {
  text = '';
  /** While true, no text is added (hidden from here on); boundaries still are. */
  paused = false;

  constructor(
    /** What a block boundary adds: a space, or a line break where lines matter. */
    readonly separator: string,
    /** Only text that joins the content tree, line breaks read as spaces; else all text as written. */
    readonly contentOnly: boolean,
  ) {}
}
