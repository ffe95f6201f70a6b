// A response body as JSON. A long list is encoded item by item into bytes: on Node 20 one
// JSON.stringify of a ~470 KB page of audit pages, then its UTF-8 encoding, costs 5–7 ms (the
// large string is built in pieces and copied whole before it can be encoded), where encoding each
// item on its own costs under 2 ms for the same bytes.

/** Bodies of about this many characters or more count as large (encoded by item, compressed). */
export const LARGE_JSON_CHARS = 16 * 1024;

/**
 * The body as `JSON.stringify` would write it: a string when small, UTF-8 bytes when its `data`
 * list is large (estimated from its first item, so a small body is stringified only once).
 */
export function jsonBytes(body: unknown): string | Buffer {
  if (typeof body !== 'object' || body === null || 'toJSON' in body) return JSON.stringify(body);
  const data = (body as { data?: unknown }).data;
  if (Array.isArray(data) && data.length > 1) {
    const first = stringify(data[0]) ?? 'null';
    if (first.length * data.length >= LARGE_JSON_CHARS) return listBytes(body, data, first);
  }
  return JSON.stringify(body);
}

function listBytes(body: object, data: unknown[], first: string): Buffer {
  const parts: Buffer[] = [];
  let text = '{'; // written, not yet encoded
  let members = 0;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'data') {
      parts.push(Buffer.from(`${text}${members++ ? ',' : ''}"data":[${first}`));
      // As JSON.stringify writes an array: undefined, functions and symbols become null.
      for (let i = 1; i < data.length; i++) parts.push(Buffer.from(`,${stringify(data[i]) ?? 'null'}`));
      text = ']';
      continue;
    }
    const json = stringify(value);
    if (json === undefined) continue; // as JSON.stringify leaves such a property out
    text += `${members++ ? ',' : ''}${JSON.stringify(key)}:${json}`;
  }
  parts.push(Buffer.from(`${text}}`));
  return Buffer.concat(parts);
}

/** JSON.stringify as it is: undefined for undefined, functions and symbols (its type says string). */
function stringify(value: unknown): string | undefined {
  const json: string | undefined = JSON.stringify(value);
  return json;
}
