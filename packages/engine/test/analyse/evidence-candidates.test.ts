// The evidence candidates (what readers label one by one) agree with the counts E1–E3 are scored
// on: the rules' verdicts on the candidates add up to the page's statistics in digits and its
// citations, and every number and every link to another site of the main text is a candidate.
import { describe, expect, it } from 'vitest';
import { measureEvidence } from '../../src/analyse/measure-page.js';
import { measurePage } from '../../src/analyse/measure-page.js';
import { fetched, html, SITE } from './helpers.js';

const PAGE = html(`<main><h1>Kilns in 2024</h1>
<p>The studio fired 1,200 pots in 3 kilns at 1,280 °C, up 12% on the year. Two thirds of them sold;
“We never expected that many buyers for stoneware,” said Jane Doe, the studio's manager.</p>
<p>See <a href="https://www.ceramics.example/report">the industry report</a> and <a href="https://www.example.com/about">about us</a>
and <a href="https://twitter.com/share?url=x">share</a>. Version 3 of the glaze guide is out.</p>
<pre><code>temperature = 1280</code></pre></main>`);

describe('evidence candidates', () => {
  const page = fetched(PAGE);
  const measured = measureEvidence(page, SITE)!;
  const facts = measurePage(page, SITE).facts;

  it('list every number of the main text, with where it stands', () => {
    expect(measured.candidates.numbers.map((n) => [n.token, n.place])).toEqual([
      ['2024', 'heading'],
      ['1,200', 'prose'],
      ['3', 'prose'],
      ['1,280', 'prose'],
      ['12', 'prose'],
      ['Two', 'prose'],
      ['thirds', 'prose'],
      ['3', 'prose'],
      ['1280', 'code'],
    ]);
  });

  it("give the rules' verdicts that add up to the page's counts", () => {
    const counted = measured.candidates.numbers.filter((n) => n.counted).map((n) => n.token);
    expect(counted).toEqual(['1,200', '3', '1,280', '12', 'Two']);
    expect(counted.length).toBe(facts.statistics);
    expect(measured.candidates.links.map((l) => [l.text, l.counted])).toEqual([
      ['the industry report', true],
      ['share', false],
    ]);
    expect(measured.candidates.links.filter((l) => l.counted)).toHaveLength(facts.citations);
    expect(measured.candidates.quotes.filter((q) => q.counted).map((q) => q.text)).toEqual(['We never expected that many buyers for stoneware,']);
    expect(facts.quotations.attributed).toBe(1);
  });

  it('place each candidate at its offsets in the text', () => {
    for (const n of measured.candidates.numbers) expect(measured.text.slice(n.start, n.end)).toBe(n.token);
    for (const l of measured.candidates.links) expect(measured.text.slice(l.start, l.start + l.text.length)).toBe(l.text);
  });

  it("leave out links in a forum post's signature, a footer or a figure, in the rules and the page's count alike", () => {
    const page = fetched(
      html(`<main><p>The <a href="https://www.ceramics.example/report">industry report</a> says so, in a long paragraph of prose about kilns.</p>
<figure><img src="/kiln.png" alt="A kiln"><figcaption>A kiln. <cite><a href="https://photos.example/kiln">Jane Doe</a></cite></figcaption></figure>
<div class="signature">See the <a href="https://bit.ly/guide">Writer Guide</a></div>
<table class="navFooterMoreOnAmazon"><tr><td><a href="https://www.imdb.com/">IMDb</a></td></tr></table></main>`),
    );
    const links = measureEvidence(page, SITE)!.candidates.links;
    expect(links.map((l) => [l.text, l.counted])).toEqual([
      ['industry report', true],
      ['Jane Doe', false],
      ['Writer Guide', false],
      ['IMDb', false],
    ]);
    expect(measurePage(page, SITE).facts.citations).toBe(1);
  });

  it("leave out links in the writer's byline or bio, which stands under every article", () => {
    const page = fetched(
      html(`<main><p>The <a href="https://www.ceramics.example/report">industry report</a> says so, in a long paragraph of prose about kilns.</p>
<p class="byline">Jane Doe is the editor of this magazine and a staff writer with <a href="https://news.example/">The News</a>.</p></main>`),
    );
    const links = measureEvidence(page, SITE)!.candidates.links;
    expect(links.map((l) => [l.text, l.counted])).toEqual([
      ['industry report', true],
      ['The News', false],
    ]);
  });

  it('mark counted the number word that opens a counted phrase, not an earlier one of the same word', () => {
    const page = fetched(html(`<main><p>Take the first three bytes. Rust has had futures for over three years.</p></main>`));
    const words = measureEvidence(page, SITE)!.candidates.numbers.filter((n) => n.kind === 'word');
    expect(words.map((n) => n.counted)).toEqual([false, true]);
  });

  it('carry the verdict of a range or a ratio on its first number, where a reader counts it', () => {
    const ranges = fetched(
      html(`<main><p>Vehicles contribute 40 to 80 percent of the pollution. The celebration runs 5–7 days, in 11 of the 12 cities,
from 1,381 to 1,666 km; it weighs 5 kg to 10 kg. In 2019 5 days were lost.</p></main>`),
    );
    const numbers = measureEvidence(ranges, SITE)!.candidates.numbers;
    expect(numbers.filter((n) => n.counted).map((n) => n.token)).toEqual(['40', '5', '11', '1,381', '5', '10', '5']);
    expect(numbers.filter((n) => n.counted)).toHaveLength(measurePage(ranges, SITE).facts.statistics);
  });

  it('carry the verdict of a decimal joined to the Chinese or Japanese word before it on the whole number', () => {
    const joined = fetched(html(`<main><p>前俩次是10月22日的5.0级地震以及1月26日的5.6级地震。本次地震震级为4.8级。</p></main>`, '', ' lang="zh"'));
    const numbers = measureEvidence(joined, SITE)!.candidates.numbers;
    expect(numbers.filter((n) => n.counted).map((n) => n.token)).toEqual(['5.0', '5.6', '4.8']);
    expect(numbers.filter((n) => n.counted)).toHaveLength(measurePage(joined, SITE).facts.statistics);
  });

  it('read a page in the language its words are written in when a template declares English over them', () => {
    // A French article under lang="en": its number words and its speech verbs are French.
    const french = fetched(
      html(`<main><p>Une nouvelle étude a été publiée ce lundi dans la revue Nature, et elle analyse le lien entre la santé de notre tube digestif et la dépression. Selon les auteurs, il faut une cure de quatre mois pour que le microbiote retrouve son équilibre.</p>
<p>«Dans beaucoup de maladies, et pas forcément des pathologies intestinales, on se rend compte que la flore est déséquilibrée», indique la professeure Francisca Joly-Gomez. Mais pour elle, rien ne sert de se cantonner au contenu de son assiette.</p></main>`),
    );
    const measured = measureEvidence(french, SITE)!;
    expect(measured.language).toBe('fr');
    expect(measured.candidates.numbers.map((n) => n.token)).toContain('quatre');
    expect(measured.candidates.quotes.filter((q) => q.counted).map((q) => q.text)).toEqual([
      'Dans beaucoup de maladies, et pas forcément des pathologies intestinales, on se rend compte que la flore est déséquilibrée',
    ]);
  });
});
