import { describe, expect, it } from 'vitest';
import { AI_AGENTS, parseRobots, robotsFindings } from '../../src/site/index.js';

const URL_ = 'https://www.example.com/robots.txt';

describe('parseRobots', () => {
  it('answers per user agent with RFC 9309 matching (longest match, Allow wins ties)', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /private/\nAllow: /private/open\n\nUser-agent: GPTBot\nDisallow: /\n', URL_);
    expect(rules.isAllowed('https://www.example.com/a', 'SomeBot')).toBe(true);
    expect(rules.isAllowed('https://www.example.com/private/x', 'SomeBot')).toBe(false);
    expect(rules.isAllowed('https://www.example.com/private/open', 'SomeBot')).toBe(true);
    expect(rules.isAllowed('https://www.example.com/a', 'GPTBot')).toBe(false);
    expect(rules.isAllowed('https://www.example.com/a', 'gptbot')).toBe(false);
  });

  it('answers true for URLs of another origin (no rule of this file applies)', () => {
    expect(parseRobots('User-agent: *\nDisallow: /\n', URL_).isAllowed('https://other.org/', 'x')).toBe(true);
  });

  it('lists the sitemaps', () => {
    expect(parseRobots('Sitemap: https://www.example.com/s1.xml\nsitemap: https://www.example.com/s2.xml', URL_).sitemaps).toEqual([
      'https://www.example.com/s1.xml',
      'https://www.example.com/s2.xml',
    ]);
  });
});

describe('robotsFindings', () => {
  it('lists the eight AI agents', () => {
    expect(AI_AGENTS).toEqual(['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'PerplexityBot', 'Google-Extended', 'CCBot']);
  });

  it('reports blocked agents for / and the sitemaps', () => {
    const f = robotsFindings(
      '# AI policy\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n',
      URL_,
    );
    expect(f).toEqual({
      present: true,
      parseable: true,
      agents: {
        GPTBot: false,
        'OAI-SearchBot': true,
        'ChatGPT-User': true,
        ClaudeBot: true,
        'Claude-SearchBot': true,
        PerplexityBot: true,
        'Google-Extended': true,
        CCBot: false,
      },
      blockedAgents: ['GPTBot', 'CCBot'],
      sitemaps: ['https://www.example.com/sitemap.xml'],
      problems: [],
    });
  });

  it('blocks every agent with a wildcard Disallow: /', () => {
    expect(robotsFindings('User-agent: *\nDisallow: /', URL_).blockedAgents).toEqual([...AI_AGENTS]);
  });

  it('treats a missing robots.txt as allowing everything', () => {
    const f = robotsFindings(null, URL_);
    expect(f.present).toBe(false);
    expect(f.parseable).toBe(false);
    expect(f.blockedAgents).toEqual([]);
    expect(Object.values(f.agents).every(Boolean)).toBe(true);
  });

  it('flags malformed lines and unknown fields', () => {
    const f = robotsFindings('User-agent: *\nDisallow /private\nDissallow: /x\n', URL_);
    expect(f.parseable).toBe(false);
    expect(f.problems).toEqual(['Line 2 is not a "field: value" rule: "Disallow /private".', 'Line 3 has an unknown field "dissallow" (ignored by crawlers).']);
  });

  it('an empty file is present and parseable; an HTML page is not parseable and blocks nothing', () => {
    expect(robotsFindings('', URL_)).toMatchObject({ present: true, parseable: true, blockedAgents: [] });
    const html = robotsFindings('<!DOCTYPE html><html><body>Not found</body></html>', URL_);
    expect(html).toMatchObject({ present: true, parseable: false, blockedAgents: [] });
    expect(html.problems[0]).toContain('HTML page');
  });
});
