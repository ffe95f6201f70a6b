// What a collector is: one concern's share of the single pass over a document (the head's
// metadata, the links, the quotations...). The pass (../collector.ts) hands each event to the
// collectors that take it, in one fixed order, and each fills its own fields of the RawDocument.
// A collector leaves out the events it has no use for, and names the elements it acts on when
// not all, so that the pass does not call it for nothing: it runs on every tag of every page.

import type { RawDocument } from '../raw-document.js';
import type { Frame, PassState } from './pass-state.js';

export interface Collector {
  /** An element starts; its frame is on the stack, and the scope and content tree are already its own. */
  open?(name: string, attribs: Record<string, string>, frame: Frame): void;
  /**
   * An element ends. `name` is the parser's, which is the frame's but for a truncated document
   * (a tag cut off at the end is closed without having been opened). The frame is off the stack;
   * the scope is still the element's own.
   */
  close?(name: string, frame: Frame): void;
  /** Any text, as written. True when it is this collector's alone (a title's, a JSON-LD block's): no later one sees it. */
  text?(text: string): boolean;
  /** Text that joins the content tree (not chrome, not hidden), its line breaks read as spaces. */
  contentText?(text: string): void;
  /** The document has ended. */
  finish?(): void;
}

export interface CollectorClass {
  new (doc: RawDocument, pass: PassState): Collector;
  readonly prototype: Collector;
  /** The elements (lower-case names) whose start and end it takes; every element when absent. */
  readonly elements?: readonly string[];
}
