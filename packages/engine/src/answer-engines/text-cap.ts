// The contract keeps an answer up to its bound on GeoSample's `answer`; a longer answer is cut,
// never dropped, and ends with "…" so that a reader sees it was (the server holds every stored
// value to its bound the same way). Cut here, as it arrives, so the brand reading never scans more.
import { contractBounds } from '@seo-geo/types/bounds';

export const MAX_ANSWER_CHARS: number = contractBounds.GeoSample.properties.answer.maxLength;

export function capLength(text: string): string {
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const cut = text.slice(0, MAX_ANSWER_CHARS - 1);
  // Do not leave half a surrogate pair behind.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}
