import { sql } from 'kysely';
import type { NewOperation, OperationRow, OperationUpdate } from '../database.js';
import type { Db } from '../db-types.js';
import { byIdsText, runStatement } from '../read-statements.js';

export async function insertOperation(db: Db, row: NewOperation): Promise<OperationRow> {
  return db.insertInto('operations').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findOperation(db: Db, tenantId: string, id: string): Promise<OperationRow | undefined> {
  return db
    .selectFrom('operations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Reads and locks one operation for the rest of the transaction (cancel
 * decides on its status). FOR NO KEY UPDATE: event rows that reference the
 * operation (the executor's step events) are not blocked.
 */
export async function lockOperation(db: Db, tenantId: string, id: string): Promise<OperationRow | undefined> {
  return db
    .selectFrom('operations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function findOperationsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<OperationRow[]> {
  if (ids.length === 0) return [];
  return runStatement(db, byIdsText('operations', 'id', ids.length), [tenantId, ...ids]);
}

export async function findOperationByIdempotencyKey(
  db: Db,
  tenantId: string,
  key: string,
): Promise<OperationRow | undefined> {
  return db
    .selectFrom('operations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The newest operation of each instance, in one statement. */
export async function findLatestOperations(
  db: Db,
  tenantId: string,
  instanceIds: readonly string[],
): Promise<OperationRow[]> {
  if (instanceIds.length === 0) return [];
  return runStatement(
    db,
    byIdsText('operations', 'instance_id', instanceIds.length, {
      select: 'distinct on ("instance_id") *',
      tail: ' order by "instance_id", "seq" desc',
    }),
    [tenantId, ...instanceIds],
  );
}

/** A page of an instance's operations, newest first, keyset on seq. */
export async function listOperations(
  db: Db,
  tenantId: string,
  instanceId: string,
  page: { limit: number; beforeSeq?: string },
): Promise<OperationRow[]> {
  let q = db
    .selectFrom('operations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId);
  if (page.beforeSeq) q = q.where('seq', '<', page.beforeSeq);
  return q.orderBy('seq', 'desc').limit(page.limit).execute();
}

/**
 * Claims the next runnable operation for `owner`: queued, or running with an
 * expired lease (its executor died), and the earliest open one of its
 * instance, so operations on one instance run strictly in order, one at a
 * time. SKIP LOCKED lets several executors claim concurrently.
 *
 * `providers` (registry keys and type names) limits the claim to instances
 * this executor can reach: a replica without a provider leaves that
 * provider's operations to one that has it, instead of failing them with
 * PROVIDER_NOT_FOUND. Omitted, any operation is claimed.
 */
export async function claimNextOperation(
  db: Db,
  owner: string,
  leaseMs: number,
  providers?: readonly string[],
  /** Operations this executor is running now: never re-claimed by it, even if their lease lapsed. */
  running: readonly string[] = [],
  /** Kinds not to claim now (BUILD while this process's build slots are full): they stay queued. */
  skipKinds: readonly string[] = [],
): Promise<OperationRow | undefined> {
  const leaseUntil = new Date(Date.now() + leaseMs);
  if (providers && providers.length === 0) return undefined;
  const notMine = running.length ? sql`and o.id not in (${sql.join(running.map((id) => sql`${id}`))})` : sql``;
  const reachable = providers
    ? sql`and exists (
          select 1 from instances i
          where i.id = o.instance_id and i.provider_key in (${sql.join(providers.map((p) => sql`${p}`))})
        )`
    : sql``;
  const skipped = skipKinds.length ? sql`and o.kind not in (${sql.join(skipKinds.map((k) => sql`${k}`))})` : sql``;
  const r = await sql<OperationRow>`
    update operations set
      status = 'running',
      lease_owner = ${owner},
      lease_expires_at = ${leaseUntil},
      attempts = attempts + 1,
      started_at = coalesce(started_at, now())
    where id = (
      select o.id from operations o
      where (o.status = 'queued' or (o.status = 'running' and o.lease_expires_at < now()))
        and not exists (
          select 1 from operations p
          where p.instance_id = o.instance_id and p.seq < o.seq and p.status in ('queued', 'running')
        )
        ${reachable}
        ${notMine}
        ${skipped}
      order by o.seq
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return r.rows[0];
}

/** Extends the lease while the owner still holds it; false when it was lost (or the row is done). */
export async function renewLease(
  db: Db,
  id: string,
  owner: string,
  leaseMs: number,
): Promise<{ held: boolean; cancelRequested: boolean }> {
  const row = await db
    .updateTable('operations')
    .set({ lease_expires_at: new Date(Date.now() + leaseMs) })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .returning(['cancel_requested'])
    .executeTakeFirst();
  return { held: !!row, cancelRequested: !!row?.cancel_requested };
}

/**
 * Records how a claimed operation ended, only while `owner` still holds it
 * (running, its lease): undefined when another executor re-claimed it after
 * this one's lease lapsed, whose attempt then records the outcome instead.
 */
export async function finishOperation(
  db: Db,
  id: string,
  owner: string,
  set: OperationUpdate,
): Promise<OperationRow | undefined> {
  return db
    .updateTable('operations')
    .set(set)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

export async function updateOperation(db: Db, id: string, set: OperationUpdate): Promise<OperationRow> {
  return db.updateTable('operations').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The instance's queued/running operations, oldest first. */
export async function openOperations(db: Db, instanceId: string): Promise<OperationRow[]> {
  return db
    .selectFrom('operations')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('seq')
    .execute();
}
