// Bytes to text. The Content-Type charset wins; without one, an HTML page may declare its charset
// in the first bytes (<meta charset>), and UTF-8 is the default of the modern web.

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
  const label = charsetOf(contentTypeHeader) ?? sniffMetaCharset(bytes) ?? 'utf-8';
  return decoderFor(label).decode(bytes);
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
