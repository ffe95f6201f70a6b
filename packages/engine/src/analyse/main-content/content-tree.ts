// A compact tree of the page's elements, built during the collector's single streaming pass, with
// the visible text chunks tagged by the element they sit in. Main-content extraction (index.ts)
// reads it after the pass: it has what Readability-style scoring needs (tag, class/id weight,
// nesting, text and link-text lengths, commas) without building a DOM.
// Nodes are numbered in document order (pre-order), so a node's subtree is the range
// [node, end[node]) and an ancestor always has a smaller number than its descendants.

import { codeUnits } from '../text/code-units.js';
import { classWeight, isUnlikelyCandidate, isVideoEmbed, Mark, marksOf, tagKind, UNLIKELY_ROLES } from './patterns.js';

/** Per-node facts recorded while parsing (bit flags). */
export const NodeFlag = {
  /** Never content: hidden, or excluded page chrome (nav, aside, script...): see Scope. */
  Invisible: 1,
  /** Class/id names it as boilerplate (comments, sidebar, related...): dropped on the first try. */
  Unlikely: 2,
  /** An ARIA role of menus, navigation, dialogs: dropped on the first try. */
  UnlikelyRole: 4,
  /** Holds non-blank text directly (not only inside child elements). */
  DirectText: 8,
  /** An embedded video player (kept, as Readability keeps them). */
  VideoEmbed: 16,
  /** A `<table>` marked as layout (role="presentation", datatable="0"). */
  LayoutTable: 32,
  /** A `<table>` with a summary or caption. */
  CaptionedTable: 64,
  /** Inside a `<code>` or `<table>` within four levels: class names there do not mark chrome. */
  InCodeOrTable: 128,
  /** Class/id names a share bar or button. */
  ShareName: 256,
  /** `<main>` or role="main": the page's own statement of where its content is. */
  Main: 512,
  /** `<article>`. */
  Article: 1024,
  /** Class/id names a newsletter or subscription box. */
  PromoName: 2048,
} as const;

export interface ContentTree {
  /** Lower-case tag name; node 0 is the document itself ('#document'). */
  tags: string[];
  /** TagKind bits of each tag (patterns.ts). */
  kinds: number[];
  parents: number[];
  /** One past the last node of the subtree. */
  ends: number[];
  classNames: string[];
  /** Class/id weight (±25 per name matching a positive or negative pattern). */
  weights: number[];
  flags: number[];
  /** The node's chunks are chunks[chunkStarts[node] .. chunkEnds[node]). */
  chunkStarts: number[];
  chunkEnds: number[];
  /** Visible text chunks in document order (block boundaries as '\n', heading markers). */
  chunks: string[];
  /** The chunks joined (set by build()), and where each chunk starts in it. */
  text: string;
  offsets: number[];
  /** The innermost element each chunk sits in. */
  owners: number[];
  /** Readability's text length of each chunk: whitespace runs collapsed, heading markers left out. */
  lengths: number[];
  /** Link text length of each chunk: its length inside a link, 0.3× for in-page (#) links. */
  linkLengths: number[];
  commas: number[];
}

const COMMAS = new Set([0x2c, 0x60c, 0xfe50, 0xfe10, 0xfe11, 0x2e41, 0x2e34, 0x2e32, 0xff0c]);

/** A code unit's part in a chunk's length, as bits: it counts (not a space), it is a space, it is a comma. */
const COUNTS = 1;
const SPACE = 2;
const COMMA = 4;
/**
 * The bits of every Latin-1 unit, looked up: spaces (space, tab, line feed, carriage return, form
 * feed, no-break space) collapse, other control characters (the heading markers) count nothing.
 */
const LATIN1 = new Uint8Array(256);
for (let c = 0; c < 256; c++)
  LATIN1[c] = c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 0xa0 ? SPACE : c < 32 ? 0 : c === 0x2c ? COUNTS | COMMA : COUNTS;

function unitBits(c: number): number {
  return c < 256 ? LATIN1[c]! : COMMAS.has(c) ? COUNTS | COMMA : COUNTS;
}

export class ContentTreeBuilder {
  private readonly tree: ContentTree = {
    tags: ['#document'],
    kinds: [0],
    parents: [-1],
    ends: [1],
    classNames: [''],
    weights: [0],
    flags: [0],
    chunkStarts: [0],
    chunkEnds: [0],
    chunks: [],
    text: '',
    offsets: [],
    owners: [],
    lengths: [],
    linkLengths: [],
    commas: [],
  };
  private readonly stack: number[] = [0];
  /** Node of the open `<a href>`, and the weight of its text in link density (1, or 0.3 for #). */
  private linkNode = -1;
  private linkWeight = 0;

  /** The visible text chunks so far, in document order. */
  get chunks(): readonly string[] {
    return this.tree.chunks;
  }

  /** The innermost open element. */
  get current(): number {
    return this.stack[this.stack.length - 1]!;
  }

  /** `invisible`: the element is hidden or excluded chrome (its text never reaches `text`). */
  open(name: string, attribs: Record<string, string>, invisible: boolean): number {
    const t = this.tree;
    const id = t.tags.length;
    const className = attribs.class ?? '';
    const idAttr = attribs.id ?? '';
    let flags = invisible ? NodeFlag.Invisible : 0;
    if (this.inCodeOrTable()) flags |= NodeFlag.InCodeOrTable;
    const classMarks = marksOf(className, true);
    const idMarks = marksOf(idAttr, false);
    if (((classMarks | idMarks) & Mark.Share) !== 0) flags |= NodeFlag.ShareName;
    if (((classMarks | idMarks) & Mark.Promo) !== 0) flags |= NodeFlag.PromoName;
    if (
      (className !== '' || idAttr !== '') &&
      name !== 'body' &&
      name !== 'a' &&
      (flags & NodeFlag.InCodeOrTable) === 0 &&
      isUnlikelyCandidate(classMarks, idMarks)
    )
      flags |= NodeFlag.Unlikely;
    const role = attribs.role;
    if (role !== undefined && UNLIKELY_ROLES.has(role)) flags |= NodeFlag.UnlikelyRole;
    // A modal dialog is not shown with the page.
    if (attribs['aria-modal'] === 'true' && role === 'dialog') flags |= NodeFlag.Invisible;
    if (name === 'main' || role === 'main') flags |= NodeFlag.Main;
    else if (name === 'article') flags |= NodeFlag.Article;
    if ((name === 'iframe' || name === 'embed' || name === 'object') && isVideoEmbed(attribs)) flags |= NodeFlag.VideoEmbed;
    if (name === 'table') {
      if (role === 'presentation' || attribs.datatable === '0') flags |= NodeFlag.LayoutTable;
      else if ((attribs.summary ?? '') !== '') flags |= NodeFlag.CaptionedTable;
    }
    if (name === 'caption') {
      const table = this.current;
      if (t.tags[table] === 'table') t.flags[table]! |= NodeFlag.CaptionedTable;
    }
    t.tags.push(name);
    t.kinds.push(tagKind(name));
    t.parents.push(this.current);
    t.ends.push(id + 1);
    t.classNames.push(className);
    t.weights.push(classWeight(classMarks, idMarks));
    t.flags.push(flags);
    t.chunkStarts.push(t.chunks.length);
    t.chunkEnds.push(t.chunks.length);
    this.stack.push(id);
    if (name === 'a' && attribs.href !== undefined && this.linkNode < 0) {
      this.linkNode = id;
      this.linkWeight = /^#./.test(attribs.href) ? 0.3 : 1;
    }
    return id;
  }

  close(): void {
    if (this.stack.length <= 1) return;
    const id = this.stack.pop()!;
    this.tree.ends[id] = this.tree.tags.length;
    this.tree.chunkEnds[id] = this.tree.chunks.length;
    if (id === this.linkNode) this.linkNode = -1;
  }

  /** A chunk of visible text (or a block boundary / heading marker) in the current element. */
  text(chunk: string): void {
    const t = this.tree;
    t.chunks.push(chunk);
    t.owners.push(this.current);
    // The link weight for now; build() turns it into the chunk's link text length.
    t.linkLengths.push(this.linkNode >= 0 ? this.linkWeight : 0);
  }

  /**
   * Lengths and commas of every chunk, in one scan of their joined text, read as code units
   * (text/code-units.ts): the chunks are slices of the page's HTML, one-byte or two-byte strings
   * depending on the page, and charCodeAt on them was the costliest part of the scan.
   */
  private measureChunks(): void {
    const t = this.tree;
    const all = t.chunks.join('');
    t.text = all;
    const units = codeUnits(all);
    let at = 0;
    for (let k = 0; k < t.chunks.length; k++) {
      t.offsets.push(at);
      const end = at + t.chunks[k]!.length;
      // Readability's length: the characters that are not spaces, and one for each run of spaces
      // after one of them. Counted with arithmetic, not branches (a branch on each character's
      // kind was mispredicted at every space), in short chains the processor can run side by side.
      let counted = 0;
      /** Space runs with a counted character on both sides. */
      let gaps = 0;
      let commas = 0;
      /** 1 once a character was counted. */
      let seen = 0;
      /** 1 after a space run, until the next counted character. */
      let space = 0;
      for (let i = at; i < end; i++) {
        const bits = unitBits(units[i]!);
        const counts = bits & COUNTS;
        gaps += space & counts & seen;
        seen |= counts;
        space = (space | ((bits & SPACE) >>> 1)) & (counts ^ 1);
        counted += counts;
        commas += bits >>> 2;
      }
      let length = counted + gaps;
      // A space at the end joins this chunk to the next one's words.
      if (space !== 0 && length > 0) length++;
      const owner = t.owners[k]!;
      if (length > 0 && owner !== 0) t.flags[owner]! |= NodeFlag.DirectText;
      t.lengths.push(length);
      t.linkLengths[k] = length * t.linkLengths[k]!;
      t.commas.push(commas);
      at = end;
    }
  }

  build(): ContentTree {
    while (this.stack.length > 1) this.close();
    this.measureChunks();
    this.tree.ends[0] = this.tree.tags.length;
    this.tree.chunkEnds[0] = this.tree.chunks.length;
    return this.tree;
  }

  private inCodeOrTable(): boolean {
    const { tags } = this.tree;
    for (let i = this.stack.length - 1, depth = 0; i > 0 && depth < 4; i--, depth++) {
      const tag = tags[this.stack[i]!];
      if (tag === 'table' || tag === 'code') return true;
    }
    return false;
  }
}
