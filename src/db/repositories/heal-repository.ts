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
 * One statement (the supervisor asks for every instance it observes): the
 * heal events walk the `(instance_id, xact, id)` index backwards, in the
 * log's order (event-repository.ts), down to the last success.
 */
export async function listHealEvents(
  db: Db,
  instanceId: string,
  healType: string,
  limit = 500,
): Promise<HealEventRow[]> {
  // The last success's position as two one-row lookups, evaluated once: the heal events' walk stops there.
  const last = (column: 'xact' | 'id') => sql`(select s.${sql.ref(column)} from events s
    where s.instance_id = ${instanceId} and s.type = 'operation.succeeded' order by s.xact desc, s.id desc limit 1)`;
  const rows = await db
    .selectFrom('events as e')
    .select(['e.occurred_at', 'e.data'])
    .where('e.instance_id', '=', instanceId)
    .where('e.type', '=', healType)
    .where(sql<SqlBool>`(e.xact, e.id) > (coalesce(${last('xact')}, '0'::xid8), coalesce(${last('id')}, 0))`)
    .orderBy('e.xact', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ occurredAt: new Date(r.occurred_at), data: r.data }));
}
