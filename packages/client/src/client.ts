// The client: options, the shared transport (one pacer per client instance, so concurrent calls
// share what is known about the key's bucket), the resources, and the raw openapi-fetch client.
import createFetchClient, { createQuerySerializer, type Client } from 'openapi-fetch';
import { apiVersion, operationTable, type paths } from '@seo-geo/types';
import { APIPromise } from './core/api-promise.js';
import { SeoGeoError } from './core/errors.js';
import type { Hooks } from './core/hooks.js';
import { PreparedRequest } from './core/prepared-request.js';
import { Transport, type FetchLike, type RequestOptions } from './core/request.js';
import { sleep as defaultSleep, systemClock, type Clock, type Sleep } from './core/sleep.js';
import type { ResponseData, ResponseMeta } from './core/types.js';
import { Audits } from './resources/audits.js';
import { Briefs, Drafts, Reports } from './resources/content.js';
import { GeoMonitor } from './resources/geo-monitor.js';
import { Webhooks } from './resources/webhooks.js';
import { Me } from './resources/me.js';
import { Projects } from './resources/projects.js';

export const DEFAULT_BASE_URL = 'https://api.seo-geo.example/api/public/v1';
export const CLIENT_VERSION = '1.0.0';
/**
 * The version of the API document this client was generated from (`info.version`): the client
 * knows every operation and field up to it. It says so in its User-Agent, so a server's logs tell
 * which clients lag behind an API release.
 */
export const API_VERSION: string = apiVersion;
export const USER_AGENT = `seo-geo-client/${CLIENT_VERSION} (api ${API_VERSION})`;

export interface ClientOptions {
  /** `sk_live_...`; defaults to the `SEO_GEO_API_KEY` environment variable. Without either the constructor throws `SeoGeoError`. */
  apiKey?: string | undefined;
  /** Ends in `/api/public/v1`; defaults to `SEO_GEO_BASE_URL`, else the production server. */
  baseUrl?: string | undefined;
  /** Retries after the first attempt (429, 5xx, connection errors). Default 2. */
  maxRetries?: number | undefined;
  /** Longest server-hinted wait (ms) the client sits out before a retry; a longer one throws at once with `retryAt`. Default 60 000. */
  maxRetryWait?: number | undefined;
  /** Overall deadline of a call in ms, across attempts and waits. Default 60 000. */
  timeout?: number | undefined;
  /** Hold requests while the key's bucket is known to be empty instead of sending them into a 429. Default true. */
  pacing?: boolean | undefined;
  fetch?: FetchLike | undefined;
  hooks?: Hooks | undefined;
  /** Makes the `Idempotency-Key` of each POST; `null` sends none unless a call passes one. Default `crypto.randomUUID`. */
  idempotencyKeyFactory?: (() => string) | null | undefined;
  /** How the client waits; replace it only in tests. It must reject at once when the signal aborts. */
  sleep?: Sleep | undefined;
  /** Where the client reads the time (pacing, retries, deadlines of waits); replace it only in tests, with `sleep`. */
  clock?: Clock | undefined;
  /** Headers sent with every request (a call's `headers` option adds to them). */
  defaultHeaders?: Record<string, string> | undefined;
}

const MISSING_API_KEY = 'No API key: pass one to the client, createClient({ apiKey: "sk_live_..." }), or set the SEO_GEO_API_KEY environment variable.';

const env = (name: string): string | undefined => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

function nonNegative(name: string, value: number, integer = false): number {
  if (!(value >= 0) || (integer && !Number.isInteger(value)))
    throw new RangeError(`${name} must be a non-negative ${integer ? 'integer' : 'number'}, got ${value}`);
  return value;
}

// Only /openapi.json needs no key; it is limited per client address, not by the key's bucket.
const publicPaths = new Set<string>(
  Object.values(operationTable)
    .filter((op) => !op.authenticated)
    .map((op) => op.path),
);

export class SeoGeoClient {
  readonly me: Me;
  readonly projects: Projects;
  readonly audits: Audits;
  readonly drafts: Drafts;
  readonly briefs: Briefs;
  readonly reports: Reports;
  readonly geoMonitor: GeoMonitor;
  readonly webhooks: Webhooks;
  /** The openapi-fetch client, authenticated, for anything else; no retries or pacing holds, but its responses still inform the pacer. */
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #options: ClientOptions;

  constructor(options: ClientOptions = {}) {
    this.#options = options;
    const apiKey = options.apiKey ?? env('SEO_GEO_API_KEY');
    if (!apiKey) throw new SeoGeoError(MISSING_API_KEY);
    this.baseUrl = (options.baseUrl ?? env('SEO_GEO_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    const fetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
    const clientOptions = {
      baseUrl: this.baseUrl,
      fetch,
      headers: { 'User-Agent': USER_AGENT, ...options.defaultHeaders, Authorization: `Bearer ${apiKey}` },
    };
    // The transport's own openapi-fetch builds PreparedRequests (see prepared-request.ts); the
    // public raw client keeps real Requests for its users and middleware. Given no serializer
    // function, openapi-fetch builds the default one again on every call; this is that default, built once.
    const transportClient = createFetchClient<paths>({
      ...clientOptions,
      Request: PreparedRequest as unknown as typeof Request,
      querySerializer: createQuerySerializer(),
    });
    const factory = options.idempotencyKeyFactory === undefined ? () => crypto.randomUUID() : options.idempotencyKeyFactory;
    this.#transport = new Transport({
      raw: transportClient,
      baseUrl: this.baseUrl,
      fetch: options.fetch,
      maxRetries: nonNegative('maxRetries', options.maxRetries ?? 2, true),
      maxRetryWait: nonNegative('maxRetryWait', options.maxRetryWait ?? 60_000),
      timeout: nonNegative('timeout', options.timeout ?? 60_000),
      pacing: options.pacing ?? true,
      hooks: options.hooks ?? {},
      idempotencyKeyFactory: factory,
      sleep: options.sleep ?? defaultSleep,
      clock: options.clock ?? systemClock,
    });
    this.raw = createFetchClient<paths>(clientOptions);
    const transport = this.#transport;
    this.raw.use({
      onResponse({ response, schemaPath }) {
        transport.observe(!publicPaths.has(schemaPath), response);
      },
    });
    this.me = new Me(this.#transport);
    this.projects = new Projects(this.#transport);
    this.audits = new Audits(this.#transport);
    this.drafts = new Drafts(this.#transport);
    this.briefs = new Briefs(this.#transport);
    this.reports = new Reports(this.#transport);
    this.geoMonitor = new GeoMonitor(this.#transport);
    this.webhooks = new Webhooks(this.#transport);
  }

  /**
   * A client like this one with some options changed (another key, timeout, headers…); default
   * headers are merged. It paces on its own: what this client knows of the bucket is not shared.
   */
  withOptions(options: ClientOptions): SeoGeoClient {
    return new SeoGeoClient({
      ...this.#options,
      ...options,
      defaultHeaders: { ...this.#options.defaultHeaders, ...options.defaultHeaders },
    });
  }

  /** This API's OpenAPI 3.1 document (`GET /openapi.json`, no envelope). */
  openapi(options?: RequestOptions): APIPromise<ResponseData<'getOpenApiDocument'>, ResponseMeta<'getOpenApiDocument'>> {
    return new APIPromise(this.#transport.call(`getOpenApiDocument`, {}, 'bare', options));
  }
}

export function createClient(options: ClientOptions = {}): SeoGeoClient {
  return new SeoGeoClient(options);
}
