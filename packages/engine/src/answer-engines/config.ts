// The operator's GEO_ENGINES variable: a JSON list of OpenAI-compatible endpoints. It is read once
// at start-up, so every mistake is reported there, in one sentence, instead of failing each test.
// Unknown fields are refused too: a misspelt `apikeyEnv` would otherwise silently send no key.
import type { AnswerEngineConfig } from './types.js';

export const DEFAULT_SAMPLES = 3;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_TEMPERATURE = 1;
/** The contract allows 20 engines per test and 20 samples per engine. */
export const MAX_ENGINES = 20;
export const MAX_SAMPLES = 20;
const MAX_TIMEOUT_MS = 600_000;

const KNOWN_FIELDS = new Set(['name', 'baseUrl', 'model', 'apiKeyEnv', 'samples', 'timeoutMs', 'temperature']);
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
    if (!KNOWN_FIELDS.has(field)) throw new EngineConfigError(`${where} has an unknown field "${field}".`);
  }

  const name = requiredString(o['name'], `${where}: name`, 100);
  const at = `GEO_ENGINES engine "${name}"`;
  const baseUrl = parseBaseUrl(o['baseUrl'], at);
  const model = requiredString(o['model'], `${at}: model`, 200);

  let apiKeyEnv: string | null = null;
  if (o['apiKeyEnv'] !== undefined && o['apiKeyEnv'] !== null) {
    if (typeof o['apiKeyEnv'] !== 'string' || !ENV_NAME.test(o['apiKeyEnv'])) {
      throw new EngineConfigError(`${at}: apiKeyEnv must be the name of an environment variable, such as OPENAI_API_KEY.`);
    }
    apiKeyEnv = o['apiKeyEnv'];
  }
  return {
    name,
    baseUrl,
    model,
    apiKeyEnv,
    samples: integerIn(o['samples'], `${at}: samples`, 1, MAX_SAMPLES, DEFAULT_SAMPLES),
    timeoutMs: integerIn(o['timeoutMs'], `${at}: timeoutMs`, 1, MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    temperature: numberIn(o['temperature'], `${at}: temperature`, 0, 2, DEFAULT_TEMPERATURE),
  };
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

function numberIn(value: unknown, what: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new EngineConfigError(`${what} must be a number from ${min} to ${max}.`);
  }
  return value;
}
