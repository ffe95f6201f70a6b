// The prompt is answered in the test's language. The name of the language comes from the ICU data
// Node ships with (Intl.DisplayNames), so every BCP 47 tag gets a name, not just a hand-kept list.
// A regional variant keeps its own name only where ICU has one (`pt-BR` → Brazilian Portuguese);
// otherwise the plain language is named (`de-DE` → German), since "German (Germany)" adds nothing
// a model needs. A tag ICU cannot read is passed through as it is.

const names = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'dialect', fallback: 'code' });

/** English name of the language of a BCP 47 tag, e.g. `de-DE` → `German`; the tag itself if unknown. */
export function languageName(tag: string): string {
  let canonical: string;
  try {
    [canonical = tag] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return tag;
  }
  const full = names.of(canonical);
  if (full !== undefined && full !== canonical && !full.includes('(')) return full;
  const language = new Intl.Locale(canonical).language;
  const plain = names.of(language);
  return plain !== undefined && plain !== language ? plain : tag;
}
