import type { Db } from '../db-types.js';

/** One recorded heal attempt of the supervisor, as read back. */
export interface HealEventRow {
  occurredAt: Date;
  data: unknown;
}

/**
 * The instance's events of type `healType` (the supervisor's heal attempts)
 * since its last successful operation, newest first, at most `limit`. An
 * operation that succeeded made or restarted what it touched, so the heal
 * history (its back-off, the attempts `restarts` counts) starts over there.
 * Both reads walk the `(instance_id, id)` index backwards.
 */
export async function listHealEvents(
  db: Db,
  instanceId: string,
  healType: string,
  limit = 500,
): Promise<HealEventRow[]> {
  const cutoff = await db
    .selectFrom('events')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where('type', '=', 'operation.succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let q = db
    .selectFrom('events')
    .select(['occurred_at', 'data'])
    .where('instance_id', '=', instanceId)
    .where('type', '=', healType);
  if (cutoff) q = q.where('id', '>', cutoff.id);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ occurredAt: new Date(r.occurred_at), data: r.data }));
}
