// A string's UTF-16 code units in a typed array, copied by one native call. The text scans (words,
// content-tree lengths) read every character of a page's text, and in V8's optimised code
// charCodeAt on a string costs several times what an index into a Uint16Array does.
import { Buffer } from 'node:buffer';

/** Texts longer than this get an array of their own rather than growing the shared one for good. */
const KEPT_UNITS = 1 << 20;

let units = new Uint16Array(1 << 15);
let bytes = Buffer.from(units.buffer);

/** Buffer writes UTF-16 little-endian; on a big-endian machine the units are copied one by one. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The code units of `text`, at [0, text.length) of the array returned: a shared array, valid until
 * the next call (anything past text.length is left from earlier texts).
 */
export function codeUnits(text: string): Uint16Array {
  let target = units;
  let targetBytes = bytes;
  if (text.length > units.length) {
    const size = Math.max(text.length, units.length * 2);
    target = new Uint16Array(size);
    targetBytes = Buffer.from(target.buffer);
    if (size <= KEPT_UNITS) {
      units = target;
      bytes = targetBytes;
    }
  }
  if (LITTLE_ENDIAN) targetBytes.write(text, 0, 'utf16le');
  else for (let i = 0; i < text.length; i++) target[i] = text.charCodeAt(i);
  return target;
}
