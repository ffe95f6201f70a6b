// The engine's shapes for answer engines: how one is configured, what it answered, and what the
// engine reads in an answer. What the API shows of a reading is typed from the contract's
// components (GeoSample, GeoBrandMention, GeoTestSummary), less what only the server knows (the
// answer's index, a competitor's id and name): the engine keys brands by the caller's key.
import type { components } from '@seo-geo/types';

type Schemas = components['schemas'];

/** One OpenAI-compatible chat-completions endpoint, as the operator configures it in GEO_ENGINES. */
export interface AnswerEngineConfig {
  /** Unique name shown in results, e.g. `openai` or `local-llama`. */
  name: string;
  /** Absolute http(s) URL; `/chat/completions` is appended, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  /** Name of the environment variable that holds the API key; read at call time, never stored. */
  apiKeyEnv?: string | null;
  /** Answers asked per test (default 3). */
  samples?: number;
  /** Deadline of one HTTP call, response body included (default 60,000 ms). */
  timeoutMs?: number;
  /** Sampling temperature sent with every call (default 1, the OpenAI default). */
  temperature?: number;
}

/** A source as an engine gives it: a cited page, its title, and the spans of text that cite it. */
export interface AnswerSource {
  url: string;
  title: string | null;
  /** UTF-16 offsets into the answer's text, end exclusive. */
  uses: Array<{ start: number; end: number }>;
}

/** What one engine answered: the raw answers, or the provider's error when it kept failing. */
export interface EngineAnswers {
  engine: string;
  model: string;
  /** One entry per answer received; a call without an answer adds nothing. */
  samples: string[];
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
