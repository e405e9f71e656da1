import { type SqlBool, sql } from 'kysely';
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
 * Both reads walk the `(instance_id, xact, id)` index backwards, in the
 * log's order (event-repository.ts).
 */
export async function listHealEvents(
  db: Db,
  instanceId: string,
  healType: string,
  limit = 500,
): Promise<HealEventRow[]> {
  const cutoff = await db
    .selectFrom('events')
    .select(['xact', 'id'])
    .where('instance_id', '=', instanceId)
    .where('type', '=', 'operation.succeeded')
    .orderBy('xact', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let q = db
    .selectFrom('events')
    .select(['occurred_at', 'data'])
    .where('instance_id', '=', instanceId)
    .where('type', '=', healType);
  if (cutoff) q = q.where(sql<SqlBool>`(xact, id) > (${cutoff.xact}::xid8, ${cutoff.id}::bigint)`);
  const rows = await q.orderBy('xact', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ occurredAt: new Date(r.occurred_at), data: r.data }));
}
