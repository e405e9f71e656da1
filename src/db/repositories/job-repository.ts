/**
 * Jobs (issue 35): the `jobs` rows, each read with its operation's status
 * (the truth of how a job ended when its runner never got to say: canceled
 * while queued, given up after a crash). Their log lines are in the
 * operations' log store (log-line-repository.ts).
 */
import { sql } from 'kysely';
import type { JobRow, NewJob } from '../database.js';
import type { Db } from '../db-types.js';
import type { JobStatus, OperationStatus } from '../stored-shapes.js';
import { announceLogLines } from './log-line-repository.js';

/** A job with its operation's status. */
export type JobView = JobRow & {
  op_status: OperationStatus;
  op_error_message: string | null;
  op_finished_at: Date | null;
};

function selectJobs(db: Db) {
  return db
    .selectFrom('jobs')
    .innerJoin('operations', 'operations.id', 'jobs.operation_id')
    .selectAll('jobs')
    .select([
      'operations.status as op_status',
      'operations.error_message as op_error_message',
      'operations.finished_at as op_finished_at',
    ]);
}

export async function insertJob(db: Db, row: NewJob): Promise<void> {
  await db.insertInto('jobs').values(row).execute();
}

export async function findJob(db: Db, tenantId: string, id: string): Promise<JobView | undefined> {
  return selectJobs(db).where('jobs.tenant_id', '=', tenantId).where('jobs.id', '=', id).executeTakeFirst();
}

/** The job an operation runs (the executor's view: any tenant). */
export async function findJobByOperation(db: Db, operationId: string): Promise<JobView | undefined> {
  return selectJobs(db).where('jobs.operation_id', '=', operationId).executeTakeFirst();
}

export async function findJobsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<JobView[]> {
  if (ids.length === 0) return [];
  return selectJobs(db).where('jobs.tenant_id', '=', tenantId).where('jobs.id', 'in', ids).execute();
}

export async function findJobsByOperationIds(
  db: Db,
  tenantId: string,
  operationIds: readonly string[],
): Promise<JobView[]> {
  if (operationIds.length === 0) return [];
  return selectJobs(db).where('jobs.tenant_id', '=', tenantId).where('jobs.operation_id', 'in', operationIds).execute();
}

/** A page of an instance's jobs, newest first, keyset on (created_at, id). */
export async function listInstanceJobs(
  db: Db,
  tenantId: string,
  instanceId: string,
  page: JobPage,
): Promise<JobView[]> {
  return pageOfJobs(db, tenantId, 'jobs.instance_id', instanceId, page);
}

/** Marks a job running (its first start kept across re-runs); tells log readers. */
export async function markJobRunning(db: Db, id: string): Promise<void> {
  const row = await db
    .updateTable('jobs')
    .set({ status: 'running', started_at: sql`coalesce(started_at, now())`, error: null })
    .where('id', '=', id)
    .returning('operation_id')
    .executeTakeFirst();
  if (row) await announceLogLines(db, row.operation_id);
}

/** What a job's end records. */
export interface JobEnd {
  status: Exclude<JobStatus, 'queued' | 'running'>;
  exitCode: number | null;
  error: string | null;
}

/** Records a job's end (still open only), and tells its log readers; false when it had already ended. */
export async function finishJob(db: Db, id: string, end: JobEnd): Promise<boolean> {
  const row = await db
    .updateTable('jobs')
    .set({ status: end.status, exit_code: end.exitCode, error: end.error, finished_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('operation_id')
    .executeTakeFirst();
  if (row) await announceLogLines(db, row.operation_id);
  return row !== undefined;
}

/** Which page of jobs: how many, and before which (created_at, id). */
export interface JobPage {
  limit: number;
  before?: { createdAt: Date; id: string };
}

/** A page of a schedule's jobs, newest first, keyset on (created_at, id). */
export async function listScheduleJobs(
  db: Db,
  tenantId: string,
  scheduleId: string,
  page: JobPage,
): Promise<JobView[]> {
  return pageOfJobs(db, tenantId, 'jobs.schedule_id', scheduleId, page);
}

function pageOfJobs(
  db: Db,
  tenantId: string,
  owner: 'jobs.instance_id' | 'jobs.schedule_id',
  ownerId: string,
  page: JobPage,
): Promise<JobView[]> {
  const before = page.before;
  return selectJobs(db)
    .where('jobs.tenant_id', '=', tenantId)
    .where(owner, '=', ownerId)
    .$if(before !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('jobs.created_at', '<', before!.createdAt),
          eb.and([eb('jobs.created_at', '=', before!.createdAt), eb('jobs.id', '<', before!.id)]),
        ]),
      ),
    )
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(page.limit)
    .execute();
}

/** The newest job of each schedule (a schedule's lastJob), those that have one. */
export async function lastJobsOfSchedules(
  db: Db,
  tenantId: string,
  scheduleIds: readonly string[],
): Promise<JobView[]> {
  if (scheduleIds.length === 0) return [];
  return selectJobs(db)
    .distinctOn('jobs.schedule_id')
    .where('jobs.tenant_id', '=', tenantId)
    .where('jobs.schedule_id', 'in', scheduleIds)
    .orderBy('jobs.schedule_id')
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
}
