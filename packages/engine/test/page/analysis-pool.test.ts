// Analysis threads: the same analysis as on the calling thread, a page past its time limit ends
// its thread without ending the pool, a caller that gives up is answered at once, and aborts that
// race results never surface as an uncaught exception.
import { afterAll, describe, expect, it } from 'vitest';
import { fetchedPage, pathologicalPage } from '../../bench/pathological-pages.js';
import { realisticPage } from '../../bench/realistic-page.js';
import { AnalysisTimeoutError, createAnalysisPool } from '../../src/page/analysis-pool.js';
import { analyseInline, type AnalysisSite } from '../../src/page/page-analyser.js';

const site: AnalysisSite = {
  host: 'www.example.com',
  siteDomain: 'example.com',
  robots: { url: 'https://www.example.com/robots.txt', text: 'User-agent: *\nDisallow: /private/\n' },
};

const pool = createAnalysisPool({ threads: 2 });
afterAll(() => pool.close());

describe('analysis threads', () => {
  it('give the analysis the calling thread gives, robots.txt included', async () => {
    for (const page of [
      fetchedPage(realisticPage(60_000)),
      fetchedPage(pathologicalPage('svg-anchors', 40_000), '/private/x'),
      fetchedPage(pathologicalPage('json-ld-huge', 40_000)),
    ]) {
      expect(await pool.analyse(page, site)).toEqual(await analyseInline.analyse(page, site));
    }
  });

  it('end a page past the time limit, and go on with the next', async () => {
    const short = createAnalysisPool({ timeoutMs: 30 });
    try {
      await expect(short.analyse(fetchedPage(pathologicalPage('bare-divs', 3 * 1024 * 1024)), site)).rejects.toBeInstanceOf(AnalysisTimeoutError);
      const small = await short.analyse(fetchedPage('<html><head><title>t</title></head><body><p>ok</p></body></html>'), site);
      expect(small.title).toBe('t');
    } finally {
      await short.close();
    }
  });

  it('give the pages sent behind one past the time limit to the next thread, not fail them too', async () => {
    const short = createAnalysisPool({ timeoutMs: 50 });
    try {
      // The thread has loaded (pages ahead are only sent to a thread that has), then gets them all:
      // more than it is sent ahead, so that some wait in the queue too.
      await short.analyse(fetchedPage('<title>warm-up</title>'), site);
      const slow = short.analyse(fetchedPage(pathologicalPage('bare-divs', 3 * 1024 * 1024)), site);
      const behind = Array.from({ length: 7 }, (_, i) =>
        short.analyse(fetchedPage(`<html><head><title>behind ${i}</title></head><body><p>ok</p></body></html>`), site),
      );
      await expect(slow).rejects.toBeInstanceOf(AnalysisTimeoutError);
      expect((await Promise.all(behind)).map((a) => a.title)).toEqual(Array.from({ length: 7 }, (_, i) => `behind ${i}`));
    } finally {
      await short.close();
    }
  });

  it('answer pages in the order a thread was given them, every one', async () => {
    const one = createAnalysisPool({ threads: 1 });
    try {
      const titles = await Promise.all(
        Array.from({ length: 12 }, (_, i) => one.analyse(fetchedPage(`<title>page ${i}</title><p>${'word '.repeat(i * 500)}</p>`), site)),
      );
      expect(titles.map((a) => a.title)).toEqual(Array.from({ length: 12 }, (_, i) => `page ${i}`));
    } finally {
      await one.close();
    }
  });

  it('answer a caller that gives up at once, and go on with the next page', async () => {
    const stop = new AbortController();
    const given = pool.analyse(fetchedPage(pathologicalPage('nested-tables', 3 * 1024 * 1024)), site, stop.signal);
    stop.abort(new Error('cancelled'));
    await expect(given).rejects.toThrow('cancelled');
    expect((await pool.analyse(fetchedPage(realisticPage(20_000)), site)).isHtml).toBe(true);
  });

  it('settle every page when aborts race results, with nothing uncaught', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => {
        const stop = new AbortController();
        const analysis = pool.analyse(fetchedPage(realisticPage(8_000 + i * 100), `/p/${i}`), site, stop.signal);
        // Some given up before they start, some while they run, some as their answer arrives.
        if (i % 3 === 0) queueMicrotask(() => stop.abort(new Error('gone')));
        if (i % 3 === 1) setTimeout(() => stop.abort(new Error('gone')), i);
        return analysis;
      }),
    );
    expect(outcomes).toHaveLength(40);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain('gone');
    }
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    expect((await pool.analyse(fetchedPage(realisticPage(20_000)), site)).isHtml).toBe(true);
  });

  it('refuse pages once closed, and reject those waiting', async () => {
    const closing = createAnalysisPool();
    await closing.analyse(fetchedPage('<title>warm-up</title>'), site);
    // One in the thread, one sent to it behind that, one in the queue.
    const waiting = [2, 1, 1].map((mb) => closing.analyse(fetchedPage(pathologicalPage('bare-divs', mb * 1024 * 1024)), site));
    const refused = Promise.all(waiting.map((w) => expect(w).rejects.toThrow(/closed/)));
    await closing.close();
    await refused;
    await expect(closing.analyse(fetchedPage('<p>x</p>'), site)).rejects.toThrow(/closed/);
  });
});
