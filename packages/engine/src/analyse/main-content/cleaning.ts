// Clearing the chosen article of what is not article: forms, buttons, share bars, and blocks
// that look like link lists, image galleries or widgets (Readability's "clean conditionally").
// Removals run innermost first and update the sizes of the blocks around them, so that a
// container is judged on what is left in it.

import type { TreeView } from './measures.js';
import { effectiveTag, textOf } from './measures.js';
import { NodeFlag } from './content-tree.js';
import { AD_OR_LOADING } from './patterns.js';
import { NodeArrays } from './node-arrays.js';

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
  // The article's nodes in document order, and the tag each reads as.
  const nodes: number[] = [];
  const tags: string[] = [];
  // One buffer for the per-node arrays (node-arrays.ts): the live list items, isRoot, marked and removed.
  const arrays = new NodeArrays(n, 0, 1, 3);
  const isRoot = arrays.uint8();
  for (const r of roots) {
    isRoot[r] = 1;
    for (let i = r; i < tree.ends[r]!; i++) {
      if (view.dead[i] === 1) continue;
      const tag = effectiveTag(view, i);
      nodes.push(i);
      tags.push(i === r && !KEPT_ROOT_TAGS.has(tag) ? 'div' : tag);
    }
  }
  // Only the top of a removed subtree is marked as it goes; what lies below is derived in one
  // sweep (marking every subtree whole would cost its size again at each level of nesting).
  const marked = arrays.uint8();
  const removed = arrays.uint8();
  const sweepRemoved = (): void => {
    for (const i of nodes) removed[i] = marked[i]! | (isRoot[i] === 1 ? 0 : removed[tree.parents[i]!]!);
  };
  /** One pass over the article, innermost first; `judge` says whether a node goes. */
  const pass = (judge: (i: number, tag: string) => boolean): void => {
    sweepRemoved();
    const sizes = new SubtreeSizes(view);
    for (let k = nodes.length - 1; k >= 0; k--) {
      const i = nodes[k]!;
      if (removed[i] === 1) continue;
      sizes.settle(i);
      const tag = tags[k]!;
      if (judge(i, tag)) {
        marked[i] = 1;
        sizes.remove(i, tag);
      } else {
        sizes.passUp(i);
      }
    }
    sizes.settleOutside();
  };
  const cleanConditionally = (tag: string): void => {
    if (options.conditionally) pass((i, t) => t === tag && looksLikeClutter(view, i, tag, options, liCounts));
  };
  const liCounts = liveListItems(view, nodes, arrays.int32());

  cleanConditionally('form');
  cleanConditionally('fieldset');
  pass(
    (i, tag) =>
      (ALWAYS_REMOVED.has(tag) && (tree.flags[i]! & NodeFlag.VideoEmbed) === 0 && !isQuotationFooter(view, i, tag)) ||
      (isRoot[i] === 0 && (tree.flags[i]! & NodeFlag.ShareName) !== 0 && view.text[i]! < SHARE_MAX_LENGTH) ||
      (isRoot[i] === 0 && (tree.flags[i]! & NodeFlag.PromoName) !== 0 && view.text[i]! < PROMO_MAX_LENGTH) ||
      (options.weightClasses && (tag === 'h1' || tag === 'h2') && tree.weights[i]! < 0),
  );
  cleanConditionally('table');
  cleanConditionally('ul');
  cleanConditionally('div');
  sweepRemoved();
  return removed;
}

/** Per node of the article: the `<li>` elements in its subtree that are still in the document (into `counts`, zero-filled). */
function liveListItems(view: TreeView, nodes: readonly number[], counts: Int32Array): Int32Array {
  const { tree } = view;
  for (let k = nodes.length - 1; k >= 0; k--) {
    const i = nodes[k]!;
    if (tree.tags[i] === 'li') counts[i]! += 1;
    const parent = tree.parents[i]!;
    if (parent > 0) counts[parent]! += counts[i]!;
  }
  return counts;
}

/** Readability's judgement of one table, list or div in the article. */
function looksLikeClutter(view: TreeView, node: number, tag: string, options: CleaningOptions, liveItems: Int32Array): boolean {
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
  for (let c = node + 1; c < tree.ends[node]!; c = tree.ends[c]!) {
    if (view.dead[c] === 1) continue;
    let grandchildren = 0;
    for (let g = c + 1; g < tree.ends[c]!; g = tree.ends[g]!) if (view.dead[g] === 0) grandchildren++;
    if (grandchildren > 1) return true;
  }
  return img !== liveItems[node]! - (tree.tags[node] === 'li' ? 1 : 0);
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

/** What a removal takes from the sizes of every block around it. */
interface Removal {
  text: number;
  link: number;
  commas: number;
  paragraphs: number;
  images: number;
  listItems: number;
  inputs: number;
  embeds: number;
  headingText: number;
  listText: number;
}

/**
 * Keeps the sizes of the enclosing blocks true as nodes are removed, innermost first. A removal is
 * not subtracted from every ancestor at once (a cost of the nesting depth for each removal, so
 * quadratic on a deeply nested page): it waits at the parent, and reaches each ancestor when the
 * pass gets there, merged with its siblings'. Only the ancestors of where the pass is hold one.
 */
class SubtreeSizes {
  private readonly pending = new Map<number, Removal>();
  constructor(private readonly view: TreeView) {}

  /** Applies what was removed below `node`: call before judging it. */
  settle(node: number): void {
    const removal = this.pending.get(node);
    if (removal === undefined) return;
    const v = this.view;
    v.text[node]! -= removal.text;
    v.link[node]! -= removal.link;
    v.commas[node]! -= removal.commas;
    v.paragraphs[node]! -= removal.paragraphs;
    v.images[node]! -= removal.images;
    v.listItems[node]! -= removal.listItems;
    v.inputs[node]! -= removal.inputs;
    v.embeds[node]! -= removal.embeds;
    v.headingText[node]! -= removal.headingText;
    v.listText[node]! -= removal.listText;
    // Subtracted one removal at a time and floored at 0 each time, which sums to the same.
    v.textishText[node] = Math.max(0, v.textishText[node]! - removal.text);
  }

  /** `node` (settled) is kept: what was removed below it counts for its parent too. */
  passUp(node: number): void {
    const removal = this.pending.get(node);
    if (removal === undefined) return;
    this.pending.delete(node);
    this.add(this.view.tree.parents[node]!, removal);
  }

  /** `node` (settled) is removed: its whole size goes from its parent up. */
  remove(node: number, tag: string): void {
    this.pending.delete(node);
    const v = this.view;
    const text = v.text[node]!;
    this.add(v.tree.parents[node]!, {
      text,
      link: v.link[node]!,
      commas: v.commas[node]!,
      paragraphs: v.paragraphs[node]! + (tag === 'p' ? 1 : 0),
      images: v.images[node]! + (tag === 'img' ? 1 : 0),
      listItems: v.listItems[node]! + (tag === 'li' ? 1 : 0),
      inputs: v.inputs[node]! + (tag === 'input' ? 1 : 0),
      embeds: v.embeds[node]! + (EMBEDS.has(tag) && (v.tree.flags[node]! & NodeFlag.VideoEmbed) === 0 ? 1 : 0),
      headingText: tag.length === 2 && tag[0] === 'h' && tag[1]! >= '1' && tag[1]! <= '6' ? text : v.headingText[node]!,
      listText: tag === 'ul' || tag === 'ol' ? text : v.listText[node]!,
    });
  }

  /** After a pass: the blocks above the article get what was removed in it, innermost first. */
  settleOutside(): void {
    while (this.pending.size > 0) {
      const node = Math.max(...this.pending.keys());
      this.settle(node);
      this.passUp(node);
    }
  }

  private add(node: number, removal: Removal): void {
    // The document node (0) keeps no sizes.
    if (node <= 0) return;
    const held = this.pending.get(node);
    if (held === undefined) {
      this.pending.set(node, { ...removal });
      return;
    }
    held.text += removal.text;
    held.link += removal.link;
    held.commas += removal.commas;
    held.paragraphs += removal.paragraphs;
    held.images += removal.images;
    held.listItems += removal.listItems;
    held.inputs += removal.inputs;
    held.embeds += removal.embeds;
    held.headingText += removal.headingText;
    held.listText += removal.listText;
  }
}
