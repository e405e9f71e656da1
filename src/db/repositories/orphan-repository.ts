import type { Db } from '../db-types.js';

/** A provider workload's claim of ownership, read from its labels. */
export interface WorkloadOwner {
  instanceId: string;
  tenantId: string;
}

/**
 * The workloads among `held` that are orphans of this database: labelled
 * with one of its tenants, yet owned by no live instance. Workloads naming a
 * tenant this database does not know belong to another installation and are
 * never returned.
 */
export async function findOrphans<T extends WorkloadOwner>(db: Db, held: readonly T[]): Promise<T[]> {
  if (held.length === 0) return [];
  const tenantIds = [...new Set(held.map((w) => w.tenantId))];
  const tenants = new Set(
    (await db.selectFrom('tenants').select('id').where('id', 'in', tenantIds).execute()).map((t) => t.id),
  );
  const ours = held.filter((w) => tenants.has(w.tenantId));
  if (ours.length === 0) return [];
  const live = new Set(
    (
      await db
        .selectFrom('instances')
        .select('id')
        .where(
          'id',
          'in',
          ours.map((w) => w.instanceId),
        )
        .where('destroyed_at', 'is', null)
        .execute()
    ).map((r) => r.id),
  );
  return ours.filter((w) => !live.has(w.instanceId));
}
