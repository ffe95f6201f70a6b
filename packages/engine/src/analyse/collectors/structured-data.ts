// Structured data: the text of each JSON-LD block, and the Microdata and RDFa items, read as the
// elements that carry them start and end (structured-data/inline-items.ts).

import type { RawDocument } from '../raw-document.js';
import { InlineItemTracker } from '../structured-data/inline-items.js';
import { isJsonLdScript } from '../structured-data/json-ld.js';
import type { Collector } from './collector.js';
import type { Frame } from './pass-state.js';

export class StructuredDataCollector implements Collector {
  private readonly items = new InlineItemTracker();
  /** The open JSON-LD block's text so far; null outside one. */
  private jsonLd: string | null = null;

  constructor(private readonly doc: RawDocument) {}

  open(name: string, attribs: Record<string, string>, frame: Frame): void {
    if (
      attribs.itemscope !== undefined ||
      attribs.itemprop !== undefined ||
      attribs.typeof !== undefined ||
      attribs.property !== undefined ||
      attribs.vocab !== undefined ||
      attribs.prefix !== undefined
    ) {
      frame.inline = this.items.open(name, attribs);
    }
    if (name === 'script' && isJsonLdScript(attribs)) this.jsonLd = '';
  }

  close(name: string, frame: Frame): void {
    if (name === 'script' && this.jsonLd !== null) {
      this.doc.jsonLdBlocks.push(this.jsonLd);
      this.jsonLd = null;
    }
    if (frame.inline) this.items.close(frame.inline);
  }

  /** A JSON-LD block's text is the block's alone; any other text may be an item's value. */
  text(text: string): boolean {
    if (this.jsonLd !== null) {
      this.jsonLd += text;
      return true;
    }
    this.items.text(text);
    return false;
  }

  finish(): void {
    this.doc.inlineItems = this.items.finish();
  }
}
