// The operator's GEO_ENGINES variable: a JSON list of answer engines, each of a `kind` (plain
// OpenAI-compatible chat completions by default, or a provider's grounded answers through its SDK).
// It is read once at start-up, so every mistake is reported there, in one sentence, instead of
// failing each test. Unknown fields are refused too: a misspelt `apikeyEnv` would otherwise
// silently send no key; so is a field of another kind (`maxTokens` on a Perplexity engine), which
// would otherwise be silently ignored.
import type { AnswerEngineConfig, EngineKind } from './types.js';

export const DEFAULT_SAMPLES = 3;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_TEMPERATURE = 1;
/** Anthropic's Messages API requires a token limit; this one leaves room for a searched answer. */
export const DEFAULT_MAX_TOKENS = 4096;
const MAX_MAX_TOKENS = 128_000;
/** The contract allows 20 engines per test and 20 samples per engine. */
export const MAX_ENGINES = 20;
export const MAX_SAMPLES = 20;
const MAX_TIMEOUT_MS = 600_000;

const COMMON_FIELDS = ['name', 'kind', 'baseUrl', 'model', 'apiKeyEnv', 'samples', 'timeoutMs', 'temperature'];
/** The fields each kind reads; any other is refused. */
const FIELDS: Record<EngineKind, ReadonlySet<string>> = {
  'chat-completions': new Set(COMMON_FIELDS),
  'openai-responses': new Set(COMMON_FIELDS),
  perplexity: new Set(COMMON_FIELDS),
  gemini: new Set(COMMON_FIELDS),
  anthropic: new Set([...COMMON_FIELDS, 'maxTokens']),
};
const ALL_FIELDS = new Set(Object.values(FIELDS).flatMap((fields) => [...fields]));
const KINDS = Object.keys(FIELDS) as EngineKind[];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Thrown for an unusable GEO_ENGINES value; the message is one sentence naming the problem. */
export class EngineConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineConfigError';
  }
}

/** Parses GEO_ENGINES; unset or blank means no engine is configured. Defaults are filled in. */
export function parseEngineConfig(json: string | undefined): AnswerEngineConfig[] {
  if (json === undefined || json.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw new EngineConfigError(`GEO_ENGINES is not valid JSON (${(err as Error).message}).`);
  }
  if (!Array.isArray(value)) throw new EngineConfigError('GEO_ENGINES must be a JSON array of engine objects.');
  if (value.length > MAX_ENGINES) throw new EngineConfigError(`GEO_ENGINES lists ${value.length} engines; at most ${MAX_ENGINES} are allowed.`);

  const engines = value.map((entry, i) => parseEntry(entry, i));
  const seen = new Set<string>();
  for (const engine of engines) {
    // Case-insensitive: `OpenAI` and `openai` side by side in a result would only confuse.
    const key = engine.name.toLowerCase();
    if (seen.has(key)) throw new EngineConfigError(`GEO_ENGINES names the engine "${engine.name}" more than once; names must be unique.`);
    seen.add(key);
  }
  return engines;
}

function parseEntry(entry: unknown, index: number): AnswerEngineConfig {
  const where = `GEO_ENGINES entry ${index + 1}`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new EngineConfigError(`${where} must be an object.`);
  const o = entry as Record<string, unknown>;
  if ('apiKey' in o) {
    throw new EngineConfigError(`${where} has an apiKey field; put the key in an environment variable and name that variable in apiKeyEnv.`);
  }
  for (const field of Object.keys(o)) {
    if (!ALL_FIELDS.has(field)) throw new EngineConfigError(`${where} has an unknown field "${field}".`);
  }

  const name = requiredString(o['name'], `${where}: name`, 100);
  const at = `GEO_ENGINES engine "${name}"`;
  const kind = parseKind(o['kind'], at);
  for (const field of Object.keys(o)) {
    if (!FIELDS[kind].has(field)) throw new EngineConfigError(`${at}: ${field} does not apply to kind ${kind}.`);
  }
  const sdk = kind !== 'chat-completions';
  // The SDK kinds talk to their provider's own host unless told otherwise (a proxy, a test's fake).
  const baseUrl = sdk && (o['baseUrl'] === undefined || o['baseUrl'] === null) ? null : parseBaseUrl(o['baseUrl'], at);
  const model = requiredString(o['model'], `${at}: model`, 200);

  let apiKeyEnv: string | null = null;
  if (o['apiKeyEnv'] !== undefined && o['apiKeyEnv'] !== null) {
    if (typeof o['apiKeyEnv'] !== 'string' || !ENV_NAME.test(o['apiKeyEnv'])) {
      throw new EngineConfigError(`${at}: apiKeyEnv must be the name of an environment variable, such as OPENAI_API_KEY.`);
    }
    apiKeyEnv = o['apiKeyEnv'];
  }
  // Every provider behind an SDK wants a key; without apiKeyEnv the SDK would go looking for one
  // in its own environment variable (OPENAI_API_KEY, …), which the operator did not choose.
  if (sdk && apiKeyEnv === null) throw new EngineConfigError(`${at}: apiKeyEnv is required for kind ${kind}.`);
  const engine: AnswerEngineConfig = {
    name,
    kind,
    baseUrl,
    model,
    apiKeyEnv,
    samples: integerIn(o['samples'], `${at}: samples`, 1, MAX_SAMPLES, DEFAULT_SAMPLES),
    timeoutMs: integerIn(o['timeoutMs'], `${at}: timeoutMs`, 1, MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
  };
  // Plain chat keeps sending its default; the SDK kinds send a temperature only when one is set,
  // since some of their models (OpenAI's reasoning models) refuse the parameter.
  const temperature = numberIn(o['temperature'], `${at}: temperature`, 0, 2, sdk ? null : DEFAULT_TEMPERATURE);
  if (temperature !== null) engine.temperature = temperature;
  if (kind === 'anthropic') engine.maxTokens = integerIn(o['maxTokens'], `${at}: maxTokens`, 1, MAX_MAX_TOKENS, DEFAULT_MAX_TOKENS);
  return engine;
}

function parseKind(value: unknown, at: string): EngineKind {
  if (value === undefined || value === null) return 'chat-completions';
  if (typeof value !== 'string' || !(KINDS as string[]).includes(value)) {
    throw new EngineConfigError(`${at}: kind must be one of ${KINDS.join(', ')}.`);
  }
  return value as EngineKind;
}

function requiredString(value: unknown, what: string, maxLength: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new EngineConfigError(`${what} must be a non-empty string.`);
  if (value.length > maxLength) throw new EngineConfigError(`${what} must be at most ${maxLength} characters long.`);
  return value.trim();
}

function parseBaseUrl(value: unknown, at: string): string {
  const what = `${at}: baseUrl`;
  if (typeof value !== 'string') throw new EngineConfigError(`${what} must be an absolute http(s) URL.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EngineConfigError(`${what} must be an absolute http(s) URL, not "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EngineConfigError(`${what} must use http or https, not ${url.protocol}.`);
  // Credentials in the URL would end up in error messages; a query would break the appended path.
  if (url.username !== '' || url.password !== '') throw new EngineConfigError(`${what} must not contain credentials; use apiKeyEnv.`);
  if (url.search !== '' || url.hash !== '') throw new EngineConfigError(`${what} must not have a query or fragment.`);
  return url.href.replace(/\/+$/, '');
}

function integerIn(value: unknown, what: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new EngineConfigError(`${what} must be an integer from ${min} to ${max}.`);
  }
  return value;
}

function numberIn<T extends number | null>(value: unknown, what: string, min: number, max: number, fallback: T): number | T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new EngineConfigError(`${what} must be a number from ${min} to ${max}.`);
  }
  return value;
}
