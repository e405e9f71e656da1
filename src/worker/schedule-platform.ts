/**
 * Schedules the platform runs itself (issue 35): on a provider with a
 * schedule engine (Kubernetes: a CronJob the cluster's controller runs), the
 * ticker claims none of its schedules (exactly one runner per tick: the
 * platform), and this pass, run by the ticker of every replica, keeps the
 * platform's objects and Wheelhouse's rows in step:
 *
 * - each schedule of a live instance is applied from its row and the
 *   instance's current service spec (a deploy's new image, the vault's values
 *   of now); the engine writes only what differs. It is suspended on the
 *   platform while the schedule is, or while its instance is not running
 *   (on Docker such a tick is SKIPPED). A platform fault is logged and the
 *   next pass retries it: the mutations only write rows.
 * - a platform object whose schedule is gone (deleted, or its instance
 *   deprovisioned) is removed.
 * - every run the platform started is recorded as a job of the schedule
 *   (`job.started`), with a JOB operation of its own that no executor claims;
 *   its end (status, exit code, the pod's log lines, `job.succeeded` /
 *   `job.failed`) once the platform says it ended. Both are recorded once
 *   across replicas: the insert is keyed by the platform's id of the run
 *   (unique), the end by the job's still-open status.
 * - a recorded run that the platform no longer has (removed before its end
 *   was read) ends FAILED; an open run of a deleted schedule ends CANCELED
 *   (deleting a CronJob deletes its Jobs).
 */
import { randomUUID } from 'node:crypto';
import { event } from '../control/event-rows.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { acquireProvider } from '../control/provider-calls.js';
import { nextTick } from '../control/schedule-cron.js';
import type { SecretService } from '../control/secrets.js';
import type { InstanceRow, JobRow, ScheduleRow } from '../db/database.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import { announceEnded } from '../db/operation-notifications.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as jobs from '../db/repositories/job-repository.js';
import { appendLogLines, lastLogSeq } from '../db/repositories/log-line-repository.js';
import * as runs from '../db/repositories/platform-run-repository.js';
import type { Logger } from '../logger.js';
import type { PlatformRun, ScheduleEngine } from '../providers/jobs.js';
import type { CallContext } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import { Masker } from './masking.js';
import { materialise } from './materialise.js';
import { insertJobOperation, tickJob } from './schedule-ticker.js';

/** The instance states in which a platform schedule's object is removed. */
const GONE: ReadonlySet<string> = new Set(['destroying', 'destroyed']);
/** The instance states in which a platform schedule's object is applied (the instance's namespace is there). */
const PLACED: ReadonlySet<string> = new Set(['starting', 'running', 'stopping', 'stopped', 'failed']);
/** The instance states in which its schedules run (as a job may: state-machine.ts). */
const ACTIVE: ReadonlySet<string> = new Set(['starting', 'running', 'failed']);
/** The log lines a failed run's message quotes. */
const QUOTED_LINES = 5;
/** How long one provider's part of a pass may take. */
const PASS_TIMEOUT_MS = 60_000;

export interface PlatformSchedulesOptions {
  db: DbHandle;
  registry: Registry;
  secrets: SecretService;
  signal: OperationSignal;
  logger: Logger;
  now?: () => Date;
}

/** Keeps platform-run schedules and their runs in step (see the file's comment). */
export class PlatformSchedules {
  readonly #o: PlatformSchedulesOptions & { now: () => Date };

  constructor(options: PlatformSchedulesOptions) {
    this.#o = { now: () => new Date(), ...options };
  }

  /** The providers whose platform runs their schedules: the ticker claims none of theirs. */
  providerKeys(): string[] {
    return this.#o.registry.list().filter((key) => this.#o.registry.get(key).engines.schedules !== undefined);
  }

  /** One pass over every platform-run schedule; a schedule's failure is logged and retried at the next pass. */
  async pass(): Promise<void> {
    const keys = this.providerKeys();
    if (keys.length === 0) return;
    for (const key of keys) {
      try {
        await this.#passProvider(key);
      } catch (err) {
        this.#o.logger.warn({ err, provider: key }, 'platform schedules pass failed');
      }
    }
    // Runs of deleted schedules: their CronJob went, and its Jobs with it.
    for (const row of await runs.openPlatformRunsAnyTenant(this.#o.db, null)) {
      await this.#end(row, { status: 'canceled', exitCode: null, message: 'its schedule was deleted' }, []);
    }
  }

  async #passProvider(key: string): Promise<void> {
    const { ctx, provider } = await acquireProvider(this.#o.registry, key, AbortSignal.timeout(PASS_TIMEOUT_MS));
    const engine = provider.engines.schedules;
    if (!engine) return;
    // The platform's objects first, then the rows: an object another replica made from a row is never
    // taken for an orphan by a pass that read the rows before that row existed.
    const listed = await engine.listSchedules(ctx);
    const rows = await runs.schedulesOnProvidersAnyTenant(this.#o.db, [key]);
    const gone = (i: InstanceRow) => i.desired_state === 'destroyed' || GONE.has(i.state);
    // Kept while the instance lives (a provisioning one's object is made once its namespace is there).
    const kept = new Set(rows.filter((r) => !gone(r.instance)).map((r) => `${r.instance.id}/${r.schedule.id}`));
    for (const ref of listed) {
      if (!kept.has(`${ref.instanceId}/${ref.scheduleId}`))
        await engine.removeSchedule(ctx, ref.instanceId, ref.scheduleId);
    }
    for (const { schedule } of rows.filter((r) => gone(r.instance))) {
      // Removed with the instance, its runs with it.
      for (const row of await runs.openPlatformRunsAnyTenant(this.#o.db, schedule.id))
        await this.#end(row, { status: 'canceled', exitCode: null, message: 'its instance was deprovisioned' }, []);
    }
    for (const { schedule, instance } of rows.filter((r) => !gone(r.instance) && PLACED.has(r.instance.state))) {
      try {
        await this.#sync(ctx, engine, schedule, instance);
      } catch (err) {
        this.#o.logger.warn({ err, scheduleId: schedule.id }, 'platform schedule not in step; retried next pass');
      }
    }
  }

  /** Applies one schedule and records its runs. */
  async #sync(ctx: CallContext, engine: ScheduleEngine, s: ScheduleRow, inst: InstanceRow): Promise<void> {
    const spec = inst.services.find((svc) => svc.name === s.service);
    if (!spec) throw new Error(`the instance has no service "${s.service}" any more`);
    const masker = new Masker();
    const full = await materialise(this.#o.secrets, inst.tenant_id, [spec], masker);
    const active = inst.desired_state === 'running' && ACTIVE.has(inst.state);
    await engine.applySchedule(ctx, {
      jobId: s.id,
      scheduleId: s.id,
      instanceId: inst.id,
      tenantId: inst.tenant_id,
      name: s.name,
      service: full.services[0]!,
      command: s.command,
      env: {},
      secretValues: full.secretValues,
      timeoutMs: s.timeout_seconds * 1000,
      cron: s.cron,
      timeZone: s.time_zone,
      concurrency: s.concurrency,
      startingDeadlineSeconds: s.starting_deadline_seconds,
      historyLimit: s.history_limit,
      suspended: s.suspended || !active,
    });
    const seen = await engine.scheduleRuns(ctx, inst.id, s.id);
    for (const run of seen) await this.#record(ctx, engine, s, inst, run, masker);
    let present = new Set(seen.map((r) => r.runId));
    const open = await runs.openPlatformRunsAnyTenant(this.#o.db, s.id);
    if (open.some((row) => row.platform_run && !present.has(row.platform_run))) {
      // Another replica may have recorded a run made after this pass listed them: list again before calling it gone.
      present = new Set((await engine.scheduleRuns(ctx, inst.id, s.id)).map((r) => r.runId));
    }
    for (const row of open) {
      if (row.platform_run && !present.has(row.platform_run))
        await this.#end(
          row,
          { status: 'failed', exitCode: null, message: 'the platform removed its run before its end was read' },
          [],
        );
    }
    // The shown next tick: the platform's controller keeps the real one.
    const now = this.#o.now();
    if (!s.suspended && (s.next_run_at === null || s.next_run_at <= now))
      await runs.setNextRunAnyTenant(this.#o.db, s.id, nextTick({ cron: s.cron, timeZone: s.time_zone }, now));
  }

  /** Records a run (once) and, when it ended, its end with its log. */
  async #record(
    ctx: CallContext,
    engine: ScheduleEngine,
    s: ScheduleRow,
    inst: InstanceRow,
    run: PlatformRun,
    masker: Masker,
  ): Promise<void> {
    let row = await runs.findPlatformRunAnyTenant(this.#o.db, run.runId);
    if (!row) {
      await this.#insert(s, inst, run);
      row = await runs.findPlatformRunAnyTenant(this.#o.db, run.runId);
    }
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
    if (run.status === 'running') {
      // cancelOperation on the run's job asks for it; the platform's run is stopped here.
      if (!row.cancel_requested) return;
      const lines = (await engine.runLog(ctx, inst.id, run)).map((l) => masker.text(l.line));
      await engine.stopRun(ctx, inst.id, run);
      return this.#end(row, { status: 'canceled', exitCode: null, message: 'canceled' }, [...lines, 'job canceled']);
    }
    const lines = (await engine.runLog(ctx, inst.id, run)).map((l) => masker.text(l.line));
    const said =
      run.status === 'timed_out'
        ? `timed out after ${s.timeout_seconds}s`
        : run.exitCode === null
          ? `${run.status} (the platform no longer says its exit code)`
          : `exited with code ${run.exitCode}`;
    const quoted = lines.slice(-QUOTED_LINES);
    const message = run.status !== 'succeeded' && quoted.length ? `${said}; last lines: ${quoted.join(' | ')}` : said;
    await this.#end(row, { status: run.status, exitCode: run.exitCode, message }, [...lines, `job ${said}`]);
  }

  /** The run's job and its operation, with `job.started`; nothing when another replica recorded it first. */
  async #insert(s: ScheduleRow, inst: InstanceRow, run: PlatformRun): Promise<void> {
    const duplicate = new Error('recorded by another replica');
    try {
      await withTransaction(this.#o.db, async (tx) => {
        // Running with no lease: no executor claims it; this pass ends it.
        const op = await insertJobOperation(tx, inst, { status: 'running', started_at: run.startedAt ?? new Date() });
        const jobId = randomUUID();
        const startedAt = run.startedAt ?? new Date();
        const inserted = await runs.insertPlatformRun(tx, {
          ...tickJob(s, op.id, run.scheduledAt ?? startedAt, { id: jobId, status: 'running' }),
          started_at: startedAt,
          platform_run: run.runId,
        });
        if (!inserted) throw duplicate;
        await appendEvents(tx, [
          event(inst, op.id, 'job.started', null, {
            message: `job on ${s.service} started by the platform for schedule ${s.name}: ${s.command.join(' ')}`,
            data: { jobId, service: s.service, scheduleId: s.id },
          }),
        ]);
      });
    } catch (err) {
      if (err !== duplicate) throw err;
    }
  }

  /** Records a run's end, its log lines and its event, once (the job still open). */
  async #end(
    row: JobRow,
    end: { status: 'succeeded' | 'failed' | 'timed_out' | 'canceled'; exitCode: number | null; message: string },
    lines: readonly string[],
  ): Promise<void> {
    const ok = end.status === 'succeeded';
    const ended = await withTransaction(this.#o.db, async (tx) => {
      if (
        !(await jobs.finishJob(tx, row.id, {
          status: end.status,
          exitCode: end.exitCode,
          error: ok ? null : end.message,
        }))
      )
        return false;
      const seq = await lastLogSeq(tx, row.operation_id);
      const at = new Date();
      await appendLogLines(
        tx,
        row.operation_id,
        lines.map((line, i) => ({ seq: seq + i + 1, at, step: null, line })),
      );
      const opEnded = await runs.endPlatformRunOperation(tx, row.operation_id, {
        status: ok ? 'succeeded' : end.status === 'canceled' ? 'canceled' : 'failed',
        finished_at: at,
        ...(ok
          ? {}
          : {
              error_code:
                end.status === 'timed_out' ? 'JOB_TIMED_OUT' : end.status === 'canceled' ? 'CANCELED' : 'JOB_FAILED',
              error_message: end.message,
            }),
      });
      if (opEnded) await announceEnded(tx, row.operation_id);
      if (end.status !== 'canceled') {
        await appendEvents(tx, [
          event(
            { id: row.instance_id, tenant_id: row.tenant_id },
            row.operation_id,
            ok ? 'job.succeeded' : 'job.failed',
            null,
            {
              message: ok ? `job on ${row.service} succeeded` : `job on ${row.service} ${end.status}: ${end.message}`,
              data: { jobId: row.id, service: row.service, status: end.status, exitCode: end.exitCode },
            },
          ),
        ]);
      }
      if (row.schedule_id) await runs.pruneToHistoryLimit(tx, row.schedule_id);
      return true;
    });
    if (ended) this.#o.signal.ended(row.operation_id);
  }
}
