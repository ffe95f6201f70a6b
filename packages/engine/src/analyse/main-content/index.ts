// The page's main content: the article a reader came for, without menus, sidebars, related-story
// lists, comment threads, share bars or hidden text. Found on the content tree the collector
// builds during its single pass, the way Mozilla Readability finds it (scoring.ts, cleaning.ts):
// first strictly, then, when that leaves too little text, with its boilerplate heuristics relaxed
// one by one, keeping the longest result.

import type { ContentTree } from './content-tree.js';
import { NodeFlag } from './content-tree.js';
import { cleanArticle } from './cleaning.js';
import { markDataTables } from './data-tables.js';
import { copyView, viewTree } from './measures.js';
import type { TreeView } from './measures.js';
import { selectArticle } from './scoring.js';

export { ContentTreeBuilder, NodeFlag } from './content-tree.js';
export type { ContentTree } from './content-tree.js';

export interface MainContent {
  /** The content's text: block boundaries as '\n', headings between HEADING_START/HEADING_END. */
  text: string;
  /** True when the element numbered `node` in the content tree is part of the main content. */
  contains(node: number): boolean;
}

interface Attempt {
  stripUnlikely: boolean;
  weightClasses: boolean;
  conditionally: boolean;
}

const ATTEMPTS: Attempt[] = [
  { stripUnlikely: true, weightClasses: true, conditionally: true },
  { stripUnlikely: false, weightClasses: true, conditionally: true },
  { stripUnlikely: false, weightClasses: false, conditionally: true },
  { stripUnlikely: false, weightClasses: false, conditionally: false },
];

/** Below this many characters an attempt has probably missed the article. */
const MIN_ARTICLE_LENGTH = 500;

const UNLIKELY = NodeFlag.Unlikely | NodeFlag.UnlikelyRole;

export function extractMainContent(tree: ContentTree): MainContent {
  const dataTables = markDataTables(tree);
  let longest: { kept: Uint8Array; length: number } | null = null;
  // The relaxed attempts see the same document: build its view once, clean copies of it.
  let relaxed: TreeView | null = null;
  // An attempt that relaxes a heuristic the page never triggers would repeat the one before.
  let unlikelyNodes = false;
  let weightedNodes = false;
  for (let i = 1; i < tree.tags.length; i++) {
    if ((tree.flags[i]! & UNLIKELY) !== 0 && (tree.flags[i]! & NodeFlag.Invisible) === 0 && holdsText(tree, i)) unlikelyNodes = true;
    if (tree.weights[i] !== 0) weightedNodes = true;
  }
  for (let a = 0; a < ATTEMPTS.length; a++) {
    const attempt = ATTEMPTS[a]!;
    if (a === 1 && !unlikelyNodes) continue;
    if (a === 2 && !weightedNodes) continue;
    let view: TreeView;
    if (attempt.stripUnlikely) view = viewTree(tree, (flags) => (flags & (NodeFlag.Invisible | UNLIKELY)) !== 0);
    else {
      relaxed ??= viewTree(tree, (flags) => (flags & NodeFlag.Invisible) !== 0);
      view = copyView(relaxed);
    }
    const { roots } = selectArticle(view, attempt.weightClasses);
    const removed = cleanArticle(view, roots, { weightClasses: attempt.weightClasses, conditionally: attempt.conditionally, dataTables });
    const kept = new Uint8Array(tree.tags.length);
    let length = 0;
    for (const root of roots) {
      if (removed[root] === 1) continue;
      length += view.text[root]!;
      for (let i = root; i < tree.ends[root]!; i++) if (view.dead[i] === 0 && removed[i] === 0) kept[i] = 1;
    }
    if (length >= MIN_ARTICLE_LENGTH) return contentOf(tree, kept);
    if (longest === null || length > longest.length) longest = { kept, length };
  }
  return contentOf(tree, longest!.kept);
}

function holdsText(tree: ContentTree, node: number): boolean {
  for (let c = tree.chunkStarts[node]!; c < tree.chunkEnds[node]!; c++) if (tree.lengths[c]! > 0) return true;
  return false;
}

/** The kept chunks' text, cut from the tree's joined text in runs of adjacent chunks. */
function contentOf(tree: ContentTree, kept: Uint8Array): MainContent {
  const { chunks, owners, offsets, text: all } = tree;
  const parts: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  let gap = false;
  let atBoundary = true;
  for (let c = 0; c < chunks.length; c++) {
    if (kept[owners[c]!] === 0) {
      gap = true;
      continue;
    }
    const chunk = chunks[c]!;
    if (gap && runStart >= 0) {
      parts.push(all.slice(runStart, runEnd));
      runStart = -1;
      // Text left out between two kept chunks was a block of its own: keep the words apart.
      if (!atBoundary && chunk !== '\n') parts.push('\n');
    }
    gap = false;
    if (runStart < 0) runStart = offsets[c]!;
    runEnd = offsets[c]! + chunk.length;
    atBoundary = chunk === '\n';
  }
  if (runStart >= 0) parts.push(all.slice(runStart, runEnd));
  return { text: parts.length === 1 ? parts[0]! : parts.join(''), contains: (node) => kept[node] === 1 };
}
