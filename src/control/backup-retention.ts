/**
 * Retention of a backup schedule's backups (issue 36), as restic's `forget`
 * and borg's `prune` read it, decided here without any I/O:
 *
 * - `last: N` keeps the N newest backups;
 * - `daily: N` keeps the newest backup of each of the last N days that have
 *   a backup (days without one are not counted); `weekly` the same by ISO
 *   week (Monday to Sunday), `monthly` by calendar month;
 * - days, weeks and months are those of the schedule's time zone;
 * - each rule reads the whole list on its own; a backup kept by any rule
 *   stays, every other one is deleted.
 *
 * `expiresAt` is when a kept backup would be deleted if every later tick of
 * the schedule makes a backup: for `last`, the tick that makes the N-th newer
 * one; for a period rule, the tick that starts the N-th newer period with a
 * backup (or, for the newest backup of the current period, the next tick in
 * that same period, whose backup replaces it as the period's newest). A
 * backup kept by several rules goes when the last of them lets it go. It is
 * an estimate: a failed or skipped tick pushes it later, and it is computed
 * again after every scheduled backup. Null when the schedule has no tick
 * left to make it go.
 */
import { Cron } from 'croner';
import type { BackupRetention } from '../db/stored-shapes.js';

/** A succeeded backup of the schedule. */
export interface RetainedBackup {
  id: string;
  createdAt: Date;
}

/** The rules that can keep a backup. */
export type RetentionRule = 'last' | 'daily' | 'weekly' | 'monthly';

/** What retention decided. */
export interface RetentionPlan {
  /** The backups kept, newest first: the rules keeping each, and when it goes. */
  keep: Array<{ id: string; by: RetentionRule[]; expiresAt: Date | null }>;
  /** The backups to delete, newest first. */
  remove: string[];
}

/** The schedule's next tick strictly after a time (null: none left). */
export type NextTick = (after: Date) => Date | null;

/** The most a rule may count (a thousand months is over 80 years). */
export const MAX_RETENTION_COUNT = 1_000;

/** Each period: where the next one starts (a cron of its first minute), and its name for a local time. */
const PERIODS = {
  daily: { starts: '0 0 * * *', key: (d: LocalDate) => `${d.y}-${d.m}-${d.d}` },
  weekly: { starts: '0 0 * * 1', key: isoWeek },
  monthly: { starts: '0 0 1 * *', key: (d: LocalDate) => `${d.y}-${d.m}` },
} as const;

type PeriodRule = keyof typeof PERIODS;

/** A calendar date of a time zone. */
interface LocalDate {
  y: number;
  m: number;
  d: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function localDate(at: Date, timeZone: string): LocalDate {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) };
}

/** The ISO week of a calendar date (weeks start on Monday; week 1 holds the year's first Thursday). */
function isoWeek(d: LocalDate): string {
  const day = Date.UTC(d.y, d.m - 1, d.d);
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = new Date(day + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${year}-W${week}`;
}

/**
 * Decides which of `backups` (a schedule's succeeded ones, in any order)
 * `policy` keeps, and when each kept one goes; `nextTick` is the schedule's
 * cron, `now` when retention runs (after the newest backup was made).
 */
export function planRetention(
  backups: readonly RetainedBackup[],
  policy: BackupRetention,
  timeZone: string,
  nextTick: NextTick,
  now: Date,
): RetentionPlan {
  const sorted = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const kept = new Map<string, { by: RetentionRule[]; expiries: (Date | null)[] }>();
  const keep = (id: string, rule: RetentionRule, expiresAt: Date | null) => {
    const k = kept.get(id) ?? { by: [], expiries: [] };
    k.by.push(rule);
    k.expiries.push(expiresAt);
    kept.set(id, k);
  };

  if (policy.last > 0) {
    const ahead = futureTicks(nextTick, now, policy.last);
    // The i-th newest goes with the (last - i)-th backup after now.
    sorted.slice(0, policy.last).forEach((b, i) => {
      keep(b.id, 'last', ahead[policy.last - i - 1] ?? null);
    });
  }
  for (const rule of ['daily', 'weekly', 'monthly'] as const) {
    const n = policy[rule];
    if (n <= 0 || sorted.length === 0) continue;
    const key = (at: Date) => PERIODS[rule].key(localDate(at, timeZone));
    const newest = key(sorted[0]!.createdAt);
    const seen = new Set<string>();
    const periods: Array<{ id: string; rank: number }> = [];
    for (const b of sorted) {
      const k = key(b.createdAt);
      if (seen.has(k)) continue;
      seen.add(k);
      periods.push({ id: b.id, rank: periods.length });
      if (periods.length === n) break;
    }
    const { sameAsNewest, newPeriods } = periodTicks(rule, timeZone, nextTick, now, newest, n);
    for (const p of periods) {
      // The newest of the current period is replaced by the next tick's backup when that tick falls in it.
      const goes = p.rank === 0 && sameAsNewest ? sameAsNewest : (newPeriods[n - p.rank - 1] ?? null);
      keep(p.id, rule, goes);
    }
  }

  const plan: RetentionPlan = { keep: [], remove: [] };
  for (const b of sorted) {
    const k = kept.get(b.id);
    if (!k) {
      plan.remove.push(b.id);
      continue;
    }
    const expiresAt = k.expiries.some((e) => e === null)
      ? null
      : new Date(Math.max(...k.expiries.map((e) => e!.getTime())));
    plan.keep.push({ id: b.id, by: k.by, expiresAt });
  }
  return plan;
}

/** The next `count` ticks after `now` (fewer when the cron has no more). */
function futureTicks(nextTick: NextTick, now: Date, count: number): Date[] {
  const out: Date[] = [];
  for (let t = nextTick(now); t && out.length < count; t = nextTick(t)) out.push(t);
  return out;
}

/**
 * For a period rule: the next tick when it falls in the newest backup's
 * period (`sameAsNewest`), and the first tick of each of the next `count`
 * newer periods that have a tick (`newPeriods`), jumping a period at a time.
 */
function periodTicks(
  rule: PeriodRule,
  timeZone: string,
  nextTick: NextTick,
  now: Date,
  newest: string,
  count: number,
): { sameAsNewest: Date | null; newPeriods: Date[] } {
  const starts = new Cron(PERIODS[rule].starts, { timezone: timeZone, mode: '5-part' });
  const key = (at: Date) => PERIODS[rule].key(localDate(at, timeZone));
  const first = nextTick(now);
  const sameAsNewest = first && key(first) === newest ? first : null;
  const newPeriods: Date[] = [];
  let last = newest;
  for (let t = first; t && newPeriods.length < count; ) {
    const k = key(t);
    if (k !== last) {
      newPeriods.push(t);
      last = k;
    }
    // The first tick at or after the next period's start.
    const next = starts.nextRun(t);
    t = next ? nextTick(new Date(next.getTime() - 1)) : null;
  }
  return { sameAsNewest, newPeriods };
}
