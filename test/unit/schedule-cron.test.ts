/**
 * Cron for schedules, on a fixed clock (issue 35): no real date is waited
 * for. Daylight saving follows croner's documented rule (as Vixie cron): a
 * fixed-time job whose time does not exist on the spring-forward day runs at
 * the first valid time after the gap, the same day (so it still runs once that
 * day, at 03:00 CEST instead of 02:30); a time that occurs twice on the
 * autumn day runs once, at its first occurrence (02:30 CEST).
 */
import { describe, expect, it } from 'vitest';
import { checkCron, checkStandardCron, dueTicks, nextTick } from '../../src/control/schedule-cron.js';
import { Problems } from '../../src/control/spec-validation.js';

const BERLIN = { cron: '30 2 * * *', timeZone: 'Europe/Berlin' };

function ticksFrom(spec: { cron: string; timeZone: string }, from: string, n: number): string[] {
  const out: string[] = [];
  let t = new Date(from);
  for (let i = 0; i < n; i++) {
    const next = nextTick(spec, t);
    if (!next) break;
    out.push(next.toISOString());
    t = next;
  }
  return out;
}

describe('schedule cron (croner) on a fixed clock', () => {
  it('a daily 30 2 * * * in Europe/Berlin over the 2027 spring-forward day: 02:30 does not exist, it runs once, at 03:00 CEST', () => {
    // 28 March 2027: 02:00 CET jumps to 03:00 CEST.
    expect(ticksFrom(BERLIN, '2027-03-26T12:00:00Z', 4)).toEqual([
      '2027-03-27T01:30:00.000Z', // 02:30 CET
      '2027-03-28T01:00:00.000Z', // the gap day: 03:00 CEST, the first valid time after it
      '2027-03-29T00:30:00.000Z', // 02:30 CEST
      '2027-03-30T00:30:00.000Z',
    ]);
    // Never the missing local 02:30 itself, and exactly one run that day.
    const day = ticksFrom(BERLIN, '2027-03-27T22:00:00Z', 3).filter((t) => t.startsWith('2027-03-28'));
    expect(day).toEqual(['2027-03-28T01:00:00.000Z']);
  });

  it('over the 2027 autumn day (02:30 happens twice) it runs once, at the first 02:30 (CEST)', () => {
    // 31 October 2027: 03:00 CEST goes back to 02:00 CET; 02:30 is 00:30Z and again 01:30Z.
    const runs = ticksFrom(BERLIN, '2027-10-29T12:00:00Z', 4);
    expect(runs).toEqual([
      '2027-10-30T00:30:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-11-01T01:30:00.000Z',
      '2027-11-02T01:30:00.000Z',
    ]);
    expect(runs.filter((t) => t.startsWith('2027-10-31'))).toHaveLength(1);
  });

  it('lists the ticks due since a time, the newest ones when there are many', () => {
    const every = { cron: '*/1 * * * *', timeZone: 'UTC' };
    const due = dueTicks(every, new Date('2030-01-01T00:01:00Z'), new Date('2030-01-01T00:10:30Z'), 3);
    expect(due.total).toBe(10);
    expect(due.ticks.map((d) => d.toISOString())).toEqual([
      '2030-01-01T00:08:00.000Z',
      '2030-01-01T00:09:00.000Z',
      '2030-01-01T00:10:00.000Z',
    ]);
  });

  it('names the field of a bad expression or zone; accepts five fields and the nicknames', () => {
    const problems = (cron: string, timeZone = 'UTC') => {
      const p = new Problems();
      checkCron(p, { cron, timeZone }, ['input']);
      return p.list.map((e) => e.path.join('.'));
    };
    expect(problems('not cron')).toEqual(['input.cron']);
    expect(problems('* * * * * *')).toEqual(['input.cron']);
    expect(problems('61 * * * *')).toEqual(['input.cron']);
    expect(problems('* * * * *', 'Mars/Olympus')).toEqual(['input.timeZone']);
    for (const ok of ['@hourly', '@daily', '@weekly', '@monthly', '*/5 * * * *', '30 2 * * 1-5'])
      expect(problems(ok, 'Europe/Berlin')).toEqual([]);
  });

  it('standard cron (a Kubernetes CronJob) takes numbers, names, *, ?, ranges, steps, lists and nicknames, not L, W or #', () => {
    const refused = (cron: string) => {
      const p = new Problems();
      checkCron(p, { cron, timeZone: 'UTC' }, ['input']);
      checkStandardCron(p, cron, ['input']);
      return p.list.map((x) => x.path.join('.'));
    };
    for (const ok of ['*/5 1-3,7 ? JAN-MAR mon-fri', '30 2 * * *', '@hourly', '@weekly', '0 0 1 jul sun'])
      expect(refused(ok), ok).toEqual([]);
    for (const bad of ['0 0 L * *', '0 0 * * 5#3', '0 0 15W * *', '0 0 * * 5L'])
      expect(refused(bad), bad).toEqual(['input.cron']);
  });
});
