// Whether an <img> lacks a text alternative, as axe-core's `image-alt` rule judges it (the rule
// behind Lighthouse's image-alt audit). An image passes with any of: an `alt` attribute (`alt=""`
// marks it decorative), a non-blank `aria-label`, `aria-labelledby` or `title`, or the role
// `presentation`/`none`. An `alt` made only of whitespace fails even then (axe's alt-space-value:
// screen readers read it out as "space" or as the file name) unless the image is presentational.
// Hidden images and images not rendered (noscript, template) are not judged; the caller skips them.

const PRESENTATIONAL = new Set(['presentation', 'none']);

function nonBlank(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

export function lacksTextAlternative(attribs: Record<string, string>): boolean {
  const role = attribs.role?.trim().toLowerCase().split(/\s+/)[0];
  if (role !== undefined && PRESENTATIONAL.has(role)) return false;
  const alt = attribs.alt;
  // JavaScript's \s includes the no-break space: alt="&nbsp;" is as blank as alt=" ".
  if (alt !== undefined) return alt !== '' && alt.trim() === '';
  return !nonBlank(attribs['aria-label']) && !nonBlank(attribs['aria-labelledby']) && !nonBlank(attribs.title);
}
