// A linked signal follows its sources while in use and lets go of them when released, so that a
// long-lived signal (a crawl's, a worker's) handed to every fetch holds nothing of the fetches
// that are over. AbortSignal.any kept one entry a fetch in the source (Node 20 and 22).
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../src/net/guarded-fetch.js';
import { linkedSignal } from '../../src/net/linked-signal.js';
import { WWW } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';

/** What a source signal holds of the signals that follow it: its abort listeners, and Node's list of dependants where it keeps one. */
function heldBy(signal: AbortSignal): number {
  const dependants = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kDependantSignals');
  const set = dependants ? (signal as unknown as Record<symbol, Set<unknown> | undefined>)[dependants] : undefined;
  return getEventListeners(signal, 'abort').length + (set?.size ?? 0);
}

describe('linked signal', () => {
  it('aborts with the reason of the first source that aborts, and then follows none', () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkedSignal([a.signal, undefined, b.signal]);
    expect(linked.signal.aborted).toBe(false);
    expect(heldBy(a.signal) + heldBy(b.signal)).toBe(2);
    b.abort(new Error('b stopped'));
    expect(linked.signal.aborted).toBe(true);
    expect((linked.signal.reason as Error).message).toBe('b stopped');
    expect(heldBy(a.signal)).toBe(0);
  });

  it('starts aborted when a source already is, following nothing', () => {
    const a = new AbortController();
    const done = AbortSignal.abort(new Error('before'));
    const linked = linkedSignal([a.signal, done]);
    expect((linked.signal.reason as Error).message).toBe('before');
    expect(heldBy(a.signal)).toBe(0);
  });

  it('aborts alone: its sources go on', () => {
    const a = new AbortController();
    const linked = linkedSignal([a.signal]);
    linked.abort(new Error('deadline'));
    expect(linked.signal.aborted).toBe(true);
    expect(a.signal.aborted).toBe(false);
    expect(heldBy(a.signal)).toBe(0);
  });

  it('once released, no longer follows its sources', () => {
    const a = new AbortController();
    const linked = linkedSignal([a.signal]);
    linked.release();
    expect(heldBy(a.signal)).toBe(0);
    a.abort();
    expect(linked.signal.aborted).toBe(false);
  });
});

describe('a long-lived signal given to many fetches', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer({ [WWW]: { '/': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<p>home</p>' }) } });
  });
  afterAll(() => site.close());

  it('holds nothing of the fetches that are over, and still ends the one in flight', async () => {
    const crawl = new AbortController();
    const options = { signal: crawl.signal, policy: { allowLoopback: true }, resolver: fixtureResolver().resolve };
    for (let i = 0; i < 200; i++) expect((await guardedFetch(`http://${WWW}:${site.port}/`, options)).status).toBe(200);
    // With AbortSignal.any this was 200: one entry a fetch, for as long as the crawl's signal lives.
    expect(heldBy(crawl.signal)).toBe(0);

    const inFlight = guardedFetch(`http://${WWW}:${site.port}/`, options);
    expect(heldBy(crawl.signal)).toBe(1);
    crawl.abort();
    expect((await inFlight).status).toBe(0);
    expect(heldBy(crawl.signal)).toBe(0);
  });
});
