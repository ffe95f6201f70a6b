// What a page loads, as the resource check requests it: every loading element's URL and every
// srcset candidate, resolved against the document's base, without fragments, once each, in
// document order; data: URIs, other schemes, unparseable references and what is not rendered
// (template, noscript) left out; nothing for a page that is not scored.
import { describe, expect, it } from 'vitest';
import { loadedUrls } from '../../src/analyse/resources/loaded-urls.js';
import { measurePage } from '../../src/analyse/measure-page.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { SITE, fetched, html } from './helpers.js';

const PAGE = 'https://www.example.com/shop/item';
const loads = (body: string, head = '') => measurePage(fetched(html(body, head), { url: PAGE, finalUrl: PAGE }), SITE).resources;

describe('loadedUrls', () => {
  it('resolves each reference and srcset candidate once, in order, without fragments', () => {
    const refs = [
      { ref: 'a.png', srcset: false },
      { ref: '/a.png 1x, https://cdn.example.net/a@2x.png 2x', srcset: true },
      { ref: '../css/site.css#v2', srcset: false },
      { ref: ' //cdn.example.net/lib.js ', srcset: false },
    ];
    expect(loadedUrls(refs, PAGE)).toEqual([
      'https://www.example.com/shop/a.png',
      'https://www.example.com/a.png',
      'https://cdn.example.net/a@2x.png',
      'https://www.example.com/css/site.css',
      'https://cdn.example.net/lib.js',
    ]);
  });

  it('skips data: URIs, other schemes and references that do not parse', () => {
    const refs = [
      'data:image/png;base64,iVBORw0KGgo=',
      ' DATA:image/gif;base64,R0lGOD==',
      'blob:https://www.example.com/1',
      'javascript:void(0)',
      'http://[bad',
    ];
    expect(
      loadedUrls(
        refs.map((ref) => ({ ref, srcset: false })),
        PAGE,
      ),
    ).toEqual([]);
    expect(loadedUrls([{ ref: 'data:image/png;base64,AAA= 1x, /b.png 2x', srcset: true }], PAGE)).toEqual(['https://www.example.com/b.png']);
  });
});

describe("a page's resources", () => {
  it('are what its rendered elements load: images, scripts, stylesheets, icons, frames and media, against its base', () => {
    const head =
      '<base href="https://www.example.com/assets/"><link rel="stylesheet" href="site.css"><link rel="icon" href="/favicon.ico"><link rel="canonical" href="/x"><script src="app.js"></script><script type="application/ld+json">{}</script>';
    const body =
      '<img src="logo.png" srcset="logo.png 1x, logo@2x.png 2x"><img src="data:image/gif;base64,R0lGOD=="><iframe src="https://video.example.org/embed/1"></iframe><video poster="poster.jpg"><source src="clip.mp4"></video><template><img src="hidden.png"></template><noscript><img src="pixel.gif"></noscript><a href="page.html">a link is no resource</a>';
    expect(loads(body, head)).toEqual([
      'https://www.example.com/assets/site.css',
      'https://www.example.com/favicon.ico',
      'https://www.example.com/assets/app.js',
      'https://www.example.com/assets/logo.png',
      'https://www.example.com/assets/logo@2x.png',
      'https://video.example.org/embed/1',
      'https://www.example.com/assets/poster.jpg',
      'https://www.example.com/assets/clip.mp4',
    ]);
  });

  it('reach the analysis, and are none on a page that is not scored', () => {
    const page = fetched(html('<img src="/a.png">'), { url: PAGE, finalUrl: PAGE });
    expect(analysePage(page, SITE).resources).toEqual(['https://www.example.com/a.png']);
    expect(analysePage({ ...page, status: 404 }, SITE).resources).toEqual([]);
  });
});
