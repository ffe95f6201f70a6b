// Lists of two items or more and tables of two rows or more: structure a reader can scan.

import type { RawDocument } from '../raw-document.js';
import type { Collector } from './collector.js';
import type { Frame } from './pass-state.js';

export class ListsAndTablesCollector implements Collector {
  static readonly elements = ['ul', 'ol', 'dl', 'table', 'li', 'dt', 'tr'];

  /** The open lists and tables, innermost last; each counts its items in its frame. */
  private readonly lists: Frame[] = [];

  constructor(private readonly doc: RawDocument) {}

  open(name: string, _attribs: Record<string, string>, frame: Frame): void {
    switch (name) {
      case 'ul':
      case 'ol':
      case 'dl':
      case 'table':
        this.lists.push(frame);
        break;
      case 'li':
      case 'dt':
      case 'tr': {
        const list = this.lists[this.lists.length - 1];
        if (list && (name === 'tr') === (list.name === 'table')) list.count += 1;
        break;
      }
      default:
        break;
    }
  }

  close(name: string, frame: Frame): void {
    if (name !== 'ul' && name !== 'ol' && name !== 'dl' && name !== 'table') return;
    if (this.lists[this.lists.length - 1] === frame) this.lists.pop();
    if (frame.count >= 2) this.doc.listsAndTables.push({ scope: frame.scope, node: frame.node });
  }
}
