// GEO_ENGINES parsing: defaults, and one clear sentence for each kind of mistake.
import { describe, expect, it } from 'vitest';
import { EngineConfigError, parseEngineConfig } from '../../src/answer-engines/config.js';

const one = (fields: Record<string, unknown>) => JSON.stringify([{ name: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', ...fields }]);

describe('parseEngineConfig', () => {
  it('means no engine when unset or blank', () => {
    expect(parseEngineConfig(undefined)).toEqual([]);
    expect(parseEngineConfig('  ')).toEqual([]);
    expect(parseEngineConfig('[]')).toEqual([]);
  });

  it('fills in the defaults and keeps the given values', () => {
    const engines = parseEngineConfig(
      JSON.stringify([
        { name: 'openai', baseUrl: 'https://api.openai.com/v1/', model: 'gpt-4o-mini', apiKeyEnv: 'OPENAI_API_KEY' },
        { name: 'local', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', samples: 5, timeoutMs: 120000, temperature: 0.3 },
      ]),
    );
    expect(engines).toEqual([
      {
        name: 'openai',
        kind: 'chat-completions',
        baseUrl: 'https://api.openai.com/v1',
        model: 'gpt-4o-mini',
        apiKeyEnv: 'OPENAI_API_KEY',
        samples: 3,
        timeoutMs: 60000,
        temperature: 1,
      },
      {
        name: 'local',
        kind: 'chat-completions',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'llama3.1',
        apiKeyEnv: null,
        samples: 5,
        timeoutMs: 120000,
        temperature: 0.3,
      },
    ]);
  });

  it('reads the SDK kinds: the provider host without baseUrl, no default temperature, maxTokens for anthropic', () => {
    const engines = parseEngineConfig(
      JSON.stringify([
        { name: 'chatgpt', kind: 'openai-responses', model: 'gpt-4.1', apiKeyEnv: 'OPENAI_API_KEY' },
        { name: 'pplx', kind: 'perplexity', model: 'sonar', apiKeyEnv: 'PPLX_KEY', temperature: 0.2 },
        { name: 'gemini', kind: 'gemini', model: 'gemini-2.5-flash', apiKeyEnv: 'GEMINI_KEY', baseUrl: 'http://127.0.0.1:9/' },
        { name: 'claude', kind: 'anthropic', model: 'claude-sonnet-4-5', apiKeyEnv: 'ANTHROPIC_KEY' },
        { name: 'claude-long', kind: 'anthropic', model: 'claude-opus-4-1', apiKeyEnv: 'ANTHROPIC_KEY', maxTokens: 16000, samples: 1 },
      ]),
    );
    const common = { samples: 3, timeoutMs: 60000 };
    expect(engines).toEqual([
      { name: 'chatgpt', kind: 'openai-responses', baseUrl: null, model: 'gpt-4.1', apiKeyEnv: 'OPENAI_API_KEY', ...common },
      { name: 'pplx', kind: 'perplexity', baseUrl: null, model: 'sonar', apiKeyEnv: 'PPLX_KEY', ...common, temperature: 0.2 },
      { name: 'gemini', kind: 'gemini', baseUrl: 'http://127.0.0.1:9', model: 'gemini-2.5-flash', apiKeyEnv: 'GEMINI_KEY', ...common },
      { name: 'claude', kind: 'anthropic', baseUrl: null, model: 'claude-sonnet-4-5', apiKeyEnv: 'ANTHROPIC_KEY', ...common, maxTokens: 4096 },
      {
        name: 'claude-long',
        kind: 'anthropic',
        baseUrl: null,
        model: 'claude-opus-4-1',
        apiKeyEnv: 'ANTHROPIC_KEY',
        samples: 1,
        timeoutMs: 60000,
        maxTokens: 16000,
      },
    ]);
  });

  const cases: Array<[string, string, RegExp]> = [
    ['invalid JSON', '[{name:', /^GEO_ENGINES is not valid JSON \(.+\)\.$/],
    ['not a list', '{"name":"x"}', /^GEO_ENGINES must be a JSON array of engine objects\.$/],
    ['an entry that is not an object', '["openai"]', /^GEO_ENGINES entry 1 must be an object\.$/],
    ['a missing name', JSON.stringify([{ baseUrl: 'https://a.example/v1', model: 'm' }]), /^GEO_ENGINES entry 1: name must be a non-empty string\.$/],
    ['a relative baseUrl', one({ baseUrl: '/v1' }), /^GEO_ENGINES engine "openai": baseUrl must be an absolute http\(s\) URL, not "\/v1"\.$/],
    ['a non-http baseUrl', one({ baseUrl: 'ftp://api.example/v1' }), /baseUrl must use http or https, not ftp:\.$/],
    ['credentials in baseUrl', one({ baseUrl: 'https://user:pw@api.example/v1' }), /baseUrl must not contain credentials; use apiKeyEnv\.$/],
    ['a query in baseUrl', one({ baseUrl: 'https://api.example/v1?x=1' }), /baseUrl must not have a query or fragment\.$/],
    ['a missing model', one({ model: '' }), /^GEO_ENGINES engine "openai": model must be a non-empty string\.$/],
    ['a bad apiKeyEnv', one({ apiKeyEnv: 'sk-123 secret' }), /apiKeyEnv must be the name of an environment variable, such as OPENAI_API_KEY\.$/],
    [
      'an inline key',
      one({ apiKey: 'sk-live-123' }),
      /^GEO_ENGINES entry 1 has an apiKey field; put the key in an environment variable and name that variable in apiKeyEnv\.$/,
    ],
    ['an unknown field', one({ sample: 3 }), /^GEO_ENGINES entry 1 has an unknown field "sample"\.$/],
    ['samples out of range', one({ samples: 0 }), /samples must be an integer from 1 to 20\.$/],
    ['fractional samples', one({ samples: 2.5 }), /samples must be an integer from 1 to 20\.$/],
    ['a negative timeout', one({ timeoutMs: -1 }), /timeoutMs must be an integer from 1 to 600000\.$/],
    ['temperature as a string', one({ temperature: '0.5' }), /temperature must be a number from 0 to 2\.$/],
    [
      'an unknown kind',
      one({ kind: 'bard' }),
      /^GEO_ENGINES engine "openai": kind must be one of chat-completions, openai-responses, perplexity, gemini, anthropic\.$/,
    ],
    ['a kind that is not a string', one({ kind: 3 }), /kind must be one of chat-completions, openai-responses, perplexity, gemini, anthropic\.$/],
    ['chat completions without baseUrl', one({ baseUrl: undefined }), /^GEO_ENGINES engine "openai": baseUrl must be an absolute http\(s\) URL\.$/],
    ['an SDK kind with a bad baseUrl', one({ kind: 'gemini', apiKeyEnv: 'K', baseUrl: 'file:///etc' }), /baseUrl must use http or https, not file:\.$/],
    ['an SDK kind without apiKeyEnv', one({ kind: 'perplexity' }), /^GEO_ENGINES engine "openai": apiKeyEnv is required for kind perplexity\.$/],
    [
      'maxTokens on another kind',
      one({ kind: 'openai-responses', apiKeyEnv: 'K', maxTokens: 100 }),
      /^GEO_ENGINES engine "openai": maxTokens does not apply to kind openai-responses\.$/,
    ],
    ['maxTokens on plain chat', one({ maxTokens: 100 }), /maxTokens does not apply to kind chat-completions\.$/],
    ['maxTokens out of range', one({ kind: 'anthropic', apiKeyEnv: 'K', maxTokens: 0 }), /maxTokens must be an integer from 1 to 128000\.$/],
    ['fractional maxTokens', one({ kind: 'anthropic', apiKeyEnv: 'K', maxTokens: 10.5 }), /maxTokens must be an integer from 1 to 128000\.$/],
    ['an SDK kind with a bad temperature', one({ kind: 'anthropic', apiKeyEnv: 'K', temperature: 3 }), /temperature must be a number from 0 to 2\.$/],
    [
      'duplicate names',
      JSON.stringify([
        { name: 'OpenAI', baseUrl: 'https://a.example/v1', model: 'm' },
        { name: 'openai', baseUrl: 'https://b.example/v1', model: 'm' },
      ]),
      /^GEO_ENGINES names the engine "openai" more than once; names must be unique\.$/,
    ],
  ];

  it.each(cases)('refuses %s with one sentence', (_what, json, message) => {
    expect(() => parseEngineConfig(json)).toThrow(EngineConfigError);
    expect(() => parseEngineConfig(json)).toThrow(message);
  });

  it('never repeats an inline key in its error', () => {
    expect(() => parseEngineConfig(one({ apiKey: 'sk-live-123' }))).toThrow(expect.objectContaining({ message: expect.not.stringContaining('sk-live-123') }));
  });

  it('refuses more than 20 engines', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `e${i}`, baseUrl: 'https://a.example/v1', model: 'm' }));
    expect(() => parseEngineConfig(JSON.stringify(many))).toThrow('GEO_ENGINES lists 21 engines; at most 20 are allowed.');
  });
});
