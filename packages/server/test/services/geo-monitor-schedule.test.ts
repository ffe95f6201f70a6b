// The ticks of GEO monitor schedules, as pure functions: intervals anchored at creation, cron in a
// time zone (across DST changes), the 15-minute floor, and the missed-tick rule (the latest missed
// tick runs once, the earlier ones are counted as skipped).
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { dueTick, nextTick, parseSchedule } from '../../src/services/geo-monitors/schedule.js';
import type { StoredSchedule } from '../../src/storage/repositories/geo-monitors.js';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const NOW = at('2025-03-20T10:00:00.000Z');

/** The 400 a schedule gets, as its single detail. */
function refusal(schedule: Parameters<typeof parseSchedule>[0], now = NOW) {
  try {
    parseSchedule(schedule, now);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const refused = error as DomainError;
    expect(refused.code).toBe('VALIDATION_ERROR');
    expect(refused.details).toHaveLength(1);
    return refused.details![0]!;
  }
  throw new Error(`${JSON.stringify(schedule)} was accepted`);
}

describe('interval schedules', () => {
  const createdAt = at('2025-01-15T09:30:12.345Z');
  const hourly: StoredSchedule = { intervalMinutes: 60 };

  it('ticks at createdAt + k × interval, k ≥ 1, strictly after the time asked about', () => {
    expect(iso(nextTick(hourly, createdAt, createdAt))).toBe('2025-01-15T10:30:12.345Z');
    expect(iso(nextTick(hourly, createdAt, createdAt + 59 * MIN))).toBe('2025-01-15T10:30:12.345Z');
    expect(iso(nextTick(hourly, createdAt, createdAt + 60 * MIN))).toBe('2025-01-15T11:30:12.345Z');
    expect(iso(nextTick(hourly, createdAt, createdAt + 60 * MIN - 1))).toBe('2025-01-15T10:30:12.345Z');
    // Anchored at creation: a late look does not shift the grid.
    expect(iso(nextTick(hourly, createdAt, at('2025-01-16T00:00:00.000Z')))).toBe('2025-01-16T00:30:12.345Z');
    expect(iso(nextTick({ intervalMinutes: 15 }, createdAt, createdAt + 16 * MIN))).toBe('2025-01-15T10:00:12.345Z');
  });

  it('is stored as given', () => {
    expect(parseSchedule({ intervalMinutes: 1440 }, NOW)).toEqual({ intervalMinutes: 1440 });
  });

  it('is due from its next tick on, not before', () => {
    const first = createdAt + 60 * MIN;
    expect(dueTick(hourly, createdAt, first, first - 1)).toBeNull();
    expect(dueTick(hourly, createdAt, first, first)).toEqual({ tick: first, skipped: 0 });
    expect(dueTick(hourly, createdAt, first, first + 59 * MIN)).toEqual({ tick: first, skipped: 0 });
  });

  it('runs the latest of 3 missed ticks once and counts the 2 before it as skipped', () => {
    const first = createdAt + 60 * MIN;
    // Nothing ran at +60, +120 and +180 minutes; the scheduler comes back at +185.
    const due = dueTick(hourly, createdAt, first, createdAt + 185 * MIN);
    expect(due).toEqual({ tick: createdAt + 180 * MIN, skipped: 2 });
    // The next tick after the one that runs is after now: nothing else is run late.
    expect(iso(nextTick(hourly, createdAt, due!.tick))).toBe(iso(createdAt + 240 * MIN));
  });
});

describe('cron schedules', () => {
  it('reads the expression in its time zone, keeping the wall-clock time across DST changes', () => {
    const mondays: StoredSchedule = parseSchedule({ cron: '0 9 * * 1', timezone: 'Europe/Berlin' }, NOW);
    expect(mondays).toEqual({ cron: '0 9 * * 1', timezone: 'Europe/Berlin' });
    // Berlin moves from UTC+1 to UTC+2 on Sunday 30 March 2025: 09:00 local is 08:00Z, then 07:00Z.
    const spring = [nextTick(mondays, NOW, NOW)!];
    spring.push(nextTick(mondays, NOW, spring[0]!)!);
    expect(spring.map(iso)).toEqual(['2025-03-24T08:00:00.000Z', '2025-03-31T07:00:00.000Z']);
    // And back on Sunday 26 October 2025.
    const october = at('2025-10-21T00:00:00.000Z');
    const autumn = [nextTick(mondays, NOW, october)!];
    autumn.push(nextTick(mondays, NOW, autumn[0]!)!);
    expect(autumn.map(iso)).toEqual(['2025-10-27T08:00:00.000Z', '2025-11-03T08:00:00.000Z']);
    // The tick is strictly after the time asked about.
    expect(iso(nextTick(mondays, NOW, at('2025-03-24T08:00:00.000Z')))).toBe('2025-03-31T07:00:00.000Z');
    expect(iso(nextTick(mondays, NOW, at('2025-03-24T07:59:59.999Z')))).toBe('2025-03-24T08:00:00.000Z');
  });

  it('defaults the time zone to UTC and normalises the spacing', () => {
    expect(parseSchedule({ cron: '30  6 * *   *' }, NOW)).toEqual({ cron: '30 6 * * *', timezone: 'UTC' });
  });

  it('runs a time that a DST change skips at the first valid time after it', () => {
    const nightly = parseSchedule({ cron: '30 2 * * *', timezone: 'Europe/Berlin' }, NOW);
    // 02:30 does not exist in Berlin on 30 March 2025; the run is at 03:00 CEST (01:00Z).
    expect(iso(nextTick(nightly, NOW, at('2025-03-29T12:00:00.000Z')))).toBe('2025-03-30T01:00:00.000Z');
    expect(iso(nextTick(nightly, NOW, at('2025-03-30T12:00:00.000Z')))).toBe('2025-03-31T00:30:00.000Z');
  });

  it('refuses an expression that does not parse, an unknown time zone, and ticks under 15 minutes apart', () => {
    expect(refusal({ cron: '61 9 * * *' })).toMatchObject({ in: 'body', field: 'schedule.cron' });
    expect(refusal({ cron: '0 9 * * funday' })).toMatchObject({ field: 'schedule.cron' });
    expect(refusal({ cron: '0 9 * * 1', timezone: 'Mars/Olympus_Mons' })).toMatchObject({ in: 'body', field: 'schedule.timezone' });
    expect(refusal({ cron: '*/10 * * * *' })).toMatchObject({ field: 'schedule.cron', message: expect.stringContaining('10 minutes apart') });
    expect(refusal({ cron: '0,5 9 * * *' })).toMatchObject({ field: 'schedule.cron', message: expect.stringContaining('5 minutes apart') });
    // 23:55 and 00:05 the next day: 10 minutes apart across midnight.
    expect(refusal({ cron: '5,55 0,23 * * *' })).toMatchObject({ field: 'schedule.cron', message: expect.stringContaining('10 minutes apart') });
    expect(refusal({ cron: '0 0 30 2 *' })).toMatchObject({ field: 'schedule.cron', message: 'never matches a future time' });
  });

  it('accepts ticks exactly 15 minutes apart, and close times that never fall on consecutive days', () => {
    expect(parseSchedule({ cron: '*/15 * * * *' }, NOW)).toEqual({ cron: '*/15 * * * *', timezone: 'UTC' });
    // Monday 23:55 and the next Monday 00:05.
    expect(parseSchedule({ cron: '5,55 0,23 * * 1', timezone: 'America/New_York' }, NOW)).toEqual({ cron: '5,55 0,23 * * 1', timezone: 'America/New_York' });
  });

  it('runs the latest of 3 missed ticks once and counts the 2 before it as skipped', () => {
    const hourly = parseSchedule({ cron: '0 * * * *', timezone: 'Europe/Berlin' }, NOW);
    const next = at('2025-03-20T10:00:00.000Z');
    expect(dueTick(hourly, NOW, next, next - 1)).toBeNull();
    expect(dueTick(hourly, NOW, next, next)).toEqual({ tick: next, skipped: 0 });
    expect(dueTick(hourly, NOW, next, at('2025-03-20T12:30:00.000Z'))).toEqual({ tick: at('2025-03-20T12:00:00.000Z'), skipped: 2 });
  });

  it('counts skipped ticks exactly across DST changes and long outages', () => {
    const cases: Array<{ cron: string; timezone: string; from: string; to: string }> = [
      { cron: '*/15 * * * *', timezone: 'Europe/Berlin', from: '2025-03-28T00:00:00.000Z', to: '2025-04-02T00:00:00.000Z' },
      { cron: '*/15 * * * *', timezone: 'Europe/Berlin', from: '2025-10-24T00:00:00.000Z', to: '2025-10-29T13:07:00.000Z' },
      { cron: '0,30 1,2,3 * * *', timezone: 'America/New_York', from: '2025-03-01T00:00:00.000Z', to: '2025-11-20T00:00:00.000Z' },
      { cron: '30 2 * * 0', timezone: 'Europe/Berlin', from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' },
      { cron: '0 9 1 * *', timezone: 'Australia/Sydney', from: '2024-06-01T00:00:00.000Z', to: '2025-06-01T00:00:00.000Z' },
    ];
    for (const c of cases) {
      const schedule = parseSchedule({ cron: c.cron, timezone: c.timezone }, at(c.from));
      const enumerated: number[] = [];
      const cron = new Cron(c.cron, { timezone: c.timezone, mode: '5-part', paused: true });
      for (let t = cron.nextRun(new Date(c.from)); t !== null && t.getTime() <= at(c.to); t = cron.nextRun(t)) enumerated.push(t.getTime());
      const first = enumerated[0]!;
      const due = dueTick(schedule, at(c.from), first, at(c.to));
      expect({ ...c, due }).toEqual({ ...c, due: { tick: enumerated.at(-1), skipped: enumerated.length - 1 } });
    }
  });
});
