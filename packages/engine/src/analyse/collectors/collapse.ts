// Text as a reader sees it: each run of whitespace one space, none at either end.

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
