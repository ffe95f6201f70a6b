// A completed GEO monitor run's figures by group (a prompt, locale, engine or surface, over every
// surface or one), kept when the run completes, listed per run and followed across runs as trends.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { GeoFigureGroup, GeoSurface } from '@seo-geo/types';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';
import type { GeoMonitorRunFiguresTable } from '../schema-geo.js';

/** A completed run's figures over one group of its answers, as kept (see figure-groups.ts). */
export interface StoredFigureGroup extends GeoFigureGroup {
  position: number;
  /** null: every surface's answers. */
  surface: GeoSurface | null;
}

/** The group of answers a trend follows: a prompt, locale, engine or surface, over every surface or one. */
export interface TrendGroup {
  by: GeoFigureGroup['by'];
  key: string;
  surface: GeoSurface | null;
}

/** A completed run's tick with its figures over one group. */
export interface RunGroupFigures {
  runId: string;
  scheduledFor: string;
  group: GeoFigureGroup;
}

const FIGURES_BATCH = 50;

/** Keeps a completed run's figures by group, in the transaction that completes it. */
export async function recordFigures(trx: Transaction<Database>, runId: string, groups: readonly StoredFigureGroup[]): Promise<void> {
  for (let i = 0; i < groups.length; i += FIGURES_BATCH) {
    const rows = groups.slice(i, i + FIGURES_BATCH).map((g) => ({
      run_id: runId,
      dimension: g.by,
      surface: g.surface ?? '',
      position: g.position,
      key: g.key,
      surfaces: JSON.stringify(g.surfaces),
      samples: g.samples,
      brands: JSON.stringify(g.brands),
    }));
    await trx.insertInto('geo_monitor_run_figures').values(rows).execute();
  }
}

/** A page of the run's figures by one dimension, over every surface (null) or one, in the groups' order. */
export async function listFigures(
  db: Kysely<Database>,
  runId: string,
  by: GeoFigureGroup['by'],
  surface: GeoSurface | null,
  page: PageRequest,
): Promise<Page<GeoFigureGroup>> {
  const { limit, offset } = toLimitOffset(page);
  const groups = db
    .selectFrom('geo_monitor_run_figures')
    .where('run_id', '=', runId)
    .where('dimension', '=', by)
    .where('surface', '=', surface ?? '');
  const rows = await groups.selectAll().orderBy('position').limit(limit).offset(offset).execute();
  const { count } = await groups.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return { items: rows.map(toGroup), total: Number(count) };
}

/** Whether the run's figures by group were kept (runs completed before version 1.6 have none). */
export async function hasFigures(db: Kysely<Database>, runId: string): Promise<boolean> {
  const row = await db.selectFrom('geo_monitor_run_figures').select('run_id').where('run_id', '=', runId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The figures of one group in the completed runs whose tick is in [from, to]: the latest `limit`, oldest first. */
export async function groupBetween(
  db: Kysely<Database>,
  monitorId: string,
  group: TrendGroup,
  from: string,
  to: string,
  limit: number,
): Promise<RunGroupFigures[]> {
  const rows = await db
    .selectFrom('geo_monitor_run_figures as f')
    .innerJoin('geo_monitor_runs as r', 'r.id', 'f.run_id')
    .selectAll('f')
    .select(['r.scheduled_for'])
    .where('r.monitor_id', '=', monitorId)
    .where('r.status', '=', 'completed')
    .where('r.scheduled_for', '>=', from)
    .where('r.scheduled_for', '<=', to)
    .where('f.dimension', '=', group.by)
    .where('f.key', '=', group.key)
    .where('f.surface', '=', group.surface ?? '')
    .orderBy('r.scheduled_for', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({ runId: row.run_id, scheduledFor: row.scheduled_for, group: toGroup(row) }));
}

function toGroup(row: Selectable<GeoMonitorRunFiguresTable>): GeoFigureGroup {
  return {
    by: row.dimension,
    key: row.key,
    surfaces: JSON.parse(row.surfaces) as GeoSurface[],
    samples: Number(row.samples),
    brands: JSON.parse(row.brands) as GeoFigureGroup['brands'],
  };
}
