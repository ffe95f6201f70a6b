// Main-content extraction on small hand-written pages: boilerplate around an article is left out
// with or without <main>, a <main> holding a stream of stories is narrowed to the story, and
// text hidden from readers is never counted. Word counts are computed by hand from `prose(n)`
// (exactly n words) plus the words written out.
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../src/analyse/measure-page.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { SITE, fetched, html, prose } from './helpers.js';

const analyse = (body: string) => analysePage(fetched(body), SITE);

/** A story: a 5-word headline and three paragraphs of 80 words (245 words). */
const STORY = `<h1>How the river changed course</h1><p>${prose(80)}</p><p>${prose(80)}</p><p>${prose(80)}</p>`;
const linkList = (n: number, label: string) =>
  `<ul>${Array.from({ length: n }, (_, i) => `<li><a href="/s/${label}-${i}">${label} story number ${i} headline</a></li>`).join('')}</ul>`;

describe('main content: boilerplate without <main>', () => {
  it('leaves out menus, sidebars, related lists, comments and share bars named as such', () => {
    const page = html(
      `<div class="site-menu">${linkList(6, 'menu')}</div>` +
        `<div id="content"><div class="post">${STORY}</div>` +
        `<div class="share-tools"><a href="https://twitter.com/share">Share on Twitter</a> <a href="https://facebook.com/share">Facebook</a></div></div>` +
        `<div class="sidebar"><h3>Popular now</h3>${linkList(8, 'popular')}</div>` +
        `<div class="related-articles"><h3>Related</h3>${linkList(5, 'related')}</div>` +
        `<div id="comments"><p>${prose(60)}</p><p>${prose(40)}</p></div>`,
    );
    expect(analyse(page).wordCount).toBe(245);
  });

  it('leaves out an unnamed block of links next to the article', () => {
    const page = html(`<div><div>${STORY}</div><div>${linkList(10, 'more')}</div></div>`);
    expect(analyse(page).wordCount).toBe(245);
  });

  it("counts only the article's citations and lists, not those of the chrome around it", () => {
    const page = html(
      `<div class="post">${STORY}<p>Source: <a href="https://www.usgs.gov/rivers">the survey</a> and ${prose(30)}</p>` +
        `<ul><li>${prose(12)}</li><li>${prose(12)}</li></ul></div>` +
        `<div class="sidebar">${linkList(4, 'side')}<a href="https://www.nasa.gov/">NASA</a></div>`,
    );
    const { facts } = measurePage(fetched(page), SITE);
    expect(facts.citations).toBe(1); // usgs.gov only; nasa.gov sits in the sidebar
    expect(facts.listsAndTables).toBe(1); // the article's list; the sidebar's link list is chrome
  });
});

describe('main content: a <main> holding more than the story', () => {
  it('narrows a <main> with a stream of other stories to the story', () => {
    const teaser = (i: number) =>
      `<article class="teaser"><h2><a href="/other/${i}">Another story about the valley and its people</a></h2>` +
      `<p><a href="/other/${i}">Read the full story about the valley number ${i}</a></p></article>`;
    const page = html(
      `<main><article class="story">${STORY}</article>` +
        `<section class="more-stories"><h2>More stories</h2>${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</section></main>`,
    );
    expect(analyse(page).wordCount).toBe(245);
  });

  it('narrows a <main> holding a comment thread to the story', () => {
    const comment = (i: number) => `<li class="comment"><p class="comment-author">Reader ${i}</p><p>${prose(30)}</p></li>`;
    const page = html(
      `<main><article>${STORY}</article><section class="comments"><h2>Comments</h2><ol>${[1, 2, 3, 4].map(comment).join('')}</ol></section></main>`,
    );
    expect(analyse(page).wordCount).toBe(245);
  });

  it('still takes <main> (or the <article>s) on a page too short to score', () => {
    expect(analyse(html('<div>Site name here</div><main><p>Five short words in main.</p></main>')).wordCount).toBe(5);
  });
});

describe('main content: hidden text', () => {
  it('does not count text hidden by the hidden attribute, inline CSS or aria-hidden', () => {
    const page = html(
      `<article>${STORY}` +
        `<p hidden>${prose(50)}</p>` +
        `<div style="display: none">${prose(50)}</div>` +
        `<p style="visibility:hidden !important">${prose(50)}</p>` +
        `<div aria-hidden="true"><p>${prose(50)}</p></div>` +
        `<p>Visible closing words <span style="display:none">secret hidden words</span>here.</p></article>`,
    );
    // 245 + "Visible closing words here" (4)
    expect(analyse(page).wordCount).toBe(249);
  });

  it('counts a maths fallback image region marked aria-hidden, as readers see it', () => {
    const page = html(`<article>${STORY}<p>The formula <span aria-hidden="true" class="mwe-math-fallback-image-inline">x squared</span> holds.</p></article>`);
    // 245 + "The formula x squared holds" (5)
    expect(analyse(page).wordCount).toBe(250);
  });
});
