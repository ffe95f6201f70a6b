// When a GEO monitor runs (the spec's GeoMonitorSchedule and *GEO monitors*): its ticks, as pure
// functions of the schedule, the monitor's creation time and the time asked about.
//  - Interval: ticks are createdAt + k × intervalMinutes, k ≥ 1 (anchored at creation, so they do
//    not drift when a run is late or a schedule is re-read).
//  - Cron: the times a five-field expression names in its IANA time zone (croner), at least 15
//    minutes apart. Across a DST change a tick keeps its wall-clock time (09:00 stays 09:00 local);
//    a time that does not exist that day runs at the first valid time after the gap, or is skipped
//    for expressions that repeat within the hour (croner's fixed-time and interval rules).
//  - Missed ticks: when the scheduler finds a monitor due, the latest tick at or before now runs,
//    once; the earlier due ticks are not run late and are counted as skipped.
import { Cron, CronPattern } from 'croner';
import type { GeoMonitorSchedule } from '@seo-geo/types';
import { validationError } from '../../domain/errors.js';
import type { StoredSchedule } from '../../storage/repositories/geo-monitors.js';

/** The floor between two ticks of a cron schedule (intervals have it as their minimum). */
export const MIN_TICK_GAP_MINUTES = 15;
const MINUTE_MS = 60_000;
/** Ticks (at most, and at most over this many days) enumerated when a cron expression is checked against the floor. */
const FLOOR_CHECK_TICKS = 1_000;
const FLOOR_CHECK_DAYS = 400;

/** Where a schedule field sits in the request body, for the 400's details. */
const field = (name: string) => ({ in: 'body' as const, field: `schedule.${name}` });

/**
 * The schedule to store, or 400 naming the field: a cron expression that does not parse, an
 * unknown time zone, or a cron expression with ticks less than 15 minutes apart. `now` is where
 * the floor check starts enumerating.
 */
export function parseSchedule(input: GeoMonitorSchedule, now: number): StoredSchedule {
  if ('intervalMinutes' in input) return { intervalMinutes: input.intervalMinutes };
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone)) {
    throw validationError([{ ...field('timezone'), message: `"${timezone}" is not an IANA time zone this server knows (for example Europe/Berlin or UTC)` }]);
  }
  const cron = input.cron.trim().replace(/\s+/g, ' ');
  let compiled: Compiled;
  try {
    compiled = compile(cron, timezone);
  } catch (error) {
    throw validationError([
      { ...field('cron'), message: `is not a five-field cron expression (minute hour day-of-month month day-of-week): ${reason(error)}` },
    ]);
  }
  if (compiled.cron.nextRun(new Date(now)) === null) {
    throw validationError([{ ...field('cron'), message: 'never matches a future time' }]);
  }
  const gap = shortestGapMinutes(compiled, now);
  if (gap !== null && gap < MIN_TICK_GAP_MINUTES) {
    throw validationError([{ ...field('cron'), message: `has ticks ${gap} minutes apart; they must be at least ${MIN_TICK_GAP_MINUTES} minutes apart` }]);
  }
  return { cron, timezone };
}

/** The first tick strictly after `after`; null when a cron expression has no further tick. */
export function nextTick(schedule: StoredSchedule, createdAt: number, after: number): number | null {
  if ('intervalMinutes' in schedule) {
    const period = schedule.intervalMinutes * MINUTE_MS;
    const k = Math.max(1, Math.floor((after - createdAt) / period) + 1);
    return createdAt + k * period;
  }
  return compile(schedule.cron, schedule.timezone).cron.nextRun(new Date(after))?.getTime() ?? null;
}

/** The schedule's ticks in (from, from + spanMs]: what a monitor plans to run over that span. */
export function ticksWithin(schedule: StoredSchedule, createdAt: number, from: number, spanMs: number): number {
  const end = from + spanMs;
  if ('intervalMinutes' in schedule) {
    const period = schedule.intervalMinutes * MINUTE_MS;
    const first = Math.max(1, Math.floor((from - createdAt) / period) + 1);
    const last = Math.floor((end - createdAt) / period);
    return Math.max(0, last - first + 1);
  }
  // At least 15 minutes apart: at most 2,880 ticks in 30 days.
  const cron = compile(schedule.cron, schedule.timezone).cron;
  let count = 0;
  for (let tick = cron.nextRun(new Date(from)); tick !== null && tick.getTime() <= end; tick = cron.nextRun(tick)) count++;
  return count;
}

/**
 * What is due at `now` for a monitor whose next tick is `nextRunAt`: the latest tick at or before
 * now (which runs) and how many ticks from `nextRunAt` on came before it (skipped, not run late).
 * Null when nothing is due yet.
 */
export function dueTick(schedule: StoredSchedule, createdAt: number, nextRunAt: number, now: number): { tick: number; skipped: number } | null {
  if (now < nextRunAt) return null;
  if ('intervalMinutes' in schedule) {
    const period = schedule.intervalMinutes * MINUTE_MS;
    const latest = Math.floor((now - createdAt) / period);
    const first = Math.max(1, Math.ceil((nextRunAt - createdAt) / period));
    if (latest < first) return null;
    return { tick: createdAt + latest * period, skipped: latest - first };
  }
  const compiled = compile(schedule.cron, schedule.timezone);
  // previousRuns excludes a tick equal to its reference; +1 ms makes `now` itself count.
  const latest = compiled.cron.previousRuns(1, new Date(now + 1))[0]?.getTime();
  if (latest === undefined || latest < nextRunAt) return null;
  return { tick: latest, skipped: ticksBetween(compiled, nextRunAt, latest) };
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface Compiled {
  cron: Cron;
  timezone: string;
  /** The times of day the expression names, in minutes after local midnight, ascending. */
  minutesOfDay: number[];
}

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 500;

/** Throws (croner's message) when the expression does not parse. */
function compile(cron: string, timezone: string): Compiled {
  const key = `${timezone} ${cron}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const options = { timezone, mode: '5-part' as const };
  const pattern = new CronPattern(cron, timezone, { mode: '5-part' });
  const minutesOfDay: number[] = [];
  for (let hour = 0; hour < 24; hour++) {
    if (!pattern.hour[hour]) continue;
    for (let minute = 0; minute < 60; minute++) if (pattern.minute[minute]) minutesOfDay.push(hour * 60 + minute);
  }
  const compiled: Compiled = { cron: new Cron(cron, { ...options, paused: true }), timezone, minutesOfDay };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

/**
 * The shortest gap between two ticks, in minutes: within a day from the times the expression names
 * (exact), and in real time over the next ticks (midnights, DST changes).
 */
function shortestGapMinutes(compiled: Compiled, now: number): number | null {
  let shortest: number | null = null;
  const consider = (gap: number) => {
    if (shortest === null || gap < shortest) shortest = gap;
  };
  const times = compiled.minutesOfDay;
  for (let i = 1; i < times.length; i++) consider(times[i]! - times[i - 1]!);
  const horizon = now + FLOOR_CHECK_DAYS * 86_400_000;
  let previous = compiled.cron.nextRun(new Date(now));
  for (let n = 1; previous !== null && n < FLOOR_CHECK_TICKS && previous.getTime() < horizon; n++) {
    const tick: Date | null = compiled.cron.nextRun(previous);
    if (tick !== null) consider((tick.getTime() - previous.getTime()) / MINUTE_MS);
    previous = tick;
  }
  return shortest;
}

/**
 * Ticks t with from ≤ t < to, where `from` and `to` are ticks. Cron names the same times on every
 * day it matches, so a day without a UTC offset change is counted at once from those times; a day
 * with one is walked tick by tick. The cost grows with the days, not the ticks.
 */
function ticksBetween(compiled: Compiled, from: number, to: number): number {
  const times = compiled.minutesOfDay;
  const last = times[times.length - 1]!;
  let count = 0;
  let tick: number | null = from;
  while (tick !== null && tick < to) {
    const offset: number = utcOffsetMs(compiled.timezone, tick);
    const minuteOfDay: number = Math.round(((((tick + offset) % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE_MS);
    const index = times.indexOf(minuteOfDay);
    const lastOfDay: number = tick + (last - minuteOfDay) * MINUTE_MS;
    if (index >= 0 && utcOffsetMs(compiled.timezone, lastOfDay) === offset) {
      // A regular day: the rest of its ticks are the remaining times, at fixed distances.
      for (let i = index; i < times.length; i++) {
        if (tick + (times[i]! - minuteOfDay) * MINUTE_MS >= to) return count;
        count++;
      }
      tick = compiled.cron.nextRun(new Date(lastOfDay))?.getTime() ?? null;
    } else {
      count++;
      tick = compiled.cron.nextRun(new Date(tick))?.getTime() ?? null;
    }
  }
  return count;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant (local − UTC), in ms. */
function utcOffsetMs(timeZone: string, instant: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - (instant - (((instant % 1000) + 1000) % 1000));
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^CronPattern:\s*/, '').slice(0, 300);
}
