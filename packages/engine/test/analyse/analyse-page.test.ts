import { describe, expect, it } from 'vitest';
import { REPORTED_FACTS } from '../../src/analyse/facts.js';
import { measurePage } from '../../src/analyse/measure-page.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { parseRobots } from '../../src/site/robots-txt.js';
import { SITE, fetched, html, prose } from './helpers.js';

const analyse = (body: string, overrides = {}) => analysePage(fetched(body, overrides), SITE);

describe('analysePage: response fields', () => {
  it('copies url, final url, status, content type, fetch time', () => {
    const a = analyse(html('<p>Hi</p>'), {
      url: 'https://www.example.com/a',
      finalUrl: 'https://www.example.com/b',
      redirectChain: ['https://www.example.com/a', 'https://www.example.com/b'],
    });
    expect(a).toMatchObject({
      url: 'https://www.example.com/a',
      finalUrl: 'https://www.example.com/b',
      statusCode: 200,
      contentType: 'text/html',
      isHtml: true,
      fetchedAt: '2025-01-01T00:00:00.000Z',
      error: null,
      rubricId: 'geo-2026.4',
    });
  });

  it('reports each of REPORTED_FACTS as measured, first and in its order', () => {
    const page = fetched(html('<h1>Hi</h1><p>x</p>', '<title>T</title>'));
    const a = analysePage(page, SITE);
    const facts = measurePage(page, SITE).facts;
    expect(Object.keys(a).slice(0, REPORTED_FACTS.length)).toEqual(REPORTED_FACTS);
    for (const fact of REPORTED_FACTS) expect(a[fact], fact).toEqual(facts[fact]);
  });

  it('treats application/xhtml+xml as HTML', () => {
    expect(analyse(html('<p>x</p>'), { contentType: 'application/xhtml+xml' }).isHtml).toBe(true);
  });
});

describe('analysePage: pages that are not 2xx HTML', () => {
  it('does not score a 404 (0, no checks), reports the status', () => {
    const a = analyse(html(`<h1>Not found</h1><p>${prose(400)}</p>`), { status: 404 });
    expect(a.geoScore).toBe(0);
    expect(a.checks).toEqual([]);
    expect(a.issues).toEqual([{ code: 'http_status_4xx', severity: 'error', message: 'The page answers HTTP 404.' }]);
    expect(a.title).toBeNull();
    expect(a.wordCount).toBe(0);
  });

  it('reports a failed fetch with its error', () => {
    const error = { code: 'timeout' as const, message: 'No response within 10 s' };
    const a = analyse('', { status: 0, body: null, contentType: null, error });
    expect(a.geoScore).toBe(0);
    expect(a.error).toEqual(error);
    expect(a.issues.map((i) => i.code)).toEqual(['fetch_failed']);
    expect(a.checks).toEqual([]);
    expect(a.issues[0]!.message).toContain('timeout');
  });

  it('does not analyse a PDF, notes it', () => {
    const a = analyse('', { contentType: 'application/pdf', body: null });
    expect(a.isHtml).toBe(false);
    expect(a.geoScore).toBe(0);
    expect(a.issues).toEqual([{ code: 'not_html', severity: 'notice', message: 'The response is not HTML (application/pdf).' }]);
  });

  it('treats an HTML response without body (over the size cap) as not scorable', () => {
    const a = analyse('', { body: null });
    expect(a.geoScore).toBe(0);
    expect(a.issues.map((i) => i.code)).toEqual(['fetch_failed']);
  });
});

describe('analysePage: head fields', () => {
  it('reads the title (entities decoded, whitespace collapsed) and ignores SVG titles', () => {
    const a = analyse(html('<svg><title>Icon</title></svg><p>x</p>', '<title>\n  Fish &amp; Chips\n  Guide </title>'));
    expect(a.title).toBe('Fish & Chips Guide');
  });

  it('does not take an SVG title for a missing document title', () => {
    expect(analyse(html('<svg><title>Icon</title></svg>')).title).toBeNull();
  });

  it('treats an empty title as missing', () => {
    expect(analyse(html('', '<title>  </title>')).title).toBeNull();
  });

  it('reads the first meta description', () => {
    const a = analyse(html('', '<meta name="Description" content=" First  one "><meta name="description" content="Second">'));
    expect(a.metaDescription).toBe('First one');
  });

  it('reads lang from <html>, as written', () => {
    expect(analyse(html('', '', ' lang="de-CH"')).lang).toBe('de-CH');
    expect(analyse(html('', '', '')).lang).toBeNull();
  });

  it('resolves the canonical against <base> and reports it normalised', () => {
    const a = analyse(html('', '<base href="https://www.example.com/docs/"><link rel="canonical" href="Page#top">'));
    expect(a.canonical).toBe('https://www.example.com/docs/Page');
  });

  it('reads a canonical from the Link header', () => {
    const a = analyse(html(''), { headers: { link: '<https://www.example.com/page>; rel="canonical", <https://cdn.example.com/x.css>; rel=preload' } });
    expect(a.canonical).toBe('https://www.example.com/page');
  });
});

describe('analysePage: robots directives', () => {
  it('collects meta robots, crawler-specific meta tags and X-Robots-Tag, lower-cased', () => {
    const a = analyse(html('', '<meta name="robots" content="NoIndex, follow"><meta name="googlebot" content="nosnippet">'), {
      headers: { 'x-robots-tag': 'noarchive, bingbot: noindex, max-snippet: 20' },
    });
    expect(a.robotsDirectives).toEqual(['noindex', 'follow', 'googlebot: nosnippet', 'noarchive', 'bingbot: noindex', 'bingbot: max-snippet:20']);
  });
});

describe('analysePage: headings and main content', () => {
  it('lists headings in order with their level and text', () => {
    const a = analyse(html('<header><h1>Site <b>name</b></h1></header><main><h2>A</h2><h3>B &amp; C</h3></main>'));
    expect(a.headings).toEqual([
      { level: 1, text: 'Site name' },
      { level: 2, text: 'A' },
      { level: 3, text: 'B & C' },
    ]);
  });

  it('counts words of <main> only when it exists', () => {
    const a = analyse(html('<nav>one two</nav><p>three four</p><main><h1>Five six</h1><p>seven eight nine</p></main><footer>ten</footer>'));
    expect(a.wordCount).toBe(5);
  });

  it('falls back to <article> elements, then to the body without chrome', () => {
    expect(analyse(html('<p>outside words</p><article>in one</article><article>in two</article>')).wordCount).toBe(4);
    const body = html(
      '<header>Logo menu</header><nav>a b c</nav><aside>related</aside><div>counted words here</div>' +
        '<script>var x = "not words";</script><style>p{}</style><noscript>enable js</noscript><template>t</template>' +
        '<div hidden>hidden text</div><footer>copyright</footer>',
    );
    expect(analyse(body).wordCount).toBe(3);
  });

  it('keeps an article header (byline) in the content: only site chrome is excluded', () => {
    expect(analyse(html('<article><header><h1>Title here</h1><p>By Ada</p></header><p>Body text</p></article>')).wordCount).toBe(6);
  });

  it('separates words across block boundaries and joins them across inline elements', () => {
    expect(analyse(html('<main><p>one</p><p>two</p><p>thr<b>ee</b></p></main>')).wordCount).toBe(3);
  });

  it('falls back from an empty <main> (app shell) to the body', () => {
    expect(analyse(html('<main></main><div>four words of text</div>')).wordCount).toBe(4);
  });
});

describe('analysePage: links', () => {
  it('resolves against <base href>, drops fragments, normalises scheme/host/port, keeps http(s) only', () => {
    const a = analyse(
      html(
        '<a href="guide#part">Guide</a><a href="HTTPS://WWW.Example.COM:443/Up">Up</a><a href="http://blog.example.com:80/x">Blog</a>' +
          '<a href="https://other.org/p?q=1">Other</a><a href="mailto:a@b.c">Mail</a><a href="javascript:void(0)">JS</a><a>No href</a>',
        '<base href="/docs/">',
      ),
    );
    expect(a.links).toEqual([
      { href: 'https://www.example.com/docs/guide', text: 'Guide', internal: true, rel: [] },
      { href: 'https://www.example.com/Up', text: 'Up', internal: true, rel: [] },
      { href: 'http://blog.example.com/x', text: 'Blog', internal: true, rel: [] },
      { href: 'https://other.org/p?q=1', text: 'Other', internal: false, rel: [] },
    ]);
  });

  it('applies <base> even to links before it, as browsers do', () => {
    const a = analysePage(fetched('<a href="x">X</a><base href="https://www.example.com/a/">'), SITE);
    expect(a.links[0]!.href).toBe('https://www.example.com/a/x');
  });

  it('does not take a look-alike domain for internal', () => {
    const a = analyse(html('<a href="https://notexample.com/">A</a><a href="https://example.com.evil.io/">B</a>'));
    expect(a.links.map((l) => l.internal)).toEqual([false, false]);
  });

  it('records rel tokens lower-cased and uses image alt as text of image links', () => {
    const a = analyse(html('<a href="/x" rel="NoFollow  Sponsored"><img src="a.png" alt="Logo of Acme"></a>'));
    expect(a.links[0]).toMatchObject({ text: 'Logo of Acme', rel: ['nofollow', 'sponsored'] });
  });
});

describe('analysePage: robustness', () => {
  it('never throws on malformed markup or URLs', () => {
    const a = analysePage(
      fetched('<html><body><a href="http://[::1">x</a><p>unclosed <b>bold <i>both</p></div></span><base href="::">', { finalUrl: 'not a url' }),
      SITE,
    );
    expect(a.links).toEqual([]);
    expect(a.wordCount).toBe(4);
  });

  it('separates words at <br> and at blocks inside headings and links', () => {
    const a = analyse(html('<main><h1>Hello<br>World</h1><a href="/c"><h3>Card</h3><p>Summary</p></a></main>'));
    expect(a.headings).toEqual([
      { level: 1, text: 'Hello World' },
      { level: 3, text: 'Card' },
    ]);
    expect(a.links[0]!.text).toBe('Card Summary');
    expect(a.wordCount).toBe(4);
  });
});

describe('analysePage: images and vague links', () => {
  it('does not count tracking pixels in <noscript> or images in <template>', () => {
    expect(analyse(html('<noscript><img src="https://t.example/px"></noscript><template><img src="x"></template>')).imagesWithoutAlt).toBe(0);
  });

  it('counts images without alt; alt="" and presentational images have one', () => {
    const a = analyse(html('<img src=a><img src=b alt=""><img src=c alt="Chart"><img src=d role="presentation"><img src=e aria-hidden="true"><img src=f>'));
    expect(a.imagesWithoutAlt).toBe(2);
  });

  it('lists vague link texts as written, in page order; exact phrases only, aria-label does not exempt', () => {
    const a = analyse(
      html(
        '<a href="/a">Click here</a><a href="/b">Read more »</a><a href="/c">Pricing</a>' +
          '<a href="/d" aria-label="Read more about pricing">Read more</a><nav><a href="/e">More</a></nav>',
      ),
    );
    // "Read more »" is not one of Lighthouse's phrases; the visible "Read more" is, whatever the label.
    expect(a.vagueLinkTexts).toEqual(['Click here', 'Read more', 'More']);
  });
});

describe('analysePage: quotations', () => {
  const q = (body: string) => analyse(html(`<main>${body}</main>`)).quotations;

  // Quotations of about six words or more: a shorter one is not an attributed quotation (datasets/evidence/GUIDE.md).
  it('counts a blockquote attributed by a cite attribute, a <cite>, a <footer> or a figcaption', () => {
    expect(q('<blockquote cite="https://x.org/talk">The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote>')).toBe(1);
    expect(
      q(
        '<blockquote><p>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</p><footer>— <cite>Ada Lovelace</cite></footer></blockquote>',
      ),
    ).toBe(1);
    expect(
      q('<blockquote><p>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</p><footer>Ada Lovelace, 1843</footer></blockquote>'),
    ).toBe(1);
    expect(
      q(
        '<figure><blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote><figcaption>Ada Lovelace</figcaption></figure>',
      ),
    ).toBe(1);
    expect(
      q(
        '<figure><figcaption>Ada Lovelace said:</figcaption><blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote></figure>',
      ),
    ).toBe(1);
  });

  // Bootstrap's block quotations name their source in a <small> (a customer's name under a testimonial).
  it("does not take a documentation's label before a block for its speaker, as it takes a name", () => {
    const quote = 'The analytical engine weaves algebraic patterns just as the loom weaves flowers.';
    expect(q(`<p>Stops processing the current set. Example:</p><blockquote><pre>if ($slow) {\n  limit_rate 10k;\n  break;\n}</pre></blockquote>`)).toBe(0);
    expect(q(`<p>Beispiel:</p><blockquote><p>${quote}</p></blockquote>`)).toBe(0);
    expect(q(`<p>She closed the talk. Ada Lovelace:</p><blockquote><p>${quote}</p></blockquote>`)).toBe(1);
  });

  it("does not count forum software's edit note set in quoting markup, whatever it holds", () => {
    expect(
      q(
        '<blockquote><p>Geändert von yellow (24.12.2009 um 20:31 Uhr) Grund: Bitte keine Voll Zitate, sagte der Moderator.</p><footer>yellow</footer></blockquote>',
      ),
    ).toBe(0);
    expect(
      q('<blockquote cite="https://forum.example/p/5">Last edited by Yoyo; 30/09/2009 at 19:14. Reason: merged the two posts together.</blockquote>'),
    ).toBe(0);
  });

  it('counts a blockquote whose <small> names its source, not a <q> with fine print', () => {
    expect(
      q(
        '<blockquote><p>Wir hatten eine tolle Woche in der Villa, vielen Dank für die gute Betreuung.</p><div><small><span>Stephan K.</span></small></div></blockquote>',
      ),
    ).toBe(1);
    expect(q('<blockquote><p>We had a wonderful time in the villa, one of the most beautiful places.</p><small> </small></blockquote>')).toBe(0);
    expect(q('<p>The notice read <q>we had a wonderful time in the villa, thanks <small>(terms apply)</small></q>.</p>')).toBe(0);
  });

  it('counts a dash line at the end of the quote or right after it', () => {
    expect(q('<blockquote><p>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</p><p>— Ada Lovelace</p></blockquote>')).toBe(1);
    expect(q('<blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote><p>&mdash; Ada Lovelace</p>')).toBe(1);
    expect(q('<p><q>Humans are allergic to change, they love to say it</q> – Grace Hopper</p>')).toBe(1);
    expect(q('<blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote><p>-- Alan Turing</p>')).toBe(1);
  });

  it('does not count unattributed quotations, or a dash not followed by a name', () => {
    expect(q('<blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote><p>And then we left.</p>')).toBe(0);
    expect(q('<blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote><p>— and then we left.</p>')).toBe(0);
    expect(q('<blockquote cite="">The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote>')).toBe(0);
    expect(
      q('<figure><blockquote>The analytical engine weaves algebraic patterns just as the loom weaves flowers.</blockquote><figcaption> </figcaption></figure>'),
    ).toBe(0);
  });

  it('counts a <q> inside a <blockquote> once, and only quotations of the main content', () => {
    expect(q('<blockquote>He said <q>we have always done it this way, and that is the problem</q>.<footer>Ada</footer></blockquote>')).toBe(1);
    const a = analyse(
      html('<aside><blockquote cite="https://x.org">An aside quotation of nine words that are never counted</blockquote></aside><main><p>Text</p></main>'),
    );
    expect(a.quotations).toBe(0);
  });

  it('reports unattributed quotations in the E1 evidence', () => {
    const a = analyse(html('<main><blockquote>One.</blockquote><p>x</p><blockquote>Two.</blockquote><p>y</p></main>'));
    expect(a.checks.find((c) => c.id === 'E1')!.evidence).toBe('2 quotations but none attributed to a named source.');
  });
});

describe('analysePage: statistics, citations, readability', () => {
  it('counts statistics in the main content only', () => {
    const a = analyse(html('<nav>Save 50%</nav><main><p>Sales grew 42% to $120 million in 2024, with 1,200 users.</p><ol><li>Step</li></ol></main>'));
    expect(a.statistics).toBe(3);
  });

  it('counts distinct external links of the main content, without share links, sponsored links or chrome', () => {
    const a = analyse(
      html(
        '<header><a href="https://partner.org/">Partner</a></header><main>' +
          '<a href="https://nist.gov/report">NIST</a><a href="https://nist.gov/report#p2">NIST again</a>' +
          '<a href="https://who.int/data">WHO</a><a href="/internal">Internal</a>' +
          '<a href="https://www.facebook.com/sharer/sharer.php?u=x">Share</a><a href="https://twitter.com/intent/tweet?url=x">Tweet</a>' +
          '<a href="https://shop.com/" rel="sponsored">Ad</a><nav><a href="https://other.org/">Other</a></nav></main>' +
          '<footer><a href="https://w3.org/">W3C</a></footer>',
      ),
    );
    expect(a.citations).toBe(2);
  });

  it('measures Flesch reading ease and mean sentence length for English, leaving headings out', () => {
    // Sentences: "The cat sat on the mat." (6 words, 6 syllables), "It was a fine day." (5 words, 5 syllables)
    // Flesch = 206.835 − 1.015 × (11/2) − 84.6 × (11/11) = 206.835 − 5.5825 − 84.6 = 116.6525 → 116.7
    const a = analyse(html('<main><h1>Heading words here</h1><p>The cat sat on the mat. It was a fine day.</p></main>'));
    expect(a.readability).toEqual({ fleschReadingEase: 116.7, meanSentenceLength: 5.5 });
  });

  it('gives only the mean sentence length for other languages', () => {
    const a = analyse(html('<main><p>Der Hund läuft schnell. Die Katze schläft.</p></main>', '', ' lang="de"'));
    expect(a.readability).toEqual({ fleschReadingEase: null, meanSentenceLength: 3.5 });
  });

  it('detects English text when the page declares no language', () => {
    const text = 'This is a page that has no language attribute but it is written in plain English for all of the readers who visit it. ';
    const a = analyse(html(`<main><p>${text}${text}</p></main>`, '', ''));
    expect(a.readability.fleschReadingEase).not.toBeNull();
  });

  it('gives nulls when there is no prose', () => {
    expect(analyse(html('')).readability).toEqual({ fleschReadingEase: null, meanSentenceLength: null });
  });
});

describe('analysePage: AI agent access', () => {
  it('answers per agent from the site robots.txt, for the final URL', () => {
    const robots = parseRobots('User-agent: GPTBot\nDisallow: /private/\n\nUser-agent: CCBot\nDisallow: /\n', 'https://www.example.com/robots.txt');
    const a = analysePage(fetched(html('<p>x</p>'), { finalUrl: 'https://www.example.com/private/a' }), { ...SITE, robots });
    expect(a.aiAgentAccess).toEqual({
      GPTBot: false,
      'OAI-SearchBot': true,
      'ChatGPT-User': true,
      ClaudeBot: true,
      'Claude-SearchBot': true,
      PerplexityBot: true,
      'Google-Extended': true,
      CCBot: false,
    });
  });

  it('allows every agent when there is no robots.txt', () => {
    expect(Object.values(analyse(html('')).aiAgentAccess).every(Boolean)).toBe(true);
  });
});
