// Messages name their evidence, five items at most.

export const SHOWN = 5;

/** `a, b, c, d, e, and 3 more` — `total` counts every item, shown or not. */
export function shownList(items: readonly string[], total = items.length): string {
  const shown = items.slice(0, SHOWN).join(', ');
  return total > SHOWN ? `${shown}, and ${total - SHOWN} more` : shown;
}

export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/** A message that starts with a value written in lower case (`the canonical`) starts a sentence. */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
