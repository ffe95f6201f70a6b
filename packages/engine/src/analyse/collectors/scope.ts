// Where in the document an element sits, as the Scope flags of raw-document.ts: inside main or an
// article, in page chrome whose text is not content, hidden, or not rendered.

import { Scope } from '../raw-document.js';
import { isHidden } from './hidden.js';

/** Elements whose text is never page content. */
const ALWAYS_EXCLUDED = new Set(['nav', 'aside', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'select', 'datalist', 'iframe', 'object']);

/**
 * Site banner/footer, excluded unless inside main, article, section or a quotation/figure
 * (HTML gives header/footer the banner/contentinfo role only outside sectioning content).
 */
const CHROME = new Set(['header', 'footer']);
const SECTIONING = new Set(['main', 'article', 'section', 'blockquote', 'figure']);

/** The scope inside element `name`, given the scope around it. */
export function elementScope(outer: number, name: string, attribs: Record<string, string>): number {
  let scope = outer;
  if (ALWAYS_EXCLUDED.has(name)) scope |= Scope.Excluded;
  if (isHidden(attribs)) scope |= Scope.Excluded | Scope.Hidden;
  if (CHROME.has(name) && (scope & Scope.Sectioning) === 0) scope |= Scope.Excluded;
  if (name === 'noscript' || name === 'template') scope |= Scope.NotRendered;
  if (name === 'main' || attribs.role === 'main') scope |= Scope.Main;
  if (name === 'article') scope |= Scope.Article;
  if (SECTIONING.has(name) || attribs.role === 'main') scope |= Scope.Sectioning;
  return scope;
}
