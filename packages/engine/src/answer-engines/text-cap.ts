// The contract keeps answers up to 100,000 characters; a longer answer is cut, never dropped.

export const MAX_ANSWER_CHARS = 100_000;

export function capLength(text: string): string {
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const cut = text.slice(0, MAX_ANSWER_CHARS);
  // Do not leave half a surrogate pair behind.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
