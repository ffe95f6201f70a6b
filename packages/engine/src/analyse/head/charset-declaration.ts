// Whether a page declares its character encoding, by Lighthouse's charset audit rule: a charset
// in the Content-Type header, a UTF-8 byte-order mark, or a `<meta charset>` (or an http-equiv
// Content-Type meta with a charset) early enough for the browser's prescan, which reads only the
// first 1024 bytes. Without one, the browser guesses the encoding.

/** How far into the document the browser's prescan looks for a charset meta. */
export const CHARSET_SCAN_LIMIT = 1024;

/** A charset parameter with a plausible encoding name (Lighthouse's pattern). */
const CHARSET_PARAMETER = /charset\s*=\s*[a-zA-Z0-9\-_:.()]{2,}/i;
const ENCODING_NAME = /^[a-zA-Z0-9\-_:.()]{2,}$/;

export type CharsetDeclaration = 'content-type' | 'bom' | 'meta';

/** A Content-Type header value (or an http-equiv meta's content) that names a charset. */
export function namesCharset(contentType: string | undefined): boolean {
  return contentType !== undefined && CHARSET_PARAMETER.test(contentType);
}

/** `<meta charset=…>` or `<meta http-equiv="content-type" content="…charset=…">`. */
export function metaDeclaresCharset(attribs: Record<string, string>): boolean {
  if (attribs.charset !== undefined) return ENCODING_NAME.test(attribs.charset.trim());
  return attribs['http-equiv']?.trim().toLowerCase() === 'content-type' && namesCharset(attribs.content);
}

/**
 * The first declaration found, in the order the browser honours them; null when there is none.
 * `html` is the decoded body: the fetcher's decoder drops a byte-order mark, so the mark is seen
 * only when the caller kept it.
 */
export function charsetDeclaration(contentTypeHeader: string | undefined, html: string, earlyMeta: boolean): CharsetDeclaration | null {
  if (html.charCodeAt(0) === 0xfeff) return 'bom';
  if (namesCharset(contentTypeHeader)) return 'content-type';
  return earlyMeta ? 'meta' : null;
}
