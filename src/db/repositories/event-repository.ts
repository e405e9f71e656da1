import { sql } from 'kysely';
import type { EventRow, NewEvent } from '../database.js';
import type { Db } from '../db-types.js';

/** The channel a NOTIFY carries new event ids on. */
export const EVENTS_CHANNEL = 'wheelhouse_events';

// Any fixed number: the advisory lock that orders event ids by commit.
const EVENT_ORDER_LOCK = 7_243_001;

/**
 * Appends events inside the caller's transaction. A transaction-scoped
 * advisory lock serialises writers from here to commit, so ids become visible
 * in id order and a reader that resumes "after id N" never skips an id that
 * commits later. Call it last in the transaction to hold the lock briefly.
 * The NOTIFY is delivered on commit, with the newest id.
 */
export async function appendEvents(db: Db, rows: NewEvent[]): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`.execute(db);
  const inserted = await db.insertInto('events').values(rows).returningAll().execute();
  const last = inserted.at(-1);
  if (last) await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(last.id)})`.execute(db);
  return inserted;
}

/**
 * `type` is one of `types`, as one array parameter: a client's list of any
 * length is one bind value, never one per item (Postgres allows 65 535).
 */
function typeIn(types: readonly string[]) {
  // A type with NUL was never stored (text cannot hold it) and would be an error as a parameter: it matches nothing.
  const wanted = [...new Set(types)].filter((t) => !t.includes('\u0000'));
  if (wanted.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref('type')} = any(${sql.val(wanted)}::text[])`;
}

export interface EventListFilter {
  types?: readonly string[] | null;
  instanceId?: string | null;
  operationId?: string | null;
}

/** Events after `afterId` (oldest first), for subscriptions and replays. */
export async function listEventsAfter(
  db: Db,
  tenantId: string,
  filter: EventListFilter,
  afterId: string,
  limit: number,
): Promise<EventRow[]> {
  let q = db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId).where('id', '>', afterId);
  if (filter.types?.length) q = q.where(typeIn(filter.types));
  if (filter.instanceId) q = q.where('instance_id', '=', filter.instanceId);
  if (filter.operationId) q = q.where('operation_id', '=', filter.operationId);
  return q.orderBy('id', 'asc').limit(limit).execute();
}

/**
 * Events of every tenant after `afterId`, oldest first. Only the event hub
 * reads across tenants: it routes each row to the streams of its tenant.
 */
export async function listEventsOfAllTenantsAfter(db: Db, afterId: string, limit: number): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('id', '>', afterId).orderBy('id', 'asc').limit(limit).execute();
}

/** A page of events, newest first, before an id (connections). */
export async function listEventsBefore(
  db: Db,
  tenantId: string,
  filter: EventListFilter,
  page: { limit: number; beforeId?: string },
): Promise<EventRow[]> {
  let q = db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId);
  if (page.beforeId) q = q.where('id', '<', page.beforeId);
  if (filter.types?.length) q = q.where(typeIn(filter.types));
  if (filter.instanceId) q = q.where('instance_id', '=', filter.instanceId);
  if (filter.operationId) q = q.where('operation_id', '=', filter.operationId);
  return q.orderBy('id', 'desc').limit(page.limit).execute();
}

export async function findEventsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** The newest event id of all (a live stream with no cursor starts after it). */
export async function latestEventId(db: Db): Promise<string> {
  const r = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return r?.max ? String(r.max) : '0';
}
