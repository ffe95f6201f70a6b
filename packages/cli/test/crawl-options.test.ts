// `audits start`'s crawl options turned into AuditStart.crawl (src/crawl-options.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawlSettingsOf, decimalNumber, repeatable } from '../src/crawl-options.js';

describe('crawl options of audits start', () => {
  it('gives no crawl settings without crawl options', async () => {
    expect(await crawlSettingsOf({}, {})).toBeUndefined();
  });

  it('collects patterns, a preset or custom user agent, the rate and credentials', async () => {
    const include = repeatable('/blog/', repeatable('/docs/'));
    expect(include).toEqual(['/docs/', '/blog/']);
    expect(await crawlSettingsOf({ include, exclude: ['/*.pdf$'], userAgent: 'googlebot_desktop', rps: 0.5, auth: 'preview:pa:ss' }, {})).toEqual({
      include: ['/docs/', '/blog/'],
      exclude: ['/*.pdf$'],
      userAgent: 'googlebot_desktop',
      requestsPerSecond: 0.5,
      authentication: { username: 'preview', password: 'pa:ss' },
    });
    expect(await crawlSettingsOf({ userAgent: 'MyBot/1.0' }, {})).toEqual({ userAgent: 'custom', customUserAgent: 'MyBot/1.0' });
  });

  it('takes the password from SEO_GEO_CRAWL_PASSWORD when --auth names only the user, and refuses neither', async () => {
    expect(await crawlSettingsOf({ auth: 'preview' }, { SEO_GEO_CRAWL_PASSWORD: 'secret' })).toEqual({
      authentication: { username: 'preview', password: 'secret' },
    });
    await expect(crawlSettingsOf({ auth: 'preview' }, {})).rejects.toThrow(/SEO_GEO_CRAWL_PASSWORD/);
  });

  it('reads list mode URLs from a file, one a line, skipping blanks and comments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seo-geo-urls-'));
    const file = join(dir, 'urls.txt');
    await writeFile(file, '# pages to check\nhttps://www.example.com/\n\n  https://www.example.com/pricing  \r\n');
    expect(await crawlSettingsOf({ urlsFile: file }, {})).toEqual({ urls: ['https://www.example.com/', 'https://www.example.com/pricing'] });
    await expect(crawlSettingsOf({ urlsFile: join(dir, 'missing.txt') }, {})).rejects.toThrow(/cannot read/);
  });

  it('refuses a rate that is not a number', () => {
    expect(decimalNumber('--rps')('2.5')).toBe(2.5);
    expect(() => decimalNumber('--rps')('fast')).toThrow(/--rps must be a number/);
  });
});
