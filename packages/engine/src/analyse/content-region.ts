// Which part of the page is its main content: `<main>` (or role="main") when it holds text,
// else the `<article>` elements when they hold text, else the whole body. Page chrome (nav,
// aside, site header/footer, scripts...) is left out in every case.

import type { RawDocument } from './raw-document.js';
import { Scope } from './raw-document.js';
import { hasWords } from './words.js';

export type ContentRegion = 'main' | 'article' | 'body';

export function chooseRegion(doc: RawDocument): { region: ContentRegion; text: string } {
  if (doc.sawMain && hasWords(doc.mainText)) return { region: 'main', text: doc.mainText };
  if (doc.sawArticle && hasWords(doc.articleText)) return { region: 'article', text: doc.articleText };
  return { region: 'body', text: doc.bodyText };
}

/** True when a node with these scope flags lies in the chosen region's content. */
export function inRegion(scope: number, region: ContentRegion): boolean {
  if ((scope & Scope.Excluded) !== 0) return false;
  if (region === 'main') return (scope & Scope.Main) !== 0;
  if (region === 'article') return (scope & Scope.Article) !== 0;
  return true;
}
