// The engine's shapes for answer engines: how one is configured, what it answered, and what the
// engine reads in an answer. What the API shows of a reading is typed from the contract's
// components (GeoSample, GeoBrandMention, GeoTestSummary), less what only the server knows (the
// answer's index, a competitor's id and name): the engine keys brands by the caller's key.
import type { components } from '@seo-geo/types';

type Schemas = components['schemas'];

/**
 * How an engine is asked. `chat-completions` is any OpenAI-compatible endpoint (answers from
 * memory); the others are providers' grounded answers, asked through their SDKs with web search on.
 */
export type EngineKind = 'chat-completions' | 'openai-responses' | 'perplexity' | 'gemini' | 'anthropic';

/** One answer engine, as the operator configures it in GEO_ENGINES. */
export interface AnswerEngineConfig {
  /** Unique name shown in results, e.g. `openai` or `local-llama`. */
  name: string;
  /** Default `chat-completions`. */
  kind?: EngineKind;
  /**
   * Absolute http(s) URL. Required for `chat-completions` (`/chat/completions` is appended, e.g.
   * `https://api.openai.com/v1`); for the SDK kinds null means the provider's own host.
   */
  baseUrl?: string | null;
  model: string;
  /** Name of the environment variable that holds the API key; read at call time, never stored. */
  apiKeyEnv?: string | null;
  /** Answers asked per test (default 3). */
  samples?: number;
  /** Deadline of one HTTP call, response body included (default 60,000 ms). */
  timeoutMs?: number;
  /**
   * Sampling temperature sent with every call. `chat-completions` sends 1 (the OpenAI default)
   * when none is set; the SDK kinds send none then, leaving the provider's default.
   */
  temperature?: number;
  /** `anthropic` only: the answer's token limit, which its Messages API requires (default 4,096). */
  maxTokens?: number;
}

/** A span of an answer's text, in UTF-16 offsets (`text.slice(start, end)`). */
export interface TextUse {
  start: number;
  end: number;
}

/** A source an answer cites, as the provider gave it. */
export interface AnswerSource {
  /** Absolute http(s) URL, at most 4,096 characters. */
  url: string;
  /** The provider's title of the source (at most 500 characters), or null when it gave none. */
  title: string | null;
  /** The spans of the answer's text that cite this source, in order (at most 100). */
  uses: TextUse[];
}

/** One answer: its text and the sources it cites (at most 100, each URL once). */
export interface EngineAnswer {
  text: string;
  sources: AnswerSource[];
}

/** What one engine answered: the answers, or the provider's error when it kept failing. */
export interface EngineAnswers {
  engine: string;
  model: string;
  /** One entry per answer received; a call without an answer adds nothing. */
  samples: EngineAnswer[];
  /** Why fewer answers than asked arrived (provider error, timeout, refusal); null otherwise. */
  error: string | null;
}

/** The project whose brand an answer is checked for. */
export interface BrandIdentity {
  /** The project's name, e.g. `Example Shop`. */
  brandName: string;
  /** The project's primary domain or URL, e.g. `www.example.com`; its registrable domain counts. */
  domain: string | null;
}

/** A brand an answer is read for: the project's own or a competitor's. */
export interface TrackedBrand {
  /** The caller's key for this brand in the results (e.g. 'project', or a competitor's id). */
  key: string;
  name: string;
  /** Other names of the brand (`Kilnworks Studio`, `KW`), matched like the name. */
  aliases: string[];
  /** Its domains or hosts (`kilnworks.com`); subdomains count. */
  domains: string[];
}

/** What one answer says of one tracked brand: the contract's GeoBrandMention, by the caller's key. */
export type BrandResult = Omit<Schemas['GeoBrandMention'], 'competitorId' | 'name'> & { key: string };

/** What one answer says of a set of tracked brands, and what else it names and cites. */
export interface BrandsAnalysis {
  /** One per tracked brand, in the order given. */
  brands: BrandResult[];
  /** The distinct cited URLs, normalised, in order of first appearance. */
  citedUrls: string[];
  /** Registrable domains of the cited URLs, distinct, in order (for a citation leaderboard). */
  citedDomains: string[];
  /** Names that are not tracked brands, in order of appearance. */
  otherBrands: string[];
  /** Domains named or cited that are not the tracked brands', in order of appearance. */
  otherDomains: string[];
}

/**
 * What one answer says of the project's brand alone (analyseAnswer): the single-brand reading of
 * the contract's GeoSample, with the other brands and domains it names.
 */
export type AnswerAnalysis = Omit<Schemas['GeoSample'], 'index' | 'answer' | 'brands' | 'citedDomains' | 'sources'>;

/** What a test's totals are taken over: one engine's answers, each read for the project's brand. */
export interface AnalysedEngineAnswers {
  samples: readonly AnswerAnalysis[];
}

/** The project brand's totals over every answer of a test (summariseResults): the figures of the contract's GeoTestSummary. */
export type AnswerTotals = Pick<Schemas['GeoTestSummary'], 'samples' | 'mentionRate' | 'avgFirstPosition' | 'citedRate'>;
