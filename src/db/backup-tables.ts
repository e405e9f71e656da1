/**
 * The `volume_backups` table (issue 36), apart from database.ts so that file
 * stays readable; `Database` names it.
 */
import type { ColumnType } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './database.js';
import type { BackupConsistency, BackupHook, VolumeBackupStatus } from './stored-shapes.js';

/** One encrypted archive, or one platform snapshot, of one volume of an instance (issue 36), made by a BACKUP operation. */
export interface VolumeBackupTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  operation_id: string;
  /** The schedule that made it (null for backupVolume, or once the schedule was deleted). */
  schedule_id: string | null;
  /** The volume's name in the service specs. */
  volume: string;
  status: VolumeBackupStatus;
  consistency: BackupConsistency;
  /** HOOK: the service and its before/after commands. */
  hook: Json<BackupHook | null> | null;
  /** Bytes of the archived plaintext (the tar); pg answers bigint as a string. */
  size_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** Hex sha256 of the archived plaintext. */
  sha256: string | null;
  /** The encrypted archive's file, once it SUCCEEDED (an archive backup). */
  archive_path: string | null;
  /** The platform snapshot that holds it (a Kubernetes VolumeSnapshot's name), once it SUCCEEDED (a snapshot backup). */
  snapshot: string | null;
  error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp;
  /** When its schedule's retention deletes it, if every later tick makes a backup (control/backup-retention.ts). */
  expires_at: Timestamp;
}
