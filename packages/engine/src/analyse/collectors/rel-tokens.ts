// A `rel` attribute is a set of space-separated link types, matched without regard to case.

/** The link types of `rel`, lower-cased. */
export function relTokens(rel: string | undefined): string[] {
  if (rel === undefined) return [];
  const trimmed = rel.trim().toLowerCase();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}
