// Where the head ends (head/head-end.ts): the first element or text that does not belong in it.
// Search engines read head-only metadata only before that point (see head.ts).

import { closesHead, closesHeadAsText, isOpaqueInHead } from '../head/head-end.js';
import type { RawDocument } from '../raw-document.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';

export class HeadEndCollector implements Collector {
  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string): void {
    if (this.doc.headEndedBy === null && closesHead(name) && !this.inOpaqueHeadElement()) this.doc.headEndedBy = name;
  }

  text(text: string): boolean {
    if (this.doc.headEndedBy === null && closesHeadAsText(text) && !this.inOpaqueHeadElement()) this.doc.headEndedBy = '#text';
    return false;
  }

  /** Inside a head element whose content cannot end the head. */
  private inOpaqueHeadElement(): boolean {
    const stack = this.pass.stack;
    for (let i = stack.length - 1; i >= 0; i--) if (isOpaqueInHead(stack[i]!.name)) return true;
    return false;
  }
}
