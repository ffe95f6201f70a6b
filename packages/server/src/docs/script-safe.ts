// Text placed inside an HTML <script> element is parsed by the HTML tokenizer
// before JavaScript sees it: `</script` ends the element early, and `<!--`
// followed by `<script` switches the tokenizer into a state where the real
// `</script>` no longer ends it. Both are neutralised here without changing
// what the JavaScript (or JSON) means.

/** JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the JS line separators become \u escapes. */
export function jsonForScript(value: unknown): string {
  // JSON.stringify is typed as returning string, but gives undefined for undefined, functions and symbols.
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) throw new TypeError('value is not JSON-serialisable');
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * JavaScript source for an inline `<script>`: every `<` that starts `<!--`, `<script` or
 * `</script` becomes `\x3C`. In minified code these sequences only occur inside string,
 * template or regular-expression literals, where `\x3C` means `<` (also in `u`-flag regexes).
 * A `<` already written as `\<` keeps its meaning: the backslash is reused for the escape.
 */
export function javascriptForScript(source: string): string {
  return source.replace(/(\\*)<(?=!--|\/?script)/gi, (_match, slashes: string) => (slashes.length % 2 === 0 ? `${slashes}\\x3C` : `${slashes.slice(1)}\\x3C`));
}

/** Text for HTML content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
