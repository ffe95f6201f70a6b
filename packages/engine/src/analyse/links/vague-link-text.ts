// Link texts that say nothing about where the link leads, as Lighthouse's link-text audit judges
// them: the visible text, trimmed and lower-cased, is exactly one of the phrases listed for the
// link's language (the `lang` in effect where the link is; every list when none is declared).
// The match is exact, so "Read more about pricing" is fine and "Read more »" is not flagged.
//
// Which links are judged is the caller's part (analyse/measure-page.ts): links with an http(s) href,
// rendered (not in noscript/template), not rel=nofollow and not pointing at the page itself.
// `aria-label` does not exempt a link: search engines read the visible anchor text.
// Deliberate differences from Lighthouse: a `lang` that is not a valid language tag
// (lang="english") counts as no language, so every list applies, where Lighthouse would judge
// nothing; and the language is the one in effect at the link (a `lang` inside it is not read).

import { primaryLanguage } from '../head/language.js';

const PHRASES: Readonly<Record<string, readonly string[]>> = {
  en: [
    'click here',
    'click this',
    'go',
    'here',
    'information',
    'learn more',
    'more',
    'more info',
    'more information',
    'right here',
    'read more',
    'see more',
    'start',
    'this',
  ],
  ja: ['ここをクリック', 'こちらをクリック', 'リンク', '続きを読む', '続く', '全文表示'],
  es: [
    'click aquí',
    'click aqui',
    'clicka aquí',
    'clicka aqui',
    'pincha aquí',
    'pincha aqui',
    'aquí',
    'aqui',
    'más',
    'mas',
    'más información',
    'más informacion',
    'mas información',
    'mas informacion',
    'este',
    'enlace',
    'este enlace',
    'empezar',
  ],
  pt: ['clique aqui', 'ir', 'mais informação', 'mais informações', 'mais', 'veja mais'],
  ko: ['여기', '여기를 클릭', '클릭', '링크', '자세히', '자세히 보기', '계속', '이동', '전체 보기'],
  sv: ['här', 'klicka här', 'läs mer', 'mer', 'mer info', 'mer information'],
  de: ['klicke hier', 'hier klicken', 'hier', 'mehr', 'siehe', 'dies', 'das', 'weiterlesen'],
  ta: ['அடுத்த பக்கம்', 'மறுபக்கம்', 'முந்தைய பக்கம்', 'முன்பக்கம்', 'மேலும் அறிக', 'மேலும் தகவலுக்கு', 'மேலும் தரவுகளுக்கு', 'தயவுசெய்து இங்கே அழுத்தவும்', 'இங்கே கிளிக் செய்யவும்'],
  fa: ['اطلاعات بیشتر', 'اطلاعات', 'این', 'اینجا بزنید', 'اینجا کلیک کنید', 'اینجا', 'برو', 'بیشتر بخوانید', 'بیشتر بدانید', 'بیشتر', 'شروع'],
};

const BY_LANGUAGE = new Map(Object.entries(PHRASES).map(([lang, list]) => [lang, new Set(list)]));
const ANY_LANGUAGE = new Set(Object.values(PHRASES).flat());
/** Texts longer than this (with room for surrounding spaces) cannot be a listed phrase. */
const LONGEST = Math.max(...[...ANY_LANGUAGE].map((p) => p.length)) + 8;

/** The English phrases (kept for callers that list them). */
export const VAGUE_LINK_TEXTS: readonly string[] = PHRASES.en!;

/**
 * True when `text` (the link's visible text) is vague in `lang` (the `lang` in effect; null, empty
 * or invalid: any listed language counts). A valid language without a list is not judged.
 */
export function isVagueLinkText(text: string, lang: string | null): boolean {
  if (text.length > LONGEST) return false; // most link texts: no need to normalise them
  const phrase = text.trim().toLowerCase();
  if (phrase === '') return false;
  const primary = primaryOf(lang);
  if (primary === null) return ANY_LANGUAGE.has(phrase);
  return BY_LANGUAGE.get(primary)?.has(phrase) ?? false;
}

/** A page has few distinct `lang` values and many links: validate each value once. */
const primaries = new Map<string, string | null>();

function primaryOf(lang: string | null): string | null {
  if (lang === null) return null;
  let primary = primaries.get(lang);
  if (primary === undefined) {
    primary = primaryLanguage(lang);
    if (primaries.size < 256) primaries.set(lang, primary);
  }
  return primary;
}
