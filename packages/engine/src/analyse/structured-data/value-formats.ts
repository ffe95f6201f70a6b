// Whether a text value is written as schema.org's data types expect: ISO 8601 dates and times,
// numbers with a full stop as the decimal point, URLs. Lenient where search engines are (a date
// for a DateTime, a relative URL), strict where a value cannot be read ("next Tuesday" as a date).

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Year and month, or a year alone, are ISO 8601 dates of reduced precision. */
const PARTIAL_DATE = /^\d{4}(?:-(0[1-9]|1[0-2]))?$/;
const TIME = /^([01]\d|2[0-4]):[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** Date, `T` (or a space, which many sites write and readers accept), time. */
const DATE_TIME = /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))[T ](.+)$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const BOOLEAN = /^(?:true|false|(?:https?:\/\/(?:www\.)?schema\.org\/)?(?:True|False))$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Characters a URL never holds unescaped (whitespace is checked apart). */
const NOT_IN_URL = /[<>"{}|\\^`]/;

export type DataType = 'Text' | 'URL' | 'Date' | 'DateTime' | 'Time' | 'Number' | 'Integer' | 'Boolean';

export function isDate(text: string): boolean {
  return DATE.test(text) || PARTIAL_DATE.test(text);
}

export function isTime(text: string): boolean {
  return TIME.test(text);
}

export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  return m !== null ? TIME.test(m[2]!) : isDate(text);
}

export function isNumber(text: string): boolean {
  return NUMBER.test(text);
}

export function isInteger(text: string): boolean {
  return INTEGER.test(text);
}

export function isBoolean(text: string): boolean {
  return BOOLEAN.test(text);
}

/**
 * A URL, absolute or relative: consumers resolve relative ones against the page (Microdata and
 * RDFa by HTML's rules, JSON-LD because schema.org's context reads URL values as IRIs). So only
 * what no URL can be is refused: text with spaces ("Jane Doe"), or an unparsable absolute URL.
 */
export function isUrl(text: string): boolean {
  if (text === '' || /\s/.test(text) || NOT_IN_URL.test(text)) return false;
  if (!SCHEME.test(text)) return true;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** True when `text` (trimmed) is a valid value of the data type. */
export function matchesDataType(text: string, type: DataType): boolean {
  const t = text.trim();
  switch (type) {
    case 'Text':
      return true;
    case 'URL':
      return isUrl(t);
    case 'Date':
      return isDate(t) || isDateTime(t);
    case 'DateTime':
      return isDateTime(t);
    case 'Time':
      return isTime(t);
    case 'Number':
      return isNumber(t);
    case 'Integer':
      return isInteger(t);
    case 'Boolean':
      return isBoolean(t);
  }
}
