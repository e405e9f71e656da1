/**
 * Volume backups (issue 36): the `volume_backups` rows, each read with its
 * operation's status (how a backup ended when its runner never got to say:
 * canceled while queued, given up after crashes). Every read but the
 * executor's is filtered by tenant.
 */
import type { NewVolumeBackup, VolumeBackupRow } from '../database.js';
import type { Db } from '../db-types.js';
import type { OperationStatus } from '../stored-shapes.js';

/** A backup with its operation's status. */
export type VolumeBackupView = VolumeBackupRow & {
  op_status: OperationStatus;
  op_error_message: string | null;
};

function selectBackups(db: Db) {
  return db
    .selectFrom('volume_backups')
    .innerJoin('operations', 'operations.id', 'volume_backups.operation_id')
    .selectAll('volume_backups')
    .select(['operations.status as op_status', 'operations.error_message as op_error_message'])
    .where('volume_backups.status', '!=', 'deleted');
}

export async function insertVolumeBackup(db: Db, row: NewVolumeBackup): Promise<void> {
  await db.insertInto('volume_backups').values(row).execute();
}

export async function findVolumeBackup(db: Db, tenantId: string, id: string): Promise<VolumeBackupView | undefined> {
  return selectBackups(db)
    .where('volume_backups.tenant_id', '=', tenantId)
    .where('volume_backups.id', '=', id)
    .executeTakeFirst();
}

export async function findVolumeBackupsByIds(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<VolumeBackupView[]> {
  if (ids.length === 0) return [];
  return selectBackups(db)
    .where('volume_backups.tenant_id', '=', tenantId)
    .where('volume_backups.id', 'in', ids)
    .execute();
}

/** The backup a BACKUP operation makes (the executor's view: the operation's tenant). */
export async function findVolumeBackupByOperation(
  db: Db,
  tenantId: string,
  operationId: string,
): Promise<VolumeBackupView | undefined> {
  return selectBackups(db)
    .where('volume_backups.tenant_id', '=', tenantId)
    .where('volume_backups.operation_id', '=', operationId)
    .executeTakeFirst();
}

/** A page of an instance's backups (of one volume when given), newest first, keyset on (created_at, id). */
export async function listInstanceVolumeBackups(
  db: Db,
  tenantId: string,
  instanceId: string,
  page: BackupPage & { volume?: string | null },
): Promise<VolumeBackupView[]> {
  return newestFirst(
    selectBackups(db)
      .where('volume_backups.tenant_id', '=', tenantId)
      .where('volume_backups.instance_id', '=', instanceId)
      .$if(page.volume != null, (q) => q.where('volume_backups.volume', '=', page.volume!)),
    page,
  );
}

/** A page of the backups a schedule made, newest first (without `page`: all of them, for its retention). */
export async function listScheduleVolumeBackups(
  db: Db,
  tenantId: string,
  scheduleId: string,
  page?: BackupPage,
): Promise<VolumeBackupView[]> {
  const q = selectBackups(db)
    .where('volume_backups.tenant_id', '=', tenantId)
    .where('volume_backups.schedule_id', '=', scheduleId);
  return newestFirst(q, page ?? {});
}

/** A page of a newest-first list: at most `limit`, before the keyset (created_at, id) when given. */
interface BackupPage {
  limit?: number;
  before?: { createdAt: Date; id: string } | undefined;
}

function newestFirst(q: ReturnType<typeof selectBackups>, page: BackupPage): Promise<VolumeBackupView[]> {
  const before = page.before;
  return q
    .$if(before !== undefined, (w) =>
      w.where((eb) =>
        eb.or([
          eb('volume_backups.created_at', '<', before!.createdAt),
          eb.and([eb('volume_backups.created_at', '=', before!.createdAt), eb('volume_backups.id', '<', before!.id)]),
        ]),
      ),
    )
    .orderBy('volume_backups.created_at', 'desc')
    .orderBy('volume_backups.id', 'desc')
    .$if(page.limit !== undefined, (w) => w.limit(page.limit!))
    .execute();
}

/**
 * The operations of a schedule's backups still queued or running (FORBID
 * and REPLACE look at them), as openScheduleOperations for its jobs.
 */
export async function openScheduleBackupOperations(db: Db, scheduleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('volume_backups')
    .innerJoin('operations', 'operations.id', 'volume_backups.operation_id')
    .select('volume_backups.operation_id')
    .where('volume_backups.schedule_id', '=', scheduleId)
    .where('volume_backups.status', '=', 'running')
    .where('operations.status', 'in', ['queued', 'running'])
    .execute();
  return rows.map((r) => r.operation_id);
}

/** Sets when retention deletes a backup of the tenant. */
export async function setVolumeBackupExpiry(
  db: Db,
  tenantId: string,
  id: string,
  expiresAt: Date | null,
): Promise<void> {
  await db
    .updateTable('volume_backups')
    .set({ expires_at: expiresAt })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes BACKUP operations of the tenant (their archives removed first):
 * their backups' records, events and log lines follow by cascade.
 */
export async function deleteBackupOperations(db: Db, tenantId: string, operationIds: readonly string[]): Promise<void> {
  if (operationIds.length === 0) return;
  await db
    .deleteFrom('operations')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'backup')
    .where('id', 'in', operationIds)
    .execute();
}

/** What a backup's end records. */
export interface VolumeBackupEnd {
  status: 'succeeded' | 'failed';
  sizeBytes: number | null;
  sha256: string | null;
  archivePath: string | null;
  /** The platform snapshot's name (a snapshot backup; null for an archive). */
  snapshot: string | null;
  error: string | null;
}

/** Records a backup's end (still running only); false when it had already ended. */
export async function finishVolumeBackup(db: Db, tenantId: string, id: string, end: VolumeBackupEnd): Promise<boolean> {
  const row = await db
    .updateTable('volume_backups')
    .set({
      status: end.status,
      size_bytes: end.sizeBytes,
      sha256: end.sha256,
      archive_path: end.archivePath,
      snapshot: end.snapshot,
      error: end.error,
      finished_at: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets a backup of the tenant (its archive removed first); false when there was none. */
export async function deleteVolumeBackup(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('volume_backups')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}
