import type { ObjectRef } from '../../providers/sources.js';
import type { Db } from '../db-types.js';

/** Records the objects `releaseId` applied, in apply order (replacing any earlier record of it). */
export async function recordReleaseObjects(
  db: Db,
  tenantId: string,
  releaseId: string,
  objects: readonly ObjectRef[],
): Promise<void> {
  await db.deleteFrom('release_objects').where('release_id', '=', releaseId).execute();
  if (objects.length === 0) return;
  await db
    .insertInto('release_objects')
    .values(
      objects.map((o, seq) => ({
        release_id: releaseId,
        tenant_id: tenantId,
        seq,
        api_version: o.apiVersion,
        kind: o.kind,
        namespace: o.namespace ?? null,
        name: o.name,
      })),
    )
    .execute();
}

/** The objects a release applied, in apply order; empty when it applied none (or is not the tenant's). */
export async function releaseObjects(db: Db, tenantId: string, releaseId: string): Promise<ObjectRef[]> {
  const rows = await db
    .selectFrom('release_objects')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('release_id', '=', releaseId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    apiVersion: r.api_version,
    kind: r.kind,
    ...(r.namespace ? { namespace: r.namespace } : {}),
    name: r.name,
  }));
}

/**
 * The set an instance's newest release with an inventory applied: after a
 * deploy that failed half way, what is in the cluster is that set, not the
 * current release's, so a prune reads both.
 */
export async function lastAppliedObjects(db: Db, tenantId: string, instanceId: string): Promise<ObjectRef[]> {
  const newest = await db
    .selectFrom('releases')
    .select('releases.id')
    .where('releases.tenant_id', '=', tenantId)
    .where('releases.instance_id', '=', instanceId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('release_objects')
          .select('release_objects.seq')
          .whereRef('release_objects.release_id', '=', 'releases.id'),
      ),
    )
    .orderBy('releases.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return newest ? releaseObjects(db, tenantId, newest.id) : [];
}
