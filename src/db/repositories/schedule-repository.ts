/**
 * Schedules (issue 35): the `schedules` rows, the tickers' claim of a due one,
 * and the bookkeeping of a schedule's jobs (the open ones, the history limit).
 */
import type { NewSchedule, ScheduleRow, ScheduleUpdate } from '../database.js';
import type { Db, DbTransaction } from '../db-types.js';

/** The job statuses a schedule's job is still open in (its operation not ended either). */
const OPEN_JOB = ['queued', 'running'] as const;
const OPEN_OPERATION = ['queued', 'running'] as const;

export async function insertSchedule(db: Db, row: NewSchedule): Promise<ScheduleRow> {
  return db.insertInto('schedules').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findSchedule(db: Db, tenantId: string, id: string): Promise<ScheduleRow | undefined> {
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findSchedulesByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<ScheduleRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('schedules').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** Locks one schedule of the tenant for a change (FOR UPDATE: a ticker holding it finishes its tick first). */
export async function lockSchedule(tx: DbTransaction, tenantId: string, id: string): Promise<ScheduleRow | undefined> {
  return tx
    .selectFrom('schedules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A page of the tenant's schedules (optionally one instance's), oldest first, keyset on (created_at, id). */
export async function listSchedules(
  db: Db,
  tenantId: string,
  page: { limit: number; instanceId?: string | undefined; after?: { createdAt: Date; id: string } | undefined },
): Promise<ScheduleRow[]> {
  const after = page.after;
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .$if(page.instanceId !== undefined, (q) => q.where('instance_id', '=', page.instanceId!))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('created_at', '>', after!.createdAt),
          eb.and([eb('created_at', '=', after!.createdAt), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .execute();
}

export async function updateSchedule(
  db: Db,
  tenantId: string,
  id: string,
  patch: ScheduleUpdate,
): Promise<ScheduleRow | undefined> {
  return db
    .updateTable('schedules')
    .set({ ...patch, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSchedule(db: Db, tenantId: string, id: string): Promise<boolean> {
  const row = await db
    .deleteFrom('schedules')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The tickers' claim (every tenant): one due schedule, locked until the
 * caller's transaction ends; SKIP LOCKED so another replica's ticker takes
 * the next one instead of waiting, and never the same tick.
 */
export async function claimDueScheduleAnyTenant(
  tx: DbTransaction,
  now: Date,
  /** Providers whose platform runs their schedules itself: their command schedules are never claimed. */
  exceptProviders: readonly string[] = [],
): Promise<ScheduleRow | undefined> {
  return tx
    .selectFrom('schedules')
    .selectAll()
    .where('next_run_at', '<=', now)
    .where('suspended', '=', false)
    .$if(exceptProviders.length > 0, (q) =>
      q.where(({ or, eb, exists, selectFrom }) =>
        or([
          // A backup schedule's tick is a BACKUP operation, ticked here whoever's platform runs the jobs.
          eb('schedules.backup', 'is not', null),
          exists(
            selectFrom('instances')
              .select('instances.id')
              .whereRef('instances.id', '=', 'schedules.instance_id')
              .where('instances.provider_key', 'not in', exceptProviders),
          ),
        ]),
      ),
    )
    .orderBy('next_run_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Moves a claimed schedule's next tick on (in the claim's transaction). */
export async function advanceSchedule(tx: DbTransaction, id: string, next: Date | null): Promise<void> {
  await tx.updateTable('schedules').set({ next_run_at: next }).where('id', '=', id).execute();
}

/** The operations of a schedule's jobs still queued or running (FORBID and REPLACE look at them). */
export async function openScheduleOperations(db: Db, scheduleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .innerJoin('operations', 'operations.id', 'jobs.operation_id')
    .select('jobs.operation_id')
    .where('jobs.schedule_id', '=', scheduleId)
    .where('jobs.status', 'in', OPEN_JOB)
    .where('operations.status', 'in', OPEN_OPERATION)
    .execute();
  return rows.map((r) => r.operation_id);
}

/**
 * Keeps a schedule's newest `limit` ended jobs: the older ones go with their
 * operations (their events and log lines follow by cascade), oldest first.
 */
export async function pruneScheduleHistory(tx: DbTransaction, scheduleId: string, limit: number): Promise<number> {
  const old = await tx
    .selectFrom('jobs')
    .innerJoin('operations', 'operations.id', 'jobs.operation_id')
    .select('jobs.operation_id')
    .where('jobs.schedule_id', '=', scheduleId)
    .where((eb) => eb.or([eb('jobs.status', 'not in', OPEN_JOB), eb('operations.status', 'not in', OPEN_OPERATION)]))
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .offset(limit)
    .limit(1000)
    .execute();
  if (old.length === 0) return 0;
  await tx
    .deleteFrom('operations')
    .where(
      'id',
      'in',
      old.map((r) => r.operation_id),
    )
    .where('kind', '=', 'job')
    .execute();
  return old.length;
}
