// Words that tell a reader who is speaking: speech and writing verbs ("said", "wrote", "tweeted"),
// source phrases ("according to", "in a statement") and, for documents, verbs of stating
// ("stipulates", "énonce"). A quotation with one of these next to it has a speaker, because in
// every language below such a verb takes its speaker as subject ("Obama said", "říká trenér").
//
// Languages with a lexicon: English, Czech, Spanish, French, German, Portuguese, Italian, Polish,
// Russian, Dutch, Norwegian, Swedish and Danish. Past forms, present forms and the common
// participles are listed as written (Czech and Polish verbs by their past endings); the regular
// verbs of French, Spanish, Portuguese and Italian are conjugated from their infinitives
// (speech-verbs.ts), and their lists here hold only what that does not write: irregular forms and
// source words ("según", "selon", "secondo"). Japanese and Chinese, written without spaces, have
// patterns read as written (below). Any other language has no lexicon: its quotations are
// attributed by a dash line or a colon lead-in naming someone (see attribution.ts), never by a verb.

import { SPEECH_VERB_FORMS } from './speech-verbs.js';

const EN = `say says said saying tell tells told telling add adds added adding write writes wrote
  written writing explain explains explained explaining noted noting stated argue argues argued
  arguing ask asks asked asking reply replies replied respond responds responded recall recalls
  recalled recalling insist insists insisted insisting claim claims claimed declare
  declares declared announced warn warns warned warning admit admits admitted acknowledge
  acknowledges acknowledged remarked commented suggests suggested concluded tweet
  tweets tweeted posted reported quipped joked laughed emphasised emphasized
  stresses stressed confirmed complained complains recounted testified urged conceded
  countered cautioned boasted agreed wondered mused exclaimed shouted whispered texted emailed
  messaged stipulates proclaimed comments assured assures sighed`;
const EN_PHRASES = [
  'according to',
  'in a statement',
  'in an interview',
  'in an email',
  'put it',
  'puts it',
  'points out',
  'pointed out',
  'sums up',
  'summed up',
  'shared with',
  'shares with',
];

const CS = `řekl řekla řekli řeklo říká říkají říkal říkala říkali uvedl uvedla uvedli uvedlo uvádí
  uvádějí dodal dodala dodali dodává dodávají napsal napsala napsali píše píší psal psala psali
  prohlásil prohlásila prohlásili prohlašuje tvrdí tvrdil tvrdila tvrdili vysvětlil vysvětlila
  vysvětluje poznamenal poznamenala poznamenává zdůraznil zdůraznila zdůrazňuje hodnotí
  hodnotil hodnotila zhodnotil zhodnotila přidává přidal přidala přiznal přiznala přiznává
  konstatoval konstatovala konstatuje míní mínil mínila sdělil sdělila sděluje podle přirovnává
  přirovnal přirovnala odpověděl odpověděla odpovídá doplnil doplnila doplňuje upozornil
  upozornila upozorňuje varoval varovala varuje oznámil oznámila oznamuje komentoval
  komentovala komentuje reagoval reagovala reaguje vzkázal vzkázala vzkazuje citoval citovala
  cituje pochvaluje pochválil pochválila kritizoval kritizovala kritizuje zmínil zmínila zmiňuje
  zeptal zeptala ptal ptala ptá svěřil svěřila`;

const ES = `dijo dijeron dice dicen decía escribió escribe escriben contó cuenta según resumió
  resume llamó tuiteó publicó concluyó planteó preguntó pregunta recomendó citó expuso refirió
  deslizó`;

const FR = `dit disent écrit écrivent selon d'après d’après rappelle rappelé noté prévient martèle
  énonce énoncé stipule prévoit répond répondu reconnaît admet poursuit lance lancé tweeté concède
  concédé`;

const DE = `sagt sagte sagten gesagt erklärt erklärte erklärten betont betonte betonten hinzu schrieb
  schreibt schreiben meint meinte berichtet berichtete warnt warnte kritisiert kritisierte räumte
  ergänzt ergänzte mitteilte laut zufolge fragt fragte antwortet antwortete bestätigt bestätigte
  fordert forderte zitiert twitterte erzählt erzählte bekräftigte versicherte unterstrich
  kommentierte kommentiert erläutert erläuterte schildert schilderte beschreibt beschrieb erinnert
  erinnerte sprach`;

const PT = `disse disseram diz dizem dizia segundo advertiu publicou concluiu conforme`;

const IT = `secondo`;

const PL = `powiedział powiedziała powiedzieli mówi mówią mówił mówiła mówili napisał napisała
  napisali pisze piszą pisał pisała dodał dodała dodali dodaje dodają podkreślił podkreśliła
  podkreśla zaznaczył zaznaczyła zaznacza stwierdził stwierdziła stwierdza ocenił oceniła ocenia
  wyjaśnił wyjaśniła wyjaśnia tłumaczył tłumaczyła tłumaczy przekonywał przekonywała przekonuje
  przyznał przyznała przyznaje zapowiedział zapowiedziała oświadczył oświadczyła poinformował
  poinformowała informuje zauważył zauważyła zauważa twierdzi twierdził twierdziła odpowiedział
  odpowiedziała odpowiada ostrzegł ostrzegła ostrzega zapewnił zapewniła zapewnia przytoczył
  przytoczyła cytuje cytował relacjonował relacjonowała wspomina wspominał wspominała opowiada
  opowiadał opowiadała skomentował skomentowała komentuje zaapelował zaapelowała apeluje zapytał
  zapytała pytał pytała według zdaniem oznajmił oznajmiła argumentował argumentowała podsumował
  podsumowała wskazał wskazała czytamy`;

const RU = `сказал сказала сказали говорит говорят говорил говорила заявил заявила заявили заявляет
  отметил отметила отметили отмечает подчеркнул подчеркнула подчеркивает подчёркивает пояснил
  пояснила поясняет добавил добавила добавляет рассказал рассказала рассказывает сообщил
  сообщила сообщили сообщает написал написала написали пишет признался призналась признал
  признала ответил ответила объяснил объяснила объясняет заметил заметила констатировал
  уточнил уточнила предупредил предупредила процитировал цитирует заключил считает объявил
  объявила объявили объявляет спросил спросила спрашивает напомнил напомнила напоминает возразил
  возразила воскликнул воскликнула произнес произнёс произнесла утверждает утверждал утверждала
  заверил заверила прокомментировал прокомментировала высказался высказалась`;

const NL = `zegt zeggen zei zeiden gezegd vertelt vertellen vertelde vertelden verteld verklaart verklaarde
  verklaarden schrijft schrijven schreef schreven geschreven benadrukt benadrukte benadrukten stelt stelde
  stelden aldus volgens antwoordt antwoordde vraagt vroeg waarschuwt waarschuwde meldt meldde
  reageert reageerde bevestigt bevestigde erkent erkende twitterde tweette beweert beweerde`;
const NL_PHRASES = ['legt uit', 'legde uit', 'voegt toe', 'voegde toe', 'voegt eraan toe', 'voegde eraan toe', 'laat weten', 'liet weten'];

/** Norwegian (Bokmål and Nynorsk), Swedish and Danish. */
const NO = `sier sa sagt seier forteller fortalte fortalt skriver skrev skrevet ifølge forklarer forklarte
  understreker understreket mener mente svarer svarte beskriver beskrev advarer advarte bekrefter
  bekreftet utbryter utbrøt konstaterer konstaterte spør spurte`;
const SV = `säger sa sade sagt berättar berättade skriver skrev skrivit enligt förklarar förklarade betonar
  betonade menar menade svarar svarade beskriver beskrev varnar varnade bekräftar bekräftade utbrister
  utbrast konstaterar konstaterade frågar frågade`;
const DA = `siger sagde sagt fortæller fortalte skriver skrev skrevet ifølge forklarer forklarede
  understreger understregede mener mente svarer svarede beskriver beskrev advarer advarede
  bekræfter bekræftede udbryder udbrød uddyber uddybede konstaterer konstaterede spørger spurgte`;
/**
 * Turkish, whose verb of saying follows the quotation (Uraloğlu, "…" dedi), and "diye", the quoting
 * particle ("…" diye konuştu). Not "göre": "according to" as often as "by" or "compared with"
 * (illere göre, geçen yıla göre).
 */
const TR = `dedi diyor söyledi söylüyor belirtti belirtiyor kaydetti açıkladı vurguladı ekledi bildirdi
  anlattı yanıtladı aktardı diye`;

/**
 * Vietnamese, whose speaker and verb follow the quotation (“…”, Bộ trưởng Hồ Đức Phớc nói) or
 * lead into it (ông cho biết: “…”); "theo" is "according to". Words of one syllable each, so the
 * verbs of two syllables are phrases.
 */
const VI = `nói theo`;
const VI_PHRASES = [
  'cho biết',
  'cho rằng',
  'khẳng định',
  'nhấn mạnh',
  'chia sẻ',
  'giải thích',
  'phát biểu',
  'trả lời',
  'tuyên bố',
  'bày tỏ',
  'nhận định',
  'nhìn nhận',
  'đánh giá',
  'thừa nhận',
  'cảnh báo',
  'lưu ý',
  'kể lại',
];
/**
 * Indonesian and Malay report speech with a verb and its enclitic after the quotation ("…,"
 * ujarnya; kata Budi), "menurut" before it. Not "kata" alone, which is also "word" (kata kunci).
 */
const ID = `katanya ujar ujarnya ungkap ungkapnya tutur tuturnya jelasnya tegasnya ucapnya imbuhnya
  menurut ucap tegas imbuh`;

/** Idioms that hold a speech verb but report no speech ("that being said", "needless to say"). */
const EN_IDIOMS =
  /\b(?:that being said|having said that|that said|needless to say|suffice it to say|so to say|is said to|are said to|to say the least|say,|let's say|i'd say|rest assured)/g;

/** Indonesian and Malay, one lexicon under both codes. */
const INDONESIAN = { words: wordSet(ID), phrases: ['kata dia', 'kata beliau'] };

/** Norwegian under each of its language codes (`no`, Bokmål `nb`, Nynorsk `nn`). */
const NORWEGIAN = { words: wordSet(NO), phrases: ['legger til', 'la til'] };

const LEXICON: Record<string, { words: ReadonlySet<string>; phrases: readonly string[]; idioms?: RegExp }> = {
  en: { words: wordSet(EN), phrases: EN_PHRASES, idioms: EN_IDIOMS },
  cs: { words: wordSet(CS), phrases: ['nechal se slyšet', 'nechala se slyšet'] },
  es: { words: wordSet(ES, SPEECH_VERB_FORMS.es), phrases: ['de acuerdo con'] },
  fr: { words: wordSet(FR, SPEECH_VERB_FORMS.fr), phrases: [] },
  de: { words: wordSet(DE), phrases: ['heißt es'] },
  pt: { words: wordSet(PT, SPEECH_VERB_FORMS.pt), phrases: ['de acordo com'] },
  it: { words: wordSet(IT, SPEECH_VERB_FORMS.it), phrases: [] },
  pl: { words: wordSet(PL), phrases: [] },
  ru: { words: wordSet(RU), phrases: ['по словам', 'по мнению'] },
  nl: { words: wordSet(NL), phrases: NL_PHRASES },
  no: NORWEGIAN,
  nb: NORWEGIAN,
  nn: NORWEGIAN,
  sv: { words: wordSet(SV), phrases: ['lägger till', 'lade till'] },
  da: { words: wordSet(DA), phrases: ['tilføjer', 'tilføjede'] },
  tr: { words: wordSet(TR), phrases: ['ifade etti', 'dile getirdi', 'sözlerine ekledi'] },
  vi: { words: wordSet(VI), phrases: VI_PHRASES },
  id: INDONESIAN,
  ms: INDONESIAN,
};

/**
 * Verbs that report speech only where they follow the quotation, as its attribution clause's
 * first words (“…,” he continued. / « … » critique David Dufresne): before it or in narrative they
 * are other words ("continued growth", "une critique", "l'analyse").
 */
const AFTER_ONLY: Record<string, { words: ReadonlySet<string>; phrases: readonly string[] }> = {
  en: { words: wordSet('continued continues'), phrases: ['went on', 'goes on'] },
  fr: { words: wordSet('analyse critique continue renchérit'), phrases: [] },
  es: { words: wordSet('continúa continuó sigue siguió remata remató'), phrases: [] },
  pt: { words: wordSet('continua continuou prossegue prosseguiu'), phrases: [] },
};
/** The attribution clause's first words, where AFTER_ONLY verbs stand ("she went on", "critique David"). */
const AFTER_WORDS = 3;

/** French inverted attribution: "explique-t-il", "a-t-elle dit", "estime-t-on". */
const FRENCH_INVERSION = /\p{L}-(?:t-)?(?:il|elle|ils|elles|on)(?!\p{L})/u;
/**
 * German "laut" is "according to" before its source, a name, a noun or an article ("laut Müller",
 * "laut dem Bericht"), and "loud" elsewhere ("laut und deutlich", "laut gesagt").
 */
const GERMAN_LAUT_SOURCE = /^\s+(?:\p{Lu}|(?:dem|der|den|des|einer|einem|eines|ihm|ihr|ihnen)\s)/u;
/** German trailing attribution: „…“, so Müller. */
const GERMAN_SO = /^\W*so\s+\p{Lu}/u;
const WORD = /[\p{L}’']+/gu;
/** The author just before a speech verb: as its subject ("I asked", "I’d ask"), or made to speak ("led us to ask"). */
const AUTHOR_BEFORE_VERB: ReadonlySet<string> = new Set(['i’d', "i'd", 'i’ll', "i'll", 'we’d', "we'd", 'we’ll', "we'll", 'us', 'me']);
/** The reader as speaker: "you ask", "you'll say". */
const READER = new Set(['you', 'you’ll', "you'll", 'you’d', "you'd"]);
/** A speech verb turned on the speaker themselves: "ask yourself", "we told ourselves". */
const SELF = /^\s+(?:yourself|yourselves|ourselves|myself)(?![\p{L}])/u;
const FIRST_PERSON = new Set([
  'i',
  'we',
  'já',
  'my',
  'yo',
  'nosotros',
  'je',
  "j'",
  'nous',
  'ich',
  'wir',
  'eu',
  'nós',
  'io',
  'noi',
  'ja',
  'я',
  'мы',
  'ik',
  'wij',
  'jeg',
  'jag',
]);

/** Words before a colon lead-in that hold its speaker ("I remember thinking:", "so we asked them:"). */
const LEAD_IN_SPEAKER_WORDS = 4;

/**
 * A lead-in whose last words have the author as speaker ("I remember thinking:", "wir fragten:"):
 * the author introducing their own words names no source, whatever names stand earlier in the
 * sentence ("As I listened to Ann …, I remember thinking:").
 */
export function authorSpeaks(leadIn: string): boolean {
  const words = leadIn.toLowerCase().match(WORD) ?? [];
  return words.slice(-LEAD_IN_SPEAKER_WORDS).some((word) => FIRST_PERSON.has(word));
}

function wordSet(words: string, conjugated: readonly string[] = []): ReadonlySet<string> {
  return new Set([...words.trim().split(/\s+/), ...conjugated]);
}

/**
 * Japanese and Chinese write no spaces between words: their cues are matched as written. Japanese
 * reports speech with the quoting particle と (or って) before a speech verb, right after the
 * quotation (「…」と話した) or in the sentence before it (…だとニックスは話す。「…」), or with
 * によると ("according to"); Chinese puts a speech verb next to the speaker, before or after the
 * quotation (他表示：「…」, 「…」，他說).
 */
const JA_VERB =
  '(?:話し|話す|語っ|語る|語り|述べ|説明し|説明す|指摘し|指摘す|強調し|強調す|明かし|明かす|答え|書い|記し|発表し|表現し|表現す|訴え|主張し|主張す|認め|振り返|付け加え|コメントし|明言し|打ち明け|漏らし|ツイートし|投稿し|警告し|批判し|反論し|断言し|言っ|言う|言い切|解説し|回答し|呼びかけ|宣言し|つぶやい|笑っ|語気)';
const JA_AFTER = new RegExp(`^[\\s」』]*(?:と|って|などと)[^。！？\\n]{0,15}?${JA_VERB}`, 'u');
const JA_WITHIN = new RegExp(`によると|によれば|(?:と|って|こう|ように)[^。！？「『\\n]{0,15}?${JA_VERB}`, 'u');
const ZH_VERB =
  '(?:說|说|表示|指出|強調|强调|認為|认为|透露|坦言|直言|回應|回应|補充|补充|寫道|写道|提到|解釋|解释|告訴|告诉|評語|评语|形容|感嘆|感叹|坦承|宣布|宣佈|問道|问道|答道|回答|據|据)';
const ZH_AFTER = new RegExp(`^[\\s」』”]*[，,]?[^。！？\\n「『“]{0,12}?${ZH_VERB}`, 'u');
const ZH_WITHIN = new RegExp(ZH_VERB, 'u');
/**
 * Korean spaces its words but glues its particles to them: a quotation ends with the quoting
 * particle and a speech verb ("…"라고 말했다, "…"고 밝혔다) or with 며/라며/면서 ("saying"), and
 * 에 따르면 ("according to") names a source before it. Its cues are matched as written too.
 */
const KO_VERB =
  '(?:말했|말하|말한|밝혔|밝히|밝힌|전했|전하|강조했|강조하|설명했|설명하|지적했|지적하|주장했|주장하|덧붙였|덧붙|답했|답하|물었|언급했|언급하|비판했|비판하|반박했|토로했|털어놨|호소했|적었|썼|했다|했고|했으며|했는데|했습니다|합니다|하며|한다)';
const KO_AFTER = new RegExp(`^[\\s"”’」』]*(?:(?:이?라)?(?:며|면서)(?![가-힣])|(?:이?라)?고\\s*[^.!?\\n"“]{0,15}?${KO_VERB})`, 'u');
const KO_WITHIN = new RegExp(`에\\s?따르면|에\\s?의하면|(?:이렇게|다음과 같이)\\s*${KO_VERB}`, 'u');
const CJK_CUES: Record<string, { after: RegExp; within: RegExp }> = {
  ja: { after: JA_AFTER, within: JA_WITHIN },
  zh: { after: ZH_AFTER, within: ZH_WITHIN },
  ko: { after: KO_AFTER, within: KO_WITHIN },
};
const CJK_SENTENCE_END = /[。！？]/gu;

const SCRIPT_SAMPLE = 20_000;

/**
 * The language to read quotations in: the page's (declared, or guessed from its function words),
 * else one its script or letters give away, for the languages above whose function words the
 * guess does not know: kana (Japanese), Han without kana (Chinese), Hangul (Korean), Cyrillic (Russian), and the
 * letters only Polish writes (ą ę ł ś ź ż ń). Null when none stands out. Reads at most the
 * first SCRIPT_SAMPLE characters, once per page.
 */
export function quotationLanguage(text: string, lang: string | null): string | null {
  if (lang !== null) return lang;
  let letters = 0;
  let kana = 0;
  let han = 0;
  let cyrillic = 0;
  let polish = 0;
  let hangul = 0;
  const end = Math.min(text.length, SCRIPT_SAMPLE);
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) letters++;
    } else if (code >= 0x3040 && code <= 0x30ff) {
      kana++;
      letters++;
    } else if (code >= 0x4e00 && code <= 0x9fff) {
      han++;
      letters++;
    } else if (code >= 0xac00 && code <= 0xd7a3) {
      hangul++;
      letters++;
    } else if (code >= 0x0400 && code <= 0x04ff) {
      cyrillic++;
      letters++;
    } else if (POLISH_LETTERS.has(code)) {
      polish++;
      letters++;
    } else if (code >= 0xc0 && code <= 0x24f) letters++;
  }
  if (letters < 100) return null;
  if (kana >= 0.05 * letters) return 'ja';
  if (han >= 0.3 * letters) return 'zh';
  if (hangul >= 0.3 * letters) return 'ko';
  if (cyrillic >= 0.5 * letters) return 'ru';
  if (polish >= 0.01 * letters) return 'pl';
  return null;
}

/** ą ę ł ś ź ż ń and their capitals, by UTF-16 code. */
const POLISH_LETTERS: ReadonlySet<number> = new Set([0x105, 0x119, 0x142, 0x15b, 0x17a, 0x17c, 0x144, 0x104, 0x118, 0x141, 0x15a, 0x179, 0x17b, 0x143]);

/** Languages whose cues and lead-ins are read as written: those with no spaces between words, and Korean, which glues its particles to them. */
export function isCjkLanguage(lang: string | null): boolean {
  return lang !== null && lang in CJK_CUES;
}

/** Languages with a speech-cue lexicon. */
export function hasSpeechLexicon(lang: string | null): boolean {
  return lang !== null && (lang in LEXICON || lang in CJK_CUES);
}

/** A Japanese or Chinese cue: right after the quotation when `after`, else anywhere in the clause's last sentence. */
function hasCjkCue(context: string, cues: { after: RegExp; within: RegExp }, after: boolean): boolean {
  if (after) return cues.after.test(context.slice(0, 40));
  let start = 0;
  CJK_SENTENCE_END.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CJK_SENTENCE_END.exec(context)) !== null) if (m.index < context.length - 1) start = m.index + 1;
  return cues.within.test(context.slice(start));
}

/** An AFTER_ONLY verb among the first AFTER_WORDS words of the (lower-cased) clause after a quotation. */
function afterOnlyCue(lower: string, cues: { words: ReadonlySet<string>; phrases: readonly string[] } | undefined): boolean {
  if (cues === undefined) return false;
  const first = (lower.match(WORD) ?? []).slice(0, AFTER_WORDS);
  if (first.some((word) => cues.words.has(word))) return true;
  const opening = first.join(' ');
  return cues.phrases.some((phrase) => opening.includes(phrase));
}

/**
 * True when `context` (a clause next to a quotation, in `lang`) holds a speech cue. `after` marks
 * the clause right after the quotation, where a few languages put their own trailing form.
 */
export function hasSpeechCue(context: string, lang: string | null, after = false): boolean {
  if (lang === null) return false;
  const cjk = CJK_CUES[lang];
  if (cjk !== undefined) return hasCjkCue(context, cjk, after);
  const lexicon = LEXICON[lang];
  if (lexicon === undefined) return false;
  let lower = context.toLowerCase();
  if (lexicon.idioms !== undefined) lower = lower.replace(lexicon.idioms, ' ');
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  let previous = '';
  let beforePrevious = '';
  const author = (w: string): boolean => FIRST_PERSON.has(w) || AUTHOR_BEFORE_VERB.has(w);
  // A gerund ("asking", "saying") takes the clause's subject: "We spent the year asking “…”" is the
  // author's own line.
  const authorSubject = FIRST_PERSON.has((/^[^\p{L}]*([\p{L}]+)/u.exec(lower)?.[1] ?? '').replace(/[’'].*$/u, ''));
  while ((m = WORD.exec(lower)) !== null) {
    const word = m[0];
    // "I asked", "we often say": the author quoting themselves names no source; "you ask
    // yourself" is the reader's imagined line (GUIDE.md: hypothetical).
    const cue = lexicon.words.has(word) && !author(previous) && !author(beforePrevious) && !READER.has(previous);
    if (
      cue &&
      !(authorSubject && word.endsWith('ing')) &&
      !SELF.test(lower.slice(m.index + word.length)) &&
      (word !== 'laut' || lang !== 'de' || GERMAN_LAUT_SOURCE.test(context.slice(m.index + word.length)))
    )
      return true;
    beforePrevious = previous;
    previous = word;
  }
  for (const phrase of lexicon.phrases) if (lower.includes(phrase)) return true;
  if (after && afterOnlyCue(lower, AFTER_ONLY[lang])) return true;
  if (lang === 'fr' && after && FRENCH_INVERSION.test(context)) return true;
  if (lang === 'de' && after && GERMAN_SO.test(context)) return true;
  return false;
}
