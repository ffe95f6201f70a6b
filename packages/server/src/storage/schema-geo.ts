// Row type of GEO monitor tests. Same portability rules as schema.ts.
export type GeoTestStatus = 'pending' | 'running' | 'completed' | 'failed';

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
  summary: string | null;
  error: string | null;
  job_id: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
