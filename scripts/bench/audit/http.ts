// The API as a user calls it (the API key as bearer token), and the shapes of the answers the
// bench reads: only the fields it checks or reports, not the whole contract.
import type { RunningServer } from '@seo-geo/server';

/** Audit statuses after which nothing changes: polling stops at the first. */
export const FINAL = new Set(['completed', 'failed', 'cancelled']);

/** The JSON body as the caller describes it; its shape is checked where it matters. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body's shape
export async function api<T>(
  server: RunningServer,
  key: string,
  path: string,
  init: { method?: string; body?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (init.body) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export interface AuditRunBody {
  data: {
    id: string;
    status: string;
    stopReason: string | null;
    error: { code: string; message: string } | null;
    progress: { pagesCrawled: number; pagesQueued: number; phase: string | null; elapsedSeconds: number | null };
    summary: { pagesAudited: number; pagesScored: number; pagesWithSchema: number; avgGeoScore: number | null } | null;
  };
}

export interface ListBody<T> {
  data: T[];
  meta: { total: number; totalPages: number };
}

export interface IssueRow {
  code: string;
  severity: string;
  pagesAffected: number;
}

export interface PageRow {
  url: string;
  geoScore: number | null;
  hasSchema: boolean;
  issues: Array<{ code: string }>;
}
