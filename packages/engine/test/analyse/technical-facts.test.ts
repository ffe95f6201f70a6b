// The facts behind the page-level technical checks, as the analyser measures them from markup and
// the response: viewport, declared encoding, Open Graph, mixed content, H1s, size and timing.
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../src/analyse/measure-page.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { srcsetUrls } from '../../src/analyse/resources/srcset.js';
import type { FetchedPage } from '../../src/types.js';
import { SITE, fetched, html } from './helpers.js';

const measure = (body: string, head = '', page: Partial<FetchedPage> = {}) => measurePage(fetched(html(body, head), page), SITE).facts;

describe('viewport', () => {
  it('reads the first viewport meta of the head, its name in any case', () => {
    expect(measure('', '<meta name="Viewport" content="width=device-width"><meta name="viewport" content="x">').viewport).toBe('width=device-width');
    expect(measure('', '<meta name="viewport">').viewport).toBe('');
    expect(measure('').viewport).toBeNull();
  });

  it('ignores one after the head has ended, where Lighthouse does not look', () => {
    expect(measure('<p>Text</p><meta name="viewport" content="width=device-width">').viewport).toBeNull();
  });
});

describe('declared character encoding', () => {
  const declared = (body: string, headers: Record<string, string> = {}) => measurePage(fetched(body, { headers }), SITE).facts.charsetDeclaredBy;

  it('accepts the Content-Type header, a byte-order mark or an early charset meta', () => {
    expect(declared(html('<p>x</p>'), { 'content-type': 'text/html; charset=utf-8' })).toBe('content-type');
    expect(declared('\uFEFF' + html('<p>x</p>'))).toBe('bom');
    expect(declared(html('<p>x</p>', '<meta charset="utf-8">'))).toBe('meta');
    expect(declared(html('<p>x</p>', '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">'))).toBe('meta');
  });

  it('finds nothing in a header without charset, an empty meta charset, a comment or after 1024 characters', () => {
    expect(declared(html('<p>x</p>'), { 'content-type': 'text/html' })).toBeNull();
    expect(declared(html('<p>x</p>', '<meta charset="">'))).toBeNull();
    expect(declared(html('<p>x</p>', '<meta http-equiv="content-type" content="text/html">'))).toBeNull();
    expect(declared(html('<p>x</p>', '<!-- <meta charset="utf-8"> -->'))).toBeNull();
    // The whole tag must lie within the first 1024 characters: its `>` at index 1023 at most.
    const meta = '<meta charset="utf-8">';
    const padded = (pad: number) => html('<p>x</p>', `<title>${'x'.repeat(pad)}</title>${meta}`);
    const pad = 1023 - (padded(0).indexOf(meta) + meta.length - 1);
    expect(padded(pad).indexOf(meta) + meta.length - 1).toBe(1023);
    expect(declared(padded(pad))).toBe('meta');
    expect(declared(padded(pad + 1))).toBeNull();
  });
});

describe('Open Graph', () => {
  it('reads og: properties from property and name, with content, distinct, og:image:url as og:image', () => {
    const og = measure(
      '',
      [
        '<meta property="og:title" content="T">',
        '<meta name="og:type" content="article">',
        '<meta property="OG:Title" content="again">',
        '<meta property="og:url" content=" ">',
        '<meta property="og:image:url" content="https://x/i.png">',
        '<meta property="twitter:card" content="x">',
      ].join(''),
    ).openGraph;
    expect(og).toEqual(['og:title', 'og:type', 'og:image']);
  });

  it('reads several RDFa properties in one attribute', () => {
    expect(measure('', '<meta property="og:title twitter:title" content="T">').openGraph).toEqual(['og:title']);
  });
});

describe('mixed content', () => {
  const https = { url: 'https://www.example.com/page', finalUrl: 'https://www.example.com/page' };
  const mixed = (body: string, head = '', page: Partial<FetchedPage> = https) => measure(body, head, page).mixedContent;

  it('lists http subresources of every loading element, resolved and distinct, in document order', () => {
    expect(
      mixed(
        [
          '<img src="http://a.example/1.png">',
          '<img src="/ok.png" srcset="https://a.example/2.png 1x, http://a.example/3.png 2x">',
          '<picture><source srcset="http://a.example/4.webp" type="image/webp"><img src="https://a.example/5.png"></picture>',
          '<script src="HTTP://a.example/6.js"></script>',
          '<iframe src="http://a.example/7.html"></iframe>',
          '<video src="http://a.example/8.mp4" poster="http://a.example/9.jpg"><source src="http://a.example/10.webm"><track src="http://a.example/11.vtt"></video>',
          '<audio src="http://a.example/12.mp3"></audio>',
          '<embed src="http://a.example/13.swf"><object data="http://a.example/14.pdf"></object>',
          '<img src="http://a.example/1.png">',
        ].join(''),
        [
          '<link rel="stylesheet" href="http://a.example/15.css">',
          '<link rel="shortcut icon" href="http://a.example/16.ico">',
          '<link rel="preload" as="font" href="http://a.example/17.woff2">',
          '<link rel="modulepreload" href="http://a.example/18.js">',
          '<link rel="manifest" href="http://a.example/19.json">',
        ].join(''),
      ),
    ).toEqual(
      [15, 16, 17, 18, 19, 1, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((n) => {
        const ext = {
          1: 'png',
          3: 'png',
          4: 'webp',
          6: 'js',
          7: 'html',
          8: 'mp4',
          9: 'jpg',
          10: 'webm',
          11: 'vtt',
          12: 'mp3',
          13: 'swf',
          14: 'pdf',
          15: 'css',
          16: 'ico',
          17: 'woff2',
          18: 'js',
          19: 'json',
        }[n];
        return `http://a.example/${n}.${ext}`;
      }),
    );
  });

  it('does not count links, other link types, data: URLs, protocol-relative URLs or unrendered markup', () => {
    expect(
      mixed(
        [
          '<a href="http://a.example/page">a page</a>',
          '<img src="data:image/png;base64,AAAA">',
          '<img src="//a.example/x.png">',
          '<noscript><img src="http://a.example/pixel.gif"></noscript>',
          '<template><img src="http://a.example/t.png"></template>',
          '<form action="http://a.example/post"></form>',
        ].join(''),
        '<link rel="canonical" href="http://www.example.com/page"><link rel="alternate" hreflang="de" href="http://de.example.com/">',
      ),
    ).toEqual([]);
  });

  it('resolves against the document base: an http <base> makes relative references insecure', () => {
    expect(mixed('<img src="/logo.png"><img src="https://a.example/x.png">', '<base href="http://static.example.com/">')).toEqual([
      'http://static.example.com/logo.png',
    ]);
  });

  it('reads the scheme as the URL parser does (leading spaces, tabs inside)', () => {
    expect(mixed('<img src="  http://a.example/1.png"><img src="ht\ttp://a.example/2.png">')).toEqual(['http://a.example/1.png', 'http://a.example/2.png']);
  });

  it('is empty on an http page, which is insecure as a whole', () => {
    expect(mixed('<img src="http://a.example/1.png">', '', { url: 'http://www.example.com/page', finalUrl: 'http://www.example.com/page' })).toEqual([]);
  });

  it('is judged on the final URL, after redirects', () => {
    const page = {
      url: 'http://www.example.com/page',
      finalUrl: 'https://www.example.com/page',
      redirectChain: ['http://www.example.com/page', 'https://www.example.com/page'],
    };
    expect(mixed('<img src="http://a.example/1.png">', '', page)).toEqual(['http://a.example/1.png']);
  });
});

describe('srcset', () => {
  it('splits candidates on commas after each URL, keeping commas inside URLs and descriptors', () => {
    expect(srcsetUrls('a.png 1x, b.png 2x')).toEqual(['a.png', 'b.png']);
    // A comma right after a URL's characters belongs to the URL unless it ends it.
    expect(srcsetUrls(' a.png, b.png , c.png 640w ')).toEqual(['a.png', 'b.png', 'c.png']);
    expect(srcsetUrls('a.png,b.png 2x')).toEqual(['a.png,b.png']);
    expect(srcsetUrls('data:image/png;base64,AA,BB 1x, d.png 2x')).toEqual(['data:image/png;base64,AA,BB', 'd.png']);
    expect(srcsetUrls('a.png (x, y) 1x, b.png')).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('a.png,, ,b.png,')).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('')).toEqual([]);
  });
});

describe('H1s, size and timing', () => {
  it('counts the H1s that h1_missing reads: hidden ones are not headings', () => {
    const issues = (body: string) => analysePage(fetched(html(body)), SITE).issues.filter((i) => i.code === 'h1_multiple');
    expect(issues('<h1>Shown</h1><h1 hidden>Hidden</h1><div style="display:none"><h1>Also hidden</h1></div>')).toEqual([]);
    expect(issues('<header><h1>Site</h1></header><main><h1>Article</h1></main>').map((i) => i.message)).toEqual(['2 H1 headings: "Site", "Article".']);
  });

  it('takes the body size and the time to first byte from the fetch', () => {
    const f = measure('<p>x</p>', '', { ttfbMs: 750, bodyBytes: 3_000_000 });
    expect([f.ttfbMs, f.htmlBytes]).toEqual([750, 3_000_000]);
    const failed = measurePage(fetched(null, { status: 0, ttfbMs: null, bodyBytes: null, error: { code: 'timeout', message: 'slow' } }), SITE).facts;
    expect([failed.ttfbMs, failed.htmlBytes, failed.viewport, failed.openGraph, failed.mixedContent]).toEqual([null, null, null, [], []]);
  });
});
