// The OpenAI-compatible adapter against a fake server on loopback: what is sent (model, language
// instruction, key), retries and their waits (an injected sleep records them, so no test waits),
// the failed state with the provider's error, timeouts, cancellation and the SSRF policy.
import { afterEach, describe, expect, it } from 'vitest';
import { askEngine, type AskEngineOptions } from '../../src/answer-engines/ask-engine.js';
import type { AnswerEngineConfig, EngineAnswers } from '../../src/answer-engines/types.js';
import { completion, providerError, startFakeEngine, type FakeEngine, type Reply, type RecordedRequest } from './fake-engine.js';

const KEY = 'sk-test-secret-0123456789';
const env = { GEO_TEST_KEY: KEY };

let server: FakeEngine | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function engine(handler: (request: RecordedRequest, index: number) => Reply, overrides: Partial<AnswerEngineConfig> = {}) {
  server = await startFakeEngine(handler);
  const config: AnswerEngineConfig = {
    name: 'fake',
    baseUrl: server.baseUrl,
    model: 'fake-model-1',
    apiKeyEnv: 'GEO_TEST_KEY',
    samples: 3,
    timeoutMs: 5_000,
    ...overrides,
  };
  return { server, config };
}

const texts = (result: EngineAnswers) => result.samples.map((sample) => sample.text);

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const base = (extra: Partial<AskEngineOptions> = {}): AskEngineOptions => ({
  prompt: 'Which online shops sell good coffee?',
  locale: 'de-DE',
  env,
  policy: { allowLoopback: true },
  random: () => 0,
  ...extra,
});

describe('askEngine', () => {
  it('asks N separate questions in the locale language and returns the answers', async () => {
    const { server, config } = await engine((_req, i) => completion(`Antwort ${i + 1}`));
    const result = await askEngine(config, base());

    expect(result).toEqual({
      engine: 'fake',
      model: 'fake-model-1',
      samples: ['Antwort 1', 'Antwort 2', 'Antwort 3'].map((text) => ({ text, sources: [] })),
      error: null,
    });
    expect(server.requests).toHaveLength(3);
    const [first] = server.requests;
    expect(first!.method).toBe('POST');
    expect(first!.path).toBe('/v1/chat/completions');
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.body).toEqual({
      model: 'fake-model-1',
      temperature: 1,
      messages: [
        { role: 'system', content: expect.stringContaining('German') },
        { role: 'user', content: 'Which online shops sell good coffee?' },
      ],
    });
    expect((first!.body['messages'] as Array<{ content: string }>)[0]!.content).toContain('de-DE');
    expect(first!.body).not.toHaveProperty('n');
  });

  it('returns the URLs written in a plain answer as its sources, a link text as the title', async () => {
    const text = 'Try [Example Shop](https://example.com/shop) or https://other.example/beans.';
    const { config } = await engine(() => completion(text), { samples: 1 });
    const result = await askEngine(config, base());
    expect(result.samples).toEqual([
      {
        text,
        sources: [
          { url: 'https://example.com/shop', title: 'Example Shop', uses: [{ start: 4, end: 44 }] },
          { url: 'https://other.example/beans', title: null, uses: [{ start: 48, end: 75 }] },
        ],
      },
    ]);
  });

  it('sends the key from apiKeyEnv as a bearer token and never returns it', async () => {
    const { server, config } = await engine(() => completion('ok'), { samples: 1 });
    const result = await askEngine(config, base());
    expect(server.requests[0]!.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(JSON.stringify(config)).not.toContain(KEY);
  });

  it('reads the key at call time from the injected env and sends none without apiKeyEnv', async () => {
    const { server, config } = await engine(() => completion('ok'), { samples: 1, apiKeyEnv: null, temperature: 0.2 });
    await askEngine(config, base({ env: {} }));
    expect(server.requests[0]!.headers['authorization']).toBeUndefined();
    expect(server.requests[0]!.body['temperature']).toBe(0.2);
  });

  it('fails clearly, without calling, when the key variable is empty', async () => {
    const { server, config } = await engine(() => completion('ok'));
    const result = await askEngine(config, base({ env: { GEO_TEST_KEY: '' } }));
    expect(texts(result)).toEqual([]);
    expect(result.error).toMatch(/GEO_TEST_KEY/);
    expect(server.requests).toHaveLength(0);
  });

  it('retries a 429 after the Retry-After the provider asked for', async () => {
    const { server, config } = await engine(
      (_req, i) => (i === 0 ? providerError(429, 'Rate limit reached', { 'retry-after': '2' }) : completion('after the wait')),
      { samples: 1 },
    );
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, base({ sleep }));
    expect(texts(result)).toEqual(['after the wait']);
    expect(result.error).toBeNull();
    expect(waits).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('waits for real with the default sleep when Retry-After is 0', async () => {
    const { config } = await engine((_req, i) => (i === 0 ? providerError(429, 'slow down', { 'retry-after': '0' }) : completion('fine')), { samples: 1 });
    const result = await askEngine(config, base());
    expect(texts(result)).toEqual(['fine']);
  });

  it('backs off exponentially on 5xx without Retry-After', async () => {
    const { config } = await engine((_req, i) => (i < 3 ? providerError(503, 'overloaded') : completion('finally')), { samples: 1 });
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, base({ sleep, retry: { maxAttempts: 4, baseDelayMs: 1000 } }));
    expect(texts(result)).toEqual(['finally']);
    // random() = 0 gives the fixed half of each exponential step.
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('gives up after the bounded attempts of a persistent 500 and reports the provider error, no samples', async () => {
    const message = `The server had an error while processing your request. Key ${KEY} was used.`;
    const { server, config } = await engine(() => providerError(500, message));
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, base({ sleep, retry: { maxAttempts: 3 } }));

    expect(texts(result)).toEqual([]);
    expect(result.error).toContain('HTTP 500');
    expect(result.error).toContain('The server had an error while processing your request.');
    expect(result.error).toContain('gave up after 3 attempts');
    expect(result.error).toContain('[redacted]');
    expect(result.error).not.toContain(KEY);
    // The remaining samples are not tried once one has exhausted its attempts.
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('does not retry a 401 and redacts the masked key a provider echoes', async () => {
    const masked = `${KEY.slice(0, 10)}**********${KEY.slice(-4)}`;
    const { server, config } = await engine(() =>
      providerError(401, `Incorrect API key provided: ${masked}. You can find your API key at https://platform.example/account.`),
    );
    const result = await askEngine(config, base());
    expect(server.requests).toHaveLength(1);
    expect(texts(result)).toEqual([]);
    expect(result.error).toMatch(/^HTTP 401: Incorrect API key provided: \[redacted\]/);
    expect(result.error).not.toContain(KEY.slice(0, 10));
  });

  it('reduces an HTML error page to its text', async () => {
    const { config } = await engine(() => ({ status: 502, text: '<html><head><title>502</title></head><body><h1>Bad Gateway</h1></body></html>' }), {
      samples: 1,
    });
    const result = await askEngine(config, base({ sleep: async () => {}, retry: { maxAttempts: 1 } }));
    expect(result.error).toBe('HTTP 502: 502 Bad Gateway');
  });

  it('gives up at once when Retry-After is longer than it will wait', async () => {
    const { server, config } = await engine(() => providerError(429, 'You exceeded your current quota', { 'retry-after': '3600' }));
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, base({ sleep }));
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(result.error).toBe('HTTP 429: You exceeded your current quota (the provider asks to wait 3600 s before retrying)');
  });

  it('trips the per-call timeout, retries a bounded number of times and reports the timeout', async () => {
    const { server, config } = await engine(() => 'hang', { timeoutMs: 150 });
    const { sleep } = recordingSleep();
    const started = performance.now();
    const result = await askEngine(config, base({ sleep, retry: { maxAttempts: 2 } }));
    const elapsed = performance.now() - started;

    expect(texts(result)).toEqual([]);
    expect(result.error).toMatch(/^timeout: no complete response within 150 ms \(gave up after 2 attempts\)$/);
    expect(server.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('adds no sample for a call without an answer and keeps the reason', async () => {
    const replies: Reply[] = [
      completion(null, 'content_filter'),
      completion('<think>let me think about shops</think>\n\nReal answer'),
      completion([
        { type: 'text', text: 'Part one. ' },
        { type: 'text', text: 'Part two.' },
      ]),
    ];
    const { config } = await engine((_req, i) => replies[i]!);
    const result = await askEngine(config, base());
    expect(texts(result)).toEqual(['Real answer', 'Part one. Part two.']);
    expect(result.error).toBe('the model gave no answer (finish_reason content_filter)');
  });

  it('keeps the answers received before the engine started failing', async () => {
    const { config } = await engine((_req, i) => (i === 0 ? completion('first') : providerError(400, 'Invalid model')));
    const result = await askEngine(config, base());
    expect(texts(result)).toEqual(['first']);
    expect(result.error).toBe('HTTP 400: Invalid model');
  });

  it('tells onCall after each call made, retries counted once, and ends the ask when onCall rejects', async () => {
    // Call 1 answers; call 2 fails once (retried) then answers; call 3 is never made.
    const replies: Reply[] = [completion('one'), providerError(503, 'busy'), completion('two'), completion('three')];
    const { server, config } = await engine((_req, i) => replies[i]!);
    const made: number[] = [];
    const { sleep } = recordingSleep();
    const asked = askEngine(
      config,
      base({
        sleep,
        onCall: async () => {
          made.push(server.requests.length);
          if (made.length === 2) throw new Error('the test was cancelled');
        },
      }),
    );
    await expect(asked).rejects.toThrow('the test was cancelled');
    expect(made).toEqual([1, 3]);
    expect(server.requests).toHaveLength(3);
  });

  it('tells onCall of no call when there is no key to call with, nor of a call the signal aborts', async () => {
    const { server, config } = await engine(() => 'hang', { apiKeyEnv: 'GEO_TEST_MISSING_KEY' });
    let made = 0;
    const onCall = () => {
      made++;
      return Promise.resolve();
    };
    expect((await askEngine(config, base({ onCall }))).error).toContain('GEO_TEST_MISSING_KEY');
    const controller = new AbortController();
    const asked = askEngine({ ...config, apiKeyEnv: 'GEO_TEST_KEY' }, base({ signal: controller.signal, onCall }));
    await server.received(1);
    controller.abort(new Error('cancelled'));
    await expect(asked).rejects.toThrow('cancelled');
    expect(made).toBe(0);
  });

  it('rejects with the abort reason when cancelled mid-call', async () => {
    const { server, config } = await engine(() => 'hang');
    const controller = new AbortController();
    const asked = askEngine(config, base({ signal: controller.signal }));
    await server.received(1);
    controller.abort(new Error('test cancelled'));
    await expect(asked).rejects.toThrow('test cancelled');
    expect(server.requests).toHaveLength(1);
  });

  it('rejects with the abort reason when cancelled while waiting to retry', async () => {
    const { server, config } = await engine(() => providerError(503, 'busy', { 'retry-after': '30' }));
    const controller = new AbortController();
    const asked = askEngine(config, base({ signal: controller.signal }));
    await server.received(1);
    controller.abort(new Error('test cancelled while waiting'));
    await expect(asked).rejects.toThrow('test cancelled while waiting');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses the loopback server when the SSRF policy does not allow loopback', async () => {
    const { server, config } = await engine(() => completion('should never be asked'));
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, base({ policy: {}, sleep }));
    expect(texts(result)).toEqual([]);
    expect(result.error).toMatch(/^blocked_address: .*127\.0\.0\.1/);
    expect(server.requests).toHaveLength(0);
    expect(waits).toEqual([]);
  });
});
