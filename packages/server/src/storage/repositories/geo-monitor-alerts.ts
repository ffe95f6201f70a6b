// The alerts GEO monitors raised, kept as the API lists them (GeoMonitorAlert, as geo_monitor.alert
// sent it), newest first; written in the transaction that completes the run that raised them.
import type { Kysely, Transaction } from 'kysely';
import type { GeoMonitorAlert } from '@seo-geo/types';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';

/** An alert as kept: its id and time are set. */
export type StoredAlert = GeoMonitorAlert & { id: string; createdAt: string };

export interface GeoMonitorAlertsRepository {
  record(trx: Transaction<Database>, alert: StoredAlert): Promise<void>;
  /** Newest first. */
  list(monitorId: string, page: PageRequest): Promise<Page<StoredAlert>>;
  /** Each monitor's latest alert, by monitor id (ids are time-ordered UUIDv7s). */
  latest(monitorIds: readonly string[]): Promise<Map<string, StoredAlert>>;
}

export function createGeoMonitorAlertsRepository(db: Kysely<Database>): GeoMonitorAlertsRepository {
  return {
    async record(trx, alert) {
      await trx
        .insertInto('geo_monitor_alerts')
        .values({ id: alert.id, monitor_id: alert.monitorId, run_id: alert.runId, created_at: alert.createdAt, alert: JSON.stringify(alert) })
        .execute();
    },

    async list(monitorId, page) {
      const { limit, offset } = toLimitOffset(page);
      const rows = await db
        .selectFrom('geo_monitor_alerts')
        .select('alert')
        .where('monitor_id', '=', monitorId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const { count } = await db
        .selectFrom('geo_monitor_alerts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('monitor_id', '=', monitorId)
        .executeTakeFirstOrThrow();
      return { items: rows.map((row) => JSON.parse(row.alert) as StoredAlert), total: Number(count) };
    },

    async latest(monitorIds) {
      const found = new Map<string, StoredAlert>();
      if (monitorIds.length === 0) return found;
      const newest = db
        .selectFrom('geo_monitor_alerts')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('monitor_id', 'in', [...monitorIds])
        .groupBy('monitor_id');
      const rows = await db.selectFrom('geo_monitor_alerts').select(['monitor_id', 'alert']).where('id', 'in', newest).execute();
      for (const row of rows) found.set(row.monitor_id, JSON.parse(row.alert) as StoredAlert);
      return found;
    },
  };
}
