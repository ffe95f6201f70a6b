// The request validator's findings, as a person reads them: one message per invalid field, in words
// ("must start with http:// or https://", "must be at least 15"), not in the validator's terms
// (`must match pattern "^https?://…"`, `must be >= 15`), and without the noise of a `oneOf` whose
// other form the request did not mean. The field path is kept as the validator gave it.
import type { ErrorDetail } from '../domain/errors.js';

/** The patterns of the spec's request schemas, in words. */
const PATTERNS: Record<string, string> = {
  '\\S': 'must not be blank',
  '^https?://[^\\s/?#]+[^\\s]*$': 'must be an absolute URL that starts with http:// or https://',
  '^[a-z0-9_]+$': 'may hold only lower-case letters, digits and _',
  '^[^\\x00-\\x1F]*$': 'must not contain control characters',
  '^[^\\x00-\\x08]*$': 'must not contain control characters',
  '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$': 'must be a language tag such as en or de-DE',
  '^[0-9A-Za-z_-]+$': 'may hold only letters, digits, - and _',
  '^[A-Za-z0-9._-]+$': 'may hold only letters, digits, ., - and _',
  '^[\\x20-\\x7E]+$': 'may hold only printable ASCII characters',
  '^\\S+(\\s+\\S+){4}$': 'must be a cron expression of five fields, such as 0 9 * * 1',
  '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$': 'must be a time zone such as Europe/Berlin',
  '^[^\\s/:?#@.][^\\s/:?#@]*\\.[^\\s/:?#@.]{2,}$': 'must be a host name such as example.com, without a scheme or path',
  '^[A-Z][0-9]{1,2}$': 'must be a check id such as E2',
  '^\\d{4}-\\d{2}$': 'must be a month such as 2025-01',
};

const FORMATS: Record<string, string> = {
  uri: 'must be an absolute URL',
  'date-time': 'must be a date and time in ISO 8601, such as 2025-01-15T09:30:00Z',
  date: 'must be a date such as 2025-01-15',
  uuid: 'must be a UUID',
  email: 'must be an email address',
};

const TYPES: Record<string, string> = {
  integer: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  null: 'must be null',
};

/** A finding in words, with how much it tells a reader (higher wins for the same field). */
interface Reading {
  message: string;
  rank: number;
  /** Another form of a `oneOf` than the one the request meant: dropped when the field has findings of its own. */
  formMismatch?: boolean;
}

function read(message: string): Reading {
  let m: RegExpExecArray | null;
  if (/^must have required property/.test(message)) return { message: 'is required', rank: 9, formMismatch: true };
  if (message === 'must NOT have additional properties') return { message: 'is not a field of this request', rank: 8, formMismatch: true };
  if ((m = /^must be (\w+)(?:,(\w+))?$/.exec(message)) && TYPES[m[1]!]) {
    return {
      message: m[2] && TYPES[m[2]] ? `${TYPES[m[1]!]!} or ${m[2] === 'null' ? 'null' : TYPES[m[2]]!.replace(/^must be /, '')}` : TYPES[m[1]!]!,
      rank: 8,
    };
  }
  if ((m = /^must be equal to one of the allowed values: (.*)$/.exec(message))) return { message: `must be one of: ${m[1]!}`, rank: 7 };
  if ((m = /^must match pattern "(.*)"$/.exec(message))) {
    const words = PATTERNS[m[1]!];
    return words ? { message: words, rank: 6 } : { message: `must match the pattern ${m[1]!}`, rank: 2 };
  }
  if ((m = /^must be (>=|<=|>|<) (-?[\d.]+)$/.exec(message))) {
    const phrase = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' }[m[1] as '>=' | '<=' | '>' | '<'];
    return { message: `must be ${phrase} ${m[2]!}`, rank: 5 };
  }
  if ((m = /^must NOT have (fewer|more) than (\d+) (characters|items|properties)$/.exec(message))) {
    const bound = m[1] === 'fewer' ? 'at least' : 'at most';
    const n = Number(m[2]);
    const noun = m[3] === 'characters' ? 'character' : m[3] === 'items' ? 'item' : 'field';
    const counted = `${n} ${noun}${n === 1 ? '' : 's'}`;
    const what = m[3] === 'characters' ? `be ${bound} ${counted} long` : `have ${bound} ${counted}`;
    return { message: `must ${what}`, rank: 4 };
  }
  if ((m = /^must match format "(.*)"$/.exec(message))) return { message: FORMATS[m[1]!] ?? `must be in the ${m[1]!} format`, rank: 3 };
  if (/^must NOT have duplicate items/.test(message)) return { message: 'must not list the same item twice', rank: 4 };
  if (/^must match exactly one schema in oneOf$|^must match a schema in anyOf$/.test(message))
    return { message: 'must take one of its documented forms', rank: 0 };
  return { message, rank: 1 };
}

const key = (d: ErrorDetail) => `${d.in}\u0000${d.field}`;
/** Whether `field` is `parent` or inside it. */
const within = (field: string, parent: string) => parent === '' || field === parent || field.startsWith(`${parent}.`);

export function readableDetails(details: readonly ErrorDetail[]): ErrorDetail[] {
  const readings = details.map((d) => ({ detail: d, reading: read(d.message) }));
  // Under a `oneOf` that failed, findings on the values the request gave point at the form it
  // meant; "required" and "not a field" findings there come from the other forms.
  const forms = readings.filter((r) => r.reading.rank === 0).map((r) => r.detail);
  const kept = readings.filter(({ detail, reading }) => {
    const form = forms.find((f) => f.in === detail.in && within(detail.field, f.field));
    if (!form) return true;
    const valueFindings = readings.some(
      (other) => other.detail.in === form.in && within(other.detail.field, form.field) && other.reading.rank > 0 && !other.reading.formMismatch,
    );
    // The summary of the `oneOf` itself goes when anything more precise was found inside it.
    if (reading.rank === 0)
      return !readings.some(
        (other) => other.detail !== detail && other.reading.rank > 0 && other.detail.in === detail.in && within(other.detail.field, detail.field),
      );
    return !(valueFindings && reading.formMismatch);
  });
  // One finding per field: the one that tells the most.
  const best = new Map<string, { detail: ErrorDetail; reading: Reading }>();
  for (const r of kept) {
    const k = key(r.detail);
    const known = best.get(k);
    if (!known || r.reading.rank > known.reading.rank) best.set(k, r);
  }
  return [...best.values()].map(({ detail, reading }) => ({ ...detail, message: reading.message.slice(0, 1000) }));
}
