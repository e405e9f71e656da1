/**
 * The schedules' ticker (issue 35): time-driven work claimed, never timed in
 * memory. Every replica runs one; each pass claims the due schedules one at a
 * time (FOR UPDATE SKIP LOCKED on the row) and, in the claim's transaction,
 * records the tick (a queued JOB operation and its job, or a MISSED / SKIPPED
 * job; for a backup schedule a queued BACKUP operation and its backup, or an
 * event) and moves `next_run_at` past now. A tick therefore starts at most one
 * job across replicas, and a crash before the commit leaves the tick due for
 * the next pass: nothing lost, nothing doubled.
 *
 * Ticks found later than their time + startingDeadlineSeconds are MISSED
 * (recorded, never run late); after an outage only the latest due tick may
 * run, when it is still within its deadline.
 *
 * Schedules of a provider whose platform runs them itself (a Kubernetes
 * CronJob) are never claimed here: the platform is their one runner, and the
 * platform pass (schedule-platform.ts), run after the claims, applies them
 * and reads their runs back.
 */
import { randomUUID } from 'node:crypto';
import { appendSystemAuditEntry } from '../control/audit-chain.js';
import { queueBackupLocked } from '../control/backups.js';
import { event } from '../control/event-rows.js';
import { globalIdOf } from '../control/global-id.js';
import { cancelLocked } from '../control/operation-commands.js';
import { enqueueOperation } from '../control/operation-queue.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { dueTicks, nextTick } from '../control/schedule-cron.js';
import { assertAllowed } from '../control/state-machine.js';
import type { InstanceRow, NewJob, NewOperation, OperationRow, ScheduleRow } from '../db/database.js';
import { type DbHandle, type DbTransaction, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as jobs from '../db/repositories/job-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import * as schedules from '../db/repositories/schedule-repository.js';
import * as backups from '../db/repositories/volume-backup-repository.js';
import type { JobStatus } from '../db/stored-shapes.js';
import type { Logger } from '../logger.js';
import type { PlatformSchedules } from './schedule-platform.js';

/** MISSED ticks recorded as rows per claim, at most (the event counts them all). */
const MISSED_ROWS = 10;

export interface ScheduleTickerOptions {
  db: DbHandle;
  signal: OperationSignal;
  logger: Logger;
  /** How often a pass looks for due ticks (WHEELHOUSE_SCHEDULE_INTERVAL_SECONDS; ticks are whole minutes). */
  intervalMs: number;
  /** The clock: every tick time and deadline is taken from it (tests move it). */
  now?: () => Date;
  /** Schedules claimed per pass, at most. Default 100. */
  batch?: number;
  /** The schedules the platform runs itself: never claimed; their pass runs after the claims. */
  platform?: PlatformSchedules | undefined;
}

/** What one claim did (tests and logs). */
export interface TickOutcome {
  scheduleId: string;
  /** The tick that ran (a job queued), or null. */
  queued: Date | null;
  missed: number;
  skipped: boolean;
}

/** Claims due schedule ticks and starts their jobs. */
export class ScheduleTicker {
  readonly #o: ScheduleTickerOptions & { now: () => Date; batch: number };
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  #running: Promise<unknown> | undefined;
  /** The platform pass in flight (at most one): it runs beside the claims, never ahead of them. */
  #platformPass: Promise<void> | undefined;

  constructor(options: ScheduleTickerOptions) {
    this.#o = { now: () => new Date(), batch: 100, ...options };
  }

  start(): void {
    this.#stopped = false;
    const loop = (): void => {
      // A slow platform (a CronJob pass may take up to its minute) never holds up the next claims: a tick
      // due with a short starting deadline would be MISSED behind it. Its pass runs beside, one at a time.
      void this.#passPlatform();
      this.#running = this.claim()
        .catch((err: unknown) => this.#o.logger.warn({ err }, 'schedule tick failed'))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, this.#o.intervalMs);
        });
    };
    this.#timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
    await this.#platformPass;
  }

  /** One whole pass (tests drive it): the claims, then the platform's schedules. */
  async tick(): Promise<TickOutcome[]> {
    const out = await this.claim();
    await this.#passPlatform();
    return out;
  }

  /** The platform's pass, unless one is already running (then that one is awaited). */
  #passPlatform(): Promise<void> {
    if (!this.#o.platform) return Promise.resolve();
    this.#platformPass ??= this.#o.platform
      .pass()
      .catch((err: unknown) => this.#o.logger.warn({ err }, 'platform schedules pass failed'))
      .finally(() => {
        this.#platformPass = undefined;
      });
    return this.#platformPass;
  }

  /** Claims every due schedule (up to the batch), one transaction each. */
  async claim(): Promise<TickOutcome[]> {
    const out: TickOutcome[] = [];
    const platformKeys = this.#o.platform?.providerKeys() ?? [];
    for (let i = 0; i < this.#o.batch; i++) {
      const ended: string[] = [];
      const outcome = await withTransaction(this.#o.db, (tx) => this.#claimOne(tx, this.#o.now(), ended, platformKeys));
      if (!outcome) break;
      if (outcome.queued) this.#o.signal.queued();
      for (const id of ended) this.#o.signal.ended(id);
      out.push(outcome);
    }
    return out;
  }

  async #claimOne(
    tx: DbTransaction,
    now: Date,
    ended: string[],
    platformKeys: readonly string[],
  ): Promise<TickOutcome | undefined> {
    const s = await schedules.claimDueScheduleAnyTenant(tx, now, platformKeys);
    if (!s?.next_run_at) return undefined;
    const timing = { cron: s.cron, timeZone: s.time_zone };
    const { ticks, total } = dueTicks(timing, s.next_run_at, now, MISSED_ROWS + 1);
    const latest = ticks[ticks.length - 1] ?? s.next_run_at;
    const inTime = now.getTime() - latest.getTime() <= s.starting_deadline_seconds * 1000;
    const missed = inTime ? ticks.slice(0, -1) : ticks;
    const outcome: TickOutcome = { scheduleId: s.id, queued: null, missed: total - (inTime ? 1 : 0), skipped: false };
    const inst = await instances.lockInstance(tx, s.tenant_id, s.instance_id);
    if (!inst || inst.desired_state === 'destroyed') {
      // Its instance is going or gone: the schedule stops ticking (nothing to record for an instance that will not run).
      await schedules.advanceSchedule(tx, s.id, null);
      return { ...outcome, missed: 0 };
    }
    // A backup schedule's ticks are no jobs: its missed ones are in the event (and the audit entry) only.
    if (!s.backup)
      for (const at of missed.slice(-MISSED_ROWS))
        await recordEnded(tx, s, inst, at, 'missed', `not started within ${s.starting_deadline_seconds} s of its time`);
    if (outcome.missed > 0) {
      await appendEvents(tx, [
        event(inst, null, 'schedule.missed', null, {
          message: `schedule ${s.name}: ${outcome.missed} run(s) missed (not started within ${s.starting_deadline_seconds} s)`,
          data: {
            scheduleId: s.id,
            schedule: s.name,
            missed: outcome.missed,
            scheduledAt: missed.map((d) => d.toISOString()),
          },
        }),
      ]);
    }
    if (inTime) {
      const skippedWhy = await this.#runOrSkip(tx, s, inst, latest, ended);
      if (skippedWhy) {
        if (s.backup) await appendEvents(tx, [skippedEvent(s, inst, latest, skippedWhy)]);
        else await recordEnded(tx, s, inst, latest, 'skipped', skippedWhy);
        outcome.skipped = true;
      } else outcome.queued = latest;
    }
    await schedules.advanceSchedule(tx, s.id, nextTick(timing, now));
    await schedules.pruneScheduleHistory(tx, s.id, s.history_limit);
    // The tick's record: a job started (OK), or a tick skipped or missed (ERROR, saying which).
    await appendSystemAuditEntry(tx, s.tenant_id, 'scheduler', {
      action: 'schedule.tick',
      targetIds: [globalIdOf('Schedule', s.id), globalIdOf('Instance', inst.id)],
      outcome: outcome.queued ? 'OK' : 'ERROR',
      errorType: outcome.queued ? null : outcome.skipped ? 'Skipped' : 'Missed',
    });
    return outcome;
  }

  /**
   * Queues the tick's job, or a backup schedule's BACKUP operation
   * (cancelling the previous one first under REPLACE); why not, when it is
   * skipped.
   */
  async #runOrSkip(
    tx: DbTransaction,
    s: ScheduleRow,
    inst: InstanceRow,
    at: Date,
    ended: string[],
  ): Promise<string | undefined> {
    const backup = s.backup;
    try {
      assertAllowed(backup ? 'backup' : 'job', inst.state, inst.desired_state);
    } catch {
      return `the instance is ${inst.desired_state === 'destroyed' ? 'being deprovisioned' : inst.state}`;
    }
    if (backup && !inst.services.some((sv) => sv.volumes.some((v) => v.name === backup.volume)))
      return `no service of the instance mounts volume "${backup.volume}" any more`;
    const open = backup
      ? await backups.openScheduleBackupOperations(tx, s.id)
      : await schedules.openScheduleOperations(tx, s.id);
    if (open.length > 0 && s.concurrency === 'forbid') return 'the previous run is still queued or running';
    if (s.concurrency === 'replace') {
      for (const id of open) {
        const row = await operations.lockOperation(tx, s.tenant_id, id);
        if (!row) continue;
        const r = await cancelLocked(tx, row, inst, null);
        if (r.ended) ended.push(id);
      }
    }
    if (backup) {
      await queueBackupLocked(tx, inst, {
        backupId: randomUUID(),
        caller: null,
        volume: backup.volume,
        consistency: backup.consistency,
        hook: backup.hook,
        scheduleId: s.id,
        idempotency: null,
        message: `backup of volume ${backup.volume} queued by schedule ${s.name} (${backup.consistency})`,
      });
      return undefined;
    }
    const jobId = randomUUID();
    const op = await enqueueOperation(tx, {
      instance: inst,
      kind: 'job',
      params: {},
      caller: null,
      message: `job on ${s.service} queued by schedule ${s.name}`,
      data: { kind: 'job', jobId, service: s.service, scheduleId: s.id, scheduledAt: at.toISOString() },
    });
    await jobs.insertJob(tx, tickJob(s, op.id, at, { id: jobId, status: 'queued' }));
    return undefined;
  }
}

/** A backup schedule's tick that did not run (no job records it): an event saying why. */
function skippedEvent(s: ScheduleRow, inst: InstanceRow, at: Date, why: string) {
  return event(inst, null, 'schedule.skipped', null, {
    message: `schedule ${s.name}, ${at.toISOString()}: skipped, ${why}`,
    data: { scheduleId: s.id, schedule: s.name, scheduledAt: at.toISOString(), reason: why },
  });
}

/**
 * A tick that did not run (MISSED, SKIPPED), recorded as a job: a job has an
 * operation, so it gets one that ended at once (canceled, the reason as its
 * error) and never reaches an executor.
 */
async function recordEnded(
  tx: DbTransaction,
  s: ScheduleRow,
  inst: InstanceRow,
  at: Date,
  status: Extract<JobStatus, 'missed' | 'skipped'>,
  why: string,
): Promise<void> {
  const now = new Date();
  const op = await insertJobOperation(tx, inst, {
    status: 'canceled',
    error_code: status.toUpperCase(),
    error_message: `schedule ${s.name}, ${at.toISOString()}: ${why}`,
    finished_at: now,
  });
  await jobs.insertJob(tx, tickJob(s, op.id, at, { id: randomUUID(), status, error: why, finished_at: now }));
}

/**
 * A JOB operation no executor runs (a tick that did not run, a run the
 * platform started), inserted as it stands: `status` and the rest in `set`.
 */
export async function insertJobOperation(
  tx: DbTransaction,
  inst: InstanceRow,
  set: Pick<NewOperation, 'status'> & Partial<NewOperation>,
): Promise<OperationRow> {
  return operations.insertOperation(tx, {
    id: randomUUID(),
    tenant_id: inst.tenant_id,
    instance_id: inst.id,
    kind: 'job',
    params: json({}),
    steps: json([]),
    ...set,
  });
}

/** A tick's job row: the schedule's service, command and timeout, for the cron time `at` (a platform's runs too). */
export function tickJob(
  s: ScheduleRow,
  operationId: string,
  at: Date,
  rest: Pick<NewJob, 'id' | 'status'> & Partial<NewJob>,
): NewJob {
  return {
    tenant_id: s.tenant_id,
    instance_id: s.instance_id,
    operation_id: operationId,
    schedule_id: s.id,
    scheduled_at: at,
    service: s.service,
    command: json(s.command),
    env: json({}),
    timeout_seconds: s.timeout_seconds,
    ...rest,
  };
}
