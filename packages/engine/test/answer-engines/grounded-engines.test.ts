// The grounded adapters (OpenAI Responses with web search, Perplexity, Gemini with Google Search,
// Claude with web search), each through its SDK against a fake server on loopback: the answer's
// text and sources (titles and UTF-16 positions checked exactly), the request the SDK sent, and
// the failures the retry loop judges (429 with Retry-After, 401, 500, malformed JSON, a refusal, a
// key echoed in an error, the SSRF guard). An injected sleep records the waits: no test waits.
import { afterEach, describe, expect, it } from 'vitest';
import { askEngine, type AskEngineOptions } from '../../src/answer-engines/ask-engine.js';
import type { AnswerEngineConfig, EngineAnswer, EngineKind } from '../../src/answer-engines/types.js';
import { startFakeEngine, type FakeEngine, type RecordedRequest, type Reply } from './fake-engine.js';
import {
  ANTHROPIC_TEXT,
  anthropicAnswer,
  anthropicRefusal,
  GEMINI_TEXT,
  geminiAnswer,
  geminiBlocked,
  OPENAI_TEXT,
  openaiAnswer,
  openaiRefusal,
  PERPLEXITY_TEXT,
  perplexityAnswer,
  perplexityEmpty,
} from './grounded-fixtures.js';

const KEY = 'sk-grounded-secret-0123456789';
const PROMPT = 'Which online shops sell good coffee?';

interface KindCase {
  kind: EngineKind;
  model: string;
  /** The engine's baseUrl, given the fake server's root URL. */
  baseUrl: (root: string) => string;
  path: string;
  answer: (root: string) => Reply;
  expected: (root: string) => EngineAnswer;
  /** The request the SDK sent: auth header, model, tool, prompt and language instruction. */
  checkRequest: (request: RecordedRequest) => void;
  refusal: Reply;
  refusalError: string;
  /** An error response in the provider's documented shape. */
  error: (status: number, message: string, headers?: Record<string, string>) => Reply;
}

const openaiError = (status: number, message: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  json: { error: { message, type: 'invalid_request_error', param: null, code: null } },
});

const cases: KindCase[] = [
  {
    kind: 'openai-responses',
    model: 'gpt-4.1',
    baseUrl: (root) => `${root}/v1`,
    path: '/v1/responses',
    answer: () => openaiAnswer(),
    expected: () => ({
      text: OPENAI_TEXT,
      sources: [
        {
          url: 'https://roesterei.example/shop?utm_source=openai',
          title: 'Rösterei Beispiel – Shop',
          uses: [
            { start: 26, end: 95 },
            { start: 149, end: 218 },
          ],
        },
        { url: 'https://bohnen.example/', title: 'Bohnen & Co', uses: [{ start: 100, end: 138 }] },
      ],
    }),
    checkRequest: (request) => {
      expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
      expect(request.headers['openai-organization']).toBeUndefined();
      expect(request.body).toEqual({
        model: 'gpt-4.1',
        instructions: expect.stringMatching(/German.*de-DE/),
        input: PROMPT,
        tools: [{ type: 'web_search' }],
      });
    },
    refusal: openaiRefusal(),
    refusalError: 'the model gave no answer (status completed): I can’t help with that.',
    error: openaiError,
  },
  {
    kind: 'perplexity',
    model: 'sonar',
    baseUrl: (root) => root,
    path: '/chat/completions',
    answer: () => perplexityAnswer(),
    expected: () => ({
      text: PERPLEXITY_TEXT,
      sources: [
        { url: 'https://roesterei.example/ueber-uns', title: 'Über uns – Rösterei Beispiel', uses: [{ start: 36, end: 39 }] },
        { url: 'https://bohnen.example/versand', title: 'Versand | Bohnen & Co', uses: [{ start: 75, end: 78 }] },
      ],
    }),
    checkRequest: (request) => {
      expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
      expect(request.body).toEqual({
        model: 'sonar',
        messages: [
          { role: 'system', content: expect.stringMatching(/German.*de-DE/) },
          { role: 'user', content: PROMPT },
        ],
      });
    },
    refusal: perplexityEmpty(),
    refusalError: 'the model gave no answer (finish_reason stop)',
    error: (status, message, headers = {}) => ({ status, headers, json: { error: { message, type: 'invalid_request', code: status } } }),
  },
  {
    kind: 'gemini',
    model: 'gemini-2.5-flash',
    baseUrl: (root) => root,
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    answer: (root) => geminiAnswer(root),
    expected: (root) => ({
      text: GEMINI_TEXT,
      sources: [
        // The grounding redirect resolved to where it points; the title is Gemini's (the domain).
        { url: 'https://roesterei.example/kaffee', title: 'roesterei.example', uses: [{ start: 0, end: 43 }] },
        // A redirect that no longer answers with a Location is kept as Gemini gave it.
        { url: `${root}/grounding-api-redirect/AUZIYQH-expired`, title: 'bohnen.example', uses: [{ start: 44, end: 74 }] },
        { url: 'https://kaffee-lexikon.example/bohnen', title: 'kaffee-lexikon.example', uses: [{ start: 44, end: 74 }] },
      ],
    }),
    checkRequest: (request) => {
      expect(request.headers['x-goog-api-key']).toBe(KEY);
      expect(request.headers['authorization']).toBeUndefined();
      expect(request.body).toMatchObject({
        contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
        systemInstruction: { parts: [{ text: expect.stringMatching(/German.*de-DE/) }] },
        tools: [{ googleSearch: {} }],
      });
      expect(request.body).not.toHaveProperty('generationConfig.temperature');
    },
    refusal: geminiBlocked(),
    refusalError: 'the prompt was blocked (blockReason SAFETY)',
    error: (status, message, headers = {}) => ({ status, headers, json: { error: { code: status, message, status: 'UNAVAILABLE' } } }),
  },
  {
    kind: 'anthropic',
    model: 'claude-sonnet-4-5',
    baseUrl: (root) => root,
    path: '/v1/messages',
    answer: () => anthropicAnswer(),
    expected: () => ({
      text: ANTHROPIC_TEXT,
      sources: [
        {
          url: 'https://roesterei.example/',
          title: 'Rösterei Beispiel',
          uses: [
            { start: 49, end: 66 },
            { start: 71, end: 82 },
          ],
        },
        { url: 'https://bohnen.example/', title: null, uses: [{ start: 71, end: 82 }] },
      ],
    }),
    checkRequest: (request) => {
      // SDK 1.x sends the API key as a bearer token (0.x sent it as x-api-key).
      expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
      expect(request.headers['anthropic-version']).toEqual(expect.any(String));
      expect(request.body).toEqual({
        model: 'claude-sonnet-4-5',
        max_tokens: 4096,
        system: expect.stringMatching(/German.*de-DE/),
        messages: [{ role: 'user', content: PROMPT }],
        tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      });
    },
    refusal: anthropicRefusal(),
    refusalError: 'the model gave no answer (stop_reason refusal)',
    error: (status, message, headers = {}) => ({ status, headers, json: { type: 'error', error: { type: 'api_error', message } } }),
  },
];

let server: FakeEngine | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The fake's root; Gemini's redirect links are served by the same fake. */
const rootOf = (fake: FakeEngine) => fake.baseUrl.replace(/\/v1$/, '');

function redirects(request: RecordedRequest): Reply | null {
  if (request.method !== 'GET') return null;
  if (request.path.endsWith('/AUZIYQH-roesterei')) return { status: 302, headers: { location: 'https://roesterei.example/kaffee' }, text: '' };
  return { status: 404, text: 'gone' };
}

async function engine(c: KindCase, handler: (request: RecordedRequest, index: number) => Reply, overrides: Partial<AnswerEngineConfig> = {}) {
  let posts = 0;
  server = await startFakeEngine((request) => redirects(request) ?? handler(request, posts++));
  const root = rootOf(server);
  const config: AnswerEngineConfig = {
    name: c.kind,
    kind: c.kind,
    baseUrl: c.baseUrl(root),
    model: c.model,
    apiKeyEnv: 'GEO_KEY',
    samples: 1,
    timeoutMs: 5_000,
    ...overrides,
  };
  return { server, root, config, posts: () => server!.requests.filter((r) => r.method === 'POST') };
}

function options(root: string, extra: Partial<AskEngineOptions> = {}): AskEngineOptions {
  return {
    prompt: PROMPT,
    locale: 'de-DE',
    env: { GEO_KEY: KEY },
    policy: { allowLoopback: true },
    random: () => 0,
    groundingRedirectPrefix: `${root}/grounding-api-redirect/`,
    ...extra,
  };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe.each(cases)('askEngine, kind $kind', (c) => {
  it('returns the text and the sources with their titles and positions, and sends the documented request', async () => {
    const { root, config, posts } = await engine(c, () => c.answer(rootOf(server!)));
    const result = await askEngine(config, options(root));
    expect(result).toEqual({ engine: c.kind, model: c.model, samples: [c.expected(root)], error: null });
    expect(posts()).toHaveLength(1);
    const request = posts()[0]!;
    expect(request.path).toBe(c.path);
    expect(request.headers['content-type']).toContain('application/json');
    c.checkRequest(request);
  });

  it('sends the temperature only when one is configured', async () => {
    const { root, config, posts } = await engine(c, () => c.answer(rootOf(server!)), { temperature: 0.3 });
    await askEngine(config, options(root));
    expect(JSON.stringify(posts()[0]!.body)).toContain('"temperature":0.3');
  });

  it('retries a 429 after the Retry-After the provider asked for', async () => {
    const { root, config, posts } = await engine(c, (_req, i) =>
      i === 0 ? c.error(429, 'Rate limit reached', { 'retry-after': '2' }) : c.answer(rootOf(server!)),
    );
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, options(root, { sleep }));
    expect(result.error).toBeNull();
    expect(result.samples.map((s) => s.text)).toEqual([c.expected(root).text]);
    expect(waits).toEqual([2000]);
    expect(posts()).toHaveLength(2);
  });

  it('does not retry a 401, reports it clearly and redacts the key the provider echoes', async () => {
    const { root, config, posts } = await engine(c, () => c.error(401, `Invalid API key: ${KEY}`));
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, options(root, { sleep }));
    expect(posts()).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(result.samples).toEqual([]);
    expect(result.error).toBe('HTTP 401: Invalid API key: [redacted]');
  });

  it('retries a persistent 500 with backoff, then gives up with the provider error and never the key', async () => {
    const { root, config, posts } = await engine(c, () => c.error(500, `Internal error (key ${KEY.slice(0, 12)}…)`), { samples: 3 });
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, options(root, { sleep, retry: { maxAttempts: 3, baseDelayMs: 1000 } }));
    expect(posts()).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
    expect(result.samples).toEqual([]);
    expect(result.error).toBe('HTTP 500: Internal error (key [redacted]…) (gave up after 3 attempts)');
    expect(result.error).not.toContain(KEY.slice(0, 12));
  });

  it('adds no sample for malformed JSON and says so', async () => {
    const { root, config, posts } = await engine(c, () => ({ headers: { 'content-type': 'application/json' }, text: '{"id": "resp_1", "output": [' }));
    const result = await askEngine(config, options(root, { sleep: async () => {} }));
    expect(posts()).toHaveLength(1);
    expect(result.samples).toEqual([]);
    expect(result.error).toBe('the response is not JSON (application/json)');
  });

  it('adds no sample for a refusal or an empty answer and keeps the reason', async () => {
    const { root, config } = await engine(c, (_req, i) => (i === 0 ? c.refusal : c.answer(rootOf(server!))), { samples: 2 });
    const result = await askEngine(config, options(root));
    expect(result.samples).toEqual([c.expected(root)]);
    expect(result.error).toBe(c.refusalError);
  });

  it('is refused by the SSRF guard when the policy does not allow loopback', async () => {
    const { root, config } = await engine(c, () => c.answer(rootOf(server!)));
    const { waits, sleep } = recordingSleep();
    const result = await askEngine(config, options(root, { policy: {}, sleep }));
    expect(result.samples).toEqual([]);
    expect(result.error).toMatch(/^blocked_address: .*127\.0\.0\.1/);
    expect(server!.requests).toHaveLength(0);
    expect(waits).toEqual([]);
  });

  it('rejects with the abort reason when cancelled mid-call', async () => {
    const { root, config } = await engine(c, () => 'hang');
    const controller = new AbortController();
    const asked = askEngine(config, options(root, { signal: controller.signal }));
    await server!.received(1);
    controller.abort(new Error('test cancelled'));
    await expect(asked).rejects.toThrow('test cancelled');
  });

  it('does not call without a key of its own', async () => {
    const { root, config } = await engine(c, () => c.answer(rootOf(server!)), { apiKeyEnv: null });
    const result = await askEngine(config, options(root));
    expect(result.error).toBe('this kind of engine needs an API key; name its variable in apiKeyEnv');
    expect(server!.requests).toHaveLength(0);
  });

  it('reports a timeout of its own deadline, not the SDK’s', async () => {
    const { root, config } = await engine(c, () => 'hang', { timeoutMs: 150 });
    const result = await askEngine(config, options(root, { sleep: async () => {}, retry: { maxAttempts: 1 } }));
    expect(result.error).toBe('timeout: no complete response within 150 ms');
  });
});

describe('askEngine, Gemini grounding details', () => {
  const gemini = cases.find((c) => c.kind === 'gemini')!;

  it('keeps a grounding redirect that does not answer within the budget, and finds a miscounted segment by its text', async () => {
    let posts = 0;
    server = await startFakeEngine((request) => {
      if (request.method === 'GET') return 'hang';
      posts++;
      const reply = geminiAnswer(rootOf(server!)) as { json: { candidates: Array<{ groundingMetadata: { groundingSupports: unknown[] } }> } };
      // UTF-16 offsets where bytes were due: the span does not hold the segment's text, which is found instead.
      reply.json.candidates[0]!.groundingMetadata.groundingSupports = [
        { segment: { startIndex: 44, endIndex: 74, text: 'Bohnen 🫘 liefert Bohnen & Co.' }, groundingChunkIndices: [2] },
        { segment: { startIndex: 1, endIndex: 2, text: 'not in the answer' }, groundingChunkIndices: [0] },
        { segment: { startIndex: 7, endIndex: 8 }, groundingChunkIndices: [0] },
      ];
      return reply;
    });
    const root = rootOf(server);
    const config: AnswerEngineConfig = { name: 'g', kind: 'gemini', baseUrl: root, model: gemini.model, apiKeyEnv: 'GEO_KEY', samples: 1, timeoutMs: 300 };
    const result = await askEngine(config, options(root));
    expect(posts).toBe(1);
    expect(result.samples[0]!.sources).toEqual([
      // Neither use of chunk 0 holds: bytes 7..8 end inside ☕ (3 bytes) with no text to look for, and the other's text is not there.
      { url: `${root}/grounding-api-redirect/AUZIYQH-roesterei`, title: 'roesterei.example', uses: [] },
      { url: `${root}/grounding-api-redirect/AUZIYQH-expired`, title: 'bohnen.example', uses: [] },
      { url: 'https://kaffee-lexikon.example/bohnen', title: 'kaffee-lexikon.example', uses: [{ start: 44, end: 74 }] },
    ]);
  });
});
