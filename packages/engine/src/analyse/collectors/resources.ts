// What the page loads as it renders (its subresources, for mixed content) and how its images are
// described (their text alternatives). Content of template and noscript is neither loaded nor
// shown by a browser that runs scripts.

import { Scope } from '../raw-document.js';
import type { RawDocument } from '../raw-document.js';
import { lacksTextAlternative } from '../resources/image-alt.js';
import { noteSubresources } from '../resources/mixed-content.js';
import { isJsonLdScript } from '../structured-data/json-ld.js';
import type { Collector } from './collector.js';
import type { PassState } from './pass-state.js';
import { relTokens } from './rel-tokens.js';

/** The rel of every element but `<link>`. */
const NO_REL: readonly string[] = [];

export class ResourcesCollector implements Collector {
  static readonly elements = ['img', 'script', 'link', 'source', 'iframe', 'frame', 'video', 'audio', 'track', 'embed', 'object'];

  constructor(
    private readonly doc: RawDocument,
    private readonly pass: PassState,
  ) {}

  open(name: string, attribs: Record<string, string>): void {
    if ((this.pass.scope & Scope.NotRendered) !== 0) return;
    switch (name) {
      case 'img':
        this.judgeImage(attribs);
        noteSubresources(name, attribs, NO_REL, this.doc.subresources);
        break;
      case 'script':
        if (!isJsonLdScript(attribs)) noteSubresources(name, attribs, NO_REL, this.doc.subresources);
        break;
      case 'link':
        // Only a link with an href loads anything: its rel is read then.
        if (attribs.href !== undefined) noteSubresources(name, attribs, relTokens(attribs.rel), this.doc.subresources);
        break;
      case 'source':
      case 'iframe':
      case 'frame':
      case 'video':
      case 'audio':
      case 'track':
      case 'embed':
      case 'object':
        noteSubresources(name, attribs, NO_REL, this.doc.subresources);
        break;
      default:
        break;
    }
  }

  /** Hidden images are not judged either (axe leaves hidden elements out). */
  private judgeImage(attribs: Record<string, string>): void {
    if ((this.pass.scope & Scope.Hidden) !== 0) return;
    this.doc.imagesJudged++;
    if (lacksTextAlternative(attribs)) this.doc.imagesWithoutAlt++;
  }
}
