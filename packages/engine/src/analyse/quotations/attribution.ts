// Who said it: the signals that attribute a quotation to a source, read from the clauses next to
// it. Any one of them attributes:
//   1. a speech cue (speech-cues.ts) in the quotation's own sentence, before or after it
//      (“…,” she said. / Obama said: “…” / According to RedMonk’s Stephens, “…”);
//   2. a dash and a capitalised name right after it (“…” — Ada Lovelace);
//   3. a colon lead-in that names someone: the sentence before ends with ':' and holds a speech
//      cue or a capitalised word that is not a function word (Jason Snell: “…”);
//   4. for a quotation that is a sentence of its own, an adjacent sentence with a speech cue or
//      a naming colon lead-in (the previous sentence, or the start of the next one).
//   5. a noun of a role or a document (source-nouns.ts) in the quotation's sentence before it
//      ("the spokesperson", "la lettre", "el informe"), or in a colon lead-in.
// Pronouns as speakers ("he said") count: they refer back to a source the text has named.

import { wordSet } from '../evidence/word-set.js';
import { STOPWORDS } from '../text/stopwords.js';
import { holdsSourceNoun } from './source-nouns.js';
import { authorSpeaks, hasSpeechCue, isCjkLanguage } from './speech-cues.js';

const DASH_NAME = /^[\s,.]*(?:[—–―]|--?)\s*[@\p{Lu}]/u;
const CJK_NOT_NAMING =
  /(?:例如|比如|例えば|たとえば|如下|以下|下記|次の通り|包括|注意|提示|注|例|步驟|步骤|手順|方法|ポイント|特徴|特點|特点|標題|标题|題目|题目|名稱|名称|口號|口号|主題|主题|タイトル)$/u;
const CAPITALISED = /(?:^|[^\p{L}’'])(\p{Lu}[\p{L}’'-]*)/gu;
/**
 * A documentation's labels before what they show ("Example:", "Output:", "Syntax:", "Beispiel:"):
 * capitalised as a sentence of their own, they name no one.
 */
const LABEL_WORDS = wordSet(`example examples output input result results syntax usage sample demo note notes warning tip code
  beispiel beispiele ausgabe eingabe ergebnis hinweis exemple exemples sortie résultat remarque ejemplo ejemplos salida
  resultado nota esempio esempi uscita risultato exemplo exemplos saída`);

/**
 * A proverb's or a saying's noun in the words right before a quotation ("as the saying goes", "wie
 * das Sprichwort sagt", "comme dit le proverbe", "como dice el refrán", "come dice il proverbio",
 * "como diz o ditado"): GUIDE.md's `unattributed`, whatever verb of saying goes with it. Not the
 * verb's `-ing` (`she kept saying, “…”`): the noun has its article or adjective.
 */
const PROVERB_BEFORE =
  /(?:^|[^\p{L}])(?:(?:the|an?|old|popular|famous|common|\p{L}+ese|\p{L}+ish|\p{L}+an)\s+saying|proverb|adage|sprichwort|volksmund|proverbe|dicton|refr[aá]n|proverbio|dicho|ditado|prov[eé]rbio)(?:[^\p{L}][^.!?:;]{0,25})?[\s,:]*$/iu;

/** A clause ending with ':' that names a speaker (rule 3). */
export function isNamingLeadIn(clause: string, lang: string | null): boolean {
  const trimmed = clause.trimEnd();
  if (!trimmed.endsWith(':') && !trimmed.endsWith('：')) return false;
  if (authorSpeaks(trimmed)) return false;
  if (hasSpeechCue(trimmed, lang) || holdsSourceNoun(trimmed, lang)) return true;
  if (isCjkLanguage(lang)) {
    // No capitals: a short label before the colon is a name or a role (張小燕：「…」), a long
    // clause or a list's lead-in ("for example:") is not.
    const head = trimmed
      .slice(0, -1)
      .split(/[。！？\n]/u)
      .at(-1)!
      .trim();
    return head.length >= 2 && head.length <= 20 && !CJK_NOT_NAMING.test(head);
  }
  CAPITALISED.lastIndex = 0;
  let m: RegExpExecArray | null;
  let first = true;
  while ((m = CAPITALISED.exec(trimmed)) !== null) {
    const word = m[1]!;
    // The clause's first word is capitalised as a sentence's start: it names someone only when it
    // is the whole lead-in ("Obama:") or the next word is capitalised too ("Jason Snell:"), not in
    // "My motto:", "Run the following:".
    const opening = first && /^[\s\p{P}]*$/u.test(trimmed.slice(0, m.index));
    first = false;
    if (word === 'I' || STOPWORDS.has(word.toLowerCase()) || LABEL_WORDS.has(word.toLowerCase())) continue;
    if (opening && !/^[\s\u00a0]*(?:\p{Lu}|:$)/u.test(trimmed.slice(m.index + m[0].length))) continue;
    // German capitalises every noun: a capitalised word after an article or an inflected adjective
    // is a common noun of the sentence ("zweite Bände, die nie erschienen sind:"), where a name
    // follows a verb, a preposition or a title ("schickt Gezer an Fichtner:", "Minister Scheuer:").
    if (lang === 'de' && germanNounPhrase(trimmed.slice(0, m.index + m[0].length - word.length))) continue;
    return true;
  }
  return false;
}

/** German articles and determiners, and the prepositions and conjunctions that end like an inflected adjective. */
const GERMAN_DETERMINERS = new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines', 'kein', 'keine']);
const GERMAN_NOT_ADJECTIVES = new Set(['gegen', 'unter', 'über', 'hinter', 'neben', 'zwischen', 'wegen', 'oder', 'aber', 'sowie', 'nach', 'oben', 'unten']);

/** The text before a capitalised German word ends with an article or an inflected adjective (-e, -en, -er, -es, -em). */
function germanNounPhrase(before: string): boolean {
  const previous = /(?:^|[^\p{L}])(\p{Ll}[\p{L}’'-]*)\s+$/u.exec(before)?.[1];
  if (previous === undefined) return false;
  if (GERMAN_DETERMINERS.has(previous)) return true;
  return previous.length >= 4 && /(?:e|en|er|es|em)$/u.test(previous) && !GERMAN_NOT_ADJECTIVES.has(previous);
}

/** Rules 1–3 for a quotation between the clause `before` it and the clause `after` it. */
export function attributedInSentence(before: string, after: string, lang: string | null): boolean {
  // "As the Chinese saying goes, “…”": a proverb's words have no source.
  if (PROVERB_BEFORE.test(before.slice(-60))) return false;
  // A colon lead-in is read as a whole: its last words say who speaks (rule 3), whatever cue stands
  // earlier in the sentence ("As I listened to Ann tell him, I remember thinking:").
  const leadsIn = /[:：]\s*$/u.test(before);
  return (
    (leadsIn ? isNamingLeadIn(before, lang) : hasSpeechCue(before, lang) || holdsSourceNoun(before, lang)) ||
    hasSpeechCue(after, lang, true) ||
    DASH_NAME.test(after)
  );
}

/**
 * A block quotation introduced by the text before it: a naming colon lead-in (rule 3), or a
 * speech cue in the last two sentences of that block ("Askar said the code exploits it.
 * Here's how it works.").
 */
export function attributedByLeadIn(leadIn: string, lang: string | null): boolean {
  if (isNamingLeadIn(leadIn, lang)) return true;
  return hasSpeechCue(lastSentences(leadIn, 2), lang);
}

/**
 * Forum software's own header of a quoted post, in the software's words whatever the page's
 * language (a German thread on XenForo reads "Nixe said:"): XenForo's and phpBB's "… said:" and
 * "… wrote:", Asgaros's "Quote from klwild on May 10, 2024, 10:23 am". Not vBulletin's
 * "Originally Posted by …", which opens the quoting markup of the replying post's whole body: the
 * reply is no quotation (GUIDE.md, "Forum quotes").
 */
const FORUM_QUOTE_HEADER = /^(?:[^\s:][^\n:]{0,40}?\s(?:said|wrote)\s?:|Quote from \S[^\n]{0,40}? on \p{L}{3,9}\.? \d{1,2},? \d{4})/u;

/**
 * A block quotation whose own first line names its source: forum software (XenForo) writes the
 * quoted post's author inside the quote ("ericwn said: …", "Anna schrieb: …"). A short clause
 * ending with ':' that holds a speech cue; the rest is the quoted post.
 */
export function attributedByOpening(text: string, lang: string | null): boolean {
  if (FORUM_QUOTE_HEADER.test(text)) return true;
  const colon = text.search(/[:：]/u);
  if (colon < 0 || colon > 60) return false;
  const opening = text.slice(0, colon + 1);
  return !opening.includes('\n') && hasSpeechCue(opening, lang) && isNamingLeadIn(opening, lang);
}

/** Forum software's note of a post's last edit, in the software's words: vBulletin's, phpBB's, XenForo's. */
const EDIT_NOTE =
  /^(?:Geändert von|Zuletzt (?:geändert|bearbeitet) von|Last edited by|Edited by|Dernière modification par|Modifié par|Editado por|Última edición por|Modificato da|Ultima modifica di)\s/iu;

/** An embedded post's name line, last in its quote: "— Arvind Kejriwal (@ArvindKejriwal) November 1, 2019". */
const POST_NAME_LINE = /[—–]\s*[^—–\n]{1,80}\(@\w{1,30}\)[^\n()]{0,40}$/u;

/**
 * Whether a quoting element (<blockquote>, <q>) is attributed: by its markup, the text before it,
 * its own first line, or an embedded post's name line (a tweet's card ends with its author's name
 * and handle).
 */
export function markupAttributed(quotation: { attributed: boolean; text: string; leadIn: string }, lang: string | null): boolean {
  const text = quotation.text.trim();
  // "Geändert von yellow (24.12.2009 um 20:31 Uhr) Grund: …": forum software's edit note, set in quoting markup, quotes no one.
  if (EDIT_NOTE.test(text)) return false;
  if (quotation.attributed || attributedByLeadIn(quotation.leadIn, lang)) return true;
  return attributedByOpening(text, lang) || POST_NAME_LINE.test(text);
}

function lastSentences(text: string, n: number): string {
  const ends = [...text.trimEnd().matchAll(/[.!?…]["”»’)\]]*\s+/gu)];
  return ends.length < n ? text : text.slice(ends[ends.length - n]!.index + ends[ends.length - n]![0].length);
}

/** Rule 4: the sentence before a stand-alone quotation, or the first words of the one after. */
export function attributedByNeighbour(previous: string, next: string, lang: string | null): boolean {
  if (isNamingLeadIn(previous, lang) || hasSpeechCue(previous, lang)) return true;
  return hasSpeechCue(firstWords(next, 6), lang, isCjkLanguage(lang)) || DASH_NAME.test(next);
}

function firstWords(text: string, n: number): string {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = /\s/u.test(text[i]!);
    if (!space && !inWord && ++count > n) return text.slice(0, i);
    inWord = !space;
  }
  return text;
}
