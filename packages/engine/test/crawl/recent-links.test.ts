// RecentLinks answers as its function does, works each link out once while it is remembered, and
// holds at most two generations of links, whatever the number of distinct links.
import { describe, expect, it } from 'vitest';
import { RecentLinks } from '../../src/crawl/recent-links.js';

function counted(): { calls: Map<string, number>; follow: (link: string) => string | null } {
  const calls = new Map<string, number>();
  return {
    calls,
    follow: (link) => {
      calls.set(link, (calls.get(link) ?? 0) + 1);
      return link.startsWith('/out') ? null : `https://example.com${link}`;
    },
  };
}

describe('RecentLinks', () => {
  it('gives the function answer, null included, and works a repeated link out once', () => {
    const { calls, follow } = counted();
    const links = new RecentLinks(100, follow);
    for (let round = 0; round < 5; round++) {
      expect(links.followable('/a')).toBe('https://example.com/a');
      expect(links.followable('/out/b')).toBeNull();
    }
    expect(calls.get('/a')).toBe(1);
    expect(calls.get('/out/b')).toBe(1);
  });

  it('keeps a link met in every page of a long crawl, and forgets links met once long ago', () => {
    const { calls, follow } = counted();
    const links = new RecentLinks(10, follow);
    for (let page = 0; page < 1000; page++) {
      links.followable('/nav');
      links.followable(`/p/${page}`);
    }
    expect(calls.get('/nav')).toBe(1);
    // /p/0 left both generations long ago: it is worked out again.
    links.followable('/p/0');
    expect(calls.get('/p/0')).toBe(2);
  });

  it('holds at most two generations: memory does not grow with the distinct links', () => {
    const { follow } = counted();
    const links = new RecentLinks(10, follow);
    for (let i = 0; i < 10_000; i++) links.followable(`/p/${i}`);
    const held = links as unknown as { newer: Map<string, unknown>; older: Map<string, unknown> };
    expect(held.newer.size + held.older.size).toBeLessThanOrEqual(20);
  });

  it('does not remember a link longer than 512 characters', () => {
    const { calls, follow } = counted();
    const links = new RecentLinks(10, follow);
    const long = `/${'x'.repeat(600)}`;
    links.followable(long);
    links.followable(long);
    expect(calls.get(long)).toBe(2);
  });
});
