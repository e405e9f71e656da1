import { sql } from 'kysely';
import type {
  NewWebhook,
  NewWebhookDelivery,
  WebhookDeliveryRow,
  WebhookDeliveryStatus,
  WebhookRow,
  WebhookUpdate,
} from '../database.js';
import type { Db } from '../db-types.js';
import { eventHorizon, eventPosition, positionColumns } from './event-repository.js';

/*
 * Webhooks and their deliveries. Every query a tenant's request reaches is
 * filtered by tenant; the dispatcher and the deliverer work across tenants (as
 * the event hub does) and carry each row's tenant on.
 */

export async function insertWebhook(db: Db, row: NewWebhook): Promise<WebhookRow> {
  return db.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findWebhook(db: Db, tenantId: string, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Reads and locks the tenant's webhook for the rest of the transaction. */
export async function lockWebhook(db: Db, tenantId: string, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findWebhooksByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<WebhookRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** A page of the tenant's webhooks, newest first, after a (created_at, id) keyset cursor. */
export async function listWebhooks(
  db: Db,
  tenantId: string,
  page: { limit: number; after?: { createdAt: Date; id: string } | undefined },
): Promise<WebhookRow[]> {
  let q = db.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId);
  const after = page.after;
  if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

export async function updateWebhook(
  db: Db,
  tenantId: string,
  id: string,
  set: WebhookUpdate,
): Promise<WebhookRow | undefined> {
  return db
    .updateTable('webhooks')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhook(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('webhooks')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

/** The cursor of "now" (the events' horizon): a new (or re-enabled) webhook starts there. */
export async function latestEventCursor(db: Db): Promise<{ event_cursor_xact: string; event_cursor: string }> {
  return positionColumns(await eventHorizon(db));
}

/** A webhook's durable cursor as a position in the event log. */
export function webhookCursor(hook: Pick<WebhookRow, 'event_cursor_xact' | 'event_cursor'>): bigint {
  return eventPosition({ xact: hook.event_cursor_xact, id: hook.event_cursor });
}

/**
 * Locks up to `limit` enabled webhooks whose tenant has events past their
 * cursor and below the horizon (the ones a read would return, see
 * event-repository.ts). SKIP LOCKED: replicas dispatch different webhooks at once, and one
 * webhook's cursor is advanced by one transaction at a time. The one furthest behind comes
 * first: in id order, while events kept coming the first webhooks were behind again at every
 * pass and the last waited (the scale bench's webhook p99 was 9 s, a few ms at its median).
 */
export async function lockWebhooksBehind(db: Db, limit: number): Promise<WebhookRow[]> {
  const r = await sql<WebhookRow>`
    select w.* from webhooks w
    where w.enabled
      and exists (
        select 1 from events e
        where e.tenant_id = w.tenant_id
          and (e.xact, e.id) > (w.event_cursor_xact, w.event_cursor)
          and e.xact < pg_snapshot_xmin(pg_current_snapshot()))
    order by w.event_cursor_xact, w.event_cursor, w.id
    limit ${limit}
    for update of w skip locked`.execute(db);
  return r.rows;
}

export async function setWebhookCursor(db: Db, id: string, position: bigint): Promise<void> {
  await db.updateTable('webhooks').set(positionColumns(position)).where('id', '=', id).execute();
}

/** Inserts deliveries; one webhook never gets two of the same event. */
export async function insertDeliveries(db: Db, rows: NewWebhookDelivery[]): Promise<number> {
  if (rows.length === 0) return 0;
  const r = await db
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .returning('id')
    .execute();
  return r.length;
}

export async function insertDelivery(db: Db, row: NewWebhookDelivery): Promise<WebhookDeliveryRow> {
  return db.insertInto('webhook_deliveries').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Claims the next due delivery of an enabled webhook for `owner` with a lease
 * (FOR UPDATE SKIP LOCKED), oldest due first and, among those due together,
 * in creation (event cursor) order. A delivery whose lease lapsed (its
 * process died mid-attempt) is due again. `busy` webhooks are skipped: the
 * caller's per-webhook limit is reached.
 */
export async function claimNextDelivery(
  db: Db,
  owner: string,
  leaseMs: number,
  busy: readonly string[],
): Promise<WebhookDeliveryRow | undefined> {
  const leaseUntil = new Date(Date.now() + leaseMs);
  const notBusy = busy.length ? sql`and d.webhook_id not in (${sql.join(busy.map((id) => sql`${id}`))})` : sql``;
  const r = await sql<WebhookDeliveryRow>`
    update webhook_deliveries set
      lease_owner = ${owner},
      lease_expires_at = ${leaseUntil},
      attempts = attempts + 1,
      round_attempts = round_attempts + 1
    where id = (
      select d.id from webhook_deliveries d
      where d.status = 'pending'
        and d.next_attempt_at <= now()
        and (d.lease_expires_at is null or d.lease_expires_at < now())
        and exists (select 1 from webhooks w where w.id = d.webhook_id and w.enabled)
        ${notBusy}
      order by d.next_attempt_at, d.seq
      limit 1
      for update of d skip locked
    )
    returning *`.execute(db);
  return r.rows[0];
}

/** When the next pending delivery falls due (null when none is waiting). */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const r = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return r?.at ? new Date(r.at as unknown as string) : null;
}

/** Records an attempt's outcome while `owner` still holds the lease; undefined when it lost it. */
export async function finishAttempt(
  db: Db,
  id: string,
  owner: string,
  set: {
    status: WebhookDeliveryStatus;
    responseStatus: number | null;
    lastError: string | null;
    nextAttemptAt: Date | null;
    delivered: boolean;
  },
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({
      status: set.status,
      response_status: set.responseStatus,
      last_error: set.lastError,
      next_attempt_at: set.nextAttemptAt,
      lease_owner: null,
      lease_expires_at: null,
      ...(set.delivered ? { delivered_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .returningAll()
    .executeTakeFirst();
}

/** A success clears the webhook's failing streak. */
export async function markWebhookHealthy(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** A failed attempt starts (or continues) the webhook's failing streak; returns when it started. */
export async function markWebhookFailing(db: Db, id: string): Promise<Date | null> {
  const r = await db
    .updateTable('webhooks')
    .set({ failing_since: sql<Date>`coalesce(failing_since, now())` })
    .where('id', '=', id)
    .returning('failing_since')
    .executeTakeFirst();
  return r?.failing_since ?? null;
}

/** Disables a webhook with a reason (410, or failing too long); false when it was already disabled. */
export async function disableWebhook(db: Db, id: string, reason: string): Promise<boolean> {
  const r = await db
    .updateTable('webhooks')
    .set({ enabled: false, disabled_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

/** A page of a webhook's deliveries, newest first, keyset on seq. */
export async function listDeliveries(
  db: Db,
  tenantId: string,
  webhookId: string,
  page: { limit: number; beforeSeq?: string | undefined; status?: WebhookDeliveryStatus | undefined },
): Promise<WebhookDeliveryRow[]> {
  let q = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('webhook_id', '=', webhookId);
  if (page.status) q = q.where('status', '=', page.status);
  if (page.beforeSeq) q = q.where('seq', '<', page.beforeSeq);
  return q.orderBy('seq', 'desc').limit(page.limit).execute();
}

export async function findDeliveriesByIds(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<WebhookDeliveryRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Queues the tenant's delivery again (same message id, same body), due now,
 * with a fresh retry schedule.
 */
export async function requeueDelivery(db: Db, tenantId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', round_attempts: 0, next_attempt_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
