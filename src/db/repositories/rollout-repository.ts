/**
 * A rollout's state on its operation row (`operations.rollout`) and the
 * promotion requests waiting for the executor that drives it
 * (`operations.promote_requested`).
 */
import type { OperationRow } from '../database.js';
import { type Db, json } from '../db-types.js';
import type { StoredRollout } from '../stored-shapes.js';

/**
 * Writes the rollout document, only while `owner` still holds the running
 * operation: undefined when its lease was lost (another executor drives it now).
 */
export async function saveRollout(
  db: Db,
  operationId: string,
  owner: string,
  rollout: StoredRollout,
): Promise<OperationRow | undefined> {
  return db
    .updateTable('operations')
    .set({ rollout: json(rollout) })
    .where('id', '=', operationId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

/** Writes the rollout document of an operation whatever holds it (the outcome's transaction). */
export async function writeRollout(db: Db, operationId: string, rollout: StoredRollout): Promise<void> {
  await db
    .updateTable('operations')
    .set({ rollout: json(rollout) })
    .where('id', '=', operationId)
    .execute();
}

/** The promotion waiting for a rollout, and whether a cancel was asked (one indexed read by primary key). */
export async function pendingRequests(
  db: Db,
  operationId: string,
): Promise<{ promote: 'step' | 'full' | null; cancel: boolean } | undefined> {
  const row = await db
    .selectFrom('operations')
    .select(['promote_requested', 'cancel_requested'])
    .where('id', '=', operationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const p = row.promote_requested;
  return { promote: p === 'step' || p === 'full' ? p : null, cancel: row.cancel_requested };
}

/** Clears a promotion once taken; a newer request (step → full) made meanwhile stays. */
export async function clearPromotion(db: Db, operationId: string, taken: 'step' | 'full'): Promise<void> {
  await db
    .updateTable('operations')
    .set({ promote_requested: null })
    .where('id', '=', operationId)
    .where('promote_requested', '=', taken)
    .execute();
}

/** Records a promotion request (`full` wins over `step`). The caller holds the row's lock. */
export async function requestPromotion(db: Db, operationId: string, full: boolean): Promise<OperationRow> {
  return db
    .updateTable('operations')
    .set((eb) => ({
      promote_requested: full ? 'full' : eb.fn.coalesce('promote_requested', eb.val('step')),
    }))
    .where('id', '=', operationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
