import { describe, expect, it } from 'vitest';
import { findProseQuotations, measureQuotations } from '../../src/analyse/quotations/index.js';
import { findNumberWordPhrases } from '../../src/analyse/evidence/number-words.js';
import { countStatistics } from '../../src/analyse/evidence/statistics.js';
import { evidenceCandidates } from '../../src/analyse/evidence/candidates.js';
import { profileText } from '../../src/analyse/text/words.js';
import { citedSources } from '../../src/analyse/evidence/citations.js';
import { HEADING_END, HEADING_START } from '../../src/analyse/raw-document.js';

/** The number-word statistics among the profiled text's words, in order. */
const findNumberWordStatistics = (profile: Parameters<typeof findNumberWordPhrases>[0], lang: string | null): string[] =>
  findNumberWordPhrases(profile, lang).map((p) => p.phrase);

const attributed = (text: string, lang = 'en') => findProseQuotations(text, lang).map((q) => [q.words, q.attributed]);

describe('prose quotations', () => {
  it('attributes by a speech verb after or before the quotation, in any quote style', () => {
    expect(attributed('“We will keep trying until the law has changed,” she said.')).toEqual([[9, true]]);
    expect(attributed('Mr Obama said: "For us not to resolve that issue is distressing."')).toEqual([[9, true]]);
    expect(attributed('„Nenapadá mě jediný důvod, proč by nemohli skončit,“ přidává se Heskey.', 'cs')).toEqual([[8, true]]);
    expect(attributed('« Le texte permet de détecter une menace sur la base des données », explique-t-il.', 'fr')).toEqual([[12, true]]);
  });

  it('counts a passage split by its attribution clause once, and a repeat (pull-quote) not again', () => {
    const text =
      '“It resonates because it is scary,” says Stephen Calderwood, MD, president of the society. “But in fairness there is no real definition.”\n“It resonates because it is scary”';
    expect(attributed(text)).toEqual([[14, true]]);
  });

  it('counts a quoted question as speech: its source is named like any other', () => {
    expect(attributed('“Why would anyone ever want to do such a thing?” he asked.')).toEqual([[10, true]]);
  });

  it('starts another passage where the next span names another speaker after it, not where a pronoun refers back', () => {
    const two = '“The first speaker said this in six words,” says Ann Lee. “The second speaker answered with seven words,” replies Bob Stone.';
    expect(attributed(two)).toEqual([
      [8, true],
      [7, true],
    ]);
    const one = '“The first speaker said this in six words,” says Ann Lee. “And then she went on with more,” she added.';
    expect(attributed(one)).toEqual([[15, true]]);
  });

  it('joins a quotation continued in the next paragraph (no closing mark): 10 + 2 + 13 words, one passage', () => {
    expect(
      attributed(
        '“The drug was in her system and there was no antidote,” her mother said. “She was\n“burning up from within and we could do nothing to stop it.”',
      ),
    ).toEqual([[25, true]]);
  });

  it('takes the source from the sentence before a stand-alone quotation', () => {
    expect(attributed('Mr Obama said race relations had improved.\n“There are going to be tensions for a long time to come.”')).toEqual([[12, true]]);
  });

  it('does not count scare quotes, titles or quotations without a source', () => {
    expect(attributed('The so-called “sharing economy” is a lie, she said.')).toEqual([]);
    expect(attributed('He wrote “A Paradise Built in Hell: The Extraordinary Communities”.')).toEqual([]);
    expect(attributed('The sign read nothing. “Give me a nonce and a globally unique monotonic integer.”')).toEqual([[10, false]]);
    expect(attributed(`${HEADING_START}“Seven words in a heading are not quoted”${HEADING_END}`)).toEqual([]);
  });

  it("does not attribute a proverb's words, however a saying is said to go", () => {
    expect(
      attributed('It is the design that matters. As the Chinese saying goes, “problems can only be solved by those who caused them”. So it goes.'),
    ).toEqual([[10, false]]);
    expect(attributed('Wie das Sprichwort sagt: „Wer zuletzt lacht, lacht am besten und hat am meisten davon.“ Das gilt.', 'de')).toEqual([
      [expect.any(Number), false],
    ]);
    // A person still says what they keep saying.
    expect(attributed('She kept saying, “We will win this thing, whatever happens next week,” to the whole team.')).toEqual([[expect.any(Number), true]]);
  });

  // Korean glues the quoting particle and its verb to the closing mark: "…"라고 말했다, "…"며.
  it('reads Korean speech cues as written: a quoting particle and a speech verb, 며, or 에 따르면', () => {
    const [said, saying, lone] = [
      '문정복 최고위원은 “선호투표라는 목적을 정해놓고 그에 따라 모든 일을 하고 있다”라고 말했다.',
      '그는 “마치 링 가운데 코너로 몰아넣고 집중적으로 펀치를 맞는 느낌”이라며 자리를 떠났다.',
      '회의장 벽에는 “모든 당원은 평등하다는 원칙을 끝까지 지킨다”라는 글귀가 걸려 있었다.',
    ].map((text) => attributed(text, 'ko'));
    expect(said).toEqual([[expect.any(Number), true]]);
    expect(saying).toEqual([[expect.any(Number), true]]);
    expect(lone).toEqual([[expect.any(Number), false]]);
    expect(attributed('연합뉴스에 따르면 “정부는 다음 주에 새로운 대책을 발표할 예정”이다.', 'ko')).toEqual([[expect.any(Number), true]]);
  });

  it('reads speech cues in Portuguese, Polish and Russian, and Japanese and Chinese as written', () => {
    expect(attributed('"A prioridade no Senado atualmente é a reforma tributária", sustentou.', 'pt')).toEqual([[9, true]]);
    expect(attributed('Charles Michel napisał, że W. Brytania pozostaje „ważnym przyjacielem i partnerem Unii Europejskiej”.', 'pl')).toEqual([[6, true]]);
    expect(attributed('«Мы продолжим работу над этим проектом в следующем году», — сказал министр.', 'ru')).toEqual([[9, true]]);
    expect(attributed('ニックスは「こうした状況は冗談で、ストックホルム症候群と呼ばれています」と話す。', 'ja')).toEqual([[14, true]]);
    expect(attributed('知名主持人 張小燕：「二位都有好的演技，很容易就把我帶進去劇情。」', 'zh')).toEqual([[10, true]]);
    expect(attributed('「Helvetica」と書かれた有名なデザインのTシャツ。', 'ja')).toEqual([]);
  });

  it('reads "shared with", "assured" and "sighed" as speech, not "rest assured"', () => {
    expect(attributed('"Folic acid is absolutely essential during pregnancy," she shared with The List.')).toEqual([[7, true]]);
    expect(attributed('"The Americans will find us contracts around the world," Morales assured his partner.')).toEqual([[9, true]]);
    expect(attributed('“It is not enough for one day in a hospital,” Al-Hams sighed.')).toEqual([[10, true]]);
    expect(attributed('Rest assured that "this is a test of the system" is only a phrase.')).toEqual([[7, false]]);
  });

  it('takes a name, and the outlet after it, between signed quotations for their source', () => {
    const reviews =
      '“Of all the ways to run Windows on a Mac, Parallels Desktop is my favorite because it just works.” Adrian Kingsley-Hughes, ZDNet “Unlike Apple’s Boot Camp, Parallels lets you run both operating systems at the same time.” Larry Magid, Forbes';
    expect(attributed(reviews)).toEqual([
      [19, true],
      [15, true],
    ]);
    // Words between two quotations are no name: "and".
    expect(attributed('“The food was great,” and “the service was slow” are what people write.')).toEqual([]);
  });

  it('reads speech cues in Dutch, Norwegian, Swedish and Danish', () => {
    expect(attributed('“Ik voel geen behoefte om populair te doen”, zegt ze daar zelf over.', 'nl')).toEqual([[8, true]]);
    expect(attributed('«Vi visste ikke hva vi gikk til da vi startet turen», forteller Fredrik.', 'no')).toEqual([[11, true]]);
    expect(attributed('»Det här är den största satsningen vi har gjort«, säger vd:n Anna Berg.', 'sv')).toEqual([[9, true]]);
    expect(attributed('»Vi har aldrig set noget lignende i vores by«, siger borgmesteren.', 'da')).toEqual([[9, true]]);
    expect(attributed('»Jeg skal ud med dobbelt så meget pap, som jeg plejer nu!« udbryder hun med et grin.', 'da')).toEqual([[12, true]]);
    // The author's own line names no source: "ik zeg".
    expect(attributed('Ik zeg altijd: “Wie niet waagt, die niet wint en wie niet zoekt, die niet vindt.”', 'nl')).toEqual([[13, false]]);
  });

  it('reads Turkish speech verbs after the quotation, and its quoting particle', () => {
    expect(attributed('Uraloğlu, "Geçen yılın aynı ayında dört bin satış gerçekleşmişti, bu yıl iki katı." dedi.', 'tr')).toEqual([[12, true]]);
    expect(attributed('"İller bazında en fazla şarj istasyonu İstanbul\'da bulunuyor ve sayı artıyor." diye konuştu.', 'tr')).toEqual([[11, true]]);
    // "göre" is as often "by" or "compared with" as "according to".
    expect(attributed('Geçen yıla göre "satışlar iki katından fazla arttı ve pazar büyüyor" yazısı asıldı.', 'tr')).toEqual([[8, false]]);
  });

  it('reads the regular speech verbs of French, Spanish, Portuguese and Italian in all their forms', () => {
    expect(attributed('« Vous devez le juger sans céder à la passion et à la pression », plaide son avocate.', 'fr')).toEqual([[13, true]]);
    expect(attributed("« On comprend mal comment vous ne vous soyez pas posé la question », s'étonne le magistrat.", 'fr')).toEqual([[12, true]]);
    expect(attributed('La FAO está advirtiendo que “el problema más serio no es este año”.', 'es')).toEqual([[8, true]]);
    expect(attributed('“Il tempo per agire sta finendo molto in fretta”, spiegavano gli attivisti.', 'it')).toEqual([[9, true]]);
    expect(attributed('"O mercado vai crescer muito no próximo ano", ressaltando a importância.', 'pt')).toEqual([[8, true]]);
    // A form that is a common noun is left out: "la réplique" reports no speech.
    expect(attributed('La réplique du film « Je reviendrai un jour dans cette ville » est culte.', 'fr')).toEqual([[7, false]]);
  });

  it('reads an undeclared page in the language its script or letters give away', () => {
    const polish =
      'Przewodniczący Rady Europejskiej Charles Michel napisał na Twitterze, że W. Brytania pozostaje „ważnym przyjacielem i partnerem Unii Europejskiej”.';
    expect(findProseQuotations(polish, null).map((q) => q.attributed)).toEqual([true]);
    expect(findProseQuotations(polish.replace(/[ąęłśźżń]/g, 'a'), null).map((q) => q.attributed)).toEqual([false]);
  });

  it("does not take a sentence's capitalised first word for a name before a colon, nor strings in code", () => {
    expect(attributed('Run the following command: "git commit -m added the first version of the page"')).toEqual([[10, false]]);
    expect(attributed('Jason Snell: "It is the best laptop Apple has made in years."')).toEqual([[10, true]]);
    expect(attributed('\u0004Description: "Returns the name of the current user as a string"\u0005')).toEqual([]);
  });

  it('counts a blockquote once even when its text is in quote marks, attributed by its lead-in', () => {
    const quote = {
      attributed: false,
      text: '"Drinking game for web devs: think of a noun" — Shay Friedman',
      leadIn: 'As Trent Hamm at The Simple Dollar explains:',
    };
    expect(measureQuotations([quote], quote.text, 'en')).toMatchObject({ total: 1, attributed: 1 });
    expect(measureQuotations([{ ...quote, leadIn: 'Here is the list' }], 'nothing quoted', 'en')).toMatchObject({ total: 1, attributed: 0 });
  });

  it('attributes a quoted post whose first line names its author, as forum software writes it inside the quote', () => {
    const post = { attributed: false, text: 'ericwn said: Pocket computers are either tools or fashion items. Click to expand...', leadIn: '' };
    expect(measureQuotations([post], 'nothing quoted', 'en')).toMatchObject({ total: 1, attributed: 1 });
    const note = { attributed: false, text: 'Note: pocket computers are either tools or fashion items.', leadIn: '' };
    expect(measureQuotations([note], 'nothing quoted', 'en')).toMatchObject({ total: 1, attributed: 0 });
  });

  it("attributes a quoted post by forum software's header in the software's words, whatever the page's language", () => {
    const posts = [
      'Nixe said: Ja, es sind leider einige Randfiguren, die hier schreiben, es sei schade.',
      'Quote from klwild on May 10, 2024, 10:23 am Hallo biker. Kannst du mir noch einmal mit CSS helfen?',
    ];
    for (const text of posts) {
      expect(measureQuotations([{ attributed: false, text, leadIn: '' }], 'nothing quoted', 'de')).toMatchObject({ total: 1, attributed: 1 });
    }
    const notice = { attributed: false, text: 'Hinweis: Die Lichtrunen bei Okyris wurden leider entfernt, so steht es im Patch.', leadIn: '' };
    expect(measureQuotations([notice], 'nothing quoted', 'de')).toMatchObject({ total: 1, attributed: 0 });
    // vBulletin wraps the replying post's whole body, opened by the quote it answers: the reply is no quotation.
    const reply = { attributed: false, text: 'Originally Posted by tubeguy The bias was too hot. I disagree, it was fine for these valves.', leadIn: '' };
    expect(measureQuotations([reply], 'nothing quoted', 'en')).toMatchObject({ total: 1, attributed: 0 });
  });

  it("attributes an embedded post by its name line, the author's name and handle closing the card", () => {
    const tweet = {
      attributed: false,
      text: 'コメントのお詫び・訂正をブログに書きました https://t.co/1wadJUOP1I — 三上洋 (@mikamiyoh) January 29, 2019',
      leadIn: '',
    };
    expect(measureQuotations([tweet], 'nothing quoted', 'ja')).toMatchObject({ total: 1, attributed: 1 });
  });
});

describe('statistics in words', () => {
  const words = (text: string) => profileText(text);
  it('counts number words before what they count, once per number', () => {
    expect(findNumberWordStatistics(words('Nine African-American churchgoers were killed and two million people watched.'), 'en')).toEqual([
      'nine african-american',
      'two million people',
    ]);
    expect(findNumberWordStatistics(words('during a three-day journey'), 'en')).toEqual(['three-day']);
    expect(findNumberWordStatistics(words('Pět vítězných duelů za čtrnácti dnů'), 'cs')).toEqual(['pět vítězných', 'čtrnácti dnů']);
    expect(findNumberWordStatistics(words('the crawler reads pages'), 'en')).toEqual([]);
    // A parent's count of children; an age; a vague magnitude.
    expect(findNumberWordStatistics(words('she is a mother of two now living in Los Angeles'), 'en')).toEqual(['two']);
    expect(findNumberWordStatistics(words('Tengo una niña de tres años que camina desde los dos años y medio.'), 'es')).toEqual([]);
    expect(findNumberWordStatistics(words('Er konnte einige Hundert Meter gehen, a few thousand steps.'), 'de')).toEqual([]);
    expect(findNumberWordStatistics(words('several hundred metres and a few thousand steps'), 'en')).toEqual([]);
    // "one of the twelve characters" is a ratio, as "11 of the 12" is; "the twelve characters" points back.
    expect(findNumberWordStatistics(words("She's one of the twelve characters; the twelve characters return."), 'en')).toEqual(['twelve characters']);
    // A half takes the article and counts as a share.
    expect(findNumberWordStatistics(words('dass man nicht mal die Hälfte der besuchten URLs erwischt'), 'de')).toEqual(['hälfte der']);
    // Anchors in time and the later unit of a span, as in digits.
    expect(findNumberWordStatistics(words('Llamó diez días más tarde, hace dos lunes, tras dos meses y tres días.'), 'es')).toEqual(['dos meses']);
  });

  it('leaves out "one", relative anchors, structural counts, restatements and referring phrases', () => {
    expect(findNumberWordStatistics(words('one day two years ago there were two kinds of the two sides'), 'en')).toEqual([]);
    expect(findNumberWordStatistics(words('nearly three-quarters 74% of respondents'), 'en')).toEqual([]);
    expect(findNumberWordStatistics(words('two people died'), 'fr')).toEqual([]);
    expect(findNumberWordStatistics(words('the top five films and the first half of the story and the other half'), 'en')).toEqual([]);
    // Relative anchors written before the span: hace, vor, il y a, před.
    expect(findNumberWordStatistics(words('asumió hace dos meses; durante dos periodos'), 'es')).toEqual(['dos periodos']);
    // The time passed since an event anchors it; a rate since a year stays.
    expect(findNumberWordStatistics(words('se cumplieron cinco años desde que la Corte falló; cada tres años desde 2000'), 'es')).toEqual(['tres años']);
    expect(findNumberWordStatistics(words('vor zwei Jahren kamen zwei Kinder'), 'de')).toEqual(['zwei kinder']);
    expect(findNumberWordStatistics(words('il y a deux ans, deux apiculteurs'), 'fr')).toEqual(['deux apiculteurs']);
  });

  it('counts a hedged span before "before" or "after", "one" with a unit after "for", and a range or ratio of words once', () => {
    expect(findNumberWordStatistics(words('about five years before I would graduate, two days after the vote'), 'en')).toEqual(['five years']);
    expect(findNumberWordStatistics(words('patches for one month after release'), 'en')).toEqual(['one month']);
    expect(findNumberWordStatistics(words('two of three requirements, in two or three dimensions'), 'en')).toEqual([
      'two of three requirements',
      'two or three dimensions',
    ]);
  });

  it('counts a span after "the", and "one" before new/additional/extra', () => {
    expect(findNumberWordStatistics(words('children growing up during the eight years of his presidency'), 'en')).toEqual(['eight years']);
    expect(findNumberWordStatistics(words('added one new achievement and one more thing'), 'en')).toEqual(['one new achievement']);
  });

  it('leaves out items the text picks from a set it has ("the other two", "the first ten"), not a span after them', () => {
    expect(findNumberWordStatistics(words('the other two options failed, as did the first ten squares'), 'en')).toEqual([]);
    expect(findNumberWordStatistics(words('The algorithm comprises two main stages.'), 'en')).toEqual([]);
    expect(findNumberWordStatistics(words('Sieben Jahre sind Floppy und Little Amiga mittlerweile alt. Sieben Jahre sind vergangen.'), 'de')).toEqual([
      'sieben jahre',
    ]);
    expect(findNumberWordStatistics(words('les deux autres et les premiers trois'), 'fr')).toEqual([]);
    expect(findNumberWordStatistics(words('over the last two decades and the last quarter-century'), 'en')).toEqual(['two decades', 'quarter-century']);
    expect(findNumberWordStatistics(words('on a three-hour drive along the four-mile coast'), 'en')).toEqual(['three-hour', 'four-mile']);
  });

  it('leaves out a span followed by a word that anchors it in time, in French "après"', () => {
    expect(findNumberWordStatistics(words('deux semaines après la réunion, trois hectares brûlaient'), 'fr')).toEqual(['trois hectares']);
  });

  it('leaves out a count that leads into a list', () => {
    const text = 'We are running three experiments: a, b and c. Three experiments ran last year.';
    expect(countStatistics(text, words(text), 'en')).toBe(1);
  });

  it('counts what the candidates count: a lead-in is left out where it stands', () => {
    // The second "tres patas" leads into no list: it counts, as a search for any "tres patas:" would not have it.
    const text = 'El reclamo tiene tres patas: el pedido, los proyectos y la consulta. Ayer tenía tres patas rotas.';
    const counted = evidenceCandidates(
      { text, lang: 'es', links: [], markupQuotations: [], siteDomain: 'example.com' },
      { numbers: true, quotes: false, links: false },
    ).numbers.filter((c) => c.counted);
    expect(counted.map((c) => c.start)).toEqual([text.lastIndexOf('tres')]);
    expect(countStatistics(text, words(text), 'es')).toBe(counted.length);
  });
});

describe('citations: the site boundary and what is not a source', () => {
  const link = (href: string, text = 'a report', internal = false) => {
    const u = new URL(href);
    return { href: u.href, hostname: u.hostname, pathname: u.pathname, internal, rel: [], text };
  };
  it('counts other sites once per URL, not alternate domains of the publication', () => {
    expect(citedSources([link('https://www.bbc.co.uk/news/x'), link('https://www.reuters.com/a'), link('https://www.reuters.com/a')], 'bbc.com')).toEqual([
      'https://www.reuters.com/a',
    ]);
  });
  it('leaves out profiles, tags, photo credits, images, affiliate and where-to-watch links', () => {
    const links = [
      link('https://twitter.com/someone'),
      link('https://twitter.com/someone/status/123'),
      link('https://www.example.org/tag/news'),
      link('https://www.flickr.com/photos/a/1'),
      link('https://cdn.example.org/a.png'),
      link('https://go.redirectingat.com/?url=https%3A%2F%2Fwww.amazon.com%2Fdp%2F1'),
      link('https://www.netflix.com/title/1', 'Netflix'),
      link('https://www.youtube.com/watch?v=abc', 'YouTube'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://twitter.com/someone/status/123']);
  });
  it("leaves out a contact page and a person's about or team page linked from their name, not an organisation's", () => {
    const links = [
      link('https://fitterliving.com/about/', 'Amanda A. Kostro Miller'),
      link('https://supplements101.net/meet-our-team/', 'Dr. Lina Velikova'),
      link('http://adrien.example.eu/contact.html', 'contact page'),
      link('https://www.openstreetmap.org/about', 'OpenStreetMap'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://www.openstreetmap.org/about']);
  });

  it("leaves out an article's own DOI, its figures' DOIs that extend it and its supplementary files, not the DOIs it cites", () => {
    const links = [
      link('https://doi.org/10.1371/journal.pone.0000001', 'https://doi.org/10.1371/journal.pone.0000001'),
      link('https://doi.org/10.1371/journal.pone.0000001.g001', 'https://doi.org/10.1371/journal.pone.0000001.g001'),
      link('https://doi.org/10.1038/nature01234', 'Smith et al. 2003'),
      link('https://media.springernature.com/original/esm/MOESM1_ESM.pdf', 'Supplementary Information (download PDF )'),
      link('https://media.springernature.com/original/esm/MOESM2_ESM.pdf', 'Reporting Summary (download PDF )'),
    ];
    expect(citedSources(links, 'plos.org')).toEqual(['https://doi.org/10.1038/nature01234']);
    // A DOI cited alone stays a source, and so does one that only looks like an extension.
    expect(citedSources([link('https://doi.org/10.1371/journal.pone.0000001'), link('https://doi.org/10.1371/journal.pone.0000002')], 'site.com')).toHaveLength(
      2,
    );
  });

  it("leaves out a topic's or a section's page in the page's language, not an article under it", () => {
    const links = [
      link('https://www.franceculture.fr/theme/violences-policieres', 'plusieurs émissions'),
      link('https://www.zeit.de/thema/klimawandel', 'Klimawandel'),
      link('https://elpais.com/tema/vivienda/', 'vivienda'),
      link('https://www.franceculture.fr/theme/violences-policieres/une-enquete-sur-les-controles', 'une enquête'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://www.franceculture.fr/theme/violences-policieres/une-enquete-sur-les-controles']);
  });

  it("leaves out a person's profile or own site linked from their name, not a page whose words only look like one", () => {
    const links = [
      link('https://balanceone.com/pages/trista-best-rd', 'Trista Best'),
      link('https://www.torial.com/sebastian.drescher', 'Sebastian Drescher'),
      link('http://www.rolandbrockmann.de/', 'Roland Brockmann'),
      link('https://www.theguardian.com/world/2019/nov/05/india-top-court-orders-halt', 'Supreme Court'),
      link('https://en.wikipedia.org/wiki/Rapid_application_development', 'Rapid Application Development'),
    ];
    expect(citedSources(links, 'site.com')).toEqual([
      'https://www.theguardian.com/world/2019/nov/05/india-top-court-orders-halt',
      'https://en.wikipedia.org/wiki/Rapid_application_development',
    ]);
  });

  it("leaves out a handle's page on any host, and a person's team or about page in the page's language, its escapes decoded; not a post", () => {
    const links = [
      link('https://mastodon.potager.org/@lunar', 'lunar'),
      link('https://medium.com/@anagsiu', 'Ana'),
      link('http://www.haerting.de/team/niko-h%C3%A4rting', 'Niko Härting'),
      link('https://www.example.fr/qui-suis-je/', 'Marie Durand'),
      link('https://mastodon.potager.org/@lunar/112233', 'ce fil'),
      link('https://www.framasoft.org/fr/a-propos/', 'Framasoft'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://mastodon.potager.org/@lunar/112233', 'https://www.framasoft.org/fr/a-propos/']);
  });

  it("leaves out affiliate programmes' redirects and parameters, and share buttons by their words", () => {
    const links = [
      link('https://target.georiot.com/Proxy.ashx?tsid=1&GR_URL=https%3A%2F%2Fwww.amazon.com%2Fstores%2Fpage%2F1'),
      link('https://rover.ebay.com/rover/1/711-53200-19255-0/1?ff3=4&campid=5337827784&mpre=https%3A%2F%2Fwww.ebay.com%2F'),
      link('https://www.bhphotovideo.com/c/product/1/x.html?BI=20811&KBID=16572'),
      link('https://www.facebook.com/someone/posts/1507724049378556', 'Partager sur Facebook'),
      link('https://twitter.com/someone/status/123', 'the minister said so'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://twitter.com/someone/status/123']);
  });
  it("leaves out a wiki's furniture: Wikidata items, namespace pages (Special:, Category:, a template's documentation)", () => {
    const links = [
      link('https://www.wikidata.org/wiki/Q111'),
      link('https://commons.wikimedia.org/wiki/Category:Mars_(planet)'),
      link('https://pt.wiktionary.org/wiki/Special:Search/Marte'),
      link('https://ar.wikipedia.org/wiki/%D9%82%D8%A7%D9%84%D8%A8:%D9%85%D8%B9%D9%84%D9%88%D9%85%D8%A7%D8%AA'),
      link('https://en.wikipedia.org/wiki/Star_Wars:_The_Last_Jedi'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://en.wikipedia.org/wiki/Star_Wars:_The_Last_Jedi']);
  });
  it("counts a named subdomain of the site's name under another suffix: another of its publications", () => {
    const links = [
      link('https://insights.stackoverflow.com/survey/2019'),
      link('https://stackoverflow.com/questions/1'),
      link('https://en.stackoverflow.com/a'),
    ];
    expect(citedSources(links, 'stackoverflow.blog')).toEqual(['https://insights.stackoverflow.com/survey/2019']);
  });
  it('leaves out section, topic and author pages but counts an article filed under a section', () => {
    const links = [
      link('https://www.example.org/topics/rust'),
      link('https://www.example.org/category/news/'),
      link('https://www.zeit.de/autoren/S/Caspar_Schwietering/index'),
      link('https://www.npr.org/sections/goatsandsoda/2019/11/15/779526827/china-reports-plague'),
      link('https://www.history.com/topics/middle-ages/black-death'),
    ];
    expect(citedSources(links, 'site.com')).toEqual([
      'https://www.npr.org/sections/goatsandsoda/2019/11/15/779526827/china-reports-plague',
      'https://www.history.com/topics/middle-ages/black-death',
    ]);
  });
  it('counts a URL once over http and https, with or without www', () => {
    expect(
      citedSources(
        [
          link('http://nssdc.gsfc.nasa.gov/fact.html'),
          link('https://nssdc.gsfc.nasa.gov/fact.html'),
          link('https://www.nasa.gov/a'),
          link('http://nasa.gov/a'),
        ],
        'site.com',
      ),
    ).toEqual(['http://nssdc.gsfc.nasa.gov/fact.html', 'https://www.nasa.gov/a']);
  });
  it('leaves out pictures: links without a word, and badge and image servers, but not an embedded post', () => {
    const links = [
      link('https://pypi.python.org/pypi/htmldate', ''),
      link('https://camo.githubusercontent.com/95f3eff9a3', 'PyPI - Status'),
      link('https://badge.fury.io/py/yapapi', 'PyPI version'),
      link('https://twitter.com/vonderleyen/status/1387303591342399488', ''),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://twitter.com/vonderleyen/status/1387303591342399488']);
  });
  it("leaves out a search engine's results (a reference list's Google Scholar lookups) and an e-mail address written as a URL", () => {
    const links = [
      link('https://doi.org/10.1016/j.vaccine.2013.09.013', 'doi:10.1016/j.vaccine.2013.09.013'),
      link('http://scholar.google.com/scholar_lookup?hl=en&volume=31&publication_year=2013', 'Google Scholar'),
      link('https://www.google.com/search?q=influenza+vaccination', 'a search'),
      link('https://duckduckgo.com/?q=influenza', 'a search'),
      link('http://mlanderson@berkeley.edu/', '[email protected]'),
    ];
    expect(citedSources(links, 'site.com')).toEqual(['https://doi.org/10.1016/j.vaccine.2013.09.013']);
  });
  it('judges a redirect on the site by its destination', () => {
    expect(citedSources([link('https://www.site.com/click?url=https%3A%2F%2Fwww.whitehouse.gov%2Fplan', 'plan', true)], 'site.com')).toEqual([
      'https://www.whitehouse.gov/plan',
    ]);
  });
});

describe('attribution inside the quote marks (incise)', () => {
  it('attributes a quotation whose own words hold a speech verb and its speaker between commas', () => {
    expect(attributed('« Cette loi nous inquiète beaucoup, affirme-t-elle. Nous irons tous manifester demain. »', 'fr')).toEqual([[11, true]]);
    expect(attributed('« Je suis très inquiet pour mon avenir, glisse-t-il lorsqu’on le croise. Mon contrat finit. »', 'fr')).toEqual([[14, true]]);
    expect(attributed('« Absurde. Ce processus est la norme, explique Jean Dupont, toxicologue. Les études sont publiques. »', 'fr')).toEqual([[14, true]]);
    expect(attributed('“The plan is sound, said Mary Jones, and we will follow it to the end.”')).toEqual([[15, true]]);
  });

  it('does not take a question or a clause running to the end for an incise', () => {
    expect(attributed('« Comment, peut-il dire que la lune est belle ce soir ? »', 'fr')).toEqual([[10, false]]);
    expect(attributed('“We will see, said nobody in particular”')).toEqual([[7, false]]);
  });

  it('attributes a quotation whose speech verb and speaker stand between dashes, not a remark between them', () => {
    expect(attributed('“L’orologio climatico – spiegano gli attivisti sul sito – mostra due numeri alla città.”', 'it')).toEqual([[12, true]]);
    expect(attributed('“L’orologio climatico – il più grande del mondo – mostra due numeri alla città.”', 'it')).toEqual([[12, false]]);
    // Hyphens stand for the dashes where a keyboard has none.
    expect(attributed('"Lo studio conferma i dati - dichiara il Presidente Cannata - e ora serve agire."', 'it')).toEqual([[13, true]]);
  });
});

describe('where a run of quoted fragments starts', () => {
  it('starts at the first span of about six words when short terms open the sentence', () => {
    const text = 'The merger creates a “stronger” and “more viable” news enterprise “with deep local roots and national scale,” Reed said.';
    expect(findProseQuotations(text, 'en').map((q) => [q.text, q.attributed])).toEqual([['with deep local roots and national scale,', true]]);
    expect(attributed('As his song “Barracuda” played, he said into the microphone, “Here is a real song.”')).toEqual([]);
  });

  it('keeps a short first fragment split from the rest by its attribution clause', () => {
    expect(attributed('“Along the way,” she said, “I felt severe pain, so I went to the hospital.”')).toEqual([[13, true]]);
  });
});

describe("the author's own words", () => {
  it('does not take a colon lead-in whose speaker is the author for an attribution', () => {
    expect(attributed('As I listened to Ann tell him, I remember thinking: “This woman is as desperate as I am!”')).toEqual([[8, false]]);
    expect(attributed('Ann Wilson told the crowd: “This woman is as desperate as I am!”')).toEqual([[8, true]]);
  });
});

describe('a reference to the quoted document after the quotation', () => {
  it('attributes a quotation followed by a work and its place, a page, or a footnote marker', () => {
    expect(attributed('“Blessed are those who keep his statutes and seek him with all their heart.” (Psalms 119:2). Then', 'en')).toEqual([[14, true]]);
    expect(attributed('The list was to be “an aid to decisions and not a blind ranking of journals” [1]. More', 'en')).toEqual([[11, true]]);
    expect(attributed('The notes add that “the section did not have the skills to assess such journals” (p. iii).', 'en')).toEqual([[11, true]]);
  });

  it('does not take a bare year or a parenthetical remark for a reference', () => {
    expect(attributed('The “six words in quote marks here today” (2019) stood.', 'en')).toEqual([[7, false]]);
    expect(attributed('The “six words in quote marks here today” (see below) stood.', 'en')).toEqual([[7, false]]);
  });
});

describe('speech verbs that follow the quotation', () => {
  it('reads "continued", "went on" and « critique X » as attribution right after the quotation only', () => {
    expect(attributed('“I am worried about him and afraid of losing him,” she continued.')).toEqual([[10, true]]);
    expect(attributed('“I am shocked by what is happening here,” she went on.')).toEqual([[8, true]]);
    expect(attributed('« La virtualité est au journal de 20h qui ne parlait pas de ça » critique David Dufresne.', 'fr')).toEqual([[13, true]]);
    expect(attributed('The “continued decline of the local news industry here” is sad.')).toEqual([[8, false]]);
    expect(attributed('Une critique du film : « un long moment de cinéma sans aucun intérêt ».', 'fr')).toEqual([[8, false]]);
  });

  it('reads the speech verbs of Spanish, French and German news', () => {
    expect(attributed('“No descartaría la posibilidad de que se utilicen armas nucleares”, alertó Murátov.', 'es')).toEqual([[10, true]]);
    expect(attributed('La experta enfatizó que “muchas veces el colaborador puede generar emociones de tristeza”.', 'es')).toEqual([[9, true]]);
    expect(attributed('»Die horizontal übertragenen Gene dienen uns als DNA-Fossilien«, beschreibt Cai den Ansatz.', 'de')).toEqual([[8, true]]);
    expect(attributed('Il constate « une disproportion dans la riposte des forces de l’ordre ».', 'fr')).toEqual([[9, true]]);
    expect(attributed('“No hay seguridad cuando no nos anticipamos a la acción criminal”, recalcó.', 'es')).toEqual([[11, true]]);
  });
});

describe('a role or a document as the source', () => {
  it('attributes a quotation whose sentence names a role or a document before it', () => {
    expect(attributed('La lettre liste trois conditions : des « financements récurrents en rupture avec les appels à projets ».', 'fr')).toEqual([[9, true]]);
    expect(attributed('The spokesperson described the plan as “a step back for every family in the region”.')).toEqual([[9, true]]);
    expect(attributed('Die Studie nennt das „einen Rückschritt für alle Familien in der Region“.', 'de')).toEqual([[8, true]]);
  });

  it('does not take other nouns for a source', () => {
    expect(attributed('The plan was described as “a step back for every family in the region”.')).toEqual([[9, false]]);
  });
});

describe('citations: share services, mailing-list sign-ups and section fronts', () => {
  const link = (href: string, text = 'a report') => {
    const u = new URL(href);
    return { href: u.href, hostname: u.hostname, pathname: u.pathname, internal: false, rel: [], text };
  };
  it('leaves out a sharing service, a mailing list sign-up page and a section folder index near the root', () => {
    const links = [
      link('http://www.addthis.com/bookmark.php?v=250&pub=x', 'Bookmark and Share'),
      link('http://mail.example.org/mailman/listinfo/discussion'),
      link('https://news.example.com/saints/index.html', 'Saint John'),
      link('https://news.example.com/feasts/mercy/index.html', 'Divine Mercy'),
    ];
    expect(citedSources(links, 'blog.example')).toEqual([]);
  });

  it('keeps an article served as its folder index under its date', () => {
    const article = link('https://www.cnn.com/2019/11/01/asia/delhi-pollution/index.html');
    expect(citedSources([article], 'blog.example')).toEqual([article.href]);
  });
});

describe('German lead-ins', () => {
  it('does not take a noun after an article or an adjective for a name before a colon', () => {
    expect(attributed('Es geht um zweite Bände, die nie erschienen sind: „Abgebrochene Forschung. Zur Geschichte unvollendeter Projekte“.', 'de')).toEqual([
      [6, false],
    ]);
    expect(attributed('Dann schickt Gezer eine Nachricht an Fichtner: „Es ist schlimmer als jeder Albtraum.“', 'de')).toEqual([[6, true]]);
    expect(attributed('Bundesverkehrsminister Scheuer: „Das ist das größte Projekt seit der Bahnreform.“', 'de')).toEqual([[8, true]]);
  });

  it('reads "laut" as "according to" only before its source', () => {
    expect(attributed('Das sei, laut und deutlich angekündigt, „so werden wir das nicht mehr hinnehmen“.', 'de')).toEqual([[7, false]]);
    expect(attributed('Das sei laut Müller „so werden wir das nicht mehr hinnehmen“.', 'de')).toEqual([[7, true]]);
  });
});

describe('a name line after the quotation', () => {
  it("attributes a quotation whose paragraph ends with its author's name alone", () => {
    expect(attributed('Regards, Anna "Whoever looks into my garden looks into my heart".... Herman von Pückler-Muskau')).toEqual([[9, true]]);
  });

  it('does not take other words after the quotation for a name line', () => {
    expect(attributed('Regards, Anna "Whoever looks into my garden looks into my heart" was her motto')).toEqual([[9, false]]);
    expect(attributed('Regards, Anna "Whoever looks into my garden looks into my heart" Thanks')).toEqual([[9, false]]);
  });
});

describe("the reader's and the author's own lines", () => {
  it('does not take "ask yourself", "you say" or "led us to ask" for a source', () => {
    expect(attributed('You look at an item and ask yourself, "Will this just end up in a drawer?"')).toEqual([[8, false]]);
    expect(attributed('The year mainly led us to ask “how do we use the web in the newsroom?”')).toEqual([[9, false]]);
    expect(attributed('The editor asked the staff “how do we use the web in the newsroom?”')).toEqual([[9, true]]);
  });
});
