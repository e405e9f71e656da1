/**
 * Routes: every query of a tenant's routes carries its tenant filter. The
 * edge driver's reads (`listLiveRoutesOf`, `routesSignature`) are the
 * exception, as the executor's claims are: the edge serves every tenant.
 */
import { sql } from 'kysely';
import type { NewRoute, RouteRow } from '../database.js';
import type { Db } from '../db-types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Serialises every writer of one host until the transaction ends, so the
 * check "no other tenant holds this host" and the insert that follows are
 * one step for concurrent requests of different tenants.
 */
export async function lockHost(db: Db, host: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`wheelhouse-route-host:${host}`}))`.execute(db);
}

/** Whether a tenant other than `tenantId` has a route on `host` (the answer says nothing more about it). */
export async function hostTakenByAnotherTenant(db: Db, tenantId: string, host: string): Promise<boolean> {
  const r = await db
    .selectFrom('routes')
    .select('id')
    .where('host', '=', host)
    .where('tenant_id', '<>', tenantId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** The tenant's route on this host and prefix, if any. */
export async function findRouteAt(
  db: Db,
  tenantId: string,
  host: string,
  pathPrefix: string,
): Promise<RouteRow | undefined> {
  return db
    .selectFrom('routes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('host', '=', host)
    .where('path_prefix', '=', pathPrefix)
    .executeTakeFirst();
}

export async function insertRoute(db: Db, row: NewRoute): Promise<RouteRow> {
  return db.insertInto('routes').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The tenant's route `id`, or undefined. */
export async function findRoute(db: Db, tenantId: string, id: string): Promise<RouteRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('routes').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The tenant's route made with this idempotency key, or undefined. */
export async function findRouteByIdempotencyKey(db: Db, tenantId: string, key: string): Promise<RouteRow | undefined> {
  return db
    .selectFrom('routes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Deletes the tenant's route `id`; undefined when it has none. */
export async function deleteRoute(db: Db, tenantId: string, id: string): Promise<RouteRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db
    .deleteFrom('routes')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes every route of one of the tenant's instances (its preview routes too), answering what it deleted. */
export async function deleteInstanceRoutes(db: Db, tenantId: string, instanceId: string): Promise<RouteRow[]> {
  if (!UUID.test(instanceId)) return [];
  return db
    .deleteFrom('routes')
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .returningAll()
    .execute();
}

/** The routes of one of the tenant's instances, oldest first. */
export async function listInstanceRoutes(db: Db, tenantId: string, instanceId: string): Promise<RouteRow[]> {
  if (!UUID.test(instanceId)) return [];
  return db
    .selectFrom('routes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('release_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A page of the tenant's routes, newest first, after a (created_at, id) keyset cursor. */
export async function listRoutes(
  db: Db,
  tenantId: string,
  page: { limit: number; after?: { createdAt: Date; id: string }; instanceId?: string; host?: string },
): Promise<RouteRow[]> {
  let q = db.selectFrom('routes').selectAll().where('tenant_id', '=', tenantId).where('release_id', 'is', null);
  if (page.instanceId !== undefined) {
    if (!UUID.test(page.instanceId)) return [];
    q = q.where('instance_id', '=', page.instanceId);
  }
  if (page.host !== undefined) q = q.where('host', '=', page.host);
  const after = page.after;
  if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** Every route on a provider whose instance is live, for the edge that serves them all (every tenant). */
export async function listLiveRoutesOf(db: Db, provider: string): Promise<RouteRow[]> {
  return db
    .selectFrom('routes')
    .innerJoin('instances', 'instances.id', 'routes.instance_id')
    .selectAll('routes')
    .where('routes.provider', '=', provider)
    .where('instances.destroyed_at', 'is', null)
    .orderBy('routes.created_at')
    .orderBy('routes.id')
    .execute();
}

/** A cheap fingerprint of a provider's live routes: it changes when one is added, removed or changed. */
export async function routesSignature(db: Db, provider: string): Promise<string> {
  const r = await sql<{ n: string; latest: Date | null; ids: string | null }>`
    select count(*)::text as n, max(r.updated_at) as latest, md5(string_agg(r.id::text, ',' order by r.id)) as ids
    from routes r join instances i on i.id = r.instance_id
    where r.provider = ${provider} and i.destroyed_at is null`.execute(db);
  const row = r.rows[0];
  return `${row?.n}:${row?.latest ? new Date(row.latest).toISOString() : '-'}:${row?.ids ?? '-'}`;
}

/** Records what the edge made of these routes (any tenant: the edge driver reports for all). */
export async function markRoutes(
  db: Db,
  ids: readonly string[],
  status: 'pending' | 'active' | 'failed',
  message: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('routes')
    .set({ status, message })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('status', '<>', status), eb('message', 'is distinct from', message)]))
    .execute();
}

/**
 * Takes or renews the lease `name` for `owner` for `ttlMs`: true when `owner`
 * holds it now (it was free, lapsed, or already its own).
 */
export async function acquireEdgeLease(db: Db, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const r = await sql<{ owner: string }>`
    insert into edge_leases (name, owner, expires_at)
    values (${name}, ${owner}, now() + ${`${ttlMs} milliseconds`}::interval)
    on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where edge_leases.owner = excluded.owner or edge_leases.expires_at < now()
    returning owner`.execute(db);
  return r.rows[0]?.owner === owner;
}

/** Gives the lease up at once when `owner` holds it (a clean stop: a standby takes over without waiting). */
export async function releaseEdgeLease(db: Db, name: string, owner: string): Promise<void> {
  await db.deleteFrom('edge_leases').where('name', '=', name).where('owner', '=', owner).execute();
}

/** The blue-green previews of one release (the edge driver marks them like any route). */
export async function listPreviewRoutes(db: Db, instanceId: string, releaseId: string): Promise<RouteRow[]> {
  return db
    .selectFrom('routes')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .where('release_id', '=', releaseId)
    .execute();
}

/** Removes the blue-green previews of one release. */
export async function deletePreviewRoutes(db: Db, instanceId: string, releaseId: string): Promise<void> {
  await db.deleteFrom('routes').where('instance_id', '=', instanceId).where('release_id', '=', releaseId).execute();
}
