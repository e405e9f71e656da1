import type { ScheduleFileSpec } from './spec-schedules.js';

/** A live schedule of the instance, as `apply` reads it to compare (ScheduleFields). */
export interface CurrentSchedule {
  id: string;
  name: string;
  service: string;
  command: string[];
  cron: string;
  timeZone: string;
  concurrency: string;
  timeoutSeconds: number;
  startingDeadlineSeconds: number;
  historyLimit: number;
  suspended: boolean;
  /** A backup schedule's volume, consistency, hook and retention; null for a schedule of jobs. */
  backup?: BackupShape | null;
}

/** A schedule's `backup` as the API takes and answers it, every default filled in. */
export interface BackupShape {
  volume: string;
  consistency: string;
  hook: { service: string; before: string[]; after: string[] } | null;
  retention: { last: number; daily: number; weekly: number; monthly: number };
}

/** A schedule as `createSchedule` and `ProvisionInstanceInput.schedules` take it (ScheduleSpecInput). */
export type ScheduleInputShape = ScheduleFileSpec;

/** The fields `updateSchedule` changes in place. */
export interface ScheduleUpdateShape {
  id: string;
  cron?: string;
  timeZone?: string;
  command?: string[] | undefined;
  concurrency?: 'ALLOW' | 'FORBID' | 'REPLACE';
  timeoutSeconds?: number;
  suspended?: boolean;
  backup?: BackupShape;
}

/** What `apply` does to the instance's schedules: removals first, then changes in place, then additions. */
export interface SchedulePlan {
  add: ScheduleInputShape[];
  update: Array<{ name: string; fields: string[]; input: ScheduleUpdateShape }>;
  /** Removed, or replaced (removed, then added again: `replaced`) when a field updateSchedule cannot change differs. */
  remove: Array<{ id: string; name: string; replaced?: string[] }>;
}

/** The API's defaults, so a field the file leaves out compares as the server stores it. */
const DEFAULTS = {
  timeZone: 'UTC',
  concurrency: 'FORBID',
  timeoutSeconds: 3600,
  startingDeadlineSeconds: 300,
  historyLimit: 20,
} as const;

/** The file's `backup:` with the API's defaults, to compare with the server's and to send whole. */
export function fullBackup(b: NonNullable<ScheduleFileSpec['backup']>): BackupShape {
  const r = b.retention;
  return {
    volume: b.volume,
    consistency: b.consistency ?? 'STOP',
    hook: b.hook ? { service: b.hook.service, before: b.hook.before ?? [], after: b.hook.after ?? [] } : null,
    retention: { last: r?.last ?? 7, daily: r?.daily ?? 7, weekly: r?.weekly ?? 4, monthly: r?.monthly ?? 6 },
  };
}

/** What a schedule does at each tick, for a plan's line: its command, or the volume it backs up and how many it keeps. */
export function scheduleAction(s: { command?: string[] | undefined; backup?: ScheduleFileSpec['backup'] }): string {
  if (!s.backup) return `runs ${(s.command ?? []).join(' ')}`;
  const b = fullBackup(s.backup);
  const r = b.retention;
  return `backs up volume ${b.volume} (${b.consistency}; keeps last ${r.last}, daily ${r.daily}, weekly ${r.weekly}, monthly ${r.monthly})`;
}

/** Whether a plan changes nothing. */
export function emptySchedulePlan(p: SchedulePlan | undefined): boolean {
  return !p || p.add.length + p.update.length + p.remove.length === 0;
}

/**
 * The difference between the live schedules and the file's, by name. Without
 * `schedules:` in the file (`wanted` undefined) the live ones are left alone;
 * `schedules: []` removes them all. A changed service, starting deadline or
 * history limit replaces the schedule (updateSchedule cannot change them; its
 * jobs stay, as after `schedules rm`); the other fields change in place.
 */
export function planSchedules(
  live: readonly CurrentSchedule[],
  wanted: readonly ScheduleFileSpec[] | undefined,
): SchedulePlan {
  const plan: SchedulePlan = { add: [], update: [], remove: [] };
  if (wanted === undefined) return plan;
  const have = new Map(live.map((s) => [s.name, s]));
  for (const want of wanted) {
    const cur = have.get(want.name);
    have.delete(want.name);
    if (!cur) {
      plan.add.push(want);
      continue;
    }
    const fixed = [
      want.service !== cur.service ? 'service' : undefined,
      // A schedule of jobs and a backup schedule do not turn into each other in place.
      !!want.backup !== !!cur.backup ? (want.backup ? 'backup' : 'command') : undefined,
      (want.startingDeadlineSeconds ?? DEFAULTS.startingDeadlineSeconds) !== cur.startingDeadlineSeconds
        ? 'startingDeadlineSeconds'
        : undefined,
      (want.historyLimit ?? DEFAULTS.historyLimit) !== cur.historyLimit ? 'historyLimit' : undefined,
    ].filter((f) => f !== undefined);
    if (fixed.length > 0) {
      plan.remove.push({ id: cur.id, name: cur.name, replaced: fixed });
      plan.add.push(want);
      continue;
    }
    const input: ScheduleUpdateShape = { id: cur.id };
    if (want.cron !== cur.cron) input.cron = want.cron;
    if ((want.timeZone ?? DEFAULTS.timeZone) !== cur.timeZone) input.timeZone = want.timeZone ?? DEFAULTS.timeZone;
    if (want.backup) {
      const backup = fullBackup(want.backup);
      if (JSON.stringify(backup) !== JSON.stringify(cur.backup)) input.backup = backup;
    } else if (JSON.stringify(want.command) !== JSON.stringify(cur.command)) input.command = want.command;
    const concurrency = want.concurrency ?? DEFAULTS.concurrency;
    if (concurrency !== cur.concurrency) input.concurrency = concurrency;
    const timeout = want.timeoutSeconds ?? DEFAULTS.timeoutSeconds;
    if (timeout !== cur.timeoutSeconds) input.timeoutSeconds = timeout;
    if (want.suspended !== undefined && want.suspended !== cur.suspended) input.suspended = want.suspended;
    const fields = Object.keys(input).filter((k) => k !== 'id');
    if (fields.length > 0) plan.update.push({ name: want.name, fields, input });
  }
  for (const gone of have.values()) plan.remove.push({ id: gone.id, name: gone.name });
  return plan;
}
