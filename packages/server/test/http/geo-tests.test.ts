// GEO tests (the API's one-off "GEO monitor tests") over HTTP, against fake OpenAI-compatible
// answer engines on 127.0.0.1 (tests only): the prompt goes to every configured engine N times,
// answers are analysed for the project's brand, results and summary are stored; an engine that
// keeps failing keeps its provider error; with no engine configured the API says so and answers
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, providerError, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { eventViolations } from '../webhooks/support/contract.js';
import { createEndpoint, fastDeliveries } from '../webhooks/support/endpoints.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';
import { until as pollUntil } from '../support/wait.js';

/** Polls with this file's deadline (20 s). */
const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => pollUntil(what, probe, timeoutMs);

describe('with no answer engine configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 503 ANSWER_ENGINE_NOT_CONFIGURED and creates nothing', async () => {
    const key = await server.createKey();
    const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body
      .data.id;
    const response = await server.call(`/projects/${projectId}/geo-monitor/tests`, {
      key,
      method: 'POST',
      json: { prompt: 'Where can I buy bowls?', locale: 'en' },
    });
    expect(response.status).toBe(503);
    expectContract('createGeoMonitorTest', response);
    expect(response.body.error.code).toBe('ANSWER_ENGINE_NOT_CONFIGURED');
    expect(response.headers.get('retry-after')).toBe('3600');
    const list = await server.call(`/projects/${projectId}/geo-monitor/tests`, { key });
    expectContract('listGeoMonitorTests', list);
    expect(list.body.meta.total).toBe(0);
  });
});

describe('with two answer engines', () => {
  let good: FakeEngine;
  let broken: FakeEngine;
  let server: TestServer;
  let receiver: Receiver;
  const answers = [
    'The best places are **Etsy** and **Example Shop** ([their bowls](https://www.example.com/collections/bowls)).',
    'Try [Etsy](https://www.etsy.com) or a local studio.',
    'EXAMPLE SHÖP sells handmade bowls; see https://shop.example.com/bowls. Example Shop ships worldwide.',
  ];

  beforeAll(async () => {
    good = await startFakeEngine((_request, index) => completion(answers[index % answers.length]));
    broken = await startFakeEngine(() => providerError(500, 'The model is overloaded'));
    const engines = [
      { name: 'good', baseUrl: good.baseUrl, model: 'fake-1', apiKeyEnv: 'FAKE_ENGINE_KEY', samples: 3 },
      { name: 'broken', baseUrl: broken.baseUrl, model: 'fake-2', samples: 2, timeoutMs: 2000 },
    ];
    process.env.FAKE_ENGINE_KEY = 'sk-test-secret-engine-key';
    receiver = await startReceiver();
    server = await startTestServer({ env: { GEO_ENGINES: JSON.stringify(engines) }, webhooks: fastDeliveries() });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await good?.close();
    await broken?.close();
    delete process.env.FAKE_ENGINE_KEY;
  });

  it('runs the test: per-engine, per-sample results and a summary', async () => {
    const key = await server.createKey();
    await createEndpoint(server, key, receiver, '/geo', ['geo_monitor_test.completed']);
    const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body
      .data.id;
    const started = await server.call(`/projects/${projectId}/geo-monitor/tests`, {
      key,
      method: 'POST',
      json: { prompt: 'Wo kann ich handgemachte Schalen kaufen?', locale: 'de-DE' },
    });
    expect(started.status).toBe(202);
    expectContract('createGeoMonitorTest', started);
    expect(started.body.data).toMatchObject({ status: 'pending', engines: ['good', 'broken'], locale: 'de-DE' });
    const testId = started.body.data.testId;
    expect(started.headers.get('location')).toBe(`/api/public/v1/projects/${projectId}/geo-monitor/tests/${testId}`);

    const done = await until('the test to finish', async () => {
      const response = await server.call(`/projects/${projectId}/geo-monitor/tests/${testId}`, { key });
      expectContract('getGeoMonitorTest', response);
      return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
    });
    expect(done.status).toBe('completed');
    const [goodResult, brokenResult] = done.results;
    expect(goodResult).toMatchObject({ engine: 'good', model: 'fake-1', error: null });
    expect(goodResult.samples).toHaveLength(3);
    expect(goodResult.samples[0]).toMatchObject({ brandMentioned: true, firstMentionPosition: 2, projectDomainCited: true, otherBrands: ['Etsy'] });
    expect(goodResult.samples[1]).toMatchObject({ brandMentioned: false, firstMentionPosition: null, mentionCount: 0, projectDomainCited: false });
    // Accent- and case-insensitive name and the name again; the bare URL on the project's domain is a citation, not a mention.
    expect(goodResult.samples[2]).toMatchObject({ brandMentioned: true, mentionCount: 2, projectDomainCited: true, citedDomains: ['example.com'] });
    expect(goodResult.samples[2].brands).toEqual([{ competitorId: null, name: 'Example Shop', mentioned: true, position: 1, mentionCount: 2, cited: true }]);
    expect(brokenResult.samples).toEqual([]);
    expect(brokenResult.error).toContain('The model is overloaded');
    // By hand: mentioned in answers 1 and 3 (positions 2 and 1; 1 + 2 mentions), cited in both;
    // example.com cited by two answers (two URLs), etsy.com by one: 2 and 1 of the 3 citations.
    expect(done.summary).toEqual({
      samples: 3,
      mentionRate: 2 / 3,
      avgFirstPosition: 1.5,
      citedRate: 2 / 3,
      brands: [
        {
          competitorId: null,
          name: 'Example Shop',
          samples: 3,
          mentionRate: 0.6667,
          avgPosition: 1.5,
          mentions: 3,
          shareOfVoice: 1,
          citedRate: 0.6667,
          citationShare: 0.6667,
          // By hand (see *Uncertainty* in the spec, z = 1.96): Wilson's 2 of 3 is 0.2077 to 0.9385.
          // Positions 2 and 1: s = 0.7071, SE = s ÷ √2 = 0.5. Share of voice: the only tracked brand,
          // R = 1, so deff = 1 and n* = 3 mentions: Wilson's 3 of 3, 0.4385 to 1. Citation share:
          // x = 1, 0, 1 of y = 1, 1, 1; R = 2/3, Σd² = 2/3, V = 3 × (2/3) ÷ (2 × 9) = 0.1111 against
          // R(1 − R) ÷ 3 = 0.0741: deff = 1.5, n* = 2, Wilson's 4/3 of 2 is 0.1594 to 0.9547.
          uncertainty: {
            level: 0.95,
            mentionRate: { count: 2, n: 3, low: 0.2077, high: 0.9385 },
            citedRate: { count: 2, n: 3, low: 0.2077, high: 0.9385 },
            shareOfVoice: { count: 3, total: 3, answers: 3, effectiveN: 3, low: 0.4385, high: 1 },
            citationShare: { count: 2, total: 3, answers: 3, effectiveN: 2, low: 0.1594, high: 0.9547 },
            avgPosition: { n: 2, standardError: 0.5 },
          },
        },
      ],
      citations: [
        { domain: 'example.com', answers: 2, urls: 2, citations: 2, share: 0.6667 },
        { domain: 'etsy.com', answers: 1, urls: 1, citations: 1, share: 0.3333 },
      ],
      // Both engines are plain chat engines; only one answered.
      surfaces: ['model'],
    });
    expect(done.results.map((r: { engine: string; surface: string }) => [r.engine, r.surface])).toEqual([
      ['good', 'model'],
      ['broken', 'model'],
    ]);
    // The prompt went out in the locale's language, with the operator's key, which never shows up in results.
    expect(JSON.stringify(good.requests[0]!.body)).toContain('German');
    expect(good.requests[0]!.headers.authorization).toBe('Bearer sk-test-secret-engine-key');
    expect(JSON.stringify(done)).not.toContain('sk-test-secret-engine-key');

    const list = await server.call(`/projects/${projectId}/geo-monitor/tests`, { key });
    expectContract('listGeoMonitorTests', list);
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([testId]);

    // The signed geo_monitor_test.completed event carries the test exactly as the API returns it.
    const delivery = await until('the completion event', async () => receiver.deliveries.find((d) => d.path === '/geo'));
    expect(delivery.verified).toBe(true);
    expect(eventViolations('geo_monitor_test.completed', delivery)).toEqual([]);
    expect((delivery.payload as { type: string; data: unknown }).type).toBe('geo_monitor_test.completed');
    expect((delivery.payload as { data: unknown }).data).toEqual(done);
  });

  it("fails a test in which no engine answered, with the providers' errors", async () => {
    const onlyBroken = await startTestServer({
      env: { GEO_ENGINES: JSON.stringify([{ name: 'broken', baseUrl: broken.baseUrl, model: 'fake-2', samples: 1 }]) },
    });
    try {
      const key = await onlyBroken.createKey();
      const projectId = (await onlyBroken.call('/projects', { key, method: 'POST', json: { name: 'Shop', primaryDomain: 'https://shop.example' } })).body.data
        .id;
      const testId = (await onlyBroken.call(`/projects/${projectId}/geo-monitor/tests`, { key, method: 'POST', json: { prompt: 'Best shop?', locale: 'en' } }))
        .body.data.testId;
      const done = await until('the test to fail', async () => {
        const response = await onlyBroken.call(`/projects/${projectId}/geo-monitor/tests/${testId}`, { key });
        return response.body.data.status === 'failed' ? response.body.data : undefined;
      });
      expect(done.error).toContain('The model is overloaded');
      expect(done.summary).toBeNull();
    } finally {
      await onlyBroken.close();
    }
  });

  it('reads the answers for the brand profile: competitors, their positions, share of voice and citations', async () => {
    const key = await server.createKey();
    const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body
      .data.id;
    const profile = await server.call(`/projects/${projectId}/brand`, {
      key,
      method: 'PUT',
      json: { aliases: [], domains: [], competitors: [{ name: 'Etsy', domains: ['etsy.com'] }] },
    });
    const etsyId = profile.body.data.competitors[0].id;
    const started = await server.call(`/projects/${projectId}/geo-monitor/tests`, {
      key,
      method: 'POST',
      json: { prompt: 'Where can I buy handmade bowls?', locale: 'en' },
    });
    const testId = started.body.data.testId;
    const done = await until('the test to finish', async () => {
      const response = await server.call(`/projects/${projectId}/geo-monitor/tests/${testId}`, { key });
      expectContract('getGeoMonitorTest', response);
      return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
    });
    const samples = done.results[0].samples as Array<{ answer: string; brands: unknown[]; otherBrands: string[] }>;
    // The fake engine's counter goes on from earlier tests: find each scripted answer by its text.
    expect(samples.map((s) => s.answer).sort()).toEqual([...answers].sort());
    const sampleOf = (answer: string) => samples.find((s) => s.answer === answer)!;
    // "The best places are **Etsy** and **Example Shop** ([their bowls](…))": Etsy first, the shop second.
    expect(sampleOf(answers[0]!).brands).toEqual([
      { competitorId: null, name: 'Example Shop', mentioned: true, position: 2, mentionCount: 1, cited: true },
      { competitorId: etsyId, name: 'Etsy', mentioned: true, position: 1, mentionCount: 1, cited: false },
    ]);
    expect(sampleOf(answers[0]!).otherBrands).toEqual([]);
    // "Try [Etsy](https://www.etsy.com) or a local studio.": a mention by the link text, and a citation.
    expect(sampleOf(answers[1]!).brands[1]).toEqual({ competitorId: etsyId, name: 'Etsy', mentioned: true, position: 1, mentionCount: 1, cited: true });
    // By hand over the three answers: the shop 3 mentions (1 + 0 + 2), Etsy 2 (1 + 1 + 0): 3/5 and 2/5 of the voice;
    // the shop's two URLs and Etsy's one are 2/3 and 1/3 of the citations.
    expect(done.summary.brands).toEqual([
      {
        competitorId: null,
        name: 'Example Shop',
        samples: 3,
        mentionRate: 0.6667,
        avgPosition: 1.5,
        mentions: 3,
        shareOfVoice: 0.6,
        citedRate: 0.6667,
        citationShare: 0.6667,
        // Share of voice x = 1, 0, 2 of y = 2, 1, 2: R = 0.6, Σd² = 0.04 + 0.36 + 0.64 = 1.04,
        // V = 3 × 1.04 ÷ (2 × 25) = 0.0624 against 0.6 × 0.4 ÷ 5 = 0.048: deff = 1.3, n* = 3.8462.
        uncertainty: {
          level: 0.95,
          mentionRate: { count: 2, n: 3, low: 0.2077, high: 0.9385 },
          citedRate: { count: 2, n: 3, low: 0.2077, high: 0.9385 },
          shareOfVoice: { count: 3, total: 5, answers: 3, effectiveN: 3.8462, low: 0.2001, high: 0.8999 },
          citationShare: { count: 2, total: 3, answers: 3, effectiveN: 2, low: 0.1594, high: 0.9547 },
          avgPosition: { n: 2, standardError: 0.5 },
        },
      },
      {
        competitorId: etsyId,
        name: 'Etsy',
        samples: 3,
        mentionRate: 0.6667,
        avgPosition: 1,
        mentions: 2,
        shareOfVoice: 0.4,
        citedRate: 0.3333,
        citationShare: 0.3333,
        // Wilson's 1 of 3 is 0.0615 to 0.7923; positions 1 and 1: SE 0.
        uncertainty: {
          level: 0.95,
          mentionRate: { count: 2, n: 3, low: 0.2077, high: 0.9385 },
          citedRate: { count: 1, n: 3, low: 0.0615, high: 0.7923 },
          shareOfVoice: { count: 2, total: 5, answers: 3, effectiveN: 3.8462, low: 0.1001, high: 0.7999 },
          citationShare: { count: 1, total: 3, answers: 3, effectiveN: 2, low: 0.0453, high: 0.8406 },
          avgPosition: { n: 2, standardError: 0 },
        },
      },
    ]);
  });

  it('charges a test its calls, and refuses one the month no longer allows with 403', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const me = (await server.call('/me', { key })).body.data;
    const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body
      .data.id;
    const asked = () => good.requests.length + broken.requests.length;
    // Two engines, 3 + 2 samples: 5 calls a test. Leave 4 of the month's 300.
    await server.repositories.usage.chargeCalls({ accountId: me.userId, month: me.usage.month, calls: 296, limit: 300 });
    const before = asked();
    const refused = await server.call(`/projects/${projectId}/geo-monitor/tests`, {
      key,
      method: 'POST',
      json: { prompt: 'Where can I buy bowls?', locale: 'en' },
    });
    expect(refused.status).toBe(403);
    expectContract('createGeoMonitorTest', refused);
    expect(refused.body.error).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', message: expect.stringContaining('this needs 5 and 4 are left') });
    expect((await server.call(`/projects/${projectId}/geo-monitor/tests`, { key })).body.meta.total).toBe(0);
    expect(asked()).toBe(before);
    expect((await server.call('/me', { key })).body.data.usage.answerEngineCalls).toBe(296);
    await server.repositories.usage.refundCalls({ accountId: me.userId, month: me.usage.month, calls: 1 });
    const accepted = await server.call(`/projects/${projectId}/geo-monitor/tests`, {
      key,
      method: 'POST',
      json: { prompt: 'Where can I buy bowls?', locale: 'en' },
    });
    expect(accepted.status).toBe(202);
    expect((await server.call('/me', { key })).body.data.usage.answerEngineCalls).toBe(300);
  });

  it("answers 404 for another account's test and 400 for a bad locale", async () => {
    const owner = await server.createKey();
    const stranger = await server.createKey();
    const projectId = (await server.call('/projects', { key: owner, method: 'POST', json: { name: 'Mine', primaryDomain: 'https://mine.example' } })).body.data
      .id;
    const bad = await server.call(`/projects/${projectId}/geo-monitor/tests`, { key: owner, method: 'POST', json: { prompt: 'x', locale: 'english please' } });
    expect(bad.status).toBe(400);
    expectContract('createGeoMonitorTest', bad);
    const foreign = await server.call(`/projects/${projectId}/geo-monitor/tests`, { key: stranger });
    expect(foreign.status).toBe(404);
    expectContract('listGeoMonitorTests', foreign);
  });
});
