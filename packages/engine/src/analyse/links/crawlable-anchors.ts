// Links search engines cannot follow, after Lighthouse's crawlable-anchors audit. Google follows
// only <a> elements with an `href` that resolves to a URL; script-driven "links" are invisible to
// it. An anchor is uncrawlable when it has
//   - no `href` but a script handler (`<a onclick="...">`): a link only a script can follow,
//   - no `href` but attributes that only make sense on a link (`<a target="_blank">`),
//   - an `href` of the form `javascript:void(0)` (the script does the navigation),
//   - a `file:` URL (it points into the author's disk),
//   - an `href` that is not a valid URL (checked once the page URL is known: see hrefNeedsUrlCheck).
// Exempt, as in Lighthouse: anchors with a `role` (the author made them widgets), with a `name`
// or, having no href, an `id` (in-page targets: `<a name="top">`), and `mailto:` links. An `<a>`
// with no href, no link-only attribute and no handler is a placeholder (HTML says so: it
// "represents a placeholder for where a link might otherwise have been placed"), not a broken
// link: Lighthouse 12 passes it unless a script listens to it, and an inline `on…` handler is the
// listener visible in the HTML (handlers attached from scripts cannot be seen without running them).
// Whitespace inside the href is ignored, as browsers strip it.

/** Attributes that only make sense with an href: their presence means a link was intended. */
const HREF_ATTRIBUTES = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy'];

const JAVASCRIPT_VOID = /javascript:void(\(|)0(\)|)/;

export type AnchorCrawlability = 'crawlable' | 'exempt' | 'uncrawlable' | 'check-url';

/** Judges one `<a>` from its attributes. `inSvg`: SVG links resolve a missing href to the page. */
export function anchorCrawlability(attribs: Record<string, string>, inSvg: boolean): AnchorCrawlability {
  if ((attribs.role ?? '').trim() !== '') return 'exempt';
  const href = attribs.href;
  const raw = (href ?? '').replace(/\s/g, '');
  if (raw.startsWith('mailto:')) return 'exempt';
  if (raw === '' && (attribs.id ?? '') !== '') return 'exempt';
  if (raw.startsWith('file:')) return 'uncrawlable';
  if ((attribs.name ?? '').trim() !== '') return 'exempt';
  if (href === undefined) {
    if (inSvg) return 'crawlable';
    const placeholder = !HREF_ATTRIBUTES.some((a) => attribs[a] !== undefined) && !hasInlineHandler(attribs);
    return placeholder ? 'exempt' : 'uncrawlable';
  }
  if (JAVASCRIPT_VOID.test(raw)) return 'uncrawlable';
  return hrefNeedsUrlCheck(raw) ? 'check-url' : 'crawlable';
}

function hasInlineHandler(attribs: Record<string, string>): boolean {
  for (const name in attribs) if (name.startsWith('on')) return true;
  return false;
}

/**
 * Relative paths, queries and fragments always resolve against an http(s) page; only hrefs with a
 * scheme or starting with `//` (a host) can fail to parse, so only those are parsed later.
 */
function hrefNeedsUrlCheck(raw: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//') || raw.startsWith('\\');
}

/** True when `href` (as written) does not parse as a URL relative to `pageUrl`. */
export function isUnparseableHref(href: string, pageUrl: string | URL): boolean {
  try {
    new URL(href.replace(/\s/g, ''), pageUrl);
    return false;
  } catch {
    return true;
  }
}

/** A short snippet naming the anchor, for the issue message: `<a href="javascript:void(0)">`. */
export function anchorSnippet(attribs: Record<string, string>): string {
  if (attribs.href !== undefined) return `<a href="${shorten(attribs.href.trim())}">`;
  if (attribs.onclick !== undefined) return '<a onclick="…">';
  const cls = attribs.class?.trim();
  return cls ? `<a class="${shorten(cls)}">` : '<a>';
}

function shorten(s: string): string {
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
