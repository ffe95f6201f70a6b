import { describe, expect, it } from 'vitest';
import { AI_AGENTS, parseRobots, robotsFindings, type RobotsReading } from '../../src/site/index.js';

const URL_ = 'https://www.example.com/robots.txt';
/** A robots.txt that answered 200 and was read whole. */
const read = (text: string): RobotsReading => ({ access: 'available', status: 200, text, detail: null });

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

  it('answers each of many agents as each alone, the agents a file does not name as `*`', () => {
    const files = [
      'User-agent: *\nAllow: /\n',
      'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot/1.0\nDisallow: /\n\nUser-agent: ccbot\nUser-agent: Claude-SearchBot\nAllow: /private/\nDisallow: /\n',
      'User-agent: Google-Extended\nDisallow: /a\n# ClaudeBot is welcome\n',
      'Disallow: /\n',
      '',
    ];
    const agents = [...AI_AGENTS, '*', 'SomeBot', 'gptbot'];
    for (const text of files) {
      const rules = parseRobots(text, URL_);
      for (const path of ['/', '/a', '/private/x', '/b?q=1']) {
        const url = `https://www.example.com${path}`;
        expect(rules.isAllowedForEach!(url, agents)).toEqual(agents.map((agent) => rules.isAllowed(url, agent)));
      }
    }
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
      read(
        '# AI policy\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n',
      ),
      URL_,
    );
    expect(f).toEqual({
      status: 'available',
      httpStatus: 200,
      detail: null,
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
    expect(robotsFindings(read('User-agent: *\nDisallow: /'), URL_).blockedAgents).toEqual([...AI_AGENTS]);
  });

  it('treats a robots.txt answering 4xx as allowing everything (unavailable)', () => {
    const f = robotsFindings({ access: 'unavailable', status: 404, text: null, detail: 'HTTP 404' }, URL_);
    expect(f).toMatchObject({ status: 'unavailable', httpStatus: 404, detail: 'HTTP 404', present: false, parseable: false, blockedAgents: [] });
    expect(Object.values(f.agents).every(Boolean)).toBe(true);
    expect(f.problems).toEqual(['No robots.txt (HTTP 404): every crawler may fetch every page (RFC 9309 §2.3.1.3).']);
  });

  it('treats an unreachable robots.txt as disallowing everything, for every agent', () => {
    const f = robotsFindings({ access: 'unreachable', status: 0, text: null, detail: 'no complete response within 15000 ms' }, URL_);
    expect(f).toMatchObject({ status: 'unreachable', httpStatus: null, present: false, blockedAgents: [...AI_AGENTS] });
    expect(Object.values(f.agents).some(Boolean)).toBe(false);
    expect(f.problems[0]).toBe(
      'robots.txt was unreachable (no complete response within 15000 ms): crawlers must then assume every page is disallowed (RFC 9309 §2.3.1.4).',
    );
  });

  it('reports a truncated robots.txt with the rules it read and says it was cut', () => {
    const detail = 'larger than 524288 bytes: the first 524288 bytes were read, up to the last complete line';
    const f = robotsFindings({ access: 'truncated', status: 200, text: 'User-agent: GPTBot\nDisallow: /\n', detail }, URL_);
    expect(f).toMatchObject({ status: 'truncated', httpStatus: 200, detail, present: true, parseable: true, blockedAgents: ['GPTBot'] });
    expect(f.problems[0]).toContain(`robots.txt was cut short (${detail})`);
    expect(f.problems[0]).toContain('RFC 9309 §2.5');
  });

  it('says so when robots.txt was not read at all (the audit stopped first)', () => {
    expect(robotsFindings(undefined, URL_)).toMatchObject({ status: null, httpStatus: null, detail: null, present: false, blockedAgents: [] });
  });

  it('flags malformed lines and unknown fields', () => {
    const f = robotsFindings(read('User-agent: *\nDisallow /private\nDissallow: /x\n'), URL_);
    expect(f.parseable).toBe(false);
    expect(f.problems).toEqual(['Line 2 is not a "field: value" rule: "Disallow /private".', 'Line 3 has an unknown field "dissallow" (ignored by crawlers).']);
  });

  it('an empty file is present and parseable; an HTML page is not parseable and blocks nothing', () => {
    expect(robotsFindings(read(''), URL_)).toMatchObject({ present: true, parseable: true, blockedAgents: [] });
    const html = robotsFindings(read('<!DOCTYPE html><html><body>Not found</body></html>'), URL_);
    expect(html).toMatchObject({ present: true, parseable: false, blockedAgents: [] });
    expect(html.problems[0]).toContain('HTML page');
  });
});
