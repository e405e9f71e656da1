import { sql } from 'kysely';
import type { KeptVolumeRow, NewKeptVolume } from '../database.js';
import type { Db } from '../db-types.js';

/*
 * Kept volumes (issue 39). Every query a tenant's request reaches is filtered
 * by tenant; a provider's volume name is unique per provider key.
 */

/**
 * Records a volume a deprovision kept: a new row, or the row it already had
 * (a re-attached volume kept again) detached and renamed after the instance
 * that kept it this time. Another tenant's row of that name is left alone.
 */
export async function recordKeptVolume(db: Db, row: NewKeptVolume): Promise<void> {
  await db
    .insertInto('kept_volumes')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['provider_key', 'name'])
        .doUpdateSet({
          volume: row.volume,
          service: row.service ?? null,
          instance_name: row.instance_name,
          size_mb: row.size_mb ?? null,
          kept_at: sql<Date>`now()`,
          attached_instance_id: null,
        })
        .where('kept_volumes.tenant_id', '=', row.tenant_id),
    )
    .execute();
}

/** The tenant's kept volume by id, attached or not. */
export async function findKeptVolume(db: Db, tenantId: string, id: string): Promise<KeptVolumeRow | undefined> {
  return db
    .selectFrom('kept_volumes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findKeptVolumesByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<KeptVolumeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('kept_volumes').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** A page of the tenant's detached kept volumes, newest first, after a (kept_at, id) keyset cursor. */
export async function listKeptVolumes(
  db: Db,
  tenantId: string,
  page: { limit: number; after?: { createdAt: Date; id: string } | undefined },
): Promise<KeptVolumeRow[]> {
  let q = db
    .selectFrom('kept_volumes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('attached_instance_id', 'is', null);
  const after = page.after;
  if (after) q = q.where((eb) => eb(eb.refTuple('kept_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return q.orderBy('kept_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/**
 * Marks the tenant's detached kept volume attached to `instanceId`; undefined
 * when it is not (any longer) detached: two provisions cannot both take it.
 */
export async function attachKeptVolume(
  db: Db,
  tenantId: string,
  id: string,
  instanceId: string,
): Promise<KeptVolumeRow | undefined> {
  return db
    .updateTable('kept_volumes')
    .set({ attached_instance_id: instanceId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('attached_instance_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Forgets the tenant's kept volume (deleted on its provider). */
export async function deleteKeptVolume(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('kept_volumes')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

/** Forgets the volumes an instance had attached, once its deprovision deleted them. */
export async function deleteAttachedTo(db: Db, tenantId: string, instanceId: string): Promise<number> {
  const r = await db
    .deleteFrom('kept_volumes')
    .where('tenant_id', '=', tenantId)
    .where('attached_instance_id', '=', instanceId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
