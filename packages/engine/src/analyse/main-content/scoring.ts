// Finding the article: every paragraph scores its parent and grandparent (and, less, the
// ancestors above), the best-scoring container wins, and its siblings that score nearly as well
// or read as prose join it. This is Mozilla Readability's candidate scoring, on the content tree.

import { DivRole, childrenOf, effectiveTag, parentOf, textOf } from './measures.js';
import type { TreeView } from './measures.js';
import { TagKind } from './patterns.js';
import { NodeFlag } from './content-tree.js';
import { NodeArrays } from './node-arrays.js';

const WRAPPER = DivRole.Wrapper;
const PARAGRAPH = DivRole.Paragraph;
const SCORED = TagKind.Scored;
const TOP_CANDIDATES = 5;
const ANCESTOR_LEVELS = 5;
/** Shorter paragraphs are captions, labels, bylines: they do not vote. */
const MIN_PARAGRAPH_LENGTH = 25;

/** Starting score of a candidate by what it is (divs hold articles; lists and headings rarely). */
function baseScore(tag: string): number {
  switch (tag) {
    case 'div':
      return 5;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      return -3;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      return -5;
    default:
      return 0;
  }
}

/** The node that stands for the page body (node 0 when the markup has no `<body>`). */
export function isBody(view: TreeView, node: number): boolean {
  return node <= 0 || view.tree.tags[node] === 'body';
}

export interface Selection {
  /** The subtrees that make up the article, in document order. */
  roots: number[];
  /** True when no container won and the whole body was taken. */
  wholeBody: boolean;
}

/** Scores the paragraphs and picks the article's subtrees. */
export function selectArticle(view: TreeView, weightClasses: boolean): Selection {
  const { tree } = view;
  const { tags } = tree;
  const n = tags.length;
  const arrays = new NodeArrays(n, 1, 0, 1);
  const scores = arrays.float64();
  const scored = arrays.uint8();
  const candidates: number[] = [];
  const initialise = (node: number): void => {
    if (scored[node] === 1) return;
    scored[node] = 1;
    scores[node] = baseScore(effectiveTag(view, node)) + (weightClasses ? tree.weights[node]! : 0);
    candidates.push(node);
  };
  const vote = (first: number, length: number, commas: number): void => {
    if (length < MIN_PARAGRAPH_LENGTH) return;
    const score = 1 + (commas + 1) + Math.min(Math.floor(length / 100), 3);
    let ancestor = first;
    for (let level = 0; level < ANCESTOR_LEVELS && ancestor > 0; level++) {
      if (tags[ancestor] !== 'html') {
        initialise(ancestor);
        scores[ancestor]! += score / (level === 0 ? 1 : level === 1 ? 2 : level * 3);
      }
      ancestor = parentOf(view, ancestor);
    }
  };
  for (let i = 1; i < n; i++) {
    if (view.dead[i] === 1 || view.divRole[i] === WRAPPER) continue;
    if (view.divRole[i] === PARAGRAPH || (tree.kinds[i]! & SCORED) !== 0) vote(parentOf(view, i), view.text[i]!, view.commas[i]!);
  }
  const runs = view.runs;
  for (let r = 0; r < runs.length; r += 3) vote(runs[r]!, runs[r + 1]!, runs[r + 2]!);

  // Link-heavy containers are menus and link lists, whatever their paragraphs say.
  const top: number[] = [];
  for (const c of candidates) {
    const text = view.text[c]!;
    scores[c] = scores[c]! * (1 - (text === 0 ? 0 : view.link[c]! / text));
    let t = 0;
    while (t < top.length && scores[top[t]!]! >= scores[c]) t++;
    if (t < TOP_CANDIDATES) {
      top.splice(t, 0, c);
      if (top.length > TOP_CANDIDATES) top.pop();
    }
  }

  let best = top[0];
  if (best === undefined || isBody(view, best)) return { roots: markedContent(view) ?? [bodyNode(view)], wholeBody: true };

  best = commonAncestorOfRivals(view, top, scores, best);
  if (scored[best] === 0) initialise(best);
  best = climbWhileScoreRises(view, scores, scored, best);
  // An only child: its parent's siblings may hold the rest of the article.
  for (let p = parentOf(view, best); !isBody(view, p) && view.childCount[p] === 1; p = parentOf(view, best)) best = p;
  if (scored[best] === 0) initialise(best);
  return { roots: withSiblings(view, scores, scored, best), wholeBody: false };
}

/**
 * With no paragraph to go by (a short page), the page's own markup says where its content is:
 * its `<main>`, else its `<article>`s, when they hold text.
 */
function markedContent(view: TreeView): number[] | null {
  const { flags, ends } = view.tree;
  for (const flag of [NodeFlag.Main, NodeFlag.Article]) {
    const roots: number[] = [];
    for (let i = 1; i < flags.length; i++) {
      if ((flags[i]! & flag) === 0 || view.dead[i] === 1) continue;
      if (view.text[i]! > 0) roots.push(i);
      i = ends[i]! - 1; // an article inside this one is part of it
    }
    if (roots.length > 0) return roots;
  }
  return null;
}

function bodyNode(view: TreeView): number {
  const { tags } = view.tree;
  for (let i = 1; i < tags.length; i++) if (tags[i] === 'body' && view.dead[i] === 0) return i;
  return 0;
}

/**
 * When three or more other top candidates score close to the best, the article is likely split
 * among them: take their nearest common ancestor.
 */
function commonAncestorOfRivals(view: TreeView, top: number[], scores: Float64Array, best: number): number {
  const rivals: Array<Set<number>> = [];
  for (let i = 1; i < top.length; i++) {
    if (scores[top[i]!]! / scores[best]! < 0.75) continue;
    const ancestors = new Set<number>();
    for (let a = parentOf(view, top[i]!); a >= 0; a = a === 0 ? -1 : parentOf(view, a)) ancestors.add(a);
    rivals.push(ancestors);
  }
  if (rivals.length < 3) return best;
  for (let p = parentOf(view, best); !isBody(view, p); p = parentOf(view, p)) {
    let holding = 0;
    for (const r of rivals) if (r.has(p)) holding++;
    if (holding >= 3) return p;
  }
  return best;
}

/** A parent scoring higher than the child gathers more of the article (the score going up). */
function climbWhileScoreRises(view: TreeView, scores: Float64Array, scored: Uint8Array, best: number): number {
  let last = scores[best]!;
  const threshold = last / 3;
  for (let p = parentOf(view, best); !isBody(view, p); p = parentOf(view, p)) {
    if (scored[p] === 0) continue;
    if (scores[p]! < threshold) break;
    if (scores[p]! > last) return p;
    last = scores[p]!;
  }
  return best;
}

/** The best node and its siblings that score well or read as prose (preambles, split articles). */
function withSiblings(view: TreeView, scores: Float64Array, scored: Uint8Array, best: number): number[] {
  const threshold = Math.max(10, scores[best]! * 0.2);
  const bestClass = view.tree.classNames[best]!;
  const roots: number[] = [];
  for (const s of childrenOf(view, parentOf(view, best))) {
    if (s === best) {
      roots.push(s);
      continue;
    }
    const bonus = bestClass !== '' && view.tree.classNames[s] === bestClass ? scores[best]! * 0.2 : 0;
    if (scored[s] === 1 && scores[s]! + bonus >= threshold) {
      roots.push(s);
      continue;
    }
    if (effectiveTag(view, s) !== 'p') continue;
    const length = view.text[s]!;
    const density = length === 0 ? 0 : view.link[s]! / length;
    if (length > 80 && density < 0.25) roots.push(s);
    else if (length < 80 && length > 0 && density === 0 && /\.(\s|$)/.test(textOf(view, s))) roots.push(s);
  }
  return roots;
}
