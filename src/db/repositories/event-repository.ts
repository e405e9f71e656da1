import { type Expression, type SqlBool, sql } from 'kysely';
import type { EventRow, NewEvent } from '../database.js';
import type { Db } from '../db-types.js';

/** The channel a NOTIFY carries new event positions on (see parseEventNotice). */
export const EVENTS_CHANNEL = 'wheelhouse_events';

/*
 * The order of the log, without serialising writers (issue 38).
 *
 * Ids come from a sequence when a row is inserted, but rows become visible
 * when their transaction commits: without a lock a smaller id can commit after
 * a larger one, and a reader that resumed "after id N" would skip it. A global
 * lock held to commit made the orders agree, and made every writer wait.
 *
 * Instead each row records its writing transaction's id (`xact`), and a
 * reader orders by (xact, id) and reads only rows whose xact is below the
 * horizon of its snapshot, `pg_snapshot_xmin(pg_current_snapshot())`: every
 * transaction with an id below it has finished (its rows are in the snapshot
 * or never will be), and every transaction not finished, or not begun, has an
 * id at or above it (ids are handed out in increasing order, and one that
 * starts later gets a larger id). So the rows a reader sees form a prefix of
 * the order that nothing can be inserted into later: a cursor (the position
 * of the last row delivered) is never passed by a row that commits after it,
 * and nothing is read twice. Writers share nothing but the sequence.
 *
 * The price: a row waits, invisible to readers, while any transaction that
 * took an id before its own is still open (in the whole cluster: snapshots
 * are not per database). Readers therefore re-read shortly when a
 * notification named a row they could not see yet (the hub, the webhook
 * dispatcher): late, never lost. PGlite has one connection, so one writer:
 * the horizon there is simply past every committed row.
 *
 * A position is one number, xact × 2^64 + id (a bigint in TypeScript, a
 * decimal string in cursors). Rows written before this order existed have
 * xact 0, so their positions equal their ids and old id cursors keep their
 * meaning.
 */

const ID_BITS = 64n;
const ID_MASK = (1n << ID_BITS) - 1n;

/** An event's place in the log's order (see above). */
export function eventPosition(row: { xact: string; id: string | number }): bigint {
  return (BigInt(row.xact) << ID_BITS) | BigInt(row.id);
}

/** The writing transaction of the event at a position (all rows of one transaction share it). */
export function positionXact(position: bigint): bigint {
  return position >> ID_BITS;
}

/** A position's two halves, as SQL parameters. */
function halves(position: bigint): { xact: string; id: string } {
  return { xact: String(position >> ID_BITS), id: String(position & ID_MASK) };
}

/** The largest position a cursor may name (xact and id each fit 64 bits). */
export const MAX_EVENT_POSITION = (1n << (2n * ID_BITS)) - 1n;

/** Rows below the reader's horizon: every transaction that could still add one is at or above it. */
const belowHorizon = sql<SqlBool>`xact < pg_snapshot_xmin(pg_current_snapshot())`;

function after(position: bigint): Expression<SqlBool> {
  const p = halves(position);
  return sql<SqlBool>`(xact, id) > (${p.xact}::xid8, ${p.id}::bigint)`;
}

function before(position: bigint): Expression<SqlBool> {
  const p = halves(position);
  return sql<SqlBool>`(xact, id) < (${p.xact}::xid8, ${p.id}::bigint)`;
}

/**
 * Appends events inside the caller's transaction; their `xact` is the
 * transaction's id (the column's default). No lock: readers wait for the
 * horizon instead (see above). The NOTIFY, delivered on commit, carries the
 * newest row's position and the writer's horizon ("position/horizon"): a
 * reader with nobody to serve may move its head to that horizon without
 * reading, since everything below it was committed before the notification.
 */
export async function appendEvents(db: Db, rows: NewEvent[]): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('events').values(rows).returningAll().execute();
  const last = inserted.at(-1);
  if (last) {
    await sql`select pg_notify(${EVENTS_CHANNEL}, ${`${eventPosition(last)}/`} || pg_snapshot_xmin(pg_current_snapshot())::text)`.execute(
      db,
    );
  }
  return inserted;
}

/** What an events notification says: the newest row's position, and a horizon (a position) below which all is committed. */
export interface EventNotice {
  position: bigint;
  horizon: bigint;
}

/** Reads a notification's payload; undefined when it is not one appendEvents sent. */
export function parseEventNotice(payload: string): EventNotice | undefined {
  const m = /^(\d{1,40})\/(\d{1,20})$/.exec(payload);
  if (!m) return undefined;
  return { position: BigInt(m[1] as string), horizon: BigInt(m[2] as string) << ID_BITS };
}

/**
 * The position of "now" for a reader without a cursor: below it everything
 * has committed; at or above it, whatever commits is still to come. A live
 * stream or a new webhook starts there.
 */
export async function eventHorizon(db: Db): Promise<bigint> {
  const r = await sql<{ h: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as h`.execute(db);
  return BigInt(r.rows[0]?.h ?? '0') << ID_BITS;
}

/** A position as the two columns a durable cursor stores it in (webhooks). */
export function positionColumns(position: bigint): { event_cursor_xact: string; event_cursor: string } {
  const p = halves(position);
  return { event_cursor_xact: p.xact, event_cursor: p.id };
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
  /** Include the audit log's events (only the webhook dispatcher does: READ feeds never show them). */
  withAudit?: boolean;
}

/** The type prefix of the audit log's events (`audit.entry`): readable with AUDIT, not in READ's event feeds. */
const AUDIT_EVENT_PREFIX = 'audit.';

/** Whether an event belongs to the audit log (kept out of the READ feeds, exported only to webhooks that name it). */
export function isAuditEventType(type: string): boolean {
  return type.startsWith(AUDIT_EVENT_PREFIX);
}

/** A tenant's events narrowed by `filter`, below the horizon (every reader's shape). */
function tenantEvents(db: Db, tenantId: string, filter: EventListFilter) {
  let q = db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId).where(belowHorizon);
  if (!filter.withAudit) q = q.where('type', 'not like', `${AUDIT_EVENT_PREFIX}%`);
  if (filter.types?.length) q = q.where(typeIn(filter.types));
  if (filter.instanceId) q = q.where('instance_id', '=', filter.instanceId);
  if (filter.operationId) q = q.where('operation_id', '=', filter.operationId);
  return q;
}

/** Events after a position (oldest first), for subscriptions, replays and webhooks. */
export async function listEventsAfter(
  db: Db,
  tenantId: string,
  filter: EventListFilter,
  position: bigint,
  limit: number,
): Promise<EventRow[]> {
  return tenantEvents(db, tenantId, filter)
    .where(after(position))
    .orderBy('xact', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Events of every tenant after a position, oldest first. Only the event hub
 * reads across tenants: it routes each row to the streams of its tenant.
 */
export async function listEventsOfAllTenantsAfter(db: Db, position: bigint, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where(belowHorizon)
    .where(after(position))
    .orderBy('xact', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * A page of events, newest first, before a position (connections). Below the
 * horizon too: the pages after it never gain a row that commits later.
 */
export async function listEventsBefore(
  db: Db,
  tenantId: string,
  filter: EventListFilter,
  page: { limit: number; before?: bigint },
): Promise<EventRow[]> {
  let q = tenantEvents(db, tenantId, filter);
  if (page.before !== undefined) q = q.where(before(page.before));
  return q.orderBy('xact', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

export async function findEventsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}
