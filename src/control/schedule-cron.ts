/**
 * Cron for schedules (issue 35), through `croner` rather than a parser of our
 * own: five fields or a nickname (@hourly, @daily, @weekly, @monthly,
 * @yearly), in an IANA time zone. Daylight saving follows croner (as Vixie
 * cron): a fixed time that does not exist on the spring-forward day runs at
 * the first valid time after the gap, the same day; a fixed time that occurs
 * twice on the autumn day runs once, at its first occurrence.
 */
import { Cron } from 'croner';
import type { Problems } from './spec-validation.js';

/** A cron expression in a time zone. */
export interface CronSpec {
  cron: string;
  timeZone: string;
}

function cronOf(spec: CronSpec): Cron {
  // No callback: croner only computes times, it starts no timer of its own.
  return new Cron(spec.cron, { timezone: spec.timeZone, mode: '5-part' });
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Checks the expression and zone into `p` (at `path` + `cron` / `timeZone`). */
export function checkCron(p: Problems, spec: CronSpec, path: (string | number)[]): void {
  if (!isTimeZone(spec.timeZone)) p.add([...path, 'timeZone'], `"${spec.timeZone}" is not an IANA time zone`);
  try {
    new Cron(spec.cron, { mode: '5-part' });
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^CronPattern: /, '') : 'does not parse';
    p.add([...path, 'cron'], `must be five cron fields or @hourly/@daily/@weekly/@monthly/@yearly: ${why}`);
  }
}

/** The first tick strictly after `after` (UTC), or null when the expression has none left. */
export function nextTick(spec: CronSpec, after: Date): Date | null {
  return cronOf(spec).nextRun(after);
}

/**
 * The ticks due from `from` (inclusive) up to `now` (inclusive), at most
 * `limit` of the newest ones, oldest first, and how many there were.
 */
export function dueTicks(spec: CronSpec, from: Date, now: Date, limit: number): { ticks: Date[]; total: number } {
  const cron = cronOf(spec);
  const ticks: Date[] = [];
  let total = 0;
  // The first due tick is `from` itself (the stored next_run_at); nextRun is strictly after its argument.
  for (let t: Date | null = from; t && t.getTime() <= now.getTime(); t = cron.nextRun(t)) {
    total++;
    ticks.push(t);
    if (ticks.length > limit) ticks.shift();
    // An outage of months at one tick a minute is still bounded work: a week of minutes, then the last tick.
    if (total >= 1_440 * 7) {
      const last = cron.previousRuns(1, now)[0];
      if (last && last.getTime() > t.getTime()) {
        ticks.push(last);
        if (ticks.length > limit) ticks.shift();
        total++;
      }
      break;
    }
  }
  return { ticks, total };
}

/** Month and weekday names a standard cron (Kubernetes' CronJob) takes. */
const NAMES = new Set('jan feb mar apr may jun jul aug sep oct nov dec sun mon tue wed thu fri sat'.split(' '));

/**
 * Checks into `p` (at `path` + `cron`) that an expression that parsed is also
 * one a platform's standard cron takes (a Kubernetes CronJob: numbers, names,
 * `*`, `?`, ranges, steps, lists and the nicknames), which runs the
 * schedules of some providers: croner's own extensions (`L`, `W`, `#`) would
 * be refused there, so they are refused here.
 */
export function checkStandardCron(p: Problems, cron: string, path: (string | number)[]): void {
  const text = cron.trim();
  if (text.startsWith('@')) return;
  const atoms = text.split(/\s+/).flatMap((field) => field.split(/[,/-]/));
  const odd = atoms.find((a) => a !== '*' && a !== '?' && !/^\d+$/.test(a) && !NAMES.has(a.toLowerCase()));
  if (odd !== undefined)
    p.add([...path, 'cron'], `"${odd}" is not standard cron, which this provider's platform runs the schedule with`);
}
