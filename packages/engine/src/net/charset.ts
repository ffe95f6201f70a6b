// Bytes to text, in the order the HTML standard decodes: a byte-order mark wins, then the
// Content-Type charset; without either, a page may declare its charset in its first bytes
// (<meta charset>), and UTF-8 is the default of the modern web. A byte-order mark is kept as
// U+FEFF at the start of the text, because it declares the encoding (the charset_missing check).

const META_SCAN_BYTES = 1024;
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)/i;

/** The `charset` parameter of a Content-Type header, lower-cased; null when absent. */
export function charsetOf(contentTypeHeader: string | undefined): string | null {
  if (!contentTypeHeader) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentTypeHeader);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The media type without parameters, lower-cased; null when the header is missing or empty. */
export function mediaTypeOf(contentTypeHeader: string | undefined): string | null {
  if (!contentTypeHeader) return null;
  const type = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  return type === '' ? null : type;
}

export function decodeBody(bytes: Uint8Array, contentTypeHeader: string | undefined): string {
  const bom = bomEncoding(bytes);
  if (bom) return new TextDecoder(bom, { ignoreBOM: true }).decode(bytes);
  const label = charsetOf(contentTypeHeader) ?? sniffMetaCharset(bytes) ?? 'utf-8';
  return decoderFor(label).decode(bytes);
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function sniffMetaCharset(bytes: Uint8Array): string | null {
  // latin1 maps bytes 1:1, so ASCII markup is readable whatever the real encoding is.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, META_SCAN_BYTES)).toString('latin1');
  return META_CHARSET.exec(head)?.[1]?.toLowerCase() ?? null;
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    // An unknown label is a site bug; UTF-8 with replacement characters beats dropping the page.
    return new TextDecoder('utf-8');
  }
}
