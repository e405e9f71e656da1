import type { TenantRow } from '../database.js';
import type { Db } from '../db-types.js';

export async function insertTenant(db: Db, row: { id: string; name: string }): Promise<TenantRow> {
  return db.insertInto('tenants').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findTenantByName(db: Db, name: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Tenants by id. Callers pass only ids the caller may see (its own tenant, or any for `system`). */
export async function findTenantsByIds(db: Db, ids: readonly string[]): Promise<TenantRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tenants').selectAll().where('id', 'in', ids).execute();
}
