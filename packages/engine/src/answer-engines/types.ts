// Shapes of the answer-engine side of GEO monitor tests. The result types mirror the contract's
// GeoSample, GeoEngineResult and GeoTestSummary schemas field for field, so the server can return
// them as they are.

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

/** What one answer says of one tracked brand. */
export interface BrandResult {
  key: string;
  mentioned: boolean;
  /** 1-based rank among every brand the answer names (tracked or not), by first mention; null when not mentioned. */
  position: number | null;
  mentionCount: number;
  /** At least one cited URL is on one of its domains. */
  cited: boolean;
}

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

/** What an answer says about the brand: the GeoSample fields other than `index` and `answer`. */
export interface AnswerAnalysis {
  brandMentioned: boolean;
  firstMentionPosition: number | null;
  mentionCount: number;
  citedUrls: string[];
  projectDomainCited: boolean;
  otherBrands: string[];
  otherDomains: string[];
}

export interface GeoSample extends AnswerAnalysis {
  index: number;
  answer: string;
}

export interface GeoEngineResult {
  engine: string;
  model: string;
  samples: GeoSample[];
  error: string | null;
}

export interface GeoTestSummary {
  samples: number;
  mentionRate: number;
  avgFirstPosition: number | null;
  citedRate: number;
}
