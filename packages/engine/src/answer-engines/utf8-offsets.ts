// Gemini measures its grounding segments in UTF-8 bytes of a part's text (the API reference's
// `Segment`: "Start index in the given Part, measured in bytes"); the engine reports UTF-16 offsets
// of the string. This maps one to the other on code point boundaries only.

/** A function from a UTF-8 byte offset of `text` to its UTF-16 offset; null inside a character or past the end. */
export function utf8ToUtf16(text: string): (byteOffset: number) => number | null {
  const boundaries = new Map<number, number>();
  let bytes = 0;
  let index = 0;
  for (const ch of text) {
    boundaries.set(bytes, index);
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    index += ch.length;
  }
  boundaries.set(bytes, index);
  return (byteOffset) => boundaries.get(byteOffset) ?? null;
}
