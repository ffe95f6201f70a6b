// Where a link stands in the page, as a reader of its citations sees it: in a footnote marker
// (<sup>), a <cite>, a list item, a block its markup names a reference list (Wikipedia's
// "references", "reflist", a blog's "footnotes"), and under which heading ("References",
// "Sources", "Further reading", in the languages of the evidence data set), or beside the text:
// in a signature, a footer or a figure (besideTheText, which the rules read). A reference list's
// links are the page's sources even when their text is a bare title or URL, which the link's own
// text and target do not tell. Read from the content tree (main-content/content-tree.ts): a few
// ancestors per link, and the headings found once per page, so the work stays linear.
import type { ContentTree } from '../main-content/content-tree.js';

export const LinkPlace = {
  Sup: 1,
  Cite: 2,
  ListItem: 4,
  /** An ancestor's class names a reference list or footnotes. */
  ReferenceBlock: 8,
  /** The nearest heading above names references, sources, notes or a bibliography. */
  ReferenceHeading: 16,
  /** The nearest heading above names further reading or external links. */
  FurtherHeading: 32,
  /**
   * An ancestor's class names a signature (a forum post's standing lines, a byline) or a footer
   * (Amazon's "navFooterMoreOnAmazon"): what stands under every post or page, not a source of it.
   */
  Footer: 64,
  /** In a <figure> or its <figcaption>: a picture's caption and credit. */
  Figure: 128,
} as const;

/** Ancestors looked at: a reference entry's link sits a few levels inside its list. */
const ANCESTORS = 8;
/**
 * Class names of a signature, a byline or an author's bio (the writer's standing lines: "Jeff Foust
 * is the editor of … and a staff writer with SpaceNews") or a footer; "footer" also inside a name
 * ("navFooterLine", "site-footer").
 */
const FOOTER_CLASS = /(?:^|[\s_-])(?:signature|byline|author-?bio|about-the-author)(?:$|[\s_-])|footer/i;
const REFERENCE_CLASS = /(?:^|[\s_-])(?:references?|reflist|refs|footnotes?|endnotes?|citations?|bibliography|notes|sources)(?:$|[\s_-])/i;
/** Heading words of a list of sources, as the data set's languages write them. */
const REFERENCE_HEADING =
  /(?<!\p{L})(?:references?|sources?|notes?|footnotes|citations|bibliography|works cited|quellen|einzelnachweise|anmerkungen|literatur|belege|références|sources et références|notes et références|bibliographie|referencias|fuentes|notas|bibliografía|referências|fontes|bibliografia|przypisy|źródła|bibliografia|riferimenti|fonti|poznámky|odkazy|reference|zdroje|kaynakça|kaynaklar|tham khảo|nguồn)(?!\p{L})|примечания|литература|источники|参考文献|脚注|出典|注釈|参考资料|参考來源|參考資料|参考|참고 문헌|각주|출처|παραπομπές|πηγές|المراجع|مراجع|هوامش|מקורות|הערות שוליים/iu;
const FURTHER_HEADING =
  /(?<!\p{L})(?:further reading|external links|see also|read more|learn more|resources|links|weblinks|liens externes|pour aller plus loin|enlaces externos|ligações externas|linki zewnętrzne|collegamenti esterni|externí odkazy|dış bağlantılar|liên kết ngoài)(?!\p{L})|ссылки|外部リンク|関連項目|外部链接|外部連結|延伸阅读|외부 링크|εξωτερικοί σύνδεσμοι|وصلات خارجية|קישורים חיצוניים/iu;
// eslint-disable-next-line no-control-regex -- the text marks code with control characters (raw-document.ts's CODE_START), read as spaces here
const CONTROL = /[\u0000-\u001f]/g;

/** The place bits (LinkPlace) of each link node; 0 for a node the tree does not have. */
export function linkPlaces(tree: ContentTree | null, nodes: readonly number[]): number[] {
  if (tree === null || nodes.length === 0) return nodes.map(() => 0);
  const headings = headingKinds(tree);
  return nodes.map((node) => (node <= 0 || node >= tree.tags.length ? 0 : ancestorPlace(tree, node) | headingAbove(headings, node)));
}

/**
 * Whether the link `node` stands beside the text rather than in it: in a signature or a footer
 * (LinkPlace.Footer), or in a figure, whose links are its picture's credit (LinkPlace.Figure). Read
 * without the headings, for the rules.
 */
export function besideTheText(tree: ContentTree | null, node: number | undefined): boolean {
  if (tree === null || node === undefined || node <= 0 || node >= tree.tags.length) return false;
  return (ancestorPlace(tree, node) & (LinkPlace.Footer | LinkPlace.Figure)) !== 0;
}

/** The place bits its ancestors give the link `node` (a node the tree has), the headings aside. */
function ancestorPlace(tree: ContentTree, node: number): number {
  let place = 0;
  let at = tree.parents[node]!;
  for (let up = 0; up < ANCESTORS && at > 0; up++, at = tree.parents[at]!) {
    const tag = tree.tags[at]!;
    if (tag === 'sup') place |= LinkPlace.Sup;
    else if (tag === 'cite') place |= LinkPlace.Cite;
    else if (tag === 'li') place |= LinkPlace.ListItem;
    else if (tag === 'figure' || tag === 'figcaption') place |= LinkPlace.Figure;
    const names = tree.classNames[at]!;
    if (REFERENCE_CLASS.test(names)) place |= LinkPlace.ReferenceBlock;
    if (FOOTER_CLASS.test(names)) place |= LinkPlace.Footer;
  }
  return place;
}

/** Each heading's node, in document order, with what its words name (0: nothing of sources). */
function headingKinds(tree: ContentTree): Array<{ node: number; kind: number }> {
  const found: Array<{ node: number; kind: number }> = [];
  for (let node = 1; node < tree.tags.length; node++) {
    const tag = tree.tags[node]!;
    if (tag.length !== 2 || tag[0] !== 'h' || tag[1]! < '1' || tag[1]! > '6') continue;
    const text = tree.chunks
      .slice(tree.chunkStarts[node], Math.min(tree.chunkEnds[node]!, tree.chunkStarts[node]! + 20))
      .join('')
      .replace(CONTROL, ' ')
      .trim();
    // A heading of many words is a title, not the name of a section of sources.
    const kind = text.length > 60 ? 0 : REFERENCE_HEADING.test(text) ? LinkPlace.ReferenceHeading : FURTHER_HEADING.test(text) ? LinkPlace.FurtherHeading : 0;
    found.push({ node, kind });
  }
  return found;
}

/** What the nearest heading before `node` in document order names (bisection). */
function headingAbove(headings: ReadonlyArray<{ node: number; kind: number }>, node: number): number {
  let low = 0;
  let high = headings.length - 1;
  let best = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (headings[middle]!.node < node) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best < 0 ? 0 : headings[best]!.kind;
}
