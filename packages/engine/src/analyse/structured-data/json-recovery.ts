// Reading JSON-LD that is not quite JSON, as lenient extractors do and as pages often need:
// JavaScript comments (`//`, `/* */`), an HTML comment before the JSON or wrapped around it,
// CDATA markers, trailing commas, raw line breaks and tabs inside strings, `\'` escapes and a
// trailing semicolon. What was repaired is named, so that the page can be told its JSON-LD is
// invalid: search engines' parsers are strict and may drop such a block.

export interface RecoveredJson {
  value: unknown;
  /** What had to be repaired, e.g. "a JavaScript comment"; empty when the text was valid JSON. */
  repairs: string[];
}

export type JsonReading = { ok: true; json: RecoveredJson } | { ok: false; error: string };

export function readJsonLeniently(text: string): JsonReading {
  try {
    return { ok: true, json: { value: JSON.parse(text), repairs: [] } };
  } catch (err) {
    const strictError = (err as Error).message;
    const { text: repaired, repairs } = repair(text);
    if (repairs.length === 0) return { ok: false, error: strictError };
    try {
      return { ok: true, json: { value: JSON.parse(repaired), repairs } };
    } catch {
      return { ok: false, error: strictError };
    }
  }
}

const REPAIR_NAMES = {
  lineComment: 'a JavaScript comment (//)',
  blockComment: 'a JavaScript comment (/* */)',
  htmlComment: 'an HTML comment (<!-- -->)',
  cdata: 'CDATA markers',
  trailingComma: 'a trailing comma',
  control: 'a raw line break or control character inside a string',
  escape: "an invalid escape (\\') inside a string",
  semicolon: 'a trailing semicolon',
} as const;

/** One pass that knows where strings are, so that `//` in "https://…" is left alone. */
function repair(text: string): { text: string; repairs: string[] } {
  const found = new Set<keyof typeof REPAIR_NAMES>();
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      const end = copyString(text, i, found);
      out += end.text;
      i = end.next;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      found.add('lineComment');
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      found.add('blockComment');
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      found.add('htmlComment');
      const after = text.slice(i + 4).trimStart();
      const end = text.indexOf('-->', i + 4);
      // `<!-- {…} -->` wraps the JSON: drop the markers only. `<!-- note -->` is a comment: drop it.
      i = after.startsWith('{') || after.startsWith('[') || end < 0 ? i + 4 : end + 3;
      continue;
    }
    if (text.startsWith('-->', i)) {
      found.add('htmlComment');
      i += 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', i) || text.startsWith(']]>', i)) {
      found.add('cdata');
      i += text.startsWith(']]>', i) ? 3 : 9;
      continue;
    }
    if (c === ',' && closesNext(text, i + 1)) {
      found.add('trailingComma');
      i++;
      continue;
    }
    if (c === ';' && text.slice(i + 1).trim() === '') {
      found.add('semicolon');
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return { text: out, repairs: [...found].map((k) => REPAIR_NAMES[k]) };
}

/** Copies the string starting at `start` (a quote), escaping raw control characters. */
function copyString(text: string, start: number, found: Set<keyof typeof REPAIR_NAMES>): { text: string; next: number } {
  let out = '"';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === "'") {
        found.add('escape');
        out += "'";
      } else {
        out += c + (next ?? '');
      }
      i += 2;
      continue;
    }
    if (c === '"') return { text: out + '"', next: i + 1 };
    const code = c.charCodeAt(0);
    if (code < 0x20) {
      found.add('control');
      out += c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${code.toString(16).padStart(4, '0')}`;
    } else {
      out += c;
    }
    i++;
  }
  return { text: out, next: i };
}

/** True when, after whitespace and comments, the next character closes an object or array. */
function closesNext(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      return c === '}' || c === ']';
    }
  }
  return false;
}
