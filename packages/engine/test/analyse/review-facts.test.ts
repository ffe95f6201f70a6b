// The facts a technical-SEO review filters on, as measurePage reports them: the robots meta tags
// and X-Robots-Tag as written, the first h1 and the heading counts, distinct outlinks, the title's
// width, and the response's time and size (a file's declared Content-Length, its body not read).
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../src/analyse/measure-page.js';
import { SITE, fetched, html } from './helpers.js';

describe('review facts', () => {
  it('reads them from an HTML page', () => {
    const doc = html(
      '<h2>Before</h2><h1>  First   heading </h1><h1 hidden>Hidden</h1><h1>Second</h1><h2>One</h2><h2>Two</h2>' +
        '<a href="/a">a</a><a href="/a#top">a again</a><a href="https://shop.example.com/b" rel="nofollow">b</a>' +
        '<a href="https://other.example/x">x</a><a href="https://other.example/x">x again</a><a href="mailto:me@example.com">mail</a>',
      '<title>Shoes</title><meta name="robots" content="noindex, follow"><meta name="googlebot" content="noarchive">',
    );
    const f = measurePage(fetched(doc, { headers: { 'x-robots-tag': 'noimageindex' }, durationMs: 231 }), SITE).facts;
    expect(f.metaRobots).toBe('noindex, follow; googlebot: noarchive');
    expect(f.xRobotsTag).toBe('noimageindex');
    expect([f.h1, f.h1Count, f.h2Count]).toEqual(['First heading', 2, 3]);
    expect([f.internalOutlinks, f.externalOutlinks]).toEqual([2, 1]);
    expect(f.titlePixelWidth).toBe(57); // S 667 + h, o, e 556 each + s 500 = 2,835 thousandths
    expect(f.responseTimeMs).toBe(231);
    expect(f.sizeBytes).toBe(Buffer.byteLength(doc));
  });

  it('leaves the HTML facts null on a page without h1 or robots tags only where nothing was found', () => {
    const f = measurePage(fetched(html('<p>Text</p>')), SITE).facts;
    expect([f.metaRobots, f.xRobotsTag, f.h1, f.h1Count, f.h2Count, f.titlePixelWidth]).toEqual([null, null, null, 0, 0, null]);
    expect([f.internalOutlinks, f.externalOutlinks]).toEqual([0, 0]);
  });

  it('gives another file its declared size and no HTML facts, and a record without a response neither time nor size', () => {
    const pdf = measurePage(
      fetched(null, { contentType: 'application/pdf', headers: { 'content-length': '48213', 'x-robots-tag': 'noindex' }, bodyBytes: null }),
      SITE,
    ).facts;
    expect([pdf.sizeBytes, pdf.xRobotsTag, pdf.responseTimeMs, pdf.h1Count, pdf.internalOutlinks, pdf.titlePixelWidth]).toEqual([
      48213,
      'noindex',
      12,
      null,
      null,
      null,
    ]);
    const unknown = measurePage(fetched(null, { contentType: 'image/png', headers: { 'content-length': 'lots' }, bodyBytes: null }), SITE).facts;
    expect(unknown.sizeBytes).toBeNull();
    const none = measurePage(
      fetched(null, { status: 0, contentType: null, bodyBytes: null, ttfbMs: null, error: { code: 'timeout', message: 'no response within 1000 ms' } }),
      SITE,
    ).facts;
    expect([none.responseTimeMs, none.sizeBytes]).toEqual([null, null]);
  });
});
