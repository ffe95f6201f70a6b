// The page's headings, h1 to h6, with their text; the content tree marks where each one's text
// stands (HEADING_START, HEADING_END) for the main-content and text measures.

import { HEADING_END, HEADING_START, Scope } from '../raw-document.js';
import type { RawDocument } from '../raw-document.js';
import { collapse } from './collapse.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';
import type { TextSpan } from './text-span.js';

/** 1 to 6 for h1 to h6, 0 for any other element. */
function headingLevel(name: string): number {
  if (name.length !== 2 || name.charCodeAt(0) !== 0x68 /* h */) return 0;
  const level = name.charCodeAt(1) - 0x30;
  return level >= 1 && level <= 6 ? level : 0;
}

export class HeadingsCollector implements Collector {
  static readonly elements = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

  /** The open heading; its text is kept even in page chrome (a site header's <h1> is the page's H1). */
  private heading: { level: number; span: TextSpan } | null = null;

  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string): void {
    const level = headingLevel(name);
    if (level === 0) return;
    const pass = this.pass;
    // Hidden headings are not read, by people or by screen readers (axe leaves them out too).
    if (pass.inForeignContent() || (pass.scope & (Scope.Hidden | Scope.NotRendered)) !== 0) return;
    if (this.heading) pass.closeSpan(this.heading.span); // a heading inside one replaces it
    this.heading = { level, span: pass.openSpan(' ', false) };
    pass.appendText(HEADING_START);
  }

  close(name: string): void {
    const heading = this.heading;
    if (heading === null || headingLevel(name) === 0) return;
    this.pass.appendText(HEADING_END);
    this.pass.closeSpan(heading.span);
    this.doc.headings.push({ level: heading.level, text: collapse(heading.span.text) });
    this.heading = null;
  }
}
