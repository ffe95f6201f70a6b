// Markup that hides an element. Two degrees: not rendered at all (what drops text from a link's
// `innerText`), and hidden from every visitor and from assistive technology (Scope.Hidden).

/** Inline `display:none` / `visibility:hidden`, with or without spaces and `!important`. */
const HIDING_STYLE = /(?:^|[;\s])(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!\s*important\s*)?(?:;|$)/i;

/** Not rendered at all (no box). */
export function hidesRendering(attribs: Record<string, string>): boolean {
  if (attribs.hidden !== undefined) return true;
  const style = attribs.style;
  return style !== undefined && HIDING_STYLE.test(style);
}

/** See Scope.Hidden. */
export function isHidden(attribs: Record<string, string>): boolean {
  if (attribs.hidden !== undefined) return true;
  // Wikipedia's maths formulas are aria-hidden images that stand in for MathML: readers see them.
  if (attribs['aria-hidden']?.trim().toLowerCase() === 'true' && !(attribs.class ?? '').includes('fallback-image')) return true;
  const style = attribs.style;
  return style !== undefined && HIDING_STYLE.test(style);
}
