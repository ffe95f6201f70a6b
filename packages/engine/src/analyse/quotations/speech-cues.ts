// Words that tell a reader who is speaking: speech and writing verbs ("said", "wrote", "tweeted"),
// source phrases ("according to", "in a statement") and, for documents, verbs of stating
// ("stipulates", "énonce"). A quotation with one of these next to it has a speaker, because in
// every language below such a verb takes its speaker as subject ("Obama said", "říká trenér").
//
// Languages with a lexicon: English, Czech, Spanish, French, German. Past forms, present forms
// and the common participles are listed as written (Czech verbs by their -l/-la/-li/-lo past
// endings). Any other language has no lexicon: its quotations are attributed by a dash line or
// a colon lead-in naming someone (see attribution.ts), never by a verb.

const EN = `say says said saying tell tells told telling add adds added adding write writes wrote
  written writing explain explains explained explaining noted noting stated argue argues argued
  arguing ask asks asked asking reply replies replied respond responds responded recall recalls
  recalled recalling insist insists insisted insisting claim claims claimed declare
  declares declared announced warn warns warned warning admit admits admitted acknowledge
  acknowledges acknowledged remarked commented suggests suggested concluded tweet
  tweets tweeted posted reported quipped joked laughed emphasised emphasized
  stresses stressed confirmed complained complains recounted testified urged conceded
  countered cautioned boasted agreed wondered mused exclaimed shouted whispered texted emailed
  messaged stipulates proclaimed`;
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

const ES = `dijo dijeron dice dicen decía afirmó afirma afirman aseguró asegura aseguran explicó explica
  explican señaló señala señalan añadió añade agregó agrega declaró declara escribió escribe
  escriben sostuvo sostiene indicó indica advirtió advierte manifestó comentó comenta respondió
  responde contó cuenta según resumió resume llamó reconoció reconoce admitió admite subrayó
  subraya destacó destaca insistió insiste precisó opinó opina apuntó relató expresó sentenció
  denunció tuiteó publicó concluyó planteó recordó recuerda preguntó pregunta confesó reclamó
  afirmaba explicaba aseguraba`;

const FR = `dit disent déclare déclaré déclarent affirme affirmé affirment explique expliqué expliquent
  ajoute ajouté ajoutent souligne souligné précise précisé estime estimé estiment écrit écrivent
  indique indiqué selon d'après d’après raconte raconté confie confié assure assuré rappelle
  rappelé observe noté prévient regrette dénonce dénoncé insiste martèle énonce énoncé stipule
  prévoit répond répondu reconnaît admet conclut commente commenté avertit résume témoigne
  poursuit ironise lance lancé tweeté confirme confirmé annonce annoncé`;

const DE = `sagt sagte sagten gesagt erklärt erklärte erklärten betont betonte betonten hinzu schrieb
  schreibt schreiben meint meinte berichtet berichtete warnt warnte kritisiert kritisierte räumte
  ergänzt ergänzte mitteilte laut zufolge fragt fragte antwortet antwortete bestätigt bestätigte
  fordert forderte zitiert twitterte erzählt erzählte bekräftigte versicherte unterstrich
  kommentierte`;

/** Idioms that hold a speech verb but report no speech ("that being said", "needless to say"). */
const EN_IDIOMS =
  /\b(?:that being said|having said that|that said|needless to say|suffice it to say|so to say|is said to|are said to|to say the least|say,|let's say|i'd say)/g;

const LEXICON: Record<string, { words: ReadonlySet<string>; phrases: readonly string[]; idioms?: RegExp }> = {
  en: { words: wordSet(EN), phrases: EN_PHRASES, idioms: EN_IDIOMS },
  cs: { words: wordSet(CS), phrases: ['nechal se slyšet', 'nechala se slyšet'] },
  es: { words: wordSet(ES), phrases: ['de acuerdo con'] },
  fr: { words: wordSet(FR), phrases: [] },
  de: { words: wordSet(DE), phrases: ['heißt es'] },
};

/** French inverted attribution: "explique-t-il", "a-t-elle dit", "estime-t-on". */
const FRENCH_INVERSION = /\p{L}-(?:t-)?(?:il|elle|ils|elles|on)(?!\p{L})/u;
/** German trailing attribution: „…“, so Müller. */
const GERMAN_SO = /^\W*so\s+\p{Lu}/u;
const WORD = /[\p{L}’']+/gu;
const FIRST_PERSON = new Set(['i', 'we', 'já', 'my', 'yo', 'nosotros', 'je', "j'", 'nous', 'ich', 'wir']);

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.trim().split(/\s+/));
}

/** Languages with a speech-cue lexicon. */
export function hasSpeechLexicon(lang: string | null): boolean {
  return lang !== null && lang in LEXICON;
}

/**
 * True when `context` (a clause next to a quotation, in `lang`) holds a speech cue. `after` marks
 * the clause right after the quotation, where a few languages put their own trailing form.
 */
export function hasSpeechCue(context: string, lang: string | null, after = false): boolean {
  if (lang === null) return false;
  const lexicon = LEXICON[lang];
  if (lexicon === undefined) return false;
  let lower = context.toLowerCase();
  if (lexicon.idioms !== undefined) lower = lower.replace(lexicon.idioms, ' ');
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  let previous = '';
  let beforePrevious = '';
  while ((m = WORD.exec(lower)) !== null) {
    const word = m[0];
    // "I asked", "we often say": the author quoting themselves names no source.
    if (lexicon.words.has(word) && !FIRST_PERSON.has(previous) && !FIRST_PERSON.has(beforePrevious)) return true;
    beforePrevious = previous;
    previous = word;
  }
  for (const phrase of lexicon.phrases) if (lower.includes(phrase)) return true;
  if (lang === 'fr' && after && FRENCH_INVERSION.test(context)) return true;
  if (lang === 'de' && after && GERMAN_SO.test(context)) return true;
  return false;
}
