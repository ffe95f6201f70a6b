// Where the key and the server come from: the environment first (SEO_GEO_API_KEY,
// SEO_GEO_BASE_URL), then the config file `seo-geo config set` writes. The key is never taken
// from the command line, where it would end up in shell history and process listings.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface StoredSettings {
  apiKey?: string;
  baseUrl?: string;
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** `SEO_GEO_CONFIG`, else `$XDG_CONFIG_HOME/seo-geo/config.json`, else `~/.config/seo-geo/config.json`. */
export function settingsPath(env: NodeJS.ProcessEnv): string {
  if (env.SEO_GEO_CONFIG) return env.SEO_GEO_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'seo-geo', 'config.json');
}

export function readSettings(env: NodeJS.ProcessEnv): StoredSettings {
  const path = settingsPath(env);
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    throw new SettingsError(`The config file ${path} is not valid JSON; fix or delete it`);
  }
}

/** Written readable by the owner only: it holds the key. */
export function writeSettings(env: NodeJS.ProcessEnv, settings: StoredSettings): string {
  const path = settingsPath(env);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}

/** The API's path on every server (the spec's `servers`): a base URL without it reaches no operation. */
const API_PATH = '/api/public/v1';

/**
 * A base URL as the client needs it: absolute http(s), ending in /api/public/v1. A server URL
 * without the path (`http://127.0.0.1:3801`) is named with the one it lacks, since every command
 * would otherwise answer 404.
 */
export function checkBaseUrl(value: string, from: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(`${from} is not a URL (got "${value}"); it is the API's address, e.g. http://127.0.0.1:3000${API_PATH}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SettingsError(`${from} must be an http or https URL (got "${value}")`);
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(API_PATH)) {
    throw new SettingsError(`${from} must end in ${API_PATH} (got "${value}"); did you mean ${url.origin}${path}${API_PATH}?`);
  }
  return value.replace(/\/+$/, '');
}

export function resolveConnection(env: NodeJS.ProcessEnv, baseUrlOption: string | undefined): { apiKey: string; baseUrl: string | undefined } {
  const stored = readSettings(env);
  const apiKey = env.SEO_GEO_API_KEY || stored.apiKey;
  if (!apiKey) throw new SettingsError('No API key: set SEO_GEO_API_KEY, or store one with `seo-geo config set api-key` (it reads the key from stdin)');
  const baseUrl = baseUrlOption
    ? checkBaseUrl(baseUrlOption, '--base-url')
    : env.SEO_GEO_BASE_URL
      ? checkBaseUrl(env.SEO_GEO_BASE_URL, 'SEO_GEO_BASE_URL')
      : stored.baseUrl && checkBaseUrl(stored.baseUrl, `The base URL in ${settingsPath(env)}`);
  return { apiKey, baseUrl: baseUrl || undefined };
}
