// Holds a value the service is about to store to the bounds the contract puts on what a response
// may carry (`contractBounds`, generated from the spec): a page, a site or an answer engine may say
// anything, and what is stored is served as it is. A string too long keeps its first code points
// and ends with "…", so a reader sees it was cut; a list too long keeps its first items. A URL is
// never cut (a cut URL is another URL): one too long leaves its list, or becomes null where the
// contract allows it. Every cut is reported, so that the caller can say so where the user looks.
//
// Copy on write: a value with nothing to cut is returned as it is, and a cut copies only the
// objects and arrays on the way to it.
import { contractBounds, type Bound, type BoundedSchema } from '@seo-geo/types/bounds';

export type { BoundedSchema } from '@seo-geo/types/bounds';

/** The marker that ends a cut string. */
export const CUT_MARKER = '…';

export interface Cut {
  /** Where, in the value: `title`, `issues[3].message`. */
  path: string;
  /** What was cut: characters of a string, items of a list, or a URL too long that was dropped. */
  unit: 'characters' | 'items' | 'url';
  /** Its size before, in its unit (a dropped URL: its length). */
  was: number;
  /** Its size after (a dropped URL: 0). */
  kept: number;
}

export interface Fitted<T> {
  value: T;
  cuts: Cut[];
}

/** `value` held to the bounds of the spec's schema `schema`, and what was cut. */
export function fitToContract<T>(schema: BoundedSchema, value: T): Fitted<T> {
  const cuts: Cut[] = [];
  return { value: fitterOf(contractBounds[schema])(value, [], cuts) as T, cuts };
}

/** A string held to `max` code points, ending with the marker when it was cut. */
export function cutText(text: string, max: number): string {
  // A string has at least as many UTF-16 units as code points: most strings stop here.
  if (text.length <= max) return text;
  let kept = 0;
  let end = 0;
  for (const point of text) {
    if (kept === max - 1) {
      // Only cut when what follows is more than the one place the marker would take.
      return end + point.length === text.length ? text : `${text.slice(0, end)}${CUT_MARKER}`;
    }
    kept++;
    end += point.length;
  }
  return text;
}

/** Where the walk is: property names and list positions, made into a path only for a cut. */
type Trail = Array<string | number>;

function placeOf(trail: Trail): string {
  let place = '';
  for (const step of trail) place += typeof step === 'number' ? `[${step}]` : place === '' ? step : `.${step}`;
  return place;
}

/** Holds `value` to a bound, adding what it cuts to `cuts`; `trail` is where it is. */
type Fitter = (value: unknown, trail: Trail, cuts: Cut[]) => unknown;

/**
 * Each bound's fitter, made once: a page is held to AuditPage's bounds as it is recorded, some two
 * hundred values a page, and asking each bound what kind it is for every value took twice as long
 * (10 against 5 µs a page of bench:audit's site).
 */
const FITTERS = new WeakMap<Bound, Fitter>();

function fitterOf(bound: Bound): Fitter {
  let fitter = FITTERS.get(bound);
  if (fitter === undefined) FITTERS.set(bound, (fitter = fitterFor(bound)));
  return fitter;
}

function fitterFor(bound: Bound): Fitter {
  if ('ref' in bound) {
    // Resolved on first use: a schema may refer to itself.
    const target = contractBounds[bound.ref as BoundedSchema] as Bound;
    return (value, trail, cuts) => (value === null || value === undefined ? value : fitterOf(target)(value, trail, cuts));
  }
  if ('oneOf' in bound) {
    return (value, trail, cuts) => {
      if (value === null || value === undefined) return value;
      const chosen = bound.oneOf.find((alternative) => fitsKind(alternative, value));
      return chosen ? fitterOf(chosen)(value, trail, cuts) : value;
    };
  }
  if ('maxLength' in bound) {
    const max = bound.maxLength;
    return (value, trail, cuts) => (typeof value === 'string' && value.length > max ? fitString(bound, value, trail, cuts) : value);
  }
  if ('properties' in bound) {
    const properties = Object.entries(bound.properties).map(([name, property]) => ({ name, property }));
    return (value, trail, cuts) => (isObject(value) ? fitObject(properties, value, trail, cuts) : value);
  }
  return (value, trail, cuts) => (Array.isArray(value) ? fitArray(bound, value, trail, cuts) : value);
}

function fitString(bound: Extract<Bound, { maxLength: number }>, value: string, trail: Trail, cuts: Cut[]): string | null {
  if (value.length <= bound.maxLength) return value;
  const length = codePoints(value);
  if (length <= bound.maxLength) return value;
  if (bound.uri) {
    // Only where the contract allows null: elsewhere the URL's producer keeps it within the bound.
    if (!bound.nullable) return value;
    cuts.push({ path: placeOf(trail), unit: 'url', was: length, kept: 0 });
    return null;
  }
  cuts.push({ path: placeOf(trail), unit: 'characters', was: length, kept: bound.maxLength });
  return cutText(value, bound.maxLength);
}

function fitObject(
  properties: readonly { name: string; property: Bound }[],
  value: Record<string, unknown>,
  trail: Trail,
  cuts: Cut[],
): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const { name, property } of properties) {
    const before = value[name];
    if (before === undefined) continue;
    trail.push(name);
    const after = fitterOf(property)(before, trail, cuts);
    trail.pop();
    if (after !== before) (copy ??= { ...value })[name] = after;
  }
  return copy ?? value;
}

function fitArray(bound: Extract<Bound, { maxItems?: number }>, value: readonly unknown[], trail: Trail, cuts: Cut[]): unknown[] {
  let items = value as unknown[];
  const itemBound = bound.items;
  if (itemBound && 'maxLength' in itemBound && itemBound.uri) {
    // A URL too long for a list is left out of it.
    const max = itemBound.maxLength;
    if (items.some((item) => typeof item === 'string' && item.length > max && codePoints(item) > max)) {
      items = items.filter((item, i) => {
        if (typeof item !== 'string' || item.length <= max) return true;
        const length = codePoints(item);
        if (length <= max) return true;
        cuts.push({ path: placeOf([...trail, i]), unit: 'url', was: length, kept: 0 });
        return false;
      });
    }
  } else if (itemBound) {
    const fitItem = fitterOf(itemBound);
    let copy: unknown[] | null = null;
    for (let i = 0; i < items.length; i++) {
      const before = items[i];
      trail.push(i);
      const after = fitItem(before, trail, cuts);
      trail.pop();
      if (after !== before) (copy ??= items.slice(0, i)).push(after);
      else copy?.push(before);
    }
    if (copy) items = copy;
  }
  if (bound.maxItems !== undefined && items.length > bound.maxItems) {
    cuts.push({ path: placeOf(trail), unit: 'items', was: items.length, kept: bound.maxItems });
    items = items.slice(0, bound.maxItems);
  }
  return items;
}

/** Whether `value` is of the kind `bound` describes: the alternative of a `oneOf` that applies to it. */
function fitsKind(bound: Bound, value: unknown): boolean {
  if ('ref' in bound) return fitsKind(contractBounds[bound.ref as BoundedSchema], value);
  if ('oneOf' in bound) return bound.oneOf.some((alternative) => fitsKind(alternative, value));
  if ('maxLength' in bound) return typeof value === 'string';
  if ('properties' in bound) return isObject(value);
  return Array.isArray(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
