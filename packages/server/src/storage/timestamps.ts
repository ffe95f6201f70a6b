// Timestamps are stored as ISO 8601 UTC text with milliseconds and `Z` (always 24 characters for
// years 0000-9999), so comparing the text compares the times on both dialects.

export function toTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

export function fromTimestamp(text: string): number {
  return Date.parse(text);
}
