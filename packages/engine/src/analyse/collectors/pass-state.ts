// What the pass knows at the current point of the document that more than one collector reads:
// the open elements, the scope flags in effect, the content tree with its text so far, and the
// spans gathering text for a collector. Only the pass (../collector.ts) opens and closes elements,
// sets the scope and feeds the spans; collectors read them, open and close their spans, and add
// their markers (headings, code, quote marks) to the tree's text.

import type { BoundedParser } from '../../markup/bounded-parser.js';
import { ContentTreeBuilder } from '../main-content/index.js';
import { Scope } from '../raw-document.js';
import type { InlineFrame } from '../structured-data/inline-items.js';
import { TextSpan } from './text-span.js';

/**
 * One open element. The fields that belong to one collector live here too, set on every frame,
 * so that each element costs one object of one shape and no collector keeps a stack of its own.
 */
export interface Frame {
  name: string;
  /** The scope flags outside the element, restored at its end. */
  scope: number;
  /** What the element started of Microdata/RDFa items (structured-data.ts); null when nothing. */
  inline: InlineFrame | null;
  /** On ul/ol/dl/table: items (or rows) counted so far (lists-and-tables.ts); 0 elsewhere. */
  count: number;
  /** The element's number in the content tree (main-content/). */
  node: number;
}

export class PassState {
  /** The open elements, outermost first. */
  readonly stack: Frame[] = [];
  /** Scope flags (raw-document.ts) in effect at this point. */
  scope = 0;
  /** The elements and visible text, for main-content extraction after the pass. */
  readonly tree = new ContentTreeBuilder();
  /** The text last added to the tree is a block boundary (or there is none yet). */
  private atBoundary = true;
  /** The running parser, for the source position of a charset meta. */
  parser: BoundedParser | null = null;
  /** The spans gathering text now (text-span.ts); rarely more than two. */
  private readonly spans: TextSpan[] = [];

  /** Adds to the content tree's text, unless the element's text is not content (chrome, hidden). */
  appendText(text: string): void {
    if ((this.scope & Scope.Excluded) !== 0) return;
    this.atBoundary = text === '\n';
    this.tree.text(text);
  }

  /** Block boundaries separate words and sentences ("Intro</h2><p>Text" is two blocks). */
  boundary(): void {
    const spans = this.spans;
    for (let i = 0; i < spans.length; i++) spans[i]!.text += spans[i]!.separator;
    // One newline per run of block boundaries keeps the text arrays short.
    if (!this.atBoundary) this.appendText('\n');
  }

  /** Adds `text` to the open spans that take it: all text as written, or (`content`) the content's. */
  gather(text: string, content: boolean): void {
    const spans = this.spans;
    for (let i = 0; i < spans.length; i++) {
      const span = spans[i]!;
      if (span.contentOnly === content && !span.paused) span.text += text;
    }
  }

  /** Starts gathering the text from here on, until closeSpan. */
  openSpan(separator: string, contentOnly: boolean): TextSpan {
    const span = new TextSpan(separator, contentOnly);
    this.spans.push(span);
    return span;
  }

  closeSpan(span: TextSpan): void {
    const spans = this.spans;
    // Spans nest with their elements, so the one closed is nearly always the last.
    if (spans[spans.length - 1] === span) spans.pop();
    else {
      const at = spans.indexOf(span);
      if (at >= 0) spans.splice(at, 1);
    }
  }

  /** Inside SVG or MathML (the current element aside): an icon's title or heading is not the page's. */
  inForeignContent(): boolean {
    const stack = this.stack;
    for (let i = stack.length - 2; i >= 0; i--) {
      const n = stack[i]!.name;
      if (n === 'svg' || n === 'math') return true;
    }
    return false;
  }
}
