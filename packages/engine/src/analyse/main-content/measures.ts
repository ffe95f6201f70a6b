// One extraction attempt's view of the content tree: which nodes are still in the document
// (hidden and, on a strict attempt, boilerplate-named subtrees are gone), what the surviving
// `<div>`s read as, and the sizes Readability-style scoring and cleaning need, per subtree.

import type { ContentTree } from './content-tree.js';
import { NodeFlag } from './content-tree.js';
import { TagKind } from './patterns.js';
import { NodeArrays } from './node-arrays.js';

/** What a surviving `<div>` is taken for. */
export const DivRole = {
  /** Not a div, or a div holding blocks: a container. */
  Container: 0,
  /** A div with no block inside: a paragraph. */
  Paragraph: 1,
  /** A div wrapping a single paragraph and nothing else: stands aside for it. */
  Wrapper: 2,
} as const;

export interface TreeView {
  tree: ContentTree;
  /** 1 when the node or an ancestor has been removed. */
  dead: Uint8Array;
  divRole: Uint8Array;
  /** Element children still in the document. */
  childCount: Int32Array;
  /** Readability's text length of the subtree (whitespace collapsed). */
  text: Float64Array;
  /** Weighted link text length of the subtree. */
  link: Float64Array;
  commas: Float64Array;
  /** Paragraphs (p, paragraph divs, runs of loose text in a div) in the subtree. */
  paragraphs: Float64Array;
  images: Float64Array;
  listItems: Float64Array;
  inputs: Float64Array;
  /** object/embed/iframe that are not video players. */
  embeds: Float64Array;
  videos: Float64Array;
  /** Text in h1–h6, in ul/ol, and in "textish" elements (span, li, td, paragraphs, blocks). */
  headingText: Float64Array;
  listText: Float64Array;
  textishText: Float64Array;
  /** Runs of loose text in each container div: [div, text length, commas] triples in order. */
  runs: number[];
}

/** `removed(node)`: whether the attempt drops this node (and so its subtree) before scoring. */
export function viewTree(tree: ContentTree, removed: (flags: number) => boolean): TreeView {
  const { tags, kinds, parents, flags, chunks, owners, lengths, linkLengths, commas: chunkCommas } = tree;
  const n = tags.length;
  // One buffer for the view's per-node arrays (node-arrays.ts): the twelve sizes, childCount,
  // lastChild and looseTextRuns' block owners, dead, blockInside and divRole.
  const arrays = new NodeArrays(n, 12, 3, 3);
  const dead = arrays.uint8();
  for (let i = 1; i < n; i++) if (dead[parents[i]!] === 1 || removed(flags[i]!)) dead[i] = 1;

  const text = arrays.float64();
  const link = arrays.float64();
  const commas = arrays.float64();
  for (let c = 0; c < chunks.length; c++) {
    const o = owners[c]!;
    if (dead[o] === 1) continue;
    text[o]! += lengths[c]!;
    link[o]! += linkLengths[c]!;
    commas[o]! += chunkCommas[c]!;
  }

  const childCount = arrays.int32();
  const lastChild = arrays.int32();
  const blockInside = arrays.uint8();
  for (let i = n - 1; i >= 1; i--) {
    if (dead[i] === 1) continue;
    const p = parents[i]!;
    text[p]! += text[i]!;
    link[p]! += link[i]!;
    commas[p]! += commas[i]!;
    childCount[p]!++;
    lastChild[p] = i; // visited in reverse: ends as the first child
    if (blockInside[i] === 1 || (kinds[i]! & TagKind.BlockInDiv) !== 0) blockInside[p] = 1;
  }

  const divRole = arrays.uint8();
  for (let i = 1; i < n; i++) {
    if (dead[i] === 1 || tags[i] !== 'div') continue;
    if (childCount[i] === 1 && tags[lastChild[i]!] === 'p' && (flags[i]! & NodeFlag.DirectText) === 0 && link[i]! < 0.25 * text[i]!) {
      divRole[i] = DivRole.Wrapper;
    } else if (blockInside[i] === 0) divRole[i] = DivRole.Paragraph;
  }

  const runs = looseTextRuns(tree, dead, divRole, arrays.int32());
  const view: TreeView = {
    tree,
    dead,
    divRole,
    childCount,
    text,
    link,
    commas,
    runs,
    paragraphs: arrays.float64(),
    images: arrays.float64(),
    listItems: arrays.float64(),
    inputs: arrays.float64(),
    embeds: arrays.float64(),
    videos: arrays.float64(),
    headingText: arrays.float64(),
    listText: arrays.float64(),
    textishText: arrays.float64(),
  };
  for (let r = 0; r < runs.length; r += 3) {
    view.paragraphs[runs[r]!]!++;
    view.textishText[runs[r]!]! += runs[r + 1]!;
  }
  for (let i = n - 1; i >= 1; i--) {
    if (dead[i] === 1) continue;
    const p = parents[i]!;
    const tag = effectiveTag(view, i);
    const kind = kinds[i]!;
    view.paragraphs[p]! += view.paragraphs[i]! + (tag === 'p' ? 1 : 0);
    view.images[p]! += view.images[i]! + (tag === 'img' ? 1 : 0);
    view.listItems[p]! += view.listItems[i]! + (tag === 'li' ? 1 : 0);
    view.inputs[p]! += view.inputs[i]! + (tag === 'input' ? 1 : 0);
    const embed = tag === 'object' || tag === 'embed' || tag === 'iframe';
    const video = (flags[i]! & NodeFlag.VideoEmbed) !== 0;
    view.embeds[p]! += view.embeds[i]! + (embed && !video ? 1 : 0);
    view.videos[p]! += view.videos[i]! + (video ? 1 : 0);
    view.headingText[p]! += (kind & TagKind.Heading) !== 0 ? text[i]! : view.headingText[i]!;
    view.listText[p]! += tag === 'ul' || tag === 'ol' ? text[i]! : view.listText[i]!;
    view.textishText[p]! += (kind & TagKind.Textish) !== 0 ? text[i]! : view.textishText[i]!;
  }
  return view;
}

/** A copy whose sizes cleaning may change (the structure is shared: it never changes). */
export function copyView(view: TreeView): TreeView {
  const arrays = new NodeArrays(view.tree.tags.length, 12, 0, 0);
  const copy = (sizes: Float64Array): Float64Array => {
    const copied = arrays.float64();
    copied.set(sizes);
    return copied;
  };
  return {
    ...view,
    text: copy(view.text),
    link: copy(view.link),
    commas: copy(view.commas),
    paragraphs: copy(view.paragraphs),
    images: copy(view.images),
    listItems: copy(view.listItems),
    inputs: copy(view.inputs),
    embeds: copy(view.embeds),
    videos: copy(view.videos),
    headingText: copy(view.headingText),
    listText: copy(view.listText),
    textishText: copy(view.textishText),
  };
}

/** The tag a node reads as: a paragraph div reads as `p`. */
export function effectiveTag(view: TreeView, node: number): string {
  return view.divRole[node] === DivRole.Paragraph ? 'p' : view.tree.tags[node]!;
}

/** The node's parent once wrapper divs have stood aside for their paragraph. */
export function parentOf(view: TreeView, node: number): number {
  let p = view.tree.parents[node]!;
  while (p > 0 && view.divRole[p] === DivRole.Wrapper) p = view.tree.parents[p]!;
  return p;
}

/** The node's children still in the document (a wrapper div counts as its paragraph). */
export function childrenOf(view: TreeView, node: number): number[] {
  const { ends } = view.tree;
  const out: number[] = [];
  for (let c = node + 1; c < ends[node]!; c = ends[c]!) {
    if (view.dead[c] === 1) continue;
    let child = c;
    while (view.divRole[child] === DivRole.Wrapper) {
      let only = child + 1;
      while (only < ends[child]! && view.dead[only] === 1) only = ends[only]!;
      child = only;
    }
    out.push(child);
  }
  return out;
}

/** The node's text, trimmed, for the few checks that read it (short blocks only: joins chunks). */
export function textOf(view: TreeView, node: number): string {
  const { owners, chunks, chunkStarts, chunkEnds } = view.tree;
  let out = '';
  for (let c = chunkStarts[node]!; c < chunkEnds[node]!; c++) if (view.dead[owners[c]!] === 0) out += chunks[c]!;
  return out.trim();
}

/**
 * Loose text directly in a container div (next to blocks) reads as paragraphs of its own, one
 * per run between blocks, as Readability wraps such runs in `<p>`. `blockOwner` is room for the
 * block each node stands in (zero-filled, one element per node).
 */
function looseTextRuns(tree: ContentTree, dead: Uint8Array, divRole: Uint8Array, blockOwner: Int32Array): number[] {
  const { tags, kinds, parents, chunks, owners, lengths, commas } = tree;
  const n = tags.length;
  for (let i = 1; i < n; i++) blockOwner[i] = (kinds[i]! & TagKind.Phrasing) !== 0 ? blockOwner[parents[i]!]! : i;
  const runs: number[] = [];
  let div = -1;
  let length = 0;
  let count = 0;
  const flush = (): void => {
    if (div >= 0 && length > 0) runs.push(div, length, count);
    div = -1;
    length = 0;
    count = 0;
  };
  for (let c = 0; c < chunks.length; c++) {
    const o = owners[c]!;
    if (dead[o] === 1) continue;
    const b = blockOwner[o]!;
    const container = tags[b] === 'div' && divRole[b] === DivRole.Container;
    if (!container || b !== div || chunks[c] === '\n') flush();
    if (!container || chunks[c] === '\n') continue;
    div = b;
    length += lengths[c]!;
    count += commas[c]!;
  }
  flush();
  return runs;
}
