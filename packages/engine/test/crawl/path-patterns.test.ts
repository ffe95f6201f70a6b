// Include and exclude patterns (crawl/path-patterns.ts): robots.txt's syntax, matched without
// regular expressions.
import { describe, expect, it } from 'vitest';
import { matchesPathPattern, pathFilterOf } from '../../src/crawl/path-patterns.js';

describe('matchesPathPattern', () => {
  it.each([
    ['/blog/', '/blog/', true],
    ['/blog/', '/blog/post?x=1', true],
    ['/blog/', '/blogs', false],
    ['/blog', '/blogs', true],
    ['/*.pdf$', '/files/a.pdf', true],
    ['/*.pdf$', '/files/a.pdf?download=1', false],
    ['/*.pdf', '/files/a.pdf?download=1', true],
    ['/*?page=', '/list?page=2', true],
    ['/*?page=', '/list?sort=a', false],
    ['/a*b*c$', '/a-b-c', true],
    ['/a*b*c$', '/a-c-b', false],
    ['/a*b$', '/ab', true],
    ['/ab*b$', '/ab', false],
    ['/$', '/', true],
    ['/$', '/x', false],
    ['/*', '/anything', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matchesPathPattern(pattern, path)).toBe(expected);
  });

  it('takes time linear in the URL for a pattern built to backtrack', () => {
    const pattern = `/${'a*'.repeat(99)}b$`.slice(0, 200);
    const path = `/${'a'.repeat(2047)}`;
    const started = performance.now();
    for (let i = 0; i < 100; i++) expect(matchesPathPattern(pattern, path)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('pathFilterOf', () => {
  it('lets every URL through without patterns', () => {
    expect(pathFilterOf({ include: [], exclude: [] })).toBeNull();
    expect(pathFilterOf(undefined)).toBeNull();
  });

  it('keeps included URLs only, and an exclude pattern wins', () => {
    const filter = pathFilterOf({ include: ['/blog/'], exclude: ['/blog/tag/'] })!;
    expect(filter(new URL('https://example.com/blog/post'))).toBe(true);
    expect(filter(new URL('https://example.com/blog/tag/seo'))).toBe(false);
    expect(filter(new URL('https://example.com/about'))).toBe(false);
  });
});
