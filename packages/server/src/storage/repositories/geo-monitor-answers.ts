// The answers of a GEO monitor run, stored one by one as they arrive so that a retried run asks
// only for what is missing. An answer is stored, and its call counted, only while the run runs:
// once it has ended (cancelled, or deleted with its monitor or project) what it was given back
// stays right, and its job learns that it is to stop.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { GeoSample, GeoSurface } from '@seo-geo/types';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';
import type { GeoMonitorAnswersTable } from '../schema-geo.js';

/** Where an answer sits in its run: indexes into the run's prompts, locales and engines, and the sample. */
export interface AnswerKey {
  promptIndex: number;
  localeIndex: number;
  engineIndex: number;
  sampleIndex: number;
}

export interface StoredAnswer extends AnswerKey {
  model: string;
  /** The analysed answer; null when the engine gave none. */
  sample: GeoSample | null;
  error: string | null;
  /** The surface of the engine that answered; null on answers stored before it was recorded. */
  surface: GeoSurface | null;
}

/** How storing an answer went: stored, stored before (a retried attempt), or refused because the run no longer runs. */
export type AnswerStored = 'stored' | 'duplicate' | 'not_running';

const ANSWER_ORDER = ['prompt_index', 'locale_index', 'engine_index', 'sample_index'] as const;

/** Thrown inside storeAnswer's transaction to roll back its count: the answer was stored before. */
class StoredBefore extends Error {}

/** The keys of the answers stored so far. */
export async function answerKeys(db: Kysely<Database>, runId: string): Promise<AnswerKey[]> {
  const rows = await db.selectFrom('geo_monitor_answers').select(ANSWER_ORDER).where('run_id', '=', runId).execute();
  return rows.map(toKey);
}

/**
 * Stores one answer (or its error) and counts its call in callsMade unless `called` is false (no
 * call was made: the engine is no longer configured), while the run is running.
 */
export async function storeAnswer(db: Kysely<Database>, runId: string, answer: StoredAnswer, called = true): Promise<AnswerStored> {
  try {
    return await db.transaction().execute(async (trx) => {
      // The run's row first: it is locked from here, so a cancel or a deletion either counts
      // this call or makes this store refused, and the answer never outlives its run.
      const running = await trx
        .updateTable('geo_monitor_runs')
        .set((eb) => ({ calls_made: eb('calls_made', '+', called ? 1 : 0) }))
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (running.numUpdatedRows === 0n) return 'not_running' as const;
      const result = await trx
        .insertInto('geo_monitor_answers')
        .values(answerRow(runId, answer))
        .onConflict((oc) => oc.columns(['run_id', ...ANSWER_ORDER]).doNothing())
        .executeTakeFirst();
      // Stored before: its call was counted then, so this count is rolled back.
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new StoredBefore();
      return 'stored' as const;
    });
  } catch (error) {
    if (error instanceof StoredBefore) return 'duplicate';
    throw error;
  }
}

/** Every stored answer, by prompt, locale, engine and sample. */
export async function answers(executor: Kysely<Database>, runId: string): Promise<StoredAnswer[]> {
  return (await answersInOrder(executor, runId).execute()).map(toAnswer);
}

/** A page of them, in the same order. */
export async function listAnswers(db: Kysely<Database>, runId: string, page: PageRequest): Promise<Page<StoredAnswer>> {
  const { limit, offset } = toLimitOffset(page);
  const rows = await answersInOrder(db, runId).limit(limit).offset(offset).execute();
  const { count } = await db
    .selectFrom('geo_monitor_answers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return { items: rows.map(toAnswer), total: Number(count) };
}

function answersInOrder(executor: Kysely<Database>, runId: string) {
  let query = executor.selectFrom('geo_monitor_answers').selectAll().where('run_id', '=', runId);
  for (const column of ANSWER_ORDER) query = query.orderBy(column);
  return query;
}

function answerRow(runId: string, answer: StoredAnswer): Insertable<GeoMonitorAnswersTable> {
  return {
    run_id: runId,
    prompt_index: answer.promptIndex,
    locale_index: answer.localeIndex,
    engine_index: answer.engineIndex,
    sample_index: answer.sampleIndex,
    model: answer.model,
    sample: answer.sample === null ? null : JSON.stringify(answer.sample),
    error: answer.error,
    surface: answer.surface,
  };
}

function toKey(row: Pick<Selectable<GeoMonitorAnswersTable>, (typeof ANSWER_ORDER)[number]>): AnswerKey {
  return {
    promptIndex: Number(row.prompt_index),
    localeIndex: Number(row.locale_index),
    engineIndex: Number(row.engine_index),
    sampleIndex: Number(row.sample_index),
  };
}

function toAnswer(row: Selectable<GeoMonitorAnswersTable>): StoredAnswer {
  return {
    ...toKey(row),
    model: row.model,
    sample: row.sample === null ? null : (JSON.parse(row.sample) as GeoSample),
    error: row.error,
    surface: row.surface as GeoSurface | null,
  };
}
