// The sources of an answer: each URL once with its uses merged, only absolute http(s) URLs, the
// contract's caps, and the offsets of Gemini's UTF-8 segments and of a redacted key.
import { describe, expect, it } from 'vitest';
import { sourcesInText } from '../../src/answer-engines/adapters/chat-completions.js';
import { redactAnswer } from '../../src/answer-engines/redact-answer.js';
import { MAX_SOURCES, MAX_USES, SourceList } from '../../src/answer-engines/source-list.js';
import { utf8ToUtf16 } from '../../src/answer-engines/utf8-offsets.js';

describe('SourceList', () => {
  it('keeps each URL once, in the order added, merging uses and filling a missing title', () => {
    const list = new SourceList(100);
    list.cite('https://a.example/x', null, { start: 0, end: 5 });
    list.cite('https://b.example/', 'B', { start: 6, end: 8 });
    list.cite('https://a.example/x', 'A page', { start: 10, end: 12 });
    list.cite('https://a.example/x', 'Another title', { start: 10, end: 12 });
    expect(list.list()).toEqual([
      {
        url: 'https://a.example/x',
        title: 'A page',
        uses: [
          { start: 0, end: 5 },
          { start: 10, end: 12 },
        ],
      },
      { url: 'https://b.example/', title: 'B', uses: [{ start: 6, end: 8 }] },
    ]);
  });

  it('drops what is not an absolute http(s) URL or too long, and uses outside the text', () => {
    const list = new SourceList(10);
    for (const url of ['ftp://a.example/', '/relative', 'javascript:alert(1)', 'mailto:a@b.example', 42, null, `https://a.example/${'x'.repeat(4096)}`]) {
      expect(list.add(url, 'title')).toBeNull();
    }
    const source = list.add('https://ok.example', 'Ok');
    list.use(source, 5, 50); // clipped to the text
    list.use(source, 8, 8);
    list.use(source, -1, 3);
    list.use(source, 1.5, 3);
    expect(list.list()).toEqual([{ url: 'https://ok.example/', title: 'Ok', uses: [{ start: 5, end: 10 }] }]);
  });

  it('caps sources, uses per source and title length', () => {
    const list = new SourceList(1000);
    for (let i = 0; i < MAX_SOURCES + 5; i++) list.cite(`https://s${i}.example/`, 't'.repeat(600), { start: 0, end: 1 });
    for (let i = 0; i < MAX_USES + 5; i++) list.cite('https://s0.example/', null, { start: i, end: i + 1 });
    const sources = list.list();
    expect(sources).toHaveLength(MAX_SOURCES);
    expect(sources[0]!.uses).toHaveLength(MAX_USES);
    expect(sources[0]!.title).toHaveLength(500);
  });
});

describe('sourcesInText (plain chat)', () => {
  it('reads Markdown links (text as title), autolinks and bare URLs with their spans', () => {
    const text =
      'See [Kilnworks Shop](https://kilnworks.example/shop), <https://a.example/x> and https://b.example/y. Also [https://c.example/](https://c.example/).';
    const answer = sourcesInText(text);
    expect(answer.sources).toEqual([
      { url: 'https://kilnworks.example/shop', title: 'Kilnworks Shop', uses: [{ start: 4, end: 52 }] },
      { url: 'https://a.example/x', title: null, uses: [{ start: 55, end: 74 }] },
      { url: 'https://b.example/y', title: null, uses: [{ start: 80, end: 99 }] },
      { url: 'https://c.example/', title: null, uses: [{ start: 106, end: 146 }] },
    ]);
    expect(text.slice(4, 52)).toBe('[Kilnworks Shop](https://kilnworks.example/shop)');
    expect(text.slice(80, 99)).toBe('https://b.example/y');
  });
});

describe('utf8ToUtf16', () => {
  it('maps byte offsets on code point boundaries and refuses offsets inside a character', () => {
    const map = utf8ToUtf16('aé☕🫘b');
    expect([0, 1, 3, 6, 10, 11].map(map)).toEqual([0, 1, 2, 3, 5, 6]);
    expect(map(2)).toBeNull();
    expect(map(12)).toBeNull();
  });
});

describe('redactAnswer', () => {
  it('cuts the key out of the text, moves the uses and drops a source whose URL holds it', () => {
    const key = 'sk-secret-123456';
    const text = `Key ${key} then [A](https://a.example/)`;
    const start = text.indexOf('[A]');
    const answer = redactAnswer(
      {
        text,
        sources: [
          { url: 'https://a.example/', title: `A ${key}`, uses: [{ start, end: text.length }] },
          { url: `https://leak.example/?k=${key}`, title: null, uses: [{ start: 0, end: 3 }] },
        ],
      },
      key,
    );
    expect(answer.text).toBe('Key [redacted] then [A](https://a.example/)');
    expect(answer.sources).toEqual([{ url: 'https://a.example/', title: 'A [redacted]', uses: [{ start: 20, end: 43 }] }]);
    expect(answer.text.slice(20, 43)).toBe('[A](https://a.example/)');
  });
});
