// Clearing the chosen article of what is not article: forms, buttons, share bars, and blocks
// that look like link lists, image galleries or widgets (Readability's "clean conditionally").
// Removals run innermost first and update the sizes of the blocks around them, so that a
// container is judged on what is left in it.

import type { TreeView } from './measures.js';
import { effectiveTag, textOf } from './measures.js';
import { NodeFlag } from './content-tree.js';
import { AD_OR_LOADING } from './patterns.js';

/** Elements never part of the article text. */
const ALWAYS_REMOVED = new Set(['object', 'embed', 'footer', 'link', 'aside', 'iframe', 'input', 'textarea', 'select', 'button']);
const EMBEDS = new Set(['object', 'embed', 'iframe']);
/** Roots that keep their tag in the article; any other root is read as a `<div>`. */
const KEPT_ROOT_TAGS = new Set(['div', 'article', 'section', 'p']);
/** Longest advertising or loading label ("Advertisement", "Загрузка…"). */
const MAX_LABEL_LENGTH = 16;
/** Share bars are small; a large block naming "share" is content. */
const SHARE_MAX_LENGTH = 500;
/** Newsletter boxes are small too; a large block so named is the article behind a sign-up. */
const PROMO_MAX_LENGTH = 1000;

export interface CleaningOptions {
  weightClasses: boolean;
  conditionally: boolean;
  /** Per node: 0, or non-zero when it is, holds or sits in a data table (see data-tables.ts). */
  dataTables: Uint8Array;
}

/** Marks removed nodes in `removed` (1) within the subtrees `roots`. */
export function cleanArticle(view: TreeView, roots: number[], options: CleaningOptions): Uint8Array {
  const { tree } = view;
  const n = tree.tags.length;
  const removed = new Uint8Array(n);
  // The article's nodes in document order, and the tag each reads as.
  const nodes: number[] = [];
  const tags: string[] = [];
  const isRoot = new Uint8Array(n);
  for (const r of roots) {
    isRoot[r] = 1;
    for (let i = r; i < tree.ends[r]!; i++) {
      if (view.dead[i] === 1) continue;
      const tag = effectiveTag(view, i);
      nodes.push(i);
      tags.push(i === r && !KEPT_ROOT_TAGS.has(tag) ? 'div' : tag);
    }
  }
  const remove = (node: number, tag: string): void => {
    removed.fill(1, node, tree.ends[node]);
    subtractFromAncestors(view, node, tag);
  };
  const cleanConditionally = (tag: string): void => {
    if (!options.conditionally) return;
    for (let k = nodes.length - 1; k >= 0; k--) {
      const i = nodes[k]!;
      if (tags[k] === tag && removed[i] === 0 && looksLikeClutter(view, i, tag, options)) remove(i, tag);
    }
  };

  cleanConditionally('form');
  cleanConditionally('fieldset');
  for (let k = nodes.length - 1; k >= 0; k--) {
    const i = nodes[k]!;
    if (removed[i] === 1) continue;
    const tag = tags[k]!;
    if (ALWAYS_REMOVED.has(tag) && (tree.flags[i]! & NodeFlag.VideoEmbed) === 0 && !isQuotationFooter(view, i, tag)) remove(i, tag);
    else if (isRoot[i] === 0 && (tree.flags[i]! & NodeFlag.ShareName) !== 0 && view.text[i]! < SHARE_MAX_LENGTH) remove(i, tag);
    else if (isRoot[i] === 0 && (tree.flags[i]! & NodeFlag.PromoName) !== 0 && view.text[i]! < PROMO_MAX_LENGTH) remove(i, tag);
    else if (options.weightClasses && (tag === 'h1' || tag === 'h2') && tree.weights[i]! < 0) remove(i, tag);
  }
  cleanConditionally('table');
  cleanConditionally('ul');
  cleanConditionally('div');
  return removed;
}

/** Readability's judgement of one table, list or div in the article. */
function looksLikeClutter(view: TreeView, node: number, tag: string, options: CleaningOptions): boolean {
  const { tree } = view;
  const text = view.text[node]!;
  let isList = tag === 'ul' || tag === 'ol';
  if (!isList) isList = text > 0 && view.listText[node]! / text > 0.9;
  // Data tables, and what is in or around them, are content however linky they look.
  if (options.dataTables[node] !== 0) return false;
  if (hasAncestor(view, node, (a) => tree.tags[a] === 'code', 3)) return false;

  const weight = options.weightClasses ? tree.weights[node]! : 0;
  if (weight < 0) return true;
  if (view.commas[node]! >= 10) return false;
  if (view.videos[node]! > 0) return false;

  const p = view.paragraphs[node]!;
  const img = view.images[node]!;
  const li = view.listItems[node]! - 100;
  const input = view.inputs[node]!;
  const embeds = view.embeds[node]!;
  const headingDensity = text === 0 ? 0 : view.headingText[node]! / text;
  const linkDensity = text === 0 ? 0 : view.link[node]! / text;
  const isFigureChild = hasAncestor(view, node, (a) => tree.tags[a] === 'figure', 3);
  if (text <= MAX_LABEL_LENGTH && AD_OR_LOADING.test(textOf(view, node))) return true;

  const clutter =
    (!isFigureChild && img > 1 && p / img < 0.5) ||
    (!isList && li > p) ||
    input > Math.floor(p / 3) ||
    (!isList && !isFigureChild && headingDensity < 0.9 && text < 25 && (img === 0 || img > 2) && linkDensity > 0) ||
    (!isList && weight < 25 && linkDensity > 0.2) ||
    (weight >= 25 && linkDensity > 0.5) ||
    (embeds === 1 && text < 75) ||
    embeds > 1 ||
    (img === 0 && view.textishText[node]! === 0);
  if (!clutter || !isList) return clutter;
  // A plain list of images (one image per item) is a gallery worth keeping.
  let items = 0;
  for (let c = node + 1; c < tree.ends[node]!; c = tree.ends[c]!) {
    if (view.dead[c] === 1) continue;
    let grandchildren = 0;
    for (let g = c + 1; g < tree.ends[c]!; g = tree.ends[g]!) if (view.dead[g] === 0) grandchildren++;
    if (grandchildren > 1) return true;
  }
  for (let i = node + 1; i < tree.ends[node]!; i++) if (tree.tags[i] === 'li' && view.dead[i] === 0) items++;
  return img !== items;
}

/** A `<footer>` in a quotation or figure names its source: part of the content, unlike an article's footer. */
function isQuotationFooter(view: TreeView, node: number, tag: string): boolean {
  return tag === 'footer' && hasAncestor(view, node, (a) => view.tree.tags[a] === 'blockquote' || view.tree.tags[a] === 'figure', 3);
}

function hasAncestor(view: TreeView, node: number, test: (a: number) => boolean, maxDepth: number): boolean {
  let depth = 0;
  for (let a = view.tree.parents[node]!; a > 0; a = view.tree.parents[a]!) {
    if (depth > maxDepth) return false;
    if (test(a)) return true;
    depth++;
  }
  return false;
}

/** Keeps the sizes of the enclosing blocks true once `node` is gone. */
function subtractFromAncestors(view: TreeView, node: number, tag: string): void {
  const text = view.text[node]!;
  const isP = tag === 'p' ? 1 : 0;
  const heading = tag.length === 2 && tag[0] === 'h' && tag[1]! >= '1' && tag[1]! <= '6' ? text : view.headingText[node]!;
  const list = tag === 'ul' || tag === 'ol' ? text : view.listText[node]!;
  for (let a = view.tree.parents[node]!; a > 0; a = view.tree.parents[a]!) {
    view.text[a]! -= text;
    view.link[a]! -= view.link[node]!;
    view.commas[a]! -= view.commas[node]!;
    view.paragraphs[a]! -= view.paragraphs[node]! + isP;
    view.images[a]! -= view.images[node]! + (tag === 'img' ? 1 : 0);
    view.listItems[a]! -= view.listItems[node]! + (tag === 'li' ? 1 : 0);
    view.inputs[a]! -= view.inputs[node]! + (tag === 'input' ? 1 : 0);
    view.embeds[a]! -= view.embeds[node]! + (EMBEDS.has(tag) && (view.tree.flags[node]! & NodeFlag.VideoEmbed) === 0 ? 1 : 0);
    view.headingText[a]! -= heading;
    view.listText[a]! -= list;
    view.textishText[a]! -= Math.min(view.textishText[a]!, text);
  }
}
