import { describe, expect, it } from 'vitest';
import { countStatistics, findStatistics } from '../../src/analyse/evidence/statistics.js';
import { writtenLanguage } from '../../src/analyse/text/stopwords.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { profileText, wordsOf } from '../../src/analyse/text/words.js';
import { measureReadability } from '../../src/analyse/text/readability.js';
import { syllables } from '../../src/analyse/text/syllables.js';
import { mostFrequentContentWord } from '../../src/analyse/text/keyword-density.js';
import { isValidLanguageTag, primaryLanguage } from '../../src/analyse/head/language.js';
import { isVagueLinkText, VAGUE_LINK_TEXTS } from '../../src/analyse/links/vague-link-text.js';
import { HEADING_END, HEADING_START } from '../../src/analyse/raw-document.js';

describe('statistics', () => {
  it.each([
    ['42%', ['42%']],
    ['3.5 %', ['3.5 %']],
    ['12 percent', ['12 percent']],
    ['7 per cent', ['7 per']],
    ['9 pct', ['9 pct']],
    ['$120', ['$120']],
    ['€ 5', ['€ 5']],
    ['20,00€', ['20,00€']],
    ['ab 98,65\u00a0€ inkl. MwSt.', ['98,65\u00a0€']],
    ['£3.2bn', ['£3.2bn']],
    ['$120 million', ['$120 million']],
    ['120 USD', ['120 USD']],
    ['USD 120', ['120']],
    ['3.5 million', ['3.5 million']],
    ['40k', ['40k']],
    ['12 kg', ['12 kg']],
    ['5km', ['5km']],
    ['3 hours', ['3 hours']],
    ['30 °C', ['30 °C']],
    ['2x', ['2x']],
    ['10× more', ['10×']],
    ['1,200 users', ['1,200 users']],
    ['1.200 Besucher', ['1.200 Besucher']],
    ['500 customers', ['500 customers']],
    ['1 in 4', ['1 in']],
    ['3 out of 5', ['3 out']],
    ['a 4:1 win', ['4:1']],
    ['a 16:9 screen', ['16:9']],
    ['it is less than 100.', ['100']],
    ['at least 40, maybe more', ['40']],
    ['about 3/4 inch (2 cm) smaller', ['3/4 inch']],
    // A program's log line, opening on its date and time: its numbers are its output.
    ['we found it:\n10-25 17:12:11.001 24358 24358 W dex2oat : took 35 ms\nIt starts 3 times faster.', ['3 times']],
    ['10:30:00 is when 40 people came.', ['40 people']],
    // An hour of the local time is a clock time; rooms are counted.
    ["l'aereo è ripartito poco dopo le 23 locali", []],
    ['un appartamento di 3 locali a Milano', ['3 locali']],
    ['the plane left at 11 local time', []],
    // A range restated in other units is restated to its end.
    ['a 5 to 10 lb (2.3 to 4.5 kg) ball', ['10 lb']],
    ['found at depths of 29 to 148 feet (9–45 m)', ['148 feet']],
    // A magnitude's currency before the conversion in brackets: the same amount restated.
    ['it gave 15 million euros (£13 million) to the museum', ['15 million']],
    // A race time: minutes, seconds and thousandths, two different separators.
    ['Verstappen kwam tot een tijd van 1.34,306.', ['1.34,306']],
    ['He lapped in 1:34.306, ahead of Bottas.', ['1:34.306']],
    // A recipe's units, two spaces before them, a unit glued to the next label, a span after `for`.
    ['120  ml Olive oil', ['120  ml']],
    ['Calories: 291kcalCarbohydrates: 31gProtein: 5g', ['291kcal', '31g', '5g']],
    ['Let it sit for 10 minutes before serving.', ['10 minutes']],
    // A currency's abbreviation before the amount.
    ['The bar charges Rs 299 for the session.', ['299']],
    ['It costs Rs. 1,500 a month.', ['1,500']],
    ['it sold for 24.4 million euros (26 million dollars) last March', ['24.4 million']],
    ['about 1/3 of the replies', ['1/3 of']],
    ['the top 10% of sites', ['10%']],
    ['The mean is ~4.33.', ['4.33']],
    ['higher than the average of 0.73 in the past hour', ['0.73']],
    ['a median of 3', ['3']],
    ['a z-score of 6 or more', ['6']],
    ['distinguishing cancer samples with an area under the curve of 0.89.', ['0.89']],
    ['an AUC of 0.91 and a correlation of 0.4', ['0.91', '0.4']],
  ])('counts %s', (text, expected) => {
    expect(findStatistics(text)).toEqual(expected);
  });

  it.each([
    'In 2024 we moved.',
    '1. Introduction',
    'Step 3 of the guide',
    '#1 choice',
    'the 1st time',
    'on 12 May',
    'at 10:30',
    'H2O and MP3',
    'version 3 of 4',
    '3 in 2020',
    'chapter 12 begins',
    'the top 21 films',
    'a planet named K-2L',
    'the F-16 jets',
    'COVID-19 cases',
    '[MP 3 SP / M2]',
    'Genesis 1:3 says',
    'since 9/11 by terrorism',
    'after about 2010',
    'we found 3 bugs: one in the parser',
    'the average in 2019',
    // A span anchored in the present, an age, an identifier's number.
    'in 40 minutes from now it will be announced',
    'un masculino de aproximadamente 60 años de edad, el cual ingresó',
    'by catching type 1 diabetes early',
    'in accord with subsection 6b.',
    // Two of one separator: a date, a version, not a race time.
    'Erstellt: 21.04.20 um Mittag',
    'upgrade to 2.10.1 now',
  ])('does not count %s', (text) => {
    expect(findStatistics(text)).toEqual([]);
  });

  it("counts a recipe's spoons in English, where a count must take a plural", () => {
    expect(findStatistics('Add half the flour and 4 tbsp of the flavoured oil to the bread yeast mixture.', 'en')).toEqual(['4 tbsp']);
    expect(findStatistics('Stir in 2 tsp of honey.', 'en')).toEqual(['2 tsp']);
  });

  it('does not count a span with its thousands grouped that anchors a time, an age after a hedge, a reaction counter or delivery terms', () => {
    expect(findStatistics('His story begins 200,000 years ago in the Horn of Africa.', 'en')).toEqual([]);
    expect(findStatistics('The project took 2,000 years to finish.', 'en')).toEqual(['2,000 years']);
    expect(findStatistics('Vous expliquerez pourquoi les hommes blancs de plus de 65 ans sont l’avenir.', 'fr')).toEqual([]);
    expect(findStatistics('Un article.\n10 réactions', 'fr')).toEqual([]);
    expect(findStatistics('Sofort versandfertig, Lieferzeit 1-3 Werktage', 'de')).toEqual([]);
    expect(findStatistics('Die Lieferzeit beträgt bei uns 3 Tage.', 'de')).toEqual(['3 Tage']);
  });

  it('does not count a German span before "her" (ago)', () => {
    expect(findStatistics('Letzte Änderung: 10 Monate 3 Wochen her von silverBehemot.', 'de')).toEqual([]);
    expect(findStatistics('Das ist schon 10 Monate her, sagte er.', 'de')).toEqual([]);
    expect(findStatistics('Die Garantie gilt 10 Monate.', 'de')).toEqual(['10 Monate']);
  });

  it("does not count the numbers of a code block or of a program's output, and counts those of inline code", () => {
    const page = (body: string) =>
      analysePage(
        {
          url: 'https://www.example.com/sql',
          finalUrl: 'https://www.example.com/sql',
          status: 200,
          contentType: 'text/html',
          headers: {},
          body: `<html lang="en"><body><article><p>${'Words of a tutorial that explains a query. '.repeat(20)}</p>${body}</article></body></html>`,
          redirectChain: [],
          fetchedAt: new Date(0).toISOString(),
          durationMs: 0,
          ttfbMs: 0,
          bodyBytes: 0,
        },
        { host: 'www.example.com', siteDomain: 'example.com', robots: null },
      ).statistics;
    expect(page('<pre>SELECT avg(n) FROM t LIMIT 20;\n avg\n 4.33 rows 12 ms 40%</pre>')).toBe(0);
    expect(page('<p>It printed <samp>3 rows in 12 ms</samp>.</p>')).toBe(0);
    expect(page('<p>The query returned 3 rows in 12 ms, <code>10^5 * 300 = 30,000,000 lists</code>.</p>')).toBe(3);
  });

  it.each([
    ['Das wiegt nur 186 Gramm.', ['186 Gramm']],
    ['Von der 1,80 Meter bis zur 2,74 Meter langen Rute.', ['1,80 Meter', '2,74 Meter']],
    ['mit Wurfgewichten von 2 bis 15 Gramm', ['15 Gramm']],
    ['Er hat 2 Kinder und 15 Versionen der Rute.', ['2 Kinder', '15 Versionen']],
    ['mit mindestens 90 Quadratmetern Wohnfläche', ['90 Quadratmetern']],
  ])('counts, in German where every noun is capitalised, %s', (text, expected) => {
    expect(findStatistics(text, 'de')).toEqual(expected);
  });

  it.each([
    ['um 17 Uhr beginnt es', 'de'],
    ['Das Urteil (Az.: VG 21 K 170/20) gilt.', 'de'],
    ['Es geschah vor 3 Jahren.', 'de'],
    ['Ocurrió hace 2 años.', 'es'],
    ['Se cumplieron 5 años desde que la Corte habilitó el beneficio.', 'es'],
    ["C'était il y a 2 ans.", 'fr'],
    ['It was included in the recent 1.8 release.', 'en'],
    ['The 30 Years War', 'en'],
    ['the 40 participants will then buy a 12 immediately', 'en'],
    ['srcset="[email protected] 2x"', 'en'],
    ['1 month after primary treatment', 'en'],
    ['Fast-forwarding 25 years, present versions still include it.', 'en'],
  ])('does not count %s', (text, lang) => {
    expect(findStatistics(text, lang)).toEqual([]);
  });

  it.each([
    ['o número de mortos aumentou neste sábado para 611, quase 100 a mais', 'pt', ['611']],
    ['o número total de infecções no país estava em 12.729.', 'pt', ['12.729']],
    ['Deaths rose to 611 on Saturday.', 'en', ['611']],
    ['La cifra llegó a 300 el lunes.', 'es', ['300']],
    ['Der Wert stieg auf rund 12.', 'de', ['12']],
    // A year after the verb stays a date.
    ['Sales reached 2019 levels again.', 'en', []],
  ])('counts the bare level a quantity rose, fell or stood at: %s', (text, lang, expected) => {
    expect(findStatistics(text, lang)).toEqual(expected);
  });

  it('counts a hedged span before "after", and the counts of "11 of the 12 cities" and "the 20 million residents"', () => {
    expect(findStatistics('nearly 11 years after Python 3, up to 2 days before payday', 'en')).toEqual(['11 years', '2 days']);
    expect(findStatistics('in 11 of the 12 cities, the 20 million residents', 'en')).toEqual(['12 cities', '20 million']);
  });

  it('counts a unit joined to its number however it is capitalised (binary multiples)', () => {
    expect(findStatistics('the cache shrank from 8GiB to 512MiB', 'en')).toEqual(['8GiB', '512MiB']);
  });

  it('counts a range once, by its second number, and a percentage written "por ciento"', () => {
    expect(findStatistics('from 2 to 15 grams', 'en')).toEqual(['15 grams']);
    expect(findStatistics('obtuvo más del 60 por ciento de los votos', 'es')).toEqual(['60 por']);
  });

  it.each([
    ['Marie, 45 ans, enseigne le droit.', 'fr'],
    ['Habló con una mujer de 38 años.', 'es'],
    ['Trois ans plus tôt, puis 3 ans après, rien.', 'fr'],
    ['Use the charger QX 10V-18 Pro.', 'en'],
    ['The ZK 12+18V series fits both.', 'en'],
    ['Il est venu à 16 heures.', 'fr'],
    ['la marcha del 1° de mayo', 'es'],
    ['Wyrok zapadł 5 maja 2021.', 'pl'],
    ['сделанное 10 октября 2014 года', 'ru'],
    ['Registriert: 25 Dez 2011', 'de'],
    ['My iPhone 12 and iOS 17 work.', 'en'],
    ['Run git reset HEAD~3 and git clone --depth 1 repository.', 'en'],
    ['Then chmod 755 script.sh works.', 'en'],
    ['nach § 39 Absatz 1a SGB V', 'de'],
    ['Example 2 illustrates the labels.', 'en'],
    ['Slides of IIJmio meeting 23 IIJmio Updates from techlog', 'en'],
    ['IIJmio meeting 23 DNSフィルタリングをなぜ行うのか', 'ja'],
    ['Bonjour, notre fille a 4 ans.', 'fr'],
    ['Una niña que tiene 4 años.', 'es'],
    ['Oriol cumplirá los 3 años la semana que viene.', 'es'],
    ['Uma criança de 6 anos deve ler.', 'pt'],
    ['André Geicke, 63 Jahre alt und mit 37 Jahren Chef.', 'de'],
    ['5 min read', 'en'],
    ['Lesezeit: 3 Minuten', 'de'],
    ['Ten tekst przeczytasz w 1 minutę', 'pl'],
    ['the 5G network, open 24/7', 'en'],
    ['the S&P 500 index fell', 'en'],
    ['Posted in News\n12 comments\nShare', 'en'],
    ['My 6 month old son loves it.', 'en'],
    ['the old stunnel 3 syntax, and Python 2.5 compatibility', 'en'],
    ['Für 2 von 2 Kunden hilfreich.', 'de'],
    ['Reviews\n5 Sterne\n4 Sterne', 'de'],
  ])('does not count an age, a relative time, a date, a clock time, a name or model code, a command or a reading time: %s', (text, lang) => {
    expect(findStatistics(text, lang)).toEqual([]);
  });

  it("counts a table's value with its unit in the next cell or in its row's label, and its next column's restatement once", () => {
    expect(findStatistics('熱量\n \n319.9\n \n\u00a0g\n \n319.9\n \ng\n蛋白質\n \n23.1\n \n\u00a0g', 'zh')).toEqual(['319.9', '23.1']);
    expect(findStatistics('Kolor: biały\n   Grubość (w mm):        36     \nSztuk w opakowaniu: 4\n', 'pl')).toEqual(['36']);
    // A number alone on its line before a word that is no unit, or a label naming no unit, is not one.
    expect(findStatistics('Rozdział\n12\n \nwstęp\nNumer (kod): 42', 'pl')).toEqual([]);
    // The label in a cell of its own, the value alone in the next; a price cell padded before its currency.
    expect(findStatistics('Waga (w kg)\t\t\n \t\t\n 39.5\t\t\n Gwarancja (w latach)\t\n \t\n 5\t\n Cena\n \t\t997 \t\t\tzł /szt.', 'pl')).toEqual([
      '39.5',
      '5',
      '997 \t\t\tzł',
    ]);
    // A number opening a line of words under such a label is no value of its row.
    expect(findStatistics('Tabela rozmiarów (w cm)\n \n3. Jak mierzyć obwód', 'pl')).toEqual([]);
    // A label's cell past a wide padding; a value alone in its cell with its unit capitalised.
    const pad = ' '.repeat(30);
    expect(findStatistics(`Peso suportado (kg)${pad}\n${pad}\n${pad}100${pad}\nGarantia\n${pad}90 Dias${pad}\n`, 'pt')).toEqual(['100', '90 Dias']);
    expect(findStatistics(`Garantía\n${pad}12 Meses${pad}\nLa Guerra de los 30 Años fue larga.`, 'es')).toEqual(['12 Meses']);
  });

  it("leaves out a widget's counter in a line padded with spaces, and a rating histogram's shares", () => {
    const pad = ' '.repeat(40);
    expect(findStatistics(`Kundenbewertung\n${pad}5 Sterne${pad}\n  \n${pad}75%${pad}\n${pad}4 Sterne${pad}\n${pad}14%${pad}\n`, 'de')).toEqual([]);
    expect(findStatistics(`${pad}3 Antworten${pad}\nDie Umfrage: 75% der Befragten nutzen 5 Sterne als Maß.`, 'de')).toEqual(['75%', '5 Sterne']);
    // Bare rows: the number of stars on a line, its share on the next; one such pair alone is no histogram.
    expect(findStatistics('4.5 تقييمات\n5\n72%\n4\n14%\n3\n14%\n2\n0%\n1\n0%\nنص', 'ar')).toEqual(['4.5 تقييمات']);
    expect(findStatistics('Growth\n5\n72%\nof users', 'en')).toEqual(['72%']);
  });

  it('leaves out a count that leads into a list of its items after an adjective, and reads "ºC" as "°C"', () => {
    expect(findStatistics('puedes solicitar el retiro en 4 simples pasos:\n1. Ingresa', 'es')).toEqual([]);
    expect(findStatistics('média: −63 ºC\nmínima: −143 ºC', 'pt')).toEqual(['63 ºC', '143 ºC']);
  });

  it('counts the parts of one value once: a margin, a power of ten, a restatement of several units', () => {
    expect(findStatistics('3396.2 ± 0.1 km', 'en')).toEqual(['3396.2']);
    expect(findStatistics('Der Abstrahlwinkel beträgt ± 10 Grad.', 'de')).toEqual(['10 Grad']);
    expect(findStatistics('6,4185×1023 kg', 'cs')).toEqual(['6,4185×']);
    expect(findStatistics('3.72076 m/s2[9] (12.2072 ft/s2; 0.3794 g)', 'en')).toEqual(['3.72076 m/s']);
    expect(findStatistics('Для основы: 150 г масла, 2 ч. сахара', 'ru')).toEqual(['150 г', '2 ч']);
  });

  it('counts a tally in parentheses after each of two or more names in a sentence, not years or a numbering', () => {
    const text = 'Among the legislators, Amy Klobuchar (17) and Elizabeth Warren (12) lead, followed by Biden (11) and Sanders (1).';
    expect(findStatistics(text, 'en')).toEqual(['17', '12', '11', '1']);
    // One name's number in parentheses is as often a note's or an item's.
    expect(findStatistics('The report by Warren (12) was read aloud.', 'en')).toEqual([]);
    expect(findStatistics('As Smith (2004) and Jones (2010) found, the Paris (1) and London (2) offices grew.', 'en')).toEqual([]);
  });

  it('counts a compound duration, a range with its unit twice and a dimension once, on their first value', () => {
    expect(findStatistics('Der Mars rotiert in 24 Stunden und 37,4 Minuten.', 'de')).toEqual(['24 Stunden']);
    expect(findStatistics('ein Marstag von 24 Stunden, 39 Minuten und 35 Sekunden', 'de')).toEqual(['24 Stunden']);
    expect(findStatistics('The axis varies between 15°–40° and 80%–90% of it is ice.', 'en')).toEqual(['15°', '80%']);
    expect(findStatistics('zwischen 26,50 km/s und 21,97 km/s', 'de')).toEqual(['26,50 km/s']);
    expect(findStatistics('Maße: 69 x 176 x 48 cm', 'de')).toEqual(['69 x']);
    // Shops write a dimension's sides with thin or no-break spaces as often as with plain ones.
    expect(findStatistics('Box Dimensions: 300\u2009x\u2009270\u2009x\u2009550\u2009mm', 'en')).toEqual(['300\u2009x']);
    expect(findStatistics('Box Dimensions: 300\u00a0x\u00a0270 mm', 'en')).toEqual(['300\u00a0x']);
    expect(findStatistics('at −153 °C (–243 °F) at night', 'en')).toEqual(['153 °C']);
    // Two quantities in a row stay two: a list of ingredients, a before and after.
    expect(findStatistics('3 eggs, 200 g flour and 100 ml milk', 'en')).toEqual(['3 eggs', '200 g', '100 ml']);
    expect(findStatistics('it rose from 5 kg to 10 kg', 'en')).toEqual(['5 kg', '10 kg']);
  });

  it('counts a number joined to a Japanese or Chinese counter or unit, not a date, a clock time, an article or a page', () => {
    const ja = '法律を改正し、5年間に限って7文字のパスワードを試す。約12.7mmで、地球の2.4倍、3,300円、0.0002％の精度。';
    expect(findStatistics(ja, 'ja')).toEqual(['5年', '7文', '12.7mm', '2.4倍', '3,300円', '0.0002％']);
    expect(findStatistics('50余种果蔬，2.8万平方米的园区，6个摄像头，一次付清特價 7 折 294 元', 'zh')).toEqual(['50余', '2.8万', '6个', '7 折', '294 元']);
    const notCounted = '2019年2月6日の10時30分に、（2条2項）68頁を読んだ。20歳で1位、5年前、3回目、平成31年、第3章、4 社会活动';
    expect(findStatistics(notCounted, 'ja')).toEqual([]);
    // A spaced number stands apart from a counter only after "about so many", the number's own hedge.
    expect(findStatistics('会为你提供 3000 多个让你判断好恶的话题。', 'zh')).toEqual(['3000 多']);
  });

  it("does not count a Japanese text's own ranking or items: the top of a ranking, a count of what it names with つ", () => {
    expect(findStatistics('MasscanとZMapの2つが有名です。疑問視される4つの理由。上位10ポートの割合。', 'ja')).toEqual([]);
    expect(findStatistics('12種類のマルチメディアキー、りんごを3つ買った。', 'ja')).toEqual(['12種', '3つ']);
  });

  it("counts a shop's price once, not again with or without tax, nor a dimension's further sides", () => {
    expect(findStatistics('［本体］￥2,990 ［税込］￥3,229', 'ja')).toEqual(['￥2,990']);
    expect(findStatistics(`［本体］￥2,990${' '.repeat(60)}［税込］￥3,229`, 'ja')).toEqual(['￥2,990']);
    expect(findStatistics('約幅441.5×奥行127.6×高さ25.0mm', 'ja')).toEqual(['441.5×']);
  });

  it("does not count a model's name, a srcset's density, a forum's counters and edit note, or an idiom of 100%", () => {
    for (const [text, lang] of [
      ['Ryzen 3700x', 'de'],
      ['MR 401, Fire TV Stick 4k, NVIDIA Shield', 'de'],
      ['src="smile.png" srcset="smile@2x.png 2x" title=":)"', 'en'],
      ['srcset="https://cdn.example/emoticons/[email\u00a0protected] 2x" title=":)"', 'en'],
      ['Last edited by John on Sun Apr 08, 2018, edited 1 time in total.', 'en'],
      ['save as UTF-8 and it works 100% of the time with all players', 'en'],
      ['Thema\n3 Antworten\nBeitrag', 'de'],
    ]) {
      expect(findStatistics(text!, lang)).toEqual([]);
    }
    expect(findStatistics('it is 3x faster and costs 40k less', 'en')).toEqual(['3x', '40k']);
  });

  it('does not count a near-total share denied ("not 100%"), an idiom, nor an "x" joined to digits after it', () => {
    expect(findStatistics('There is NOT 100% compatibility; it covers 100% of the conditions, not just 99%.', 'en')).toEqual(['100%']);
    expect(findStatistics('Ich bin mir nicht 100 % sicher, aber 100 % der Befragten stimmten zu.', 'de')).toEqual(['100 %']);
    expect(findStatistics("Ce n'est pas à 100 % fiable.", 'fr')).toEqual([]);
    expect(findStatistics('Only 99% of voters, not even 5%, turned out.', 'en')).toEqual(['99%', '5%']);
    expect(findStatistics('LibreOffice 6.2.8 /Win7-10 x64 Prof.', 'en')).toEqual([]);
    expect(findStatistics('a 69 x 176 cm board, 3x faster', 'en')).toEqual(['69 x', '3x']);
  });

  it('counts a German number before a noun, not before a verb or an adverb; a unit per unit is a unit', () => {
    expect(findStatistics('Ich würde dann die 20.04 nehmen, habe meine Mama mit 80 hier.', 'de')).toEqual([]);
    expect(findStatistics('Wir brauchen 333 neue Abos und 12 Helfer.', 'de')).toEqual(['333 neue', '12 Helfer']);
    expect(findStatistics('im Mittel 24,13 km/s bei ρ = 2,5 g/cm³', 'de')).toEqual(['24,13 km/s', '2,5 g/cm']);
  });

  it('counts a measured value of two digits or more once when the page states it again word for word', () => {
    expect(findStatistics('Price $34.98. Add to cart. Customers also bought it for $34.98 and $27.92.', 'en')).toEqual(['$34.98', '$27.92']);
    expect(findStatistics('Means with 95% confidence intervals. Changes with 95% confidence intervals.', 'en')).toEqual(['95%']);
    // A small count, or a small value, is as often another thing's.
    expect(findStatistics('Ein Paket wiegt 5 kg, das andere auch 5 kg; 2 Stück hier, 2 Stück dort.', 'de')).toEqual(['5 kg', '5 kg', '2 Stück', '2 Stück']);
  });

  it("counts a count in a script without case, and not a review's votes or a shop's tax rate", () => {
    expect(findStatistics('يستضيف المريخ حاليًا 8 مركبات فضائية لا تزال تعمل', 'ar')).toEqual(['8 مركبات']);
    expect(findStatistics('Opinia przydatna dla: 4 użytkowników', 'pl')).toEqual([]);
    expect(findStatistics('997 zł /szt. ceny z VAT 23%', 'pl')).toEqual(['997 zł']);
  });

  it("does not count a shop's financing disclaimer, which names two rates of a credit offer; one rate alone counts", () => {
    expect(findStatistics('Prezzo del bene 500 €, TAN fisso 0.00%, TAEG 0.00% in 10 rate da € 50.00 .\nPrezzo: 499 €', 'it')).toEqual(['499 €']);
    expect(findStatistics('The average APR rose to 20.4% this year.', 'en')).toEqual(['20.4%']);
  });

  it('counts a range joined by a dash once, when its first number counts on its own too', () => {
    expect(findStatistics('My legs shake for about 5-7 seconds at a time.', 'en')).toEqual(['5']);
    expect(findStatistics('Balances of $10,000-$50,000 pay less.', 'en')).toEqual(['$10,000']);
    expect(findStatistics('An error rate of 2–4% body fat.', 'en')).toEqual(['2']);
  });

  it("does not count an ordinal written with the degree sign, a gallery's or a user card's counters, or a slot's name", () => {
    expect(findStatistics('Se trata del "8° Congreso Internacional y 11° Seminario" y el "2°Congreso De Ciencias".', 'es')).toEqual([]);
    expect(findStatistics('Located at 45° North, heated to 25°C.', 'en')).toEqual(['45°', '25°C']);
    expect(findStatistics('Slideshow ( 15 images )\n10 Bilder', 'en')).toEqual([]);
    expect(findStatistics('asked by Jane 3,9269 gold badges27 silver badges46 bronze badges', 'en')).toEqual([]);
    expect(findStatistics('1x konektor M.2 NGFF Key M (Male)', 'sk')).toEqual(['1x']);
  });

  it('counts a tally set in parentheses once, on its first number, not a pager; and a grouped number after a name', () => {
    expect(findStatistics('Biden leads among the New Democrats (20 of 34) and the Blue Dogs (4 of 7).', 'en')).toEqual(['20 of', '4 of']);
    expect(findStatistics('Photo (3 of 12)', 'en')).toEqual([]);
    expect(findStatistics('Spain has recorded about 157,000 cases and Italy 143,600, while China has nearly 83,000.', 'en')).toEqual([
      '157,000 cases',
      '143,600',
      '83,000',
    ]);
  });

  it('counts a range said in words once, where the words before it announce a range; a change from one value to another twice', () => {
    expect(findStatistics('Prices range from $699.99 to $849.99, depending on model.', 'en')).toEqual(['$699.99']);
    expect(findStatistics('It costs between $10 and $20 a month.', 'en')).toEqual(['$10']);
    expect(findStatistics('Le loyer varie entre 500 € et 900 € par mois.', 'fr')).toEqual(['500 €']);
    expect(findStatistics('Prices rose from $5 to $7 last year.', 'en')).toEqual(['$5', '$7']);
  });

  it('counts a bare English number with its thousands grouped, in a sentence, not a counter, a code list or a range end', () => {
    expect(findStatistics("The state's caseload is nearly 162,000, of whom 7,844 have died.", 'en')).toEqual(['162,000', '7,844']);
    expect(findStatistics('Dr Fauci estimated "between 100,000 and 200,000" could die.', 'en')).toEqual(['100,000']);
    expect(findStatistics('Posts: 3,585\nJoined 2011', 'en')).toEqual([]);
    expect(findStatistics('Fleet: 146,318/19/20/21, 744,752,762,763 and more.', 'en')).toEqual([]);
    expect(findStatistics('Visitors\n4,140\n', 'en')).toEqual([]);
  });

  it("does not count a shop's carousel of other products or its delivery and returns tab, up to the next heading", () => {
    const h = (title: string) => `\n${HEADING_START}${title}${HEADING_END}\n`;
    expect(findStatistics(`Price: $24.99${h('Compare with similar items')}$46.26\n4.6 out of 5 stars${h('Features')}It holds 2 lb of seed.`, 'en')).toEqual([
      '$24.99',
      '2 lb',
    ]);
    expect(findStatistics(`Preis: 98,65 €${h('Mit ähnlichen Produkten vergleichen')}2500W Ölradiator, 109,99 €`, 'de')).toEqual(['98,65 €']);
    expect(findStatistics(`${h('Delivery & returns')}Free on orders over £50, otherwise £3.50.`, 'en')).toEqual([]);
    expect(findStatistics(`${h('Versand und Rückgabe')}Lieferung in 3 Tagen, ab 50 € versandkostenfrei.`, 'de')).toEqual([]);
    // Delivery alone may head a report on deliveries.
    expect(findStatistics(`${h('Livraison')}Les livraisons ont augmenté de 12 % en un an.`, 'fr')).toEqual(['12 %']);
  });

  it('counts no number word across the end of its sentence or block', () => {
    const en = 'It was written up as Emacspeak At Twenty. Readers loved it; skip the next section or two.\nPorting notes follow.';
    expect(countStatistics(en, profileText(en), 'en')).toBe(0);
    const fr = 'Ils étaient vingt. Musiciens et public ont chanté trois chansons.';
    expect(countStatistics(fr, profileText(fr), 'fr')).toBe(1);
    const counted = 'Twenty readers came, and two more trucks arrived.';
    expect(countStatistics(counted, profileText(counted), 'en')).toBe(2);
  });

  it("does not count an advertisement's listed titles after its label, up to the next block or prose", () => {
    const de =
      'Die Wand ist gut 3 Meter entfernt.\nWerbung:\n  DAOKAI® 5PCS MINI USB Nano 5V 16M Brett\n  iRobot Virtuelle Wand, 2 Stück\nSiehe auch:\nDas Gerät wiegt 12 kg.';
    expect(findStatistics(de, 'de')).toEqual(['3 Meter', '12 kg']);
    expect(findStatistics('Advertisement\nSmart plug, 2 pack, 10 A\n\nThe grid lost 40% of its load.', 'en')).toEqual(['40%']);
    // An empty advertisement's label before the article's prose takes nothing from it.
    expect(findStatistics('Reklama\nTego dnia 200 osób protestowało. Policja zatrzymała 12 osób.', 'pl')).toEqual(['200 osób', '12 osób']);
  });

  it('reads nanometres and ohms as units, so a value restated in ohms counts once', () => {
    expect(findStatistics('Die LED hat ihre Peak-Wellenlänge bei 940 nm. Ein Widerstand (hier 39 Ohm), dann der Vorwiderstand (39 Ohm).', 'de')).toEqual([
      '940 nm',
      '39 Ohm',
    ]);
    expect(findStatistics('a 10 kΩ pull-up and a 120 ohm terminator at 650 nm', 'en')).toEqual(['10 kΩ', '120 ohm', '650 nm']);
  });

  it('counts a tally of votes for a quoted option, not a list number before a quoted title', () => {
    expect(findStatistics('W głosowaniu 660 europosłów było „za”, 5 - „przeciwko”, a 32 wstrzymało się od głosu.', 'pl')).toEqual([
      '660 europosłów',
      '5',
      '32 wstrzymało',
    ]);
    expect(findStatistics('Angenommen mit 578 Stimmen, 51 – „Nein“.', 'de')).toEqual(['578 Stimmen', '51']);
    expect(findStatistics('1 - „Wstęp”\n2 - „Metody”', 'pl')).toEqual([]);
  });

  it("counts a range joined by do, до, até or al once, and not a child's age in Russian", () => {
    expect(findStatistics('Inflacja wzrosła od 15 do 40 procent.', 'pl')).toEqual(['40 procent']);
    expect(findStatistics('Смесь для детей от 1 года до 3 лет, в возрасте от 1 года.', 'ru')).toEqual([]);
    expect(findStatistics('Проект длился 3 года.', 'ru')).toEqual(['3 года']);
  });

  it('reads a spaced "m" as metres, not as a magnitude letter of an identifier', () => {
    expect(findStatistics('Die Staude ist zumeist 2 bis 9 m hoch, kann aber 15 m hoch werden.', 'de')).toEqual(['9 m', '15 m']);
    expect(findStatistics('VG 21 K 170/20', 'de')).toEqual([]);
  });

  it('reads digits in the language a page declared English is written in', () => {
    const german =
      'Die Bananen werden bei exakt 13,2 Grad gelagert, und die Reise dauert rund 12 Tage. Das ist für die Früchte der beste Weg, weil sie sonst zu früh reifen und nicht mehr in den Handel kommen.';
    expect(writtenLanguage('en', profileText(german))).toBe('de');
    expect(
      writtenLanguage(
        'en',
        profileText('The bananas are kept at exactly 13.2 degrees, and the journey takes about 12 days, which is the best way for the fruit to travel.'),
      ),
    ).toBe('en');
  });

  it('counts an English count before a plural, or before a word that qualifies one', () => {
    expect(findStatistics('We hired 28 engineering teams, 40 people and 3 children; 1 user left.', 'en')).toEqual([
      '28 engineering',
      '40 people',
      '3 children',
      '1 user',
    ]);
    expect(findStatistics('It repaired 75 water-main breaks and runs 11 automated Go convenience stores.', 'en')).toEqual(['75 water', '11 automated']);
  });

  it('counts each statistic once in running text', () => {
    expect(findStatistics('Of 1,200 users, 42% paid $120 a year; 5 in 10 kg bags.')).toEqual(['1,200 users', '42%', '$120', '5 in', '10 kg']);
  });
});

describe('words and sentences', () => {
  it('joins apostrophes, hyphens and decimals; lower-cases', () => {
    expect(wordsOf(profileText("Don't stop: GEO-ready pages score 3.5 points."))).toEqual(["don't", 'stop', 'geo-ready', 'pages', 'score', '3.5', 'points']);
  });

  it('counts each CJK character as a word and splits on CJK full stops', () => {
    const p = profileText('日本語です。Hello world');
    expect(wordsOf(p)).toEqual(['日', '本', '語', 'で', 'す', 'hello', 'world']);
    expect(p.sentenceLengths).toEqual([5, 2]);
  });

  it('splits sentences at . ! ? … followed by a space, and at block boundaries; headings are not sentences', () => {
    const p = profileText(`${HEADING_START}A heading${HEADING_END}One two. Three?! Four… five\nsix 3.5 seven`);
    expect(wordsOf(p)).toHaveLength(10);
    expect(p.sentenceLengths).toEqual([2, 1, 1, 1, 3]);
    // The heading's two words are no prose: 8 prose words; one syllable each ("3.5" counts one)
    // but "seven", which has two.
    expect([p.proseWordCount, p.proseSyllables]).toEqual([8, 9]);
  });
});

describe('readability', () => {
  it.each([
    ['the', 1],
    ['cat', 1],
    ['table', 2],
    ['make', 1],
    ['cakes', 1],
    ['wanted', 2],
    ['boxes', 2],
    ['jumped', 1],
    ['reading', 2],
    ['beautiful', 3],
    ['yes', 1],
    ['every', 3],
    ['Readability', 5],
  ])('estimates %s as %i syllables', (word, n) => {
    expect(syllables(word)).toBe(n);
  });

  it('counts syllables of words inside a longer text as of the words alone', () => {
    const p = profileText('Readability tables jumped. Boxes wanted beautiful things!');
    expect(p.proseSyllables).toBe(5 + 2 + 1 + 2 + 2 + 3 + 1);
  });

  it('computes Flesch reading ease only when asked (English)', () => {
    const p = profileText('The cat sat on the mat. It was a fine day.');
    expect(measureReadability(p, true)).toEqual({ fleschReadingEase: 116.7, meanSentenceLength: 5.5, sentenceCount: 2 });
    expect(measureReadability(p, false)).toEqual({ fleschReadingEase: null, meanSentenceLength: 5.5, sentenceCount: 2 });
  });
});

describe('keyword density', () => {
  it('finds the most frequent content word, ignoring function words and numbers', () => {
    const top = mostFrequentContentWord(profileText('the the the seo tips seo 2024 2024 2024 and'));
    expect(top).toEqual({ word: 'seo', count: 2, share: 0.2 });
  });

  it('returns null without content words', () => {
    expect(mostFrequentContentWord(profileText('the and'))).toBeNull();
  });

  it('does not count the word that opens each block or bulleted item there', () => {
    const top = mostFrequentContentWord(profileText('Fixed crash\nFixed leak\nFixed hang\n• Added export • Added import. Export works; export sleeps.'));
    expect(top).toEqual({ word: 'export', count: 3, share: 3 / 14 });
  });
});

describe('BCP 47 language tags', () => {
  it.each(['en', 'en-GB', 'de-CH', 'zh-Hant-TW', 'sr-Latn', 'es-419', 'i-klingon', 'x-private', 'en-US-x-twain', 'sl-rozaj-biske', 'EN'])(
    'accepts %s',
    (tag) => {
      expect(isValidLanguageTag(tag)).toBe(true);
    },
  );

  it.each(['', ' ', 'en_US', 'english-uk', 'e', 'en-', 'abcd', '12', 'en--us', 'de-DE-1', 'english'])('rejects "%s"', (tag) => {
    expect(isValidLanguageTag(tag)).toBe(false);
  });

  it('gives the primary subtag', () => {
    expect(primaryLanguage('EN-gb')).toBe('en');
    expect(primaryLanguage('en_US')).toBeNull();
    expect(primaryLanguage(null)).toBeNull();
  });
});

describe('vague link texts', () => {
  it("matches Lighthouse's English phrases exactly, ignoring case and surrounding spaces", () => {
    expect(VAGUE_LINK_TEXTS).toContain('click here');
    for (const t of ['Click here', ' here ', 'LEARN MORE', 'Read more', 'more info']) expect(isVagueLinkText(t, 'en')).toBe(true);
    for (const t of ['here.', 'Read more →', 'this link', 'link', 'Info']) expect(isVagueLinkText(t, 'en')).toBe(false);
  });

  it("uses the list of the link's language; every list when none (or an invalid one) is declared", () => {
    expect(isVagueLinkText('weiterlesen', 'de-AT')).toBe(true);
    expect(isVagueLinkText('weiterlesen', 'en')).toBe(false);
    expect(isVagueLinkText('weiterlesen', null)).toBe(true);
    expect(isVagueLinkText('read more', 'english')).toBe(true);
    // French has no list: nothing is judged.
    expect(isVagueLinkText('here', 'fr')).toBe(false);
  });

  it('accepts descriptive texts', () => {
    expect(isVagueLinkText('Read more about pricing', 'en')).toBe(false);
    expect(isVagueLinkText('', null)).toBe(false);
  });
});
