// Figures of other pages that leak into the main text (GUIDE.md of the evidence data set, `ui`):
// a list of other articles or threads under its heading, teaser cards cut short with "read more",
// and the reply counters closing a thread teaser's line. The page's own figures around them count.
import { describe, expect, it } from 'vitest';
import { countStatistics, findStatistics } from '../../src/analyse/evidence/statistics.js';
import { profileText } from '../../src/analyse/text/words.js';
import { HEADING_END, HEADING_START } from '../../src/analyse/raw-document.js';

const h = (title: string) => `\n${HEADING_START}${title}${HEADING_END}\n`;

describe('figures of other pages', () => {
  it('leaves a list of other articles or threads, up to the next heading', () => {
    const text = `The plant employs 1,200 workers.${h('Lesen Sie auch')}Werk schließt: 300 Stellen fallen weg${h('Hintergrund')}Die Firma wuchs um 12 %.`;
    expect(findStatistics(text, 'de')).toEqual(['1,200 workers', '12 %']);
    expect(findStatistics(`${h('Noticias relacionadas')}Llegan 200 mil dosis contra la influenza`, 'es')).toEqual([]);
    // A heading that is a sentence is no list's title.
    expect(findStatistics(`${h('Related articles show that readers want more data on prices and wages')}It rose by 12%.`, 'en')).toEqual(['12%']);
  });

  it('leaves teaser cards: excerpts cut short with an ellipsis or a "read more" line, with their dates and titles', () => {
    const card = (excerpt: string, title: string) => `${excerpt}\nVer más\n03/05/2022\n${title}\n`;
    const text =
      'El hospital atendió a 340 pacientes en abril.\n' +
      card('El accidente de una flota en la ruta a Santa Cruz dejó al menos 15 heridos, de acuerdo a...', 'Llegan 200 mil dosis contra la influenza') +
      card('El departamento recibió 207.000 dosis de vacuna contra la influenza: 77.000 pediátricas...', 'Wilstermann viaja con 20 jugadores');
    expect(findStatistics(text, 'es')).toEqual(['340 pacientes']);
    const words = 'La fiesta de la cerveza regresa a Múnich tras dos años de ausencia, según sus organizadores del comité...';
    const cards = `${words}\n${words}\n${words}\n`;
    expect(countStatistics(cards, profileText(cards), 'es')).toBe(0);
    // An excerpt or two cut short is a writer trailing off, not a list: its figures count.
    const prose = 'We waited for 3 hours at the gate and nobody from the airline came to explain anything...\nThen the bus left.';
    expect(findStatistics(prose, 'en')).toEqual(['3 hours']);
  });

  it("leaves other stories' titles set as a run of headings, not the page's own title block or figures set as headings", () => {
    const titles = ['Ransomware hits 12 schools in the county', 'Bank leaks 193 customer addresses by mail', 'Survey: 78% of firms had three breaches'];
    const run = titles.map((t) => h(t)).join('\n \n');
    expect(findStatistics(`The council hired 40 staff.${run}\nIt spent 3 million euros.`, 'en')).toEqual(['40 staff', '3 million']);
    // The text opening with its title, standfirst and caption: its own.
    expect(findStatistics(`${run}\nThe council hired 40 staff.`, 'en')).toEqual(['12 schools', '193 customer', '78%', '40 staff']);
    // Figures set as headings are no titles.
    const tally = `Raised so far:${h('Total collected since December')}${h('2 235 010 EUROS')}${h('Paid out since 2016')}${h('1 545 500 EUROS')}`;
    expect(findStatistics(tally, 'fr')).toEqual(['2 235 010 EUROS', '1 545 500 EUROS']);
  });

  it('leaves a single teaser set in the text under its label', () => {
    const text = 'The governor signed 12 bills.\nRead Also: Governor releases 26 convicts\nHe vetoed 5 laws.';
    expect(findStatistics(text, 'en')).toEqual(['12 bills', '5 laws']);
    expect(findStatistics('Le puede interesar: JEP abrirá tres nuevos macrocasos y 40 audiencias', 'es')).toEqual([]);
  });

  it("leaves the reply counter closing a thread teaser's line, not replies a sentence reports", () => {
    expect(findStatistics('I have GERD, suffer terribly bad, and nexium helps a lot ... 4\u00a0replies\nI took 2 pills.', 'en')).toEqual(['2 pills']);
    expect(findStatistics('The post drew 40 comments from 12 readers.', 'en')).toEqual(['12 readers']);
  });
});
