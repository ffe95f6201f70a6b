// A figure a heading states and the text under it states again counts once, in the text: a
// heading, a standfirst or a caption never carries the count when the body states the figure
// (datasets/evidence/GUIDE.md, "Headings before the body"). Headings are the analyser's marked
// ones (raw-document.ts); the figure is compared by its number, separators aside ("1.000" is
// "1000"), and a one-digit number with what follows it ("3 Tage"), which alone says too little.
import { HEADING_START } from '../raw-document.js';
import { textPlaces } from './text-places.js';

export interface FoundFigure {
  end: number;
  /** Where its number starts. */
  numberStart: number;
}

/** The statistics found less those in a heading whose figure the text outside the headings states too. */
export function withoutHeadingRepeats<F extends FoundFigure>(text: string, found: readonly F[]): F[] {
  if (!text.includes(HEADING_START)) return [...found];
  const placeOf = textPlaces(text);
  const inHeading = (offset: number) => placeOf(offset) === 'heading';
  const key = (f: F) => figureKey(text.slice(f.numberStart, f.end));
  const stated = new Set(found.filter((f) => !inHeading(f.numberStart)).map(key));
  return found.filter((f) => !inHeading(f.numberStart) || !stated.has(key(f)));
}

/** A figure's number without its separators, and after a number of one digit the words that follow it. */
function figureKey(written: string): string {
  const number = /^\d[\d.,'\u00a0\u202f ]*\d|^\d/u.exec(written)?.[0] ?? written;
  const digits = number.replace(/\D/gu, '');
  return digits.length >= 2 ? digits : written.toLowerCase().replace(/\s+/gu, ' ');
}
