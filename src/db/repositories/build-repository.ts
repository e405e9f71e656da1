/**
 * Builds (issue 33): the `builds` rows (their log lines are in the
 * operations' log store, log-line-repository.ts), and uploaded
 * archives kept in chunks so that any replica can read one back without
 * holding it whole in memory.
 */
import { sql } from 'kysely';
import type { BuildRow, NewBuild } from '../database.js';
import type { Db } from '../db-types.js';
import type { OperationStatus } from '../stored-shapes.js';
import { announceLogLines } from './log-line-repository.js';

/**
 * A build with its operation's status: the operation is the truth of how a
 * build ended when the build's runner never got to say (canceled while
 * queued, given up after a crash), so every read carries both.
 */
export type BuildView = BuildRow & {
  op_status: OperationStatus;
  op_error_message: string | null;
  op_finished_at: Date | null;
};

function selectBuilds(db: Db) {
  return db
    .selectFrom('builds')
    .innerJoin('operations', 'operations.id', 'builds.operation_id')
    .selectAll('builds')
    .select([
      'operations.status as op_status',
      'operations.error_message as op_error_message',
      'operations.finished_at as op_finished_at',
    ]);
}

export async function insertBuild(db: Db, row: NewBuild): Promise<void> {
  await db.insertInto('builds').values(row).execute();
}

export async function findBuild(db: Db, tenantId: string, id: string): Promise<BuildView | undefined> {
  return selectBuilds(db).where('builds.tenant_id', '=', tenantId).where('builds.id', '=', id).executeTakeFirst();
}

/** The build an operation runs (the executor's view: any tenant). */
export async function findBuildByOperation(db: Db, operationId: string): Promise<BuildView | undefined> {
  return selectBuilds(db).where('builds.operation_id', '=', operationId).executeTakeFirst();
}

export async function findBuildsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<BuildView[]> {
  if (ids.length === 0) return [];
  return selectBuilds(db).where('builds.tenant_id', '=', tenantId).where('builds.id', 'in', ids).execute();
}

/** Builds by id whatever their tenant (the executor checking the builds an operation waits for). */
export async function findBuildsByIdsAnyTenant(db: Db, ids: readonly string[]): Promise<BuildView[]> {
  if (ids.length === 0) return [];
  return selectBuilds(db).where('builds.id', 'in', ids).execute();
}

export async function findBuildsByOperationIds(
  db: Db,
  tenantId: string,
  operationIds: readonly string[],
): Promise<BuildView[]> {
  if (operationIds.length === 0) return [];
  return selectBuilds(db)
    .where('builds.tenant_id', '=', tenantId)
    .where('builds.operation_id', 'in', operationIds)
    .execute();
}

/** A page of an instance's builds, newest first, keyset on (created_at, id). */
export async function listInstanceBuilds(
  db: Db,
  tenantId: string,
  instanceId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<BuildView[]> {
  let q = selectBuilds(db).where('builds.tenant_id', '=', tenantId).where('builds.instance_id', '=', instanceId);
  const before = page.before;
  if (before) {
    q = q.where((eb) =>
      eb.or([
        eb('builds.created_at', '<', before.createdAt),
        eb.and([eb('builds.created_at', '=', before.createdAt), eb('builds.id', '<', before.id)]),
      ]),
    );
  }
  return q.orderBy('builds.created_at', 'desc').orderBy('builds.id', 'desc').limit(page.limit).execute();
}

/** Marks a build running (first start kept across re-runs); tells log readers. */
export async function markBuildRunning(db: Db, id: string): Promise<void> {
  const row = await db
    .updateTable('builds')
    .set({ status: 'running', started_at: sql`coalesce(started_at, now())`, error: null })
    .where('id', '=', id)
    .returning('operation_id')
    .executeTakeFirst();
  if (row) await announceLogLines(db, row.operation_id);
}

/** What a build's end records. */
export interface BuildEnd {
  status: 'succeeded' | 'failed' | 'canceled';
  error?: string | null;
  image?: string | null;
  imageDigest?: string | null;
  steps?: number | null;
  cachedSteps?: number | null;
  source?: string;
}

/** Records a build's end (still open only), and tells its log readers it ended. */
export async function finishBuild(db: Db, id: string, end: BuildEnd): Promise<void> {
  const row = await db
    .updateTable('builds')
    .set({
      status: end.status,
      finished_at: new Date(),
      ...(end.error !== undefined ? { error: end.error } : {}),
      ...(end.image !== undefined ? { image: end.image } : {}),
      ...(end.imageDigest !== undefined ? { image_digest: end.imageDigest } : {}),
      ...(end.steps !== undefined ? { steps: end.steps } : {}),
      ...(end.cachedSteps !== undefined ? { cached_steps: end.cachedSteps } : {}),
      ...(end.source !== undefined ? { source: end.source } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('operation_id')
    .executeTakeFirst();
  if (row) await announceLogLines(db, row.operation_id);
}

/** Records the resolved source (the commit) as soon as it is known. */
export async function setBuildSource(db: Db, id: string, source: string): Promise<void> {
  await db.updateTable('builds').set({ source }).where('id', '=', id).execute();
}

/** Links a build to the release that deploys its image. */
export async function linkBuildRelease(db: Db, id: string, releaseId: string): Promise<void> {
  await db.updateTable('builds').set({ release_id: releaseId }).where('id', '=', id).execute();
}

// ---- archives

export async function insertArchive(
  db: Db,
  row: { id: string; tenantId: string; sha256: string; bytes: number; gzip: boolean },
): Promise<void> {
  await db
    .insertInto('build_archives')
    .values({ id: row.id, tenant_id: row.tenantId, sha256: row.sha256, bytes: row.bytes, gzip: row.gzip })
    .execute();
}

export async function insertArchiveChunk(db: Db, archiveId: string, seq: number, data: Buffer): Promise<void> {
  await db.insertInto('build_archive_chunks').values({ archive_id: archiveId, seq, data }).execute();
}

export async function deleteArchive(db: Db, archiveId: string): Promise<void> {
  await db.deleteFrom('build_archives').where('id', '=', archiveId).execute();
}

export async function findArchive(
  db: Db,
  archiveId: string,
): Promise<{ id: string; sha256: string; gzip: boolean } | undefined> {
  return db
    .selectFrom('build_archives')
    .select(['id', 'sha256', 'gzip'])
    .where('id', '=', archiveId)
    .executeTakeFirst();
}

/** An archive's bytes, one chunk read at a time. */
export async function* readArchiveChunks(db: Db, archiveId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom('build_archive_chunks')
      .select('data')
      .where('archive_id', '=', archiveId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield Buffer.from(row.data);
  }
}

/** Records an archive's digest and size once it was read whole. */
export async function completeArchive(
  db: Db,
  archiveId: string,
  verdict: { sha256: string; bytes: number; gzip: boolean },
): Promise<void> {
  await db
    .updateTable('build_archives')
    .set({ sha256: verdict.sha256, bytes: verdict.bytes, gzip: verdict.gzip })
    .where('id', '=', archiveId)
    .execute();
}

/**
 * Writes a built image into the operation queued behind its build (a
 * provision or deploy from source), inside `tx`: the operation's specs, its
 * release's snapshot, and the instance's desired spec unless a later change
 * moved it on (its generation is past the operation's). Returns the
 * operation's release. Nothing happens to an operation no longer queued.
 */
export async function writeBuiltImage(
  tx: Db,
  operationId: string,
  service: string,
  image: string,
): Promise<string | null> {
  const op = await tx
    .selectFrom('operations')
    .select(['id', 'instance_id', 'status', 'params', 'release_id'])
    .where('id', '=', operationId)
    .forUpdate()
    .executeTakeFirst();
  if (op?.status !== 'queued') return null;
  const withImage = <T extends { name: string; image: string }>(list: T[] | undefined): T[] | undefined =>
    list?.map((s) => (s.name === service ? { ...s, image } : s));
  const params = {
    ...op.params,
    ...(op.params.services ? { services: withImage(op.params.services) } : {}),
    ...(op.params.changed ? { changed: withImage(op.params.changed) } : {}),
  };
  await tx
    .updateTable('operations')
    .set({ params: JSON.stringify(params) })
    .where('id', '=', op.id)
    .execute();
  if (op.release_id) {
    const rel = await tx.selectFrom('releases').select('snapshots').where('id', '=', op.release_id).executeTakeFirst();
    if (rel)
      await tx
        .updateTable('releases')
        .set({ snapshots: JSON.stringify(withImage(rel.snapshots)) })
        .where('id', '=', op.release_id)
        .execute();
  }
  const inst = await tx
    .selectFrom('instances')
    .select(['services', 'generation'])
    .where('id', '=', op.instance_id)
    .forUpdate()
    .executeTakeFirst();
  if (inst && (op.params.generation === undefined || inst.generation === op.params.generation))
    await tx
      .updateTable('instances')
      .set({ services: JSON.stringify(withImage(inst.services)) })
      .where('id', '=', op.instance_id)
      .execute();
  return op.release_id;
}
