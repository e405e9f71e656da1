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
