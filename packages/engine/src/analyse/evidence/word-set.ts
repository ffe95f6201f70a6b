// The word lists of the evidence rules are written as one string of words, spaced as reads best.

/** The words of `words`, split on white space, as a set. */
export const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));
