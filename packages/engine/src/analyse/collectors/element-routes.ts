// Which of the collectors that name their elements each element's start and end tags reach,
// worked out once from their `elements`, and whether the element is phrasing content. The pass
// looks an element's route up once per tag, so that a collector of headings is not called for
// every div. (Collectors of every element are called for every tag, without a route.)

import type { CollectorClass } from './collector.js';

/** Phrasing elements: their boundaries do not end a sentence or a block of text. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'img',
  'label',
  'del',
  'ins',
  'font',
  'nobr',
  'br',
]);

export interface ElementRoute {
  /** Phrasing content: its tags are no block boundary. */
  inline: boolean;
  /** The collectors naming it that take its start tag, and its end tag: indexes into the list of collectors, in order. */
  opening: readonly number[];
  closing: readonly number[];
}

export interface ElementRoutes {
  /** The routes of the elements named by INLINE or by any collector. */
  named: ReadonlyMap<string, ElementRoute>;
  /** The route of any other element: no collector names it. */
  other: ElementRoute;
}

export function elementRoutes(collectors: readonly CollectorClass[]): ElementRoutes {
  const names = new Set([...INLINE, ...collectors.flatMap((c) => c.elements ?? [])]);
  const route = (name: string): ElementRoute => ({
    inline: INLINE.has(name),
    opening: takers(collectors, name, 'open'),
    closing: takers(collectors, name, 'close'),
  });
  return { named: new Map([...names].map((name) => [name, route(name)])), other: { inline: false, opening: [], closing: [] } };
}

/** The indexes of the collectors that name element `name` and have a `hook`. */
function takers(collectors: readonly CollectorClass[], name: string, hook: 'open' | 'close'): number[] {
  const indexes: number[] = [];
  collectors.forEach((c, i) => {
    if (c.elements?.includes(name) === true && c.prototype[hook] !== undefined) indexes.push(i);
  });
  return indexes;
}
