// Parsing that follows browsers where SEO depends on it: where the head ends, which images lack a
// text alternative (axe's image-alt), which anchors search engines cannot follow (Lighthouse's
// crawlable-anchors), which link texts are vague (Lighthouse's link-text), and hreflang links.
import { describe, expect, it } from 'vitest';
import { measurePage } from '../../src/analyse/measure-page.js';
import { pageIssues } from '../../src/score/issues.js';
import { SITE, fetched, html } from './helpers.js';

const measure = (doc: string, headers: Record<string, string> = {}) => measurePage(fetched(doc, { headers }), SITE).facts;

describe('the end of the head', () => {
  it('reads head metadata between </head> and <body>, as browsers put it in the head', () => {
    const f = measure('<html><head><title>T</title></head><meta name="description" content="Kept"><body><p>x</p></body></html>');
    expect(f.metaDescription).toBe('Kept');
    expect(f.metadataAfterHead).toBeNull();
  });

  it('ends the head at the first element that does not belong there; metadata after it is ignored', () => {
    const f = measure(
      '<html><head><title>T</title><div>banner</div><meta name="description" content="Lost">' +
        '<link rel="canonical" href="https://www.example.com/page"></head><body><h1>x</h1></body></html>',
    );
    expect(f.metaDescription).toBeNull();
    expect(f.canonicals).toEqual([]);
    expect(f.title).toBe('T');
    expect(f.metadataAfterHead).toEqual({ endedBy: 'div', kinds: ['meta description', 'canonical'] });
    expect(pageIssues(f).find((i) => i.code === 'head_closed_early')).toEqual({
      code: 'head_closed_early',
      severity: 'warning',
      message: 'The <head> ends early at <div>: the meta description, canonical after it are ignored.',
    });
  });

  it('ends the head at text that is not blank, and names it', () => {
    const f = measure('<html><head>&nbsp;<meta name="robots" content="noindex"></head><body></body></html>');
    expect(f.robotsDirectives).toEqual([]);
    expect(pageIssues(f).find((i) => i.code === 'head_closed_early')?.message).toBe('The <head> ends early at text: the robots meta tag after it is ignored.');
  });

  it('keeps the head open across scripts, styles, templates and a noscript tracking pixel', () => {
    const head =
      '<script>var a = "<div>";</script><style>p{}</style><template><div>x</div></template>' +
      '<noscript><img src="https://t.example/px"></noscript><meta name="description" content="Kept">';
    expect(measure(html('<p>x</p>', head)).metaDescription).toBe('Kept');
  });

  it('reports head metadata in the body proper, and keeps a <title> there (it is still the document title)', () => {
    const f = measure(html('<title>Body title</title><link rel="canonical" href="https://www.example.com/x"><p>x</p>'));
    expect(f.title).toBe('Body title');
    expect(f.canonicals).toEqual([]);
    expect(pageIssues(f).find((i) => i.code === 'metadata_in_body')?.message).toBe('The canonical is in the <body>, where search engines ignore it.');
  });

  it('does not report a body duplicate of metadata the head already declares', () => {
    const f = measure(html('<meta name="description" content="Again">', '<meta name="description" content="First">'));
    expect(f.metaDescription).toBe('First');
    expect(f.metadataAfterHead).toBeNull();
  });

  it('takes the first head description even when it is empty', () => {
    expect(measure(html('', '<meta name="description"><meta name="description" content="Second">')).metaDescription).toBeNull();
  });
});

describe('images without a text alternative (axe image-alt)', () => {
  it('counts a missing alt and an alt of spaces (no-break spaces too); alt="" is decorative', () => {
    const f = measure(html('<img src=a><img src=b alt=""><img src=c alt=" "><img src=d alt="&nbsp;&nbsp;"><img src=e alt="Chart">'));
    expect([f.imagesWithoutAlt, f.imagesJudged]).toEqual([3, 5]);
  });

  it('accepts aria-label, aria-labelledby, title and a presentational role instead of alt', () => {
    const f = measure(
      html(
        '<img src=a aria-label="Logo"><img src=b aria-labelledby="cap"><img src=c title="Logo">' +
          '<img src=d role="presentation"><img src=e role="none" alt=" "><img src=f title=" ">',
      ),
    );
    expect(f.imagesWithoutAlt).toBe(1);
  });

  it('leaves out hidden images and images not rendered', () => {
    const f = measure(
      html('<img src=a hidden><div style="display: none"><img src=b></div><img src=c aria-hidden="true">' + '<noscript><img src=d></noscript>'),
    );
    expect([f.imagesWithoutAlt, f.imagesJudged]).toEqual([0, 0]);
  });
});

describe('hidden headings and dates', () => {
  it('does not count headings or <time> inside hidden or unrendered elements', () => {
    const f = measure(
      html(
        '<h1 hidden>Old title</h1><div style="display:none"><h2>x</h2><time datetime="2020-01-01">1 Jan</time></div>' +
          '<template><h1>t</h1><time>2020</time></template><h2 aria-hidden="true">y</h2><p>text</p>',
      ),
    );
    expect(f.headings).toEqual([]);
    expect(f.dateMarked).toBe(false);
    expect(pageIssues(f).map((i) => i.code)).toContain('h1_missing');
  });

  it('counts the visible ones', () => {
    const f = measure(html('<h1>Title</h1><p>Posted <time datetime="2024-05-01">1 May</time></p>'));
    expect(f.headings).toEqual([{ level: 1, text: 'Title' }]);
    expect(f.dateMarked).toBe(true);
  });
});

describe('anchors search engines cannot follow (crawlable-anchors)', () => {
  it('flags javascript:void(0), file: URLs, unparseable hrefs, and script-only anchors', () => {
    const f = measure(
      html(
        '<a href="javascript:void(0)">a</a><a href=" javascript: void(0);">b</a><a href="file:///c/x.html">c</a>' +
          '<a href="http://exa mple.com:99999/">d</a><a onclick="go()">e</a><a target="_blank">f</a>',
      ),
    );
    expect(f.uncrawlableAnchors).toEqual([
      '<a href="javascript:void(0)">',
      '<a href="javascript: void(0);">',
      '<a href="file:///c/x.html">',
      '<a onclick="…">',
      '<a>',
      '<a href="http://exa mple.com:99999/">',
    ]);
    expect(pageIssues(f).find((i) => i.code === 'uncrawlable_links')).toEqual({
      code: 'uncrawlable_links',
      severity: 'warning',
      message:
        '6 links that search engines cannot follow: <a href="javascript:void(0)">, <a href="javascript: void(0);">, ' +
        '<a href="file:///c/x.html">, <a onclick="…">, <a>, and 1 more kinds.',
    });
  });

  it('accepts placeholders, in-page targets, widgets, mailto links and other script URLs', () => {
    const f = measure(
      html(
        '<a class="more">a</a><a id="top"></a><a name="x"></a><a href="javascript:void(0)" role="button">b</a>' +
          '<a href="mailto:a@example.com">c</a><a href="javascript:;">d</a><a href="#">e</a><a href="">f</a><a href="/x">g</a>' +
          '<noscript><a onclick="x()">h</a></noscript>',
      ),
    );
    expect(f.uncrawlableAnchors).toEqual([]);
  });

  it('counts repeated anchors in the message', () => {
    const f = measure(html('<a href="javascript:void(0)">a</a><a href="javascript:void(0)">b</a>'));
    expect(pageIssues(f).find((i) => i.code === 'uncrawlable_links')?.message).toBe(
      '2 links that search engines cannot follow: <a href="javascript:void(0)"> ×2.',
    );
  });
});

describe('vague link texts (link-text)', () => {
  it('reads the visible text: not image alts, not hidden parts', () => {
    const f = measure(
      html(
        '<a href="/a"><img src=x alt="Read more"></a><a href="/b">Read more<span hidden> about lamps</span></a>' +
          '<a href="/c">Read more<span class="sr-only"> about chairs</span></a>',
      ),
    );
    expect(f.vagueLinkTexts).toEqual(['Read more']);
  });

  it('reads the whole text of a link that is itself hidden (its innerText is its text content)', () => {
    expect(measure(html('<div hidden><a href="/a">here</a></div>')).vagueLinkTexts).toEqual(['here']);
  });

  it('leaves out nofollow links, links to the page itself and script links', () => {
    const f = measure(
      html(
        '<a href="/a" rel="nofollow">here</a><a href="#comments">more</a><a href="/page#x">here</a>' +
          '<a href="javascript:go()">here</a><a href="mailto:a@example.com">here</a>',
      ),
    );
    expect(f.vagueLinkTexts).toEqual([]);
  });

  it('uses the language in effect at the link', () => {
    const f = measure(html('<a href="/a">hier</a><p lang="de"><a href="/b">hier</a></p><a href="/c" lang="sv">läs mer</a>'));
    expect(f.vagueLinkTexts).toEqual(['hier', 'läs mer']);
    expect(measure(html('<a href="/a">hier</a>', '', '')).vagueLinkTexts).toEqual(['hier']);
  });
});

describe('hreflang alternates', () => {
  it('reads head links and the Link header, and flags bad language codes and relative hrefs', () => {
    const f = measure(
      html(
        '<link rel="alternate" hreflang="fr" href="https://www.example.com/fr">',
        '<link rel="alternate" hreflang="de" href="https://www.example.com/de"><link rel="alternate" hreflang="en_US" href="/us">' +
          '<link rel="alternate" hreflang="x-default" href="https://www.example.com/"><link rel="alternate" href="/no-lang">',
      ),
      { link: '<https://www.example.com/it>; rel="alternate"; hreflang="it", <https://www.example.com/es>; rel=alternate; hreflang=spanish' },
    );
    expect(f.hreflangs.map((h) => `${h.source} ${h.hreflang} ${h.resolved}`)).toEqual([
      'html de https://www.example.com/de',
      'html en_US https://www.example.com/us',
      'html x-default https://www.example.com/',
      'header it https://www.example.com/it',
      'header spanish https://www.example.com/es',
    ]);
    // The body's hreflang link is ignored, and not reported: the head declares alternates.
    expect(f.metadataAfterHead).toBeNull();
    expect(pageIssues(f).find((i) => i.code === 'hreflang_invalid')).toEqual({
      code: 'hreflang_invalid',
      severity: 'warning',
      message:
        '2 invalid hreflang alternates: hreflang="en_US" href="/us" (not a language code, not an absolute URL); ' +
        'hreflang="spanish" href="https://www.example.com/es" (not a language code).',
    });
  });
});
