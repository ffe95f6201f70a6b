// Who wrote the page and when, as its markup hints outside schema.org items (head/byline-hints.ts):
// meta tags, elements classed or itemprop'd as a byline or a date, and `<time>` elements.
// An anchor's rel="author" is noted by the links collector, which reads its rel.

import { elementBylineHint, metaBylineHint } from '../head/byline-hints.js';
import type { BylineHint } from '../head/byline-hints.js';
import { Scope } from '../raw-document.js';
import type { RawDocument } from '../raw-document.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';

export class BylineCollector implements Collector {
  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string, attribs: Record<string, string>): void {
    if (name === 'time') {
      if ((this.pass.scope & (Scope.Hidden | Scope.NotRendered)) === 0) this.doc.timeElements++;
    } else if (name === 'meta' && attribs.content !== undefined) {
      this.note(metaBylineHint(attribs.name, attribs.property, attribs.content));
    }
    if (attribs.class !== undefined || attribs.id !== undefined || attribs.itemprop !== undefined) this.note(elementBylineHint(name, attribs));
  }

  private note(hint: BylineHint): void {
    if (hint.author) this.doc.authorHint = true;
    if (hint.date) this.doc.dateMetaHint = true;
  }
}
