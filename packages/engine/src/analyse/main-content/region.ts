// Which part of the page is its main content: the article a reader came for, as
// main-content/ finds it on the elements and text the collector gathered. Page chrome (nav,
// aside, site header/footer, scripts, hidden text) is never part of it.

import type { RawDocument } from '../raw-document.js';
import { extractMainContent } from './index.js';
import type { MainContent } from './index.js';

export type { MainContent } from './index.js';

export function chooseRegion(doc: RawDocument): MainContent {
  if (doc.contentTree === null) return { text: '', contains: () => false }; // not collected
  return extractMainContent(doc.contentTree);
}
