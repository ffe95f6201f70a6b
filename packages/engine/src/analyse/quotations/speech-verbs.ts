// Regular speech verbs of French, Spanish, Portuguese and Italian, given by their infinitive and
// written out in the forms news and blogs attribute quotations with: the third person, singular
// and plural, of the present, the past (passé simple, pretérito, passato remoto), the imperfect,
// the past participle and the gerund ("plaide", "spiegano", "advirtió", "ressaltando"). Listing
// forms one by one left gaps a reader never has ("raconte" but not "racontent", "spiega" but not
// "spiegano"). Irregular verbs (":irr") are written out whole in IRREGULAR; ":ir" marks a French
// verb of the second group, ":isc" an Italian one that takes -isc- ("ribadisce").
//
// A verb is left out where one of its forms is a common noun or adjective that stands before
// quotations without reporting speech (French "note", "réplique"; Italian "domanda"; Portuguese
// "conta", "completa"); a verb whose only such form is its present is listed without it (after "-").

const FR = `plaider s'étonner déplorer fustiger détailler témoigner ironiser constater mentionner soupirer
  s'exclamer s'insurger s'indigner argumenter clamer proclamer revendiquer signaler confesser avouer abonder
  expliquer raconter ajouter souligner préciser estimer indiquer confier assurer observer regretter
  dénoncer déclarer affirmer confirmer annoncer commenter glisser résumer tempêter protester
  rétorquer marmonner murmurer lâcher- trancher- relativiser insister conseiller recommander
  alerter- avertir:ir conclure:irr`;

const ES = `explicar señalar destacar agregar declarar afirmar asegurar comentar apuntar relatar expresar
  sentenciar denunciar recordar:irr confesar:irr reclamar alertar resaltar lamentar aclarar enfatizar
  puntualizar remarcar detallar mencionar recalcar criticar revelar subrayar opinar reiterar
  precisar matizar argumentar indicar narrar exclamar replicar insistir añadir admitir
  responder sostener:irr manifestar:irr advertir:irr anunciar confirmar informar alegar
  defender:irr reconocer:irr lanzar- zanjar valorar-`;

const PT = `afirmar declarar explicar destacar ressaltar salientar comentar criticar justificar argumentar
  avaliar observar pontuar ponderar reiterar frisar enfatizar alertar lembrar relatar revelar
  questionar perguntar indagar opinar desabafar brincar acrescentar apontar assegurar sustentar
  detalhar informar anunciar confirmar lamentar disparar garantir admitir responder defender
  reconhecer:irr escrever:irr contar- completar-`;

const IT = `spiegare raccontare sottolineare commentare osservare precisare dichiarare affermare ricordare
  denunciare confermare rivelare annunciare segnalare rilevare evidenziare replicare confessare
  lamentare assicurare puntualizzare specificare illustrare argomentare avvisare incalzare
  insistere ammonire:isc esordire:isc chiarire:isc suggerire:isc garantire:isc ribadire:isc
  avvertire raccomandare aggiungere:irr rispondere:irr concludere:irr ammettere:irr scrivere:irr
  sostenere:irr chiedere:irr dire:irr`;

/** Endings per conjugation, the present's own (which may be a noun) kept apart. */
const ENDINGS: Record<string, Record<string, { present: string[]; other: string[] }>> = {
  fr: {
    er: { present: ['e', 'ent'], other: ['é', 'ait', 'aient', 'a', 'èrent'] },
    ir: { present: ['it', 'issent'], other: ['i', 'issait', 'issaient'] },
  },
  es: {
    ar: { present: ['a', 'an'], other: ['ó', 'aron', 'aba', 'aban', 'ado', 'ando'] },
    er: { present: ['e', 'en'], other: ['ió', 'ieron', 'ía', 'ían', 'ido', 'iendo'] },
    ir: { present: ['e', 'en'], other: ['ió', 'ieron', 'ía', 'ían', 'ido', 'iendo'] },
  },
  pt: {
    ar: { present: ['a', 'am'], other: ['ou', 'aram', 'ava', 'avam', 'ado', 'ando'] },
    er: { present: ['e', 'em'], other: ['eu', 'eram', 'ia', 'iam', 'ido', 'endo'] },
    ir: { present: ['e', 'em'], other: ['iu', 'iram', 'ia', 'iam', 'ido', 'indo'] },
  },
  it: {
    are: { present: ['a', 'ano'], other: ['ò', 'arono', 'ava', 'avano', 'ato', 'ando'] },
    ere: { present: ['e', 'ono'], other: ['é', 'erono', 'eva', 'evano', 'uto', 'endo'] },
    ire: { present: ['e', 'ono'], other: ['ì', 'irono', 'iva', 'ivano', 'ito', 'endo'] },
    isc: { present: ['isce', 'iscono'], other: ['ì', 'irono', 'iva', 'ivano', 'ito', 'endo'] },
  },
};

/** Irregular verbs' forms, stated whole. */
const IRREGULAR: Record<string, string> = {
  conclure: 'conclut concluent conclu concluait concluaient',
  recordar: 'recuerda recuerdan recordó recordaron recordaba recordaban recordado recordando',
  confesar: 'confiesa confiesan confesó confesaron confesaba confesado confesando',
  sostener: 'sostiene sostienen sostuvo sostuvieron sostenía sostenían sostenido sosteniendo',
  manifestar: 'manifiesta manifiestan manifestó manifestaron manifestaba manifestado manifestando',
  advertir: 'advierte advierten advirtió advirtieron advertía advertían advertido advirtiendo',
  defender: 'defiende defienden defendió defendieron defendía defendido defendiendo',
  reconocer: 'reconoce reconocen reconoció reconocieron reconocía reconocido reconociendo',
  reconhecer: 'reconhece reconhecem reconheceu reconheceram reconhecia reconhecido reconhecendo',
  escrever: 'escreve escrevem escreveu escreveram escrevia escrito escrevendo',
  aggiungere: 'aggiunge aggiungono aggiunse aggiunsero aggiungeva aggiunto aggiungendo',
  rispondere: 'risponde rispondono rispose risposero rispondeva risposto rispondendo',
  concludere: 'conclude concludono concluse conclusero concludeva concluso concludendo',
  ammettere: 'ammette ammettono ammise ammisero ammetteva ammesso ammettendo',
  scrivere: 'scrive scrivono scrisse scrissero scriveva scritto scrivendo',
  sostenere: 'sostiene sostengono sostenne sostennero sosteneva sostenuto sostenendo',
  chiedere: 'chiede chiedono chiese chiesero chiedeva chiesto chiedendo',
  dire: 'dice dicono disse dissero diceva dicevano detto dicendo',
};

/** The forms of every verb of `lang`'s list. */
function conjugate(lang: string, list: string): string[] {
  const endings = ENDINGS[lang]!;
  const forms: string[] = [];
  for (const entry of list.trim().split(/\s+/)) {
    const withoutPresent = entry.endsWith('-');
    // French pronominal verbs are written with their pronoun too: "s'étonne", "s’exclame".
    const pronominal = entry.startsWith("s'");
    const [infinitive, kind] = entry.replace(/-$/, '').replace(/^s'/, '').split(':') as [string, string | undefined];
    if (kind === 'irr') {
      forms.push(...IRREGULAR[infinitive]!.split(' '));
      continue;
    }
    const conjugation = kind ?? Object.keys(endings).find((e) => infinitive.endsWith(e))!;
    const stem = infinitive.slice(0, infinitive.length - conjugation.length);
    const { present, other } = endings[conjugation]!;
    const written = [...(withoutPresent ? [] : present), ...other].map((ending) => adjusted(lang, stem, ending));
    forms.push(...(pronominal ? written.flatMap((form) => [form, `s'${form}`, `s’${form}`]) : written));
  }
  return forms;
}

/** French -ger and -cer verbs keep their sound before a and o: "fustigea", "annonça". */
function adjusted(lang: string, stem: string, ending: string): string {
  if (lang === 'fr' && /g$/.test(stem) && /^[aoâ]/.test(ending)) return `${stem}e${ending}`;
  if (lang === 'fr' && /c$/.test(stem) && /^[aoâ]/.test(ending)) return `${stem.slice(0, -1)}ç${ending}`;
  return stem + ending;
}

/** The forms of the regular speech verbs, per language. */
export const SPEECH_VERB_FORMS: Readonly<Record<string, readonly string[]>> = {
  fr: conjugate('fr', FR),
  es: conjugate('es', ES),
  pt: conjugate('pt', PT),
  it: conjugate('it', IT),
};
