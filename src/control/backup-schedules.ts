/**
 * Scheduled backups (issue 36): a schedule's `backup` checked, and its
 * retention applied after each of its backups succeeds. A backup schedule's
 * tick queues a BACKUP operation on the same path as backupVolume
 * (backups.ts queueBackupLocked), with the schedule's id on the backup; the
 * retention decision itself is backup-retention.ts (pure); here it is
 * carried out: the archives retention lets go are removed from the store,
 * then their records with their BACKUP operations (as a schedule's history
 * limit prunes its jobs), and each kept backup's `expires_at` is set.
 */
import { rm } from 'node:fs/promises';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import * as schedules from '../db/repositories/schedule-repository.js';
import * as backups from '../db/repositories/volume-backup-repository.js';
import type { BackupConsistency, BackupRetention, ScheduledBackup } from '../db/stored-shapes.js';
import { MAX_RETENTION_COUNT, planRetention } from './backup-retention.js';
import { archivePath, checkHook, toVolumeBackup } from './backups.js';
import { nextTick } from './schedule-cron.js';
import type { Problems } from './spec-validation.js';

/** The retention a schedule's `backup` has when it names none, or leaves a count out. */
export const DEFAULT_RETENTION: BackupRetention = { last: 7, daily: 7, weekly: 4, monthly: 6 };

/** ScheduledBackupInput. */
export interface ScheduledBackupSpec {
  volume: string;
  consistency?: BackupConsistency | null;
  hook?: { service: string; before?: readonly string[] | null; after?: readonly string[] | null } | null;
  retention?: { [K in keyof BackupRetention]?: number | null } | null;
}

/** The instance's services, as a backup schedule is checked against them. */
export interface ServiceVolumes {
  name: string;
  volumes?: readonly { name: string }[] | undefined;
}

/**
 * Checks a schedule's `backup` into `p` at `path` + `backup`: a volume some
 * service mounts, the consistency and its hook (a service of the instance),
 * and a retention that keeps something.
 */
export function checkScheduledBackup(
  p: Problems,
  spec: ScheduledBackupSpec,
  services: readonly ServiceVolumes[],
  path: (string | number)[],
): ScheduledBackup {
  const at = [...path, 'backup'];
  const mounted = new Set(services.flatMap((s) => (s.volumes ?? []).map((v) => v.name)));
  if (!mounted.has(spec.volume))
    p.add([...at, 'volume'], `no service of the instance mounts a volume "${spec.volume}"`);
  const consistency = spec.consistency ?? 'stop';
  const hook = checkHook(p, consistency, spec.hook, at);
  if (hook?.service && !services.some((s) => s.name === hook.service))
    p.add([...at, 'hook', 'service'], `the instance has no service "${hook.service}"`);
  const retention = { ...DEFAULT_RETENTION };
  for (const rule of ['last', 'daily', 'weekly', 'monthly'] as const) {
    const n = spec.retention?.[rule] ?? DEFAULT_RETENTION[rule];
    if (!Number.isInteger(n) || n < 0 || n > MAX_RETENTION_COUNT)
      p.add([...at, 'retention', rule], `must be 0 to ${MAX_RETENTION_COUNT}`);
    retention[rule] = n;
  }
  if (Object.values(retention).every((n) => n === 0))
    p.add([...at, 'retention'], 'would keep no backup: give at least one of last, daily, weekly, monthly above 0');
  return { volume: spec.volume, consistency, hook, retention };
}

/** What one retention pass did. */
export interface RetentionOutcome {
  kept: number;
  /** Succeeded backups deleted (archive and record). */
  deleted: number;
  /** Failed records beyond the schedule's history limit deleted. */
  prunedFailed: number;
}

/**
 * Applies a backup schedule's retention to its ended backups (after one of
 * them succeeded), at `now`; null when the schedule is gone or backs up no
 * more. The schedule's row is locked meanwhile, so two passes of one
 * schedule never interleave. Each archive is removed before its record (as
 * deleteVolumeBackup): a pass that fails between the two leaves records a
 * later pass deletes again, never an archive no record names. Failed
 * backups (no archive) are records only: the newest `historyLimit` stay.
 */
export async function applyScheduleRetention(
  db: DbHandle,
  backupDir: string,
  tenantId: string,
  scheduleId: string,
  now: Date,
  /** Deletes a snapshot backup's platform snapshot (the engine's, when it snapshots). */
  deleteSnapshot?: (snapshot: string) => Promise<void>,
): Promise<RetentionOutcome | null> {
  return withTransaction(db, async (tx) => {
    const s = await schedules.lockSchedule(tx, tenantId, scheduleId);
    if (!s?.backup) return null;
    const rows = (await backups.listScheduleVolumeBackups(tx, tenantId, scheduleId)).filter(
      (r) => toVolumeBackup(r).status !== 'running',
    );
    const ok = rows.filter((r) => r.status === 'succeeded');
    const timing = { cron: s.cron, timeZone: s.time_zone };
    const plan = planRetention(
      ok.map((r) => ({ id: r.id, createdAt: r.created_at })),
      s.backup.retention,
      s.time_zone,
      (after) => nextTick(timing, after),
      now,
    );
    const dropped = new Set(plan.remove);
    const failed = rows.filter((r) => r.status !== 'succeeded').slice(s.history_limit);
    const gone = [...ok.filter((r) => dropped.has(r.id)), ...failed];
    // A snapshot backup's snapshot is deleted on its platform; without a way to (the provider no longer
    // snapshots) its record stays, so no snapshot is ever left that no record names.
    const deletable = gone.filter((r) => !r.snapshot || deleteSnapshot);
    for (const r of deletable) {
      if (r.snapshot) await deleteSnapshot!(r.snapshot);
      else await rm(archivePath(backupDir, r), { force: true });
    }
    await backups.deleteBackupOperations(
      tx,
      tenantId,
      deletable.map((r) => r.operation_id),
    );
    for (const k of plan.keep) await backups.setVolumeBackupExpiry(tx, tenantId, k.id, k.expiresAt);
    return {
      kept: plan.keep.length,
      deleted: deletable.filter((r) => dropped.has(r.id)).length,
      prunedFailed: failed.length,
    };
  });
}
