import type { NewRelease, ReleaseRow } from '../database.js';
import type { Db } from '../db-types.js';
import { byIdsText, runStatement } from '../read-statements.js';

export async function insertRelease(db: Db, row: NewRelease): Promise<ReleaseRow> {
  return db.insertInto('releases').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findReleasesByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<ReleaseRow[]> {
  if (ids.length === 0) return [];
  return runStatement(db, byIdsText('releases', 'id', ids.length), [tenantId, ...ids]);
}

/** The newest release of an instance (the base a new deploy inherits from). */
export async function findLatestRelease(db: Db, instanceId: string): Promise<ReleaseRow | undefined> {
  return db
    .selectFrom('releases')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A page of an instance's releases, newest first, keyset on version. */
export async function listReleases(
  db: Db,
  tenantId: string,
  instanceId: string,
  page: { limit: number; beforeVersion?: number },
): Promise<ReleaseRow[]> {
  let q = db.selectFrom('releases').selectAll().where('tenant_id', '=', tenantId).where('instance_id', '=', instanceId);
  if (page.beforeVersion !== undefined) q = q.where('version', '<', page.beforeVersion);
  return q.orderBy('version', 'desc').limit(page.limit).execute();
}

/** Points a release at the operation that rolls it out (the two rows reference each other). */
export async function linkReleaseToOperation(db: Db, releaseId: string, operationId: string): Promise<void> {
  await db.updateTable('releases').set({ operation_id: operationId }).where('id', '=', releaseId).execute();
}
