// The crawl delay measured where the crawler sends: when OriginTurns lets a request begin. Fake
// timers make the clock exact, so the spacing is asserted to the millisecond; crawl-delay.test.ts
// checks the same delay end to end, on a real server, where arrival times carry the event loop's jitter.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveLimits } from '../../src/crawl/limits.js';
import { OriginTurns } from '../../src/crawl/origin-turns.js';
import type { RobotsCache } from '../../src/crawl/robots.js';

const ORIGIN = 'http://www.example.test';
/** Robots already loaded for every origin: only the delay and the concurrency decide. */
const loadedRobots = { peek: () => ({}), get: () => Promise.resolve({}) } as unknown as RobotsCache;

/**
 * Starts `requests` requests to one origin as a crawl does: whenever the turns resume, as many as
 * are ready; each answers after `answerMs(i)`. Returns when each began, by the fake clock.
 */
async function begins(requests: number, limits: Parameters<typeof resolveLimits>[1], answerMs: (i: number) => number): Promise<number[]> {
  const started: number[] = [];
  const turns: OriginTurns = new OriginTurns(resolveLimits(requests, limits), loadedRobots, {
    resume: () => pump(),
    fail: (err) => {
      throw err;
    },
  });
  const pump = () => {
    while (started.length < requests && turns.ready(ORIGIN)) {
      const i = started.length;
      turns.begin(ORIGIN);
      started.push(Date.now());
      setTimeout(() => {
        turns.end(ORIGIN);
        pump();
      }, answerMs(i));
    }
  };
  pump();
  for (let round = 0; started.length < requests && round < 1000; round++) await vi.advanceTimersToNextTimerAsync();
  turns.close();
  return started;
}

const gaps = (times: number[]) => times.slice(1).map((at, i) => at - times[i]!);

describe('origin turns', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the crawl delay between two requests to an origin, whatever concurrency allows', async () => {
    const started = await begins(12, { perHostConcurrency: 4, crawlDelayMs: 40 }, (i) => [5, 90, 13, 61][i % 4]!);
    expect(started).toHaveLength(12);
    expect(Math.min(...gaps(started))).toBeGreaterThanOrEqual(40);
    // Answers faster than the delay leave it the only wait: each request begins as soon as it is over.
    expect(Math.max(...gaps(started))).toBeLessThan(100);
  });

  it('starts the next request the moment the delay is over when answers are instant', async () => {
    const started = await begins(6, { perHostConcurrency: 4, crawlDelayMs: 40 }, () => 0);
    expect(gaps(started)).toEqual([40, 40, 40, 40, 40]);
  });

  it('lets the concurrency limit start requests together without a delay', async () => {
    const started = await begins(8, { perHostConcurrency: 4 }, () => 50);
    expect(gaps(started)).toEqual([0, 0, 0, 50, 0, 0, 0]);
  });
});
