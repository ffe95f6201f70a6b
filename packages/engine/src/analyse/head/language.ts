// The page language. M5 asks for a valid `lang` on <html>: we check that the tag is well-formed
// per BCP 47 (RFC 5646 section 2.1 grammar, including the irregular grandfathered tags) and that
// its primary language subtag has 2 or 3 letters: the grammar also allows 4 letters (reserved)
// and 5-8 letters (for future registrations), but the IANA registry holds no such subtag, so
// "english" is rejected. Checking every subtag against the registry would need the registry
// file; this catches the real-world mistakes ("en_US", "english", "e", empty).

const ALNUM = '[a-z0-9]';
const LANGUAGE = '(?:[a-z]{2,3}(?:-[a-z]{3}){0,3})';
const SCRIPT = '(?:-[a-z]{4})';
const REGION = '(?:-(?:[a-z]{2}|[0-9]{3}))';
const VARIANT = `(?:-(?:${ALNUM}{5,8}|[0-9]${ALNUM}{3}))`;
const EXTENSION = `(?:-[0-9a-wy-z](?:-${ALNUM}{2,8})+)`;
const PRIVATE_USE = `(?:x(?:-${ALNUM}{1,8})+)`;
const LANGTAG = new RegExp(`^(?:${LANGUAGE}${SCRIPT}?${REGION}?${VARIANT}*${EXTENSION}*(?:-${PRIVATE_USE})?|${PRIVATE_USE})$`, 'i');
const IRREGULAR = new Set([
  'en-gb-oed',
  'i-ami',
  'i-bnn',
  'i-default',
  'i-enochian',
  'i-hak',
  'i-klingon',
  'i-lux',
  'i-mingo',
  'i-navajo',
  'i-pwn',
  'i-tao',
  'i-tay',
  'i-tsu',
  'sgn-be-fr',
  'sgn-be-nl',
  'sgn-ch-de',
]);

export function isValidLanguageTag(tag: string | null): boolean {
  if (tag === null) return false;
  const t = tag.trim();
  if (t === '') return false;
  return LANGTAG.test(t) || IRREGULAR.has(t.toLowerCase());
}

/** Primary language subtag, lower-cased (`en` for `en-GB`); null when the tag is not valid. */
export function primaryLanguage(tag: string | null): string | null {
  if (!isValidLanguageTag(tag)) return null;
  return tag!.trim().split('-')[0]!.toLowerCase();
}
