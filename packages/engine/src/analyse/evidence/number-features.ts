// What a learned reading of statistics looks at, for each number candidate (candidates.ts): the
// number's shape (number-shape.ts), the signs and words either side (number-neighbours.ts), where it
// stands (code, heading, a line of figures, a dense run of them: number-places.ts), the page's
// language and make-up, and the rules' verdict.
//
// The features are integer-coded, so that a page of a thousand figures is scored in about the time
// its text is read: every feature has a fixed id (number-feature-ids.ts), the page is read once for
// its lines and values, and each number looks only at the characters right next to it (a bounded
// scan, no regular expression over a window). A model is compiled once into a weight per id
// (number-model.ts), and the words either side, which any language may bring, are looked up by name.
import { F, NUMBER_FEATURE_NAMES, withPlaces } from './number-feature-ids.js';
import { languageFeature, pageFeatures, readLines, type NumberLines } from './number-places.js';
import { featuresAfter, featuresBefore } from './number-neighbours.js';
import { shape } from './number-shape.js';
import { wordAfter, wordBefore, type Near } from './near-words.js';
import type { NumberCandidate } from './candidates.js';

/** The number features of every candidate of a page, as ids, and the words either side. */
export interface NumberFeatureReading {
  /** Writes candidate `i`'s feature ids into `out` (MAX_NUMBER_FEATURES long) and returns how many. */
  ids(i: number, out: Int32Array): number;
  /** The word right before candidate `i` (lower-case; '' when none). */
  prev(i: number): string;
  /** The word right after it. */
  next(i: number): string;
}

/** Reads the page once (its lines, values and make-up), then each number by the characters next to it. */
export function readNumbers(text: string, numbers: readonly NumberCandidate[], lang: string | null): NumberFeatureReading {
  return new PageNumbers(text, numbers, lang);
}

/** Neighbours within this many characters make a number dense: a table row, a spec sheet, a price list. */
const NEAR = 60;
/** The same value stated again within this many characters is near its first statement. */
const RESTATED_NEAR = 200;

class PageNumbers implements NumberFeatureReading {
  private readonly lines: NumberLines;
  /** The features of the page as a whole: its language and make-up. */
  private readonly pageIds: number[];
  /** Where each value stands: the same value stated before (or after) is a restatement's sign. */
  private readonly previousSame: Int32Array;
  private readonly lastSame: Int32Array;
  private readonly prevNear: Near[];
  private readonly nextNear: Near[];

  constructor(
    private readonly text: string,
    private readonly numbers: readonly NumberCandidate[],
    lang: string | null,
  ) {
    this.lines = readLines(text, numbers);
    this.pageIds = [languageFeature(lang), ...pageFeatures(text, numbers, this.lines.lines)];
    [this.previousSame, this.lastSame] = sameValues(numbers);
    this.prevNear = numbers.map((n) => wordBefore(text, n.start));
    this.nextNear = numbers.map((n) => wordAfter(text, n.end));
  }

  prev(i: number): string {
    return this.prevNear[i]!.word;
  }

  next(i: number): string {
    return this.nextNear[i]!.word;
  }

  ids(i: number, out: Int32Array): number {
    const n = this.numbers[i]!;
    let count = this.placeFeatures(i, out);
    count = this.neighbourFeatures(i, out, count);
    count = this.restatementFeatures(i, out, count);
    if (n.kind === 'word') out[count++] = F.word;
    else count = shape(n.token, out, count);
    count = featuresAfter(this.text, n.end, this.nextNear[i]!, out, count);
    count = featuresBefore(this.text, n.start, this.prevNear[i]!, out, count);
    return withPlaces(out, count);
  }

  /** The rules' verdict, then where the number stands: code, heading, the page, its line. */
  private placeFeatures(i: number, out: Int32Array): number {
    const n = this.numbers[i]!;
    let count = 0;
    if (n.counted) out[count++] = F.rules;
    if (n.place === 'code') out[count++] = F.inCode;
    if (n.place === 'heading') out[count++] = F.inHeading;
    for (const id of this.pageIds) out[count++] = id;
    for (const id of this.lines.lines[this.lines.lineOf[i]!]!.ids) out[count++] = id;
    return count;
  }

  private neighbourFeatures(i: number, out: Int32Array, count: number): number {
    const numbers = this.numbers;
    const n = numbers[i]!;
    let neighbours = 0;
    for (let j = i - 1; j >= 0 && numbers[j]!.start >= n.start - NEAR; j--) neighbours++;
    for (let j = i + 1; j < numbers.length && numbers[j]!.start <= n.end + NEAR; j++) neighbours++;
    if (neighbours >= 3) out[count++] = F.dense;
    if (neighbours === 0) out[count++] = F.alone;
    return count;
  }

  private restatementFeatures(i: number, out: Int32Array, count: number): number {
    const before = this.previousSame[i]!;
    if (before >= 0) {
      out[count++] = F.seenBefore;
      if (this.numbers[i]!.start - this.numbers[before]!.end < RESTATED_NEAR) out[count++] = F.seenNear;
    }
    if (this.lastSame[i]! > i) out[count++] = F.seenAfter;
    return count;
  }
}

/** For each number, the index of the one before it with the same value (-1 if none), and of the last one (itself if none later). */
function sameValues(numbers: readonly NumberCandidate[]): [Int32Array, Int32Array] {
  const lastAt = new Map<string, number>();
  const previousSame = new Int32Array(numbers.length).fill(-1);
  const keys = numbers.map((n, i) => {
    const key = n.token.toLowerCase();
    const earlier = lastAt.get(key);
    if (earlier !== undefined) previousSame[i] = earlier;
    lastAt.set(key, i);
    return key;
  });
  return [previousSame, Int32Array.from(keys, (key) => lastAt.get(key)!)];
}

/** The names of candidate `i`'s features, as a model's weights are keyed (training reads these). */
export function numberFeatureNames(reading: NumberFeatureReading, i: number, buffer: Int32Array): Set<string> {
  const count = reading.ids(i, buffer);
  const names = new Set<string>();
  for (let k = 0; k < count; k++) names.add(NUMBER_FEATURE_NAMES[buffer[k]!]!);
  const next = reading.next(i);
  const prev = reading.prev(i);
  if (next !== '') names.add(`next=${next}`);
  if (prev !== '') names.add(`prev=${prev}`);
  return names;
}
