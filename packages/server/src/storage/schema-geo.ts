// Row types of GEO monitor tests, brand profiles, monitors, their runs and answers, and monthly
// usage. Same portability rules as schema.ts.
import type { Generated } from 'kysely';
export type GeoTestStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface GeoTestsTable {
  id: string;
  project_id: string;
  account_id: string;
  status: GeoTestStatus;
  prompt: string;
  locale: string;
  /** JSON array of engine names the test puts the prompt to. */
  engines: string;
  /** JSON array of per-engine results (GeoEngineResult). */
  results: string;
  /** JSON array of the brands tracked when the test started (TrackedBrandRecord); [] before brand profiles existed. */
  brands: Generated<string>;
  summary: string | null;
  error: string | null;
  job_id: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The calls charged when the test started (0 for tests stored before this was recorded). */
  calls_planned: Generated<number>;
  /** Calls made so far: each answered or failed call, counted while the test runs. */
  calls_made: Generated<number>;
  /** The month (YYYY-MM) the calls were charged to; null for tests stored before this was recorded. */
  charged_month: string | null;
}

export interface BrandProfilesTable {
  project_id: string;
  /** The brand's own name; null: the project's name. */
  name: Generated<string | null>;
  /** JSON arrays: alias names, extra domains, competitors ({ id, name, aliases, domains }). */
  aliases: string;
  domains: string;
  competitors: string;
  updated_at: string;
}

export type GeoMonitorRunStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'skipped';

export interface GeoMonitorsTable {
  id: string;
  project_id: string;
  account_id: string;
  name: string;
  /** JSON arrays of prompts, locales and engine names. */
  prompts: string;
  locales: string;
  engines: string;
  samples_per_prompt: number;
  /** JSON of the schedule: { intervalMinutes } or { cron, timezone }. */
  schedule: string;
  paused: Generated<number>;
  /** The next tick; null while paused. */
  next_run_at: string | null;
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
  /** Alert thresholds of visibility and citation share; null watches nothing. */
  alert_visibility: number | null;
  alert_citation_share: number | null;
  /** The confidence level a change must reach to alert; null: the default (0.95). */
  alert_confidence: number | null;
  /** The most calls the monitor's runs may be charged in a calendar month; null: no cap. */
  monthly_call_cap: number | null;
}

/** A completed run's figures over one group of its answers (a prompt, locale, engine or surface). */
export interface GeoMonitorRunFiguresTable {
  run_id: string;
  dimension: 'prompt' | 'locale' | 'engine' | 'surface';
  /** '' over every surface's answers; else only this surface's. */
  surface: string;
  /** The group's place: the prompt's, locale's or engine's index in the run, the surface's in the enum. */
  position: number;
  key: string;
  /** JSON array of the surfaces the group's answers came from. */
  surfaces: string;
  samples: number;
  /** JSON array of GeoBrandFigures. */
  brands: string;
}

/** An alert a monitor raised: the GeoMonitorAlert as sent, as JSON. */
export interface GeoMonitorAlertsTable {
  id: string;
  monitor_id: string;
  run_id: string;
  created_at: string;
  alert: string;
}

/** The project's own URLs a completed run's answers cite, per engine, with the answers citing each. */
export interface GeoMonitorCitationsTable {
  run_id: string;
  monitor_id: string;
  url: string;
  engine: string;
  answers: number;
}

export interface GeoMonitorRunsTable {
  id: string;
  monitor_id: string;
  project_id: string;
  account_id: string;
  /** The tick this run is for; unique per monitor. */
  scheduled_for: string;
  status: GeoMonitorRunStatus;
  /** JSON of the prompts, locales, engines and samples per prompt the run was created with. */
  settings: string;
  /** JSON array of the tracked brands the run was created with. */
  brands: string;
  calls_planned: number;
  calls_made: Generated<number>;
  skipped_ticks: Generated<number>;
  /** The month (YYYY-MM) the run's calls were charged to (by this or an earlier attempt); null before. */
  charged_month: string | null;
  /** JSON of the figures (GeoFigures); null until completed. */
  figures: string | null;
  error: string | null;
  /** Why a skipped run asked nothing; null otherwise. */
  skip_reason: Generated<string | null>;
  job_id: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface GeoMonitorAnswersTable {
  run_id: string;
  prompt_index: number;
  locale_index: number;
  engine_index: number;
  sample_index: number;
  model: string;
  /** JSON of the analysed answer (GeoSample); null when the engine gave none. */
  sample: string | null;
  error: string | null;
  /** The surface of the engine that answered; null on answers stored before it was recorded. */
  surface: Generated<string | null>;
}

export interface UsageMonthsTable {
  account_id: string;
  /** `YYYY-MM`, UTC. */
  month: string;
  answer_engine_calls: number;
}
