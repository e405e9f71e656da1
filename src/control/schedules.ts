/**
 * Schedules (issue 35), the control side: a cron schedule of an instance
 * checked and stored with its next tick (`next_run_at`, UTC, null while
 * suspended); its reads. The worker's ticker (worker/schedule-ticker.ts)
 * starts its jobs, except on a provider whose platform runs schedules
 * itself (a Kubernetes CronJob): there the worker's platform pass
 * (worker/schedule-platform.ts) applies the row to the platform within a
 * pass, retrying a platform fault at each pass, and reads the runs back.
 */
import { randomUUID } from 'node:crypto';
import type { NewSchedule, ScheduleRow, ScheduleUpdate } from '../db/database.js';
import { type Db, type DbHandle, json, withTransaction } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as jobs from '../db/repositories/job-repository.js';
import * as schedules from '../db/repositories/schedule-repository.js';
import type { ConcurrencyPolicy, ScheduledBackup } from '../db/stored-shapes.js';
import type { Registry } from '../providers/registry.js';
import { checkScheduledBackup, type ScheduledBackupSpec, type ServiceVolumes } from './backup-schedules.js';
import { ConflictError, NotFoundError, ValidationError } from './errors.js';
import { checkJobCommand, DEFAULT_JOB_TIMEOUT_SECONDS, MAX_JOB_TIMEOUT_SECONDS } from './jobs.js';
import { type Job, toJob } from './jobs-model.js';
import { providerFor, requireCapability } from './provider-calls.js';
import { checkCron, checkStandardCron, nextTick } from './schedule-cron.js';
import type { Principal } from './scopes.js';
import { checkName, checkNoNul, Problems } from './spec-validation.js';

/** The longest a tick may wait to start before it is MISSED (a day). */
export const MAX_STARTING_DEADLINE_SECONDS = 86_400;
/** The most ended jobs a schedule keeps. */
export const MAX_HISTORY_LIMIT = 1_000;

/** The most schedules an instance has. */
export const MAX_SCHEDULES = 100;

/** A schedule as the API shows it. */
export interface Schedule {
  id: string;
  tenantId: string;
  instanceId: string;
  name: string;
  service: string;
  command: string[];
  cron: string;
  timeZone: string;
  concurrency: ConcurrencyPolicy;
  timeoutSeconds: number;
  startingDeadlineSeconds: number;
  historyLimit: number;
  suspended: boolean;
  nextRunAt: Date | null;
  createdAt: Date;
  /** A backup schedule's volume, consistency, hook and retention; null for a schedule of jobs. */
  backup: ScheduledBackup | null;
}

/** ScheduleSpecInput. */
export interface ScheduleSpec {
  name: string;
  service: string;
  command?: readonly string[] | null;
  cron: string;
  timeZone?: string | null;
  concurrency?: ConcurrencyPolicy | null;
  timeoutSeconds?: number | null;
  startingDeadlineSeconds?: number | null;
  suspended?: boolean | null;
  historyLimit?: number | null;
  /** Backs up a volume at each tick instead of running `command`. */
  backup?: ScheduledBackupSpec | null;
}

/** UpdateScheduleInput, after its global id was resolved. */
export interface ScheduleChange {
  id: string;
  cron?: string | null;
  timeZone?: string | null;
  command?: readonly string[] | null;
  concurrency?: ConcurrencyPolicy | null;
  timeoutSeconds?: number | null;
  suspended?: boolean | null;
  /** A backup schedule's new volume, consistency, hook and retention (a schedule of jobs cannot take one). */
  backup?: ScheduledBackupSpec | null;
}

export function toSchedule(r: ScheduleRow): Schedule {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    name: r.name,
    service: r.service,
    command: r.command,
    cron: r.cron,
    timeZone: r.time_zone,
    concurrency: r.concurrency,
    timeoutSeconds: r.timeout_seconds,
    startingDeadlineSeconds: r.starting_deadline_seconds,
    historyLimit: r.history_limit,
    suspended: r.suspended,
    nextRunAt: r.next_run_at,
    createdAt: r.created_at,
    backup: r.backup,
  };
}

function checkRange(p: Problems, value: number, min: number, max: number, path: (string | number)[]): void {
  if (!Number.isInteger(value) || value < min || value > max) p.add(path, `must be ${min} to ${max}`);
}

/** A checked spec, as its row's columns. */
export type CheckedSpec = Omit<NewSchedule, 'id' | 'tenant_id' | 'instance_id' | 'created_at' | 'updated_at'>;

/**
 * Checks one schedule spec into `p` at `path` (the service against the
 * instance's `services`, a backup's volume against the volumes they mount),
 * with its first tick after `now`. A schedule runs `command` or backs up
 * (`backup`): exactly one of the two.
 */
export function checkScheduleSpec(
  p: Problems,
  spec: ScheduleSpec,
  services: readonly (string | ServiceVolumes)[],
  path: (string | number)[],
  now: Date,
): CheckedSpec {
  checkNoNul(p, spec, path);
  checkName(p, spec.name, [...path, 'name']);
  const known = services.map((s) => (typeof s === 'string' ? { name: s } : s));
  if (!known.some((s) => s.name === spec.service))
    p.add([...path, 'service'], `the instance has no service "${spec.service}"`);
  if (spec.backup && spec.command != null)
    p.add([...path, 'backup'], 'a schedule runs a command or backs up a volume, not both: give one of command, backup');
  const backup = spec.backup ? checkScheduledBackup(p, spec.backup, known, path) : null;
  if (!backup && spec.command == null) p.add([...path, 'command'], 'is required unless `backup` is given');
  const cmd =
    backup || spec.command == null
      ? { command: [], timeoutSeconds: checkTimeout(p, spec.timeoutSeconds, path) }
      : checkJobCommand(
          p,
          { command: spec.command, timeoutSeconds: spec.timeoutSeconds ?? null },
          path,
          DEFAULT_JOB_TIMEOUT_SECONDS,
        );
  const timeZone = spec.timeZone ?? 'UTC';
  checkCron(p, { cron: spec.cron, timeZone }, path);
  const startingDeadlineSeconds = spec.startingDeadlineSeconds ?? 300;
  checkRange(p, startingDeadlineSeconds, 1, MAX_STARTING_DEADLINE_SECONDS, [...path, 'startingDeadlineSeconds']);
  const historyLimit = spec.historyLimit ?? 20;
  checkRange(p, historyLimit, 0, MAX_HISTORY_LIMIT, [...path, 'historyLimit']);
  const suspended = spec.suspended ?? false;
  const ok = p.list.length === 0;
  return {
    name: spec.name,
    service: spec.service,
    command: json(cmd.command),
    cron: spec.cron,
    time_zone: timeZone,
    concurrency: spec.concurrency ?? 'forbid',
    timeout_seconds: cmd.timeoutSeconds,
    starting_deadline_seconds: startingDeadlineSeconds,
    history_limit: historyLimit,
    suspended,
    backup: backup ? json(backup) : null,
    next_run_at: ok && !suspended ? nextTick({ cron: spec.cron, timeZone }, now) : null,
  };
}

/** A timeout without a command (a backup schedule's: stored in a job's range, its BACKUP operations take none yet). */
function checkTimeout(p: Problems, timeoutSeconds: number | null | undefined, path: (string | number)[]): number {
  const t = timeoutSeconds ?? DEFAULT_JOB_TIMEOUT_SECONDS;
  checkRange(p, t, 1, MAX_JOB_TIMEOUT_SECONDS, [...path, 'timeoutSeconds']);
  return t;
}

/**
 * Stores checked specs on an instance (createSchedule, provisionInstance's
 * `schedules`); a name already used on it is a ConflictError.
 */
export async function insertSchedules(
  db: Db,
  instance: { id: string; tenant_id: string },
  specs: readonly CheckedSpec[],
): Promise<ScheduleRow[]> {
  const out: ScheduleRow[] = [];
  for (const spec of specs) {
    const taken = await schedules.listSchedules(db, instance.tenant_id, {
      limit: MAX_SCHEDULES,
      instanceId: instance.id,
    });
    if (taken.length >= MAX_SCHEDULES) throw new ConflictError(`an instance has at most ${MAX_SCHEDULES} schedules`);
    if (taken.some((s) => s.name === spec.name))
      throw new ConflictError(`the instance already has a schedule named "${spec.name}"`);
    out.push(
      await schedules.insertSchedule(db, {
        ...spec,
        id: randomUUID(),
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
      }),
    );
  }
  return out;
}

/** The control side of schedules. */
export class ScheduleService {
  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
    /** The clock (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** createSchedule. */
  async create(caller: Principal, instanceId: string, spec: ScheduleSpec): Promise<Schedule> {
    const row = await instances.findInstance(this.db, caller.tenantId, instanceId);
    if (!row) throw new NotFoundError('instance');
    if (row.source_type !== 'services')
      throw ValidationError.of(['input', 'instanceId'], `this instance runs a ${row.source_type} source, not services`);
    const p = new Problems();
    const checked = checkScheduleSpec(p, spec, row.services, ['input', 'schedule'], this.now());
    p.throwIfAny();
    const provider = providerFor(this.registry, row.provider_key);
    if (provider.engines.schedules) checkStandardCron(p, spec.cron, ['input', 'schedule']);
    p.throwIfAny();
    requireCapability(provider, row.provider_key, 'schedules');
    if (spec.backup) requireCapability(provider, row.provider_key, 'volume-backup');
    const [created] = await withTransaction(this.db, async (tx) => {
      const locked = await instances.lockInstance(tx, caller.tenantId, instanceId);
      if (!locked) throw new NotFoundError('instance');
      return insertSchedules(tx, locked, [checked]);
    });
    return toSchedule(created!);
  }

  /** updateSchedule: a new cron, zone or resume computes the next tick from now; suspending clears it. */
  async update(caller: Principal, change: ScheduleChange): Promise<Schedule> {
    return withTransaction(this.db, async (tx) => {
      const row = await schedules.lockSchedule(tx, caller.tenantId, change.id);
      if (!row) throw new NotFoundError('schedule');
      const p = new Problems();
      checkNoNul(p, change, ['input']);
      const patch: ScheduleUpdate = {};
      if (row.backup) await this.#changeBackup(tx, caller.tenantId, row, change, p, patch);
      else if (change.backup) p.add(['input', 'backup'], 'a schedule of jobs cannot become a backup schedule');
      else if (change.command != null || change.timeoutSeconds != null) {
        const cmd = checkJobCommand(
          p,
          { command: change.command ?? row.command, timeoutSeconds: change.timeoutSeconds ?? row.timeout_seconds },
          ['input'],
          row.timeout_seconds,
        );
        patch.command = json(cmd.command);
        patch.timeout_seconds = cmd.timeoutSeconds;
      }
      if (change.concurrency != null) patch.concurrency = change.concurrency;
      const timing = { cron: change.cron ?? row.cron, timeZone: change.timeZone ?? row.time_zone };
      checkCron(p, timing, ['input']);
      if (change.cron != null && (await this.#platformRuns(tx, caller.tenantId, row.instance_id)))
        checkStandardCron(p, change.cron, ['input']);
      p.throwIfAny();
      patch.cron = timing.cron;
      patch.time_zone = timing.timeZone;
      const suspended = change.suspended ?? row.suspended;
      patch.suspended = suspended;
      const retimed = timing.cron !== row.cron || timing.timeZone !== row.time_zone;
      if (suspended) patch.next_run_at = null;
      else if (row.suspended || retimed || row.next_run_at === null) patch.next_run_at = nextTick(timing, this.now());
      const updated = await schedules.updateSchedule(tx, caller.tenantId, row.id, patch);
      if (!updated) throw new NotFoundError('schedule');
      return toSchedule(updated);
    });
  }

  /**
   * A backup schedule's part of an update (into `patch`): a new `backup`
   * (its volume checked against the instance's services now) and timeout;
   * it runs no command.
   */
  async #changeBackup(
    db: Db,
    tenantId: string,
    row: ScheduleRow,
    change: ScheduleChange,
    p: Problems,
    patch: ScheduleUpdate,
  ): Promise<void> {
    if (change.command != null) p.add(['input', 'command'], 'a backup schedule runs no command: change its backup');
    if (change.timeoutSeconds != null) patch.timeout_seconds = checkTimeout(p, change.timeoutSeconds, ['input']);
    if (!change.backup) return;
    const inst = await instances.findInstance(db, tenantId, row.instance_id);
    patch.backup = json(checkScheduledBackup(p, change.backup, inst?.services ?? [], ['input']));
  }

  /** Whether the instance's provider runs its schedules on the platform's own scheduler (a Kubernetes CronJob). */
  async #platformRuns(db: Db, tenantId: string, instanceId: string): Promise<boolean> {
    const inst = await instances.findInstance(db, tenantId, instanceId);
    if (!inst) return false;
    try {
      return this.registry.get(inst.provider_key).engines.schedules !== undefined;
    } catch {
      return false;
    }
  }

  /** deleteSchedule: its jobs stay (their schedule becomes null); a running one is not stopped. */
  async delete(caller: Principal, id: string): Promise<void> {
    // In a transaction, so the audit entry commits with the deletion (none for a schedule not found).
    await withTransaction(this.db, async (tx) => {
      if (!(await schedules.deleteSchedule(tx, caller.tenantId, id))) throw new NotFoundError('schedule');
    });
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<Schedule[]> {
    return (await schedules.findSchedulesByIds(this.db, tenantId, ids)).map(toSchedule);
  }

  /** A page of the tenant's schedules (optionally one instance's), oldest first. */
  async list(
    tenantId: string,
    limit: number,
    after?: { createdAt: Date; id: string },
    instanceId?: string,
  ): Promise<Schedule[]> {
    return (await schedules.listSchedules(this.db, tenantId, { limit, after, instanceId })).map(toSchedule);
  }

  /** A page of a schedule's jobs, newest first. */
  async jobs(
    tenantId: string,
    scheduleId: string,
    limit: number,
    before?: { createdAt: Date; id: string },
  ): Promise<Job[]> {
    const rows = await jobs.listScheduleJobs(this.db, tenantId, scheduleId, { limit, ...(before ? { before } : {}) });
    return rows.map(toJob);
  }

  /** The newest job of each schedule. */
  async lastJobs(tenantId: string, scheduleIds: readonly string[]): Promise<Job[]> {
    return (await jobs.lastJobsOfSchedules(this.db, tenantId, scheduleIds)).map(toJob);
  }
}
