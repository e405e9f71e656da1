import { sql } from 'kysely';
import type { InstanceRow } from '../database.js';
import type { Db } from '../db-types.js';
import { announceQueued } from '../operation-notifications.js';

/**
 * Claims up to `limit` live instances not observed since `before`, stamping
 * them observed now, and returns their ids. SKIP LOCKED lets several
 * supervisors claim at once: each instance goes to one of them, never twice.
 */
export async function claimDueInstances(db: Db, before: Date, limit: number): Promise<string[]> {
  const r = await sql<{ id: string }>`
    update instances set observed_at = now()
    where id in (
      select id from instances
      where destroyed_at is null and (observed_at is null or observed_at < ${before})
      order by observed_at nulls first
      limit ${limit}
      for no key update skip locked
    )
    returning id`.execute(db);
  return r.rows.map((x) => x.id);
}

/**
 * Locks an instance row of any tenant for the rest of the transaction (the
 * executor and supervisor act for every tenant). FOR NO KEY UPDATE for the
 * reason given at `lockInstance`: writers of the row serialise, event inserts
 * that reference it are not blocked.
 */
export async function lockInstanceById(db: Db, id: string): Promise<InstanceRow | undefined> {
  return db.selectFrom('instances').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/**
 * Locks an instance row of any tenant FOR UPDATE, the strongest row lock:
 * the supervisor queues a recovery under it. Kept as the supervisor always
 * had it; with FOR NO KEY UPDATE instead, test/worker/supervisor.test.ts sees
 * the instance ready while its RESTART is still running on Postgres (a
 * timing the integrator may want to look into, see the branch's report).
 */
export async function lockInstanceForRecovery(db: Db, id: string): Promise<InstanceRow | undefined> {
  return db.selectFrom('instances').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Hands a claimed operation back, queued with no lease, while `owner` still
 * holds it; another executor claims it at once instead of after the lease.
 */
export async function releaseLease(db: Db, operationId: string, owner: string): Promise<void> {
  const r = await db
    .updateTable('operations')
    .set({ status: 'queued', lease_owner: null, lease_expires_at: null })
    .where('id', '=', operationId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (r.numUpdatedRows > 0n) await announceQueued(db);
}

/** How a claim of one instance for an immediate observation ended. */
export type InstanceClaim = 'claimed' | 'recent' | 'absent';

/**
 * Claims one live instance for an observation now, stamping it observed,
 * unless it was observed since `before` (`recent`: whoever did that saw the
 * change too, or will be asked again) or is not a live instance of this
 * database (`absent`). The supervisor's answer to an engine event: replicas
 * that all hear the same event observe the instance once between them.
 */
export async function claimInstanceNow(db: Db, id: string, before: Date): Promise<InstanceClaim> {
  const r = await sql<{ id: string }>`
    update instances set observed_at = now()
    where id = ${id} and destroyed_at is null and (observed_at is null or observed_at < ${before})
    returning id`.execute(db);
  if (r.rows.length > 0) return 'claimed';
  const live = await db
    .selectFrom('instances')
    .select('id')
    .where('id', '=', id)
    .where('destroyed_at', 'is', null)
    .executeTakeFirst();
  return live ? 'recent' : 'absent';
}
