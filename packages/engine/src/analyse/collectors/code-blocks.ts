// Code blocks and a program's output (`pre`, `samp`): the content tree marks their text
// (CODE_START, CODE_END, outermost only), whose numbers are a program's values, not statistics.

import { CODE_END, CODE_START } from '../raw-document.js';
import type { RawDocument } from '../raw-document.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';

export class CodeBlocksCollector implements Collector {
  static readonly elements = ['pre', 'samp'];

  /** Open `pre` and `samp` elements. */
  private depth = 0;

  constructor(
    _doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string): void {
    if ((name === 'pre' || name === 'samp') && this.depth++ === 0) this.pass.appendText(CODE_START);
  }

  close(name: string): void {
    if ((name === 'pre' || name === 'samp') && this.depth > 0 && --this.depth === 0) this.pass.appendText(CODE_END);
  }
}
