// Titles and meta descriptions are measured as a search result shows them: whitespace runs as one
// space, and the length in characters (code points), so that an emoji counts once, not as the two
// UTF-16 units a string's length would count.

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
