import type { TenantRow } from '../database.js';
import type { Db } from '../db-types.js';

/** Inserts the tenant unless one of that name exists: undefined when the name was taken. */
export async function insertTenant(db: Db, row: { id: string; name: string }): Promise<TenantRow | undefined> {
  return db
    .insertInto('tenants')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The tenant named `name`, created when missing; concurrent callers agree on one row. */
export async function ensureTenant(db: Db, row: { id: string; name: string }): Promise<TenantRow> {
  await db
    .insertInto('tenants')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const found = await findTenantByName(db, row.name);
  if (!found) throw new Error(`tenant ${row.name} vanished after insert`);
  return found;
}

export async function findTenantByName(db: Db, name: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Tenants by id. Callers pass only ids the caller may see (its own tenant, or any for `system`). */
export async function findTenantsByIds(db: Db, ids: readonly string[]): Promise<TenantRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tenants').selectAll().where('id', 'in', ids).execute();
}

/** A page of every tenant, newest first, after a (created_at, id) keyset cursor (for the operator). */
export async function listTenants(
  db: Db,
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<TenantRow[]> {
  let q = db.selectFrom('tenants').selectAll();
  const after = page.after;
  if (after) {
    q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}
