/**
 * Retention of scheduled backups (issue 36), the pure decision: `last`, and
 * the newest of each of the last N days, ISO weeks and months that have a
 * backup, in the schedule's time zone; the rules read the list on their own
 * and keep the union; `expiresAt` is the tick that would let each go.
 */
import { describe, expect, it } from 'vitest';
import { planRetention, type RetainedBackup } from '../../src/control/backup-retention.js';
import { nextTick } from '../../src/control/schedule-cron.js';
import type { BackupRetention } from '../../src/db/stored-shapes.js';

const none: BackupRetention = { last: 0, daily: 0, weekly: 0, monthly: 0 };
const b = (id: string, iso: string): RetainedBackup => ({ id, createdAt: new Date(iso) });
const cron =
  (expr: string, timeZone = 'UTC') =>
  (after: Date) =>
    nextTick({ cron: expr, timeZone }, after);
const kept = (plan: ReturnType<typeof planRetention>) => plan.keep.map((k) => k.id);

describe('planRetention', () => {
  it('last N keeps the N newest (whatever order they come in); each goes when N newer exist', () => {
    const list = [
      b('m1', '2030-01-01T00:01:00Z'),
      b('m3', '2030-01-01T00:03:00Z'),
      b('m2', '2030-01-01T00:02:00Z'),
      b('m4', '2030-01-01T00:04:00Z'),
    ];
    const plan = planRetention(
      list,
      { ...none, last: 2 },
      'UTC',
      cron('*/1 * * * *'),
      new Date('2030-01-01T00:04:20Z'),
    );
    expect(kept(plan)).toEqual(['m4', 'm3']);
    expect(plan.remove).toEqual(['m2', 'm1']);
    // m3 goes when the 00:05 backup is the second newer one; m4 with the 00:06 one.
    expect(plan.keep.map((k) => k.expiresAt?.toISOString())).toEqual([
      '2030-01-01T00:06:00.000Z',
      '2030-01-01T00:05:00.000Z',
    ]);
    expect(plan.keep[0]!.by).toEqual(['last']);
  });

  it('daily N keeps the newest of each of the last N days that have a backup (days without one do not count)', () => {
    const list = [
      b('d1-early', '2030-03-01T02:00:00Z'),
      b('d1-late', '2030-03-01T22:00:00Z'),
      b('d3', '2030-03-03T10:00:00Z'), // no backup on 03-02
      b('d4-a', '2030-03-04T01:00:00Z'),
      b('d4-b', '2030-03-04T09:00:00Z'),
    ];
    const plan = planRetention(
      list,
      { ...none, daily: 3 },
      'UTC',
      cron('0 */8 * * *'),
      new Date('2030-03-04T09:05:00Z'),
    );
    expect(kept(plan)).toEqual(['d4-b', 'd3', 'd1-late']);
    expect(plan.remove).toEqual(['d4-a', 'd1-early']);
    const exp = Object.fromEntries(plan.keep.map((k) => [k.id, k.expiresAt?.toISOString()]));
    // The newest of today goes with today's next tick (16:00), whose backup becomes today's newest.
    expect(exp['d4-b']).toBe('2030-03-04T16:00:00.000Z');
    // d3 (rank 1 of 3) goes when 2 newer days have a backup: 03-05 and 03-06, first tick 00:00 of the 6th.
    expect(exp.d3).toBe('2030-03-06T00:00:00.000Z');
    expect(exp['d1-late']).toBe('2030-03-05T00:00:00.000Z');
  });

  it("days are the schedule's time zone's: 23:30 UTC is already tomorrow in Berlin", () => {
    const list = [b('a', '2030-01-10T22:30:00Z'), b('b', '2030-01-10T23:30:00Z')];
    const policy = { ...none, daily: 5 };
    const tick = cron('30 * * * *');
    const now = new Date('2030-01-10T23:31:00Z');
    // In UTC both are on the 10th: one day, its newest kept.
    expect(kept(planRetention(list, policy, 'UTC', tick, now))).toEqual(['b']);
    // In Berlin (UTC+1) a is 23:30 on the 10th and b 00:30 on the 11th: two days, both kept.
    expect(kept(planRetention(list, policy, 'Europe/Berlin', tick, now))).toEqual(['b', 'a']);
    // And in New York (UTC-5) both are on the 10th again.
    expect(kept(planRetention(list, policy, 'America/New_York', tick, now))).toEqual(['b']);
  });

  it('weekly N keeps the newest of each ISO week (Monday to Sunday), across a year boundary', () => {
    const list = [
      b('w52-mon', '2029-12-24T12:00:00Z'), // 2029-W52
      b('w1-mon', '2029-12-31T12:00:00Z'), // Monday 2029-12-31 is 2030-W1
      b('w1-sun', '2030-01-06T12:00:00Z'), // still 2030-W1
      b('w2-mon', '2030-01-07T12:00:00Z'), // 2030-W2
    ];
    const plan = planRetention(
      list,
      { ...none, weekly: 2 },
      'UTC',
      cron('0 12 * * *'),
      new Date('2030-01-07T12:01:00Z'),
    );
    expect(kept(plan)).toEqual(['w2-mon', 'w1-sun']);
    expect(plan.remove).toEqual(['w1-mon', 'w52-mon']);
    const exp = Object.fromEntries(plan.keep.map((k) => [k.id, k.expiresAt?.toISOString()]));
    // Tuesday's backup replaces Monday's as W2's newest; W1's goes when W3 has its first (Monday the 14th).
    expect(exp['w2-mon']).toBe('2030-01-08T12:00:00.000Z');
    expect(exp['w1-sun']).toBe('2030-01-14T12:00:00.000Z');
  });

  it('monthly N keeps the newest of each of the last N months; a weekly cron finds the next months', () => {
    const list = [
      b('jan', '2030-01-28T00:00:00Z'),
      b('feb-1', '2030-02-04T00:00:00Z'),
      b('feb-2', '2030-02-25T00:00:00Z'),
      b('mar', '2030-03-04T00:00:00Z'),
    ];
    const plan = planRetention(
      list,
      { ...none, monthly: 2 },
      'UTC',
      cron('0 0 * * 1'),
      new Date('2030-03-04T00:01:00Z'),
    );
    expect(kept(plan)).toEqual(['mar', 'feb-2']);
    const exp = Object.fromEntries(plan.keep.map((k) => [k.id, k.expiresAt?.toISOString()]));
    expect(exp.mar).toBe('2030-03-11T00:00:00.000Z');
    // February goes when April has its first Monday backup (April 1st 2030 is a Monday).
    expect(exp['feb-2']).toBe('2030-04-01T00:00:00.000Z');
  });

  it('the rules keep their union; one kept by several goes when the last of them lets it go', () => {
    const list = [
      b('old-month', '2029-11-15T00:00:00Z'),
      b('day-1', '2030-01-01T00:00:00Z'),
      b('day-2a', '2030-01-02T00:00:00Z'),
      b('day-2b', '2030-01-02T12:00:00Z'),
    ];
    const policy = { last: 1, daily: 2, weekly: 0, monthly: 3 };
    const plan = planRetention(list, policy, 'UTC', cron('0 0,12 * * *'), new Date('2030-01-02T12:01:00Z'));
    expect(kept(plan)).toEqual(['day-2b', 'day-1', 'old-month']);
    expect(plan.remove).toEqual(['day-2a']);
    const k = Object.fromEntries(plan.keep.map((x) => [x.id, x]));
    expect(k['day-2b']!.by).toEqual(['last', 'daily', 'monthly']);
    // It is January's newest until the next tick (the 3rd, 00:00) replaces it, the last one until then too, and
    // the daily rule's newest day until 2 newer days have one (the 4th): the latest of the three.
    expect(k['day-2b']!.expiresAt?.toISOString()).toBe('2030-01-04T00:00:00.000Z');
    // day-1 is not January's newest: only the daily rule keeps it, until the 3rd has a backup.
    expect(k['day-1']!.by).toEqual(['daily']);
    expect(k['day-1']!.expiresAt?.toISOString()).toBe('2030-01-03T00:00:00.000Z');
    // November is the second month with a backup (none in December): it goes when February and March have one.
    expect(k['old-month']!.by).toEqual(['monthly']);
    expect(k['old-month']!.expiresAt?.toISOString()).toBe('2030-03-01T00:00:00.000Z');
  });

  it('a schedule with no tick left keeps its backups with no expiry', () => {
    const plan = planRetention([b('x', '2030-01-01T00:00:00Z')], { ...none, last: 1 }, 'UTC', () => null, new Date());
    expect(plan.keep).toEqual([{ id: 'x', by: ['last'], expiresAt: null }]);
  });

  it('is idempotent: what it keeps, it keeps again', () => {
    const list = Array.from({ length: 60 }, (_, i) =>
      b(`h${i}`, new Date(Date.UTC(2030, 0, 1) + i * 9 * 3_600_000).toISOString()),
    );
    const policy = { last: 3, daily: 4, weekly: 2, monthly: 2 };
    const now = new Date(Date.UTC(2030, 0, 1) + 60 * 9 * 3_600_000);
    const tick = cron('0 */9 * * *');
    const first = planRetention(list, policy, 'Asia/Tokyo', tick, now);
    const again = planRetention(
      list.filter((x) => kept(first).includes(x.id)),
      policy,
      'Asia/Tokyo',
      tick,
      now,
    );
    expect(again.remove).toEqual([]);
    expect(again.keep).toEqual(first.keep);
  });
});
