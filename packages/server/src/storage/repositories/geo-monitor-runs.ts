// The runs of GEO monitors, one per tick, and what each gathered. Each concern has its file: the
// run records (geo-monitor-run-records.ts), their state changes (geo-monitor-run-states.ts), the
// calls they are charged for (geo-monitor-run-charges.ts), their answers (geo-monitor-answers.ts)
// and the figures of completed runs by group (geo-monitor-run-figures.ts).
import type { Kysely, Transaction } from 'kysely';
import type { GeoFigureGroup, GeoFigures, GeoSurface } from '@seo-geo/types';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Database } from '../schema.js';
import type { GeoMonitorRunStatus } from '../schema-geo.js';
import { answerKeys, answers, listAnswers, storeAnswer, type AnswerKey, type AnswerStored, type StoredAnswer } from './geo-monitor-answers.js';
import { chargedIn, chargedInEach } from './geo-monitor-run-charges.js';
import {
  groupBetween,
  hasFigures,
  listFigures,
  recordFigures,
  type RunGroupFigures,
  type StoredFigureGroup,
  type TrendGroup,
} from './geo-monitor-run-figures.js';
import {
  createForTick,
  findForMonitor,
  findRun,
  listCompletedBetween,
  listForMonitor,
  previousCompleted,
  setJob,
  type GeoMonitorRunRecord,
  type GeoMonitorRunSettings,
  type NewGeoMonitorRun,
} from './geo-monitor-run-records.js';
import {
  cancelOpen,
  complete,
  fail,
  listOrphaned,
  markCharged,
  markRunning,
  openJobIds,
  runStatus,
  skip,
  type EndedGeoMonitorRun,
  type GeoMonitorRunScope,
} from './geo-monitor-run-states.js';

export type {
  AnswerKey,
  AnswerStored,
  EndedGeoMonitorRun,
  GeoMonitorRunRecord,
  GeoMonitorRunScope,
  GeoMonitorRunSettings,
  NewGeoMonitorRun,
  RunGroupFigures,
  StoredAnswer,
  StoredFigureGroup,
  TrendGroup,
};

export interface GeoMonitorRunsRepository {
  /**
   * Inserts the run of a tick unless that tick already has one (then false, nothing written). Its
   * job is attached with setJob in the same transaction.
   */
  createForTick(trx: Transaction<Database>, input: NewGeoMonitorRun): Promise<boolean>;
  setJob(trx: Transaction<Database>, runId: string, jobId: string): Promise<void>;
  find(id: string, trx?: Transaction<Database>): Promise<GeoMonitorRunRecord | null>;
  findForMonitor(monitorId: string, id: string): Promise<GeoMonitorRunRecord | null>;
  /** Newest tick first. */
  listForMonitor(monitorId: string, page: PageRequest): Promise<Page<GeoMonitorRunRecord>>;
  /** Completed runs whose tick is in [from, to]: the latest `limit` of them, oldest first. */
  listCompletedBetween(monitorId: string, from: string, to: string, limit: number): Promise<GeoMonitorRunRecord[]>;
  /** The monitor's latest completed run whose tick is before `scheduledFor`; null when none is. */
  previousCompleted(trx: Transaction<Database>, monitorId: string, scheduledFor: string): Promise<GeoMonitorRunRecord | null>;
  /** The run's status alone (what its job watches); null when it is gone. */
  status(id: string): Promise<GeoMonitorRunStatus | null>;
  /** pending (or running, on a retry) → running; the first start time is kept. False when final or gone. */
  markRunning(id: string, now: number): Promise<boolean>;
  /** Records the month the calls are charged to; false when they already were (or the run is not running). */
  markCharged(trx: Transaction<Database>, id: string, month: string): Promise<boolean>;
  /** The keys of the answers stored so far. */
  answerKeys(runId: string): Promise<AnswerKey[]>;
  /**
   * Stores one answer (or its error) and counts its call in callsMade unless `called` is false (no
   * call was made: the engine is no longer configured), while the run is running.
   */
  storeAnswer(runId: string, answer: StoredAnswer, called?: boolean): Promise<AnswerStored>;
  /** Every stored answer, by prompt, locale, engine and sample. */
  answers(runId: string, trx?: Transaction<Database>): Promise<StoredAnswer[]>;
  /** A page of them, in the same order. */
  listAnswers(runId: string, page: PageRequest): Promise<Page<StoredAnswer>>;
  complete(trx: Transaction<Database>, id: string, input: { figures: GeoFigures; now: number }): Promise<boolean>;
  /** Keeps a completed run's figures by group, in the transaction that completes it. */
  recordFigures(trx: Transaction<Database>, runId: string, groups: readonly StoredFigureGroup[]): Promise<void>;
  /** A page of the run's figures by one dimension, over every surface (null) or one, in the groups' order. */
  listFigures(runId: string, by: GeoFigureGroup['by'], surface: GeoSurface | null, page: PageRequest): Promise<Page<GeoFigureGroup>>;
  /** Whether the run's figures by group were kept (runs completed before version 1.6 have none). */
  hasFigures(runId: string): Promise<boolean>;
  /** The figures of one group in the completed runs whose tick is in [from, to]: the latest `limit`, oldest first. */
  groupBetween(monitorId: string, group: TrendGroup, from: string, to: string, limit: number): Promise<RunGroupFigures[]>;
  /** pending → skipped with its reason; false when it had started or ended. */
  skip(trx: Transaction<Database>, id: string, input: { reason: string; now: number }): Promise<boolean>;
  /**
   * The calls the monitor's runs are charged for `month` after what was given back: an open run
   * its planned calls, an ended one the calls it made.
   */
  chargedIn(monitorId: string, month: string, trx?: Transaction<Database>): Promise<number>;
  /** The same for several monitors in one query, by monitor id (0 for one with no run charged). */
  chargedInEach(monitorIds: readonly string[], month: string): Promise<Map<string, number>>;
  fail(id: string, input: { error: string; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  /**
   * Ends the pending or running runs of the scope as cancelled, and returns them as they ended
   * (on PostgreSQL the update waits for an answer being stored, so its call is counted). Their
   * jobs are the caller's to cancel.
   */
  cancelOpen(trx: Transaction<Database>, scope: GeoMonitorRunScope, now: number): Promise<EndedGeoMonitorRun[]>;
  /** Runs still pending or running although their job has ended: orphans a reconcile finishes. */
  listOrphaned(limit: number): Promise<string[]>;
  /** Job ids of the monitor's runs not final yet. */
  openJobIds(monitorId: string): Promise<string[]>;
}

export function createGeoMonitorRunsRepository(db: Kysely<Database>): GeoMonitorRunsRepository {
  return {
    createForTick,
    setJob,
    find: (id, trx) => findRun(trx ?? db, id),
    findForMonitor: (monitorId, id) => findForMonitor(db, monitorId, id),
    listForMonitor: (monitorId, page) => listForMonitor(db, monitorId, page),
    listCompletedBetween: (monitorId, from, to, limit) => listCompletedBetween(db, monitorId, from, to, limit),
    previousCompleted,
    status: (id) => runStatus(db, id),
    markRunning: (id, now) => markRunning(db, id, now),
    markCharged,
    answerKeys: (runId) => answerKeys(db, runId),
    storeAnswer: (runId, answer, called) => storeAnswer(db, runId, answer, called),
    answers: (runId, trx) => answers(trx ?? db, runId),
    listAnswers: (runId, page) => listAnswers(db, runId, page),
    complete,
    recordFigures,
    listFigures: (runId, by, surface, page) => listFigures(db, runId, by, surface, page),
    hasFigures: (runId) => hasFigures(db, runId),
    groupBetween: (monitorId, group, from, to, limit) => groupBetween(db, monitorId, group, from, to, limit),
    skip,
    chargedIn: (monitorId, month, trx) => chargedIn(trx ?? db, monitorId, month),
    chargedInEach: (monitorIds, month) => chargedInEach(db, monitorIds, month),
    fail: (id, input, trx) => fail(trx ?? db, id, input),
    cancelOpen,
    listOrphaned: (limit) => listOrphaned(db, limit),
    openJobIds: (monitorId) => openJobIds(db, monitorId),
  };
}
