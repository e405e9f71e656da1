/**
 * Schedules a platform runs itself (issue 35: Kubernetes' CronJob): the rows
 * the worker's platform pass reads (every tenant's schedules on the given
 * providers, with their instance), and the runs it records as jobs, each
 * once by the platform's id of the run (`jobs.platform_run`, unique).
 */
import type { InstanceRow, JobRow, NewJob, OperationUpdate, ScheduleRow } from '../database.js';
import type { Db, DbTransaction } from '../db-types.js';
import { pruneScheduleHistory } from './schedule-repository.js';

/** The open job statuses. */
const OPEN = ['queued', 'running'] as const;

/** A schedule with the instance it belongs to. */
export interface ScheduleOnInstance {
  schedule: ScheduleRow;
  instance: InstanceRow;
}

/** Every schedule (any tenant) of an instance on one of `providerKeys`. */
export async function schedulesOnProvidersAnyTenant(
  db: Db,
  providerKeys: readonly string[],
): Promise<ScheduleOnInstance[]> {
  if (providerKeys.length === 0) return [];
  const rows = await db
    .selectFrom('schedules')
    .innerJoin('instances', 'instances.id', 'schedules.instance_id')
    .selectAll('schedules')
    .select('instances.id as inst_id')
    .where('instances.provider_key', 'in', providerKeys)
    // A backup schedule is Wheelhouse's to tick on any provider: its tick is a BACKUP operation, not a run.
    .where('schedules.backup', 'is', null)
    .orderBy('schedules.created_at')
    .execute();
  if (rows.length === 0) return [];
  const instances = await db
    .selectFrom('instances')
    .selectAll()
    .where('id', 'in', [...new Set(rows.map((r) => r.inst_id))])
    .execute();
  const byId = new Map(instances.map((i) => [i.id, i]));
  return rows.flatMap(({ inst_id, ...schedule }) => {
    const instance = byId.get(inst_id);
    return instance ? [{ schedule, instance }] : [];
  });
}

/** The job recorded for a platform run, if any, and whether a cancel of its operation was asked for. */
export async function findPlatformRunAnyTenant(
  db: Db,
  runId: string,
): Promise<(JobRow & { cancel_requested: boolean }) | undefined> {
  return db
    .selectFrom('jobs')
    .innerJoin('operations', 'operations.id', 'jobs.operation_id')
    .selectAll('jobs')
    .select('operations.cancel_requested')
    .where('jobs.platform_run', '=', runId)
    .executeTakeFirst();
}

/** Inserts a platform run's job unless it is recorded already (another replica): true when this call inserted it. */
export async function insertPlatformRun(tx: DbTransaction, row: NewJob & { platform_run: string }): Promise<boolean> {
  const r = await tx
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.column('platform_run').where('platform_run', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** A schedule's platform runs still open (`scheduleId` null: those whose schedule was deleted). */
export async function openPlatformRunsAnyTenant(db: Db, scheduleId: string | null): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('platform_run', 'is not', null)
    .where('status', 'in', OPEN)
    .$if(scheduleId === null, (q) => q.where('schedule_id', 'is', null))
    .$if(scheduleId !== null, (q) => q.where('schedule_id', '=', scheduleId!))
    .execute();
}

/** Moves a platform-run schedule's shown next tick on (its platform, not a ticker, runs it). */
export async function setNextRunAnyTenant(db: Db, scheduleId: string, next: Date | null): Promise<void> {
  await db.updateTable('schedules').set({ next_run_at: next }).where('id', '=', scheduleId).execute();
}

/** Keeps a schedule's newest ended jobs to its own history limit (schedule-repository.ts). */
export async function pruneToHistoryLimit(tx: DbTransaction, scheduleId: string): Promise<void> {
  const s = await tx.selectFrom('schedules').select('history_limit').where('id', '=', scheduleId).executeTakeFirst();
  if (s) await pruneScheduleHistory(tx, scheduleId, s.history_limit);
}

/** Ends a platform run's operation, unless it already ended (a cancel while queued cannot happen: it never queues). */
export async function endPlatformRunOperation(
  tx: DbTransaction,
  operationId: string,
  set: OperationUpdate,
): Promise<boolean> {
  const r = await tx
    .updateTable('operations')
    .set(set)
    .where('id', '=', operationId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
