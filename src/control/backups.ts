/**
 * Volume backups (issue 36), the control side: `backupVolume` checks a
 * volume and queues a BACKUP operation with its `volume_backups` row;
 * `restoreVolume` checks a backup and a target volume (the backup's own, or
 * one of another instance of the tenant) and queues a RESTORE on the target
 * instance; `deleteVolumeBackup` removes the archive (or the provider's
 * snapshot, when its engine snapshots volumes), then the record. The
 * worker does the copying (worker/perform-backup.ts) on the provider's
 * volume backup engine; the archive's format is backup-format.ts.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { InstanceRow, OperationRow } from '../db/database.js';
import { type DbHandle, type DbTransaction, json } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { VolumeBackupView } from '../db/repositories/volume-backup-repository.js';
import * as backups from '../db/repositories/volume-backup-repository.js';
import type { BackupConsistency, BackupHook, VolumeBackupStatus } from '../db/stored-shapes.js';
import type { Registry } from '../providers/registry.js';
import { CapabilityNotSupportedError, NotFoundError, ValidationError } from './errors.js';
import { type Enqueued, enqueueIdempotent, idempotencyOf, type MutationControl } from './idempotency.js';
import { isTerminal } from './model.js';
import { enqueueOperation } from './operation-queue.js';
import type { OperationSignal } from './operation-signal.js';
import { acquireProvider, providerFor, requireCapability } from './provider-calls.js';
import type { Principal } from './scopes.js';
import { checkArgv, checkNoNul, Problems } from './spec-validation.js';
import { assertAllowed } from './state-machine.js';

/** A backup as the API shows it (VolumeBackup). */
export interface VolumeBackup {
  id: string;
  tenantId: string;
  instanceId: string;
  operationId: string;
  scheduleId: string | null;
  volume: string;
  status: VolumeBackupStatus;
  consistency: BackupConsistency;
  sizeBytes: number | null;
  sha256: string | null;
  /** The platform snapshot holding it (a Kubernetes VolumeSnapshot), when the provider snapshots: then no archive. */
  snapshot: string | null;
  error: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

/**
 * A row as the API shows it: one whose runner never recorded its end (its
 * operation canceled while queued, or given up after crashes) is FAILED.
 */
export function toVolumeBackup(r: VolumeBackupView): VolumeBackup {
  const status = r.status === 'running' && isTerminal(r.op_status) ? 'failed' : r.status;
  return {
    id: r.id,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    operationId: r.operation_id,
    scheduleId: r.schedule_id,
    volume: r.volume,
    status,
    consistency: r.consistency,
    sizeBytes: r.size_bytes == null ? null : Number(r.size_bytes),
    sha256: r.sha256,
    snapshot: r.snapshot,
    error: r.error ?? (status === 'failed' && r.status === 'running' ? r.op_error_message : null),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

/** backupVolume's input, after global ids were resolved. */
export interface BackupVolumeInput extends MutationControl {
  instanceId: string;
  volume: string;
  consistency?: BackupConsistency | null;
  hook?: { service: string; before?: readonly string[] | null; after?: readonly string[] | null } | null;
}

/** restoreVolume's input, after global ids were resolved. */
export interface RestoreVolumeInput extends MutationControl {
  backupId: string;
  instanceId?: string | null;
  volume?: string | null;
}

/** What backupVolume answers: the backup and its operation. */
export interface BackupQueued extends Enqueued {
  backup: VolumeBackup;
}

/** The volumes an instance's services mount, by name. */
function volumesOf(row: InstanceRow): Set<string> {
  return new Set(row.services.flatMap((s) => s.volumes.map((v) => v.name)));
}

/** The instance of the caller's tenant that runs services, with `volume`, on a provider that backs up volumes. */
async function volumeTarget(
  db: DbHandle,
  registry: Registry,
  caller: Principal,
  instanceId: string,
  volume: string,
  at: { instance: string[]; volume: string[] },
): Promise<InstanceRow> {
  const row = await instances.findInstance(db, caller.tenantId, instanceId);
  if (!row) throw new NotFoundError('instance');
  if (row.source_type !== 'services')
    throw ValidationError.of(at.instance, `this instance runs a ${row.source_type} source, not services`);
  if (!volumesOf(row).has(volume))
    throw ValidationError.of(at.volume, `no service of instance ${row.name} mounts a volume "${volume}"`);
  requireCapability(providerFor(registry, row.provider_key), row.provider_key, 'volume-backup');
  return row;
}

/** The control side of volume backups. */
export class BackupService {
  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
    private readonly signal: OperationSignal,
    /** The backup store (WHEELHOUSE_BACKUP_DIR). */
    private readonly backupDir: string,
  ) {}

  /** Checks and queues one backup (backupVolume). */
  async backup(caller: Principal, input: BackupVolumeInput): Promise<BackupQueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    const consistency = input.consistency ?? 'stop';
    const hook = checkHook(p, consistency, input.hook, ['input']);
    p.throwIfAny();
    const row = await volumeTarget(this.db, this.registry, caller, input.instanceId, input.volume, {
      instance: ['input', 'instanceId'],
      volume: ['input', 'volume'],
    });
    if (hook && !row.services.some((s) => s.name === hook.service))
      throw ValidationError.of(['input', 'hook', 'service'], `the instance has no service "${hook.service}"`);

    const backupId = randomUUID();
    const enqueued = await enqueueIdempotent(
      { db: this.db, signal: this.signal },
      caller,
      input,
      'backup',
      input.instanceId,
      async (tx) => {
        const locked = await instances.lockInstance(tx, caller.tenantId, input.instanceId);
        if (!locked) throw new NotFoundError('instance');
        assertAllowed('backup', locked.state, locked.desired_state);
        const op = await queueBackupLocked(tx, locked, {
          backupId,
          caller,
          volume: input.volume,
          consistency,
          hook,
          scheduleId: null,
          idempotency: idempotencyOf('backup', input),
        });
        return { instanceRow: locked, opRow: op };
      },
    );
    const made = await backups.findVolumeBackupByOperation(this.db, caller.tenantId, enqueued.operation.id);
    if (!made) throw new NotFoundError('volume backup');
    return { ...enqueued, backup: toVolumeBackup(made) };
  }

  /** Checks and queues one restore (restoreVolume), on the target instance. */
  async restore(caller: Principal, input: RestoreVolumeInput): Promise<Enqueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    const found = await backups.findVolumeBackup(this.db, caller.tenantId, input.backupId);
    if (!found) throw new NotFoundError('volume backup');
    const backup = toVolumeBackup(found);
    if (backup.status !== 'succeeded')
      throw ValidationError.of(['input', 'backupId'], `the backup is ${backup.status}: only a succeeded one restores`);
    const targetId = input.instanceId ?? backup.instanceId;
    const volume = input.volume ?? backup.volume;
    const target = await volumeTarget(this.db, this.registry, caller, targetId, volume, {
      instance: ['input', 'instanceId'],
      volume: ['input', 'volume'],
    });
    if (backup.snapshot && targetId !== backup.instanceId) {
      // A platform snapshot makes a volume only where the platform keeps it: the same provider.
      const source = await instances.findInstance(this.db, caller.tenantId, backup.instanceId);
      if (source?.provider_key !== target.provider_key)
        throw ValidationError.of(
          ['input', 'instanceId'],
          `the backup is a snapshot kept by provider "${source?.provider_key ?? '(gone)'}": it restores only into an instance of that provider`,
        );
    }
    return enqueueIdempotent({ db: this.db, signal: this.signal }, caller, input, 'restore', targetId, async (tx) => {
      const locked = await instances.lockInstance(tx, caller.tenantId, targetId);
      if (!locked) throw new NotFoundError('instance');
      assertAllowed('restore', locked.state, locked.desired_state);
      const op = await enqueueOperation(tx, {
        instance: locked,
        kind: 'restore',
        params: { restore: { backupId: backup.id, volume } },
        caller,
        idempotency: idempotencyOf('restore', input),
        message: `restore of backup ${backup.id} into volume ${volume} queued`,
        data: { kind: 'restore', backupId: backup.id, volume },
      });
      return { instanceRow: locked, opRow: op };
    });
  }

  /** Removes a backup's archive from the store (or its snapshot from the platform), then its record (deleteVolumeBackup). */
  async delete(caller: Principal, id: string): Promise<void> {
    const row = await backups.findVolumeBackup(this.db, caller.tenantId, id);
    if (!row) throw new NotFoundError('volume backup');
    // One still running has no archive to delete yet (its operation would write one after): cancel it first.
    if (toVolumeBackup(row).status === 'running')
      throw new NotFoundError('finished volume backup (this one still runs: cancel its operation first)');
    if (row.snapshot) await this.#deleteSnapshot(caller, row.instance_id, row.snapshot);
    else await rm(archivePath(this.backupDir, row), { force: true });
    await backups.deleteVolumeBackup(this.db, caller.tenantId, id);
  }

  /** Deletes a snapshot backup's snapshot on the provider of its instance (the record is kept when that fails). */
  async #deleteSnapshot(caller: Principal, instanceId: string, snapshot: string): Promise<void> {
    const row = await instances.findInstance(this.db, caller.tenantId, instanceId);
    if (!row) throw new NotFoundError('instance');
    const { ctx, provider } = await acquireProvider(this.registry, row.provider_key, AbortSignal.timeout(60_000));
    const engine = provider.engines.volumeBackups;
    if (engine?.mode !== 'snapshot')
      throw new CapabilityNotSupportedError(
        'volume-backup',
        row.provider_key,
        `the backup is snapshot ${snapshot}, and this provider no longer takes snapshots: delete it on the platform`,
      );
    await engine.deleteSnapshot(ctx, instanceId, snapshot);
  }

  async find(tenantId: string, id: string): Promise<VolumeBackup | undefined> {
    const row = await backups.findVolumeBackup(this.db, tenantId, id);
    return row && toVolumeBackup(row);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<VolumeBackup[]> {
    return (await backups.findVolumeBackupsByIds(this.db, tenantId, ids)).map(toVolumeBackup);
  }

  /** A page of the backups a schedule made, newest first. */
  async forSchedule(
    tenantId: string,
    scheduleId: string,
    limit: number,
    before?: { createdAt: Date; id: string },
  ): Promise<VolumeBackup[]> {
    const rows = await backups.listScheduleVolumeBackups(this.db, tenantId, scheduleId, { limit, before });
    return rows.map(toVolumeBackup);
  }

  /** A page of an instance's backups (of one volume when given), newest first. */
  async forInstance(
    tenantId: string,
    instanceId: string,
    limit: number,
    volume: string | null | undefined,
    before?: { createdAt: Date; id: string },
  ): Promise<VolumeBackup[]> {
    const rows = await backups.listInstanceVolumeBackups(this.db, tenantId, instanceId, {
      limit,
      volume,
      ...(before ? { before } : {}),
    });
    return rows.map(toVolumeBackup);
  }
}

/**
 * A backup's archive in the store: `<dir>/<tenant>/<backup id>.whbak`
 * (the record's path when it has one). Only ids, never a caller's string, make the name.
 */
export function archivePath(
  backupDir: string,
  b: { id: string; tenant_id: string; archive_path?: string | null },
): string {
  return b.archive_path ?? `${backupDir}/${b.tenant_id}/${b.id}.whbak`;
}

/** Checks a HOOK's service and commands into `p` (at `path` + `hook`); the hook to store (null unless HOOK). */
export function checkHook(
  p: Problems,
  consistency: BackupConsistency,
  hook: BackupVolumeInput['hook'],
  path: (string | number)[],
): BackupHook | null {
  const at = [...path, 'hook'];
  if (consistency !== 'hook') {
    if (hook) p.add(at, 'a hook is run only with consistency HOOK');
    return null;
  }
  if (!hook) {
    p.add(at, 'consistency HOOK needs a hook (its service, and a before and/or after command)');
    return null;
  }
  if (!hook.service?.trim()) p.add([...at, 'service'], 'must name the service the commands run in');
  const before = checkArgv(p, hook.before, [...at, 'before']) ?? [];
  const after = checkArgv(p, hook.after, [...at, 'after']) ?? [];
  if (before.length === 0 && after.length === 0) p.add(at, 'a hook needs a before or an after command (or both)');
  return { service: hook.service, before, after };
}

/** One backup to queue on a locked instance: by a caller (backupVolume) or a schedule's tick (caller null). */
export interface QueuedBackupRequest {
  backupId: string;
  caller: Principal | null;
  volume: string;
  consistency: BackupConsistency;
  hook: BackupHook | null;
  scheduleId: string | null;
  idempotency: { key: string; requestHash: string } | null;
  /** The queued event's message (the default names the volume and the consistency). */
  message?: string;
}

/**
 * Queues a BACKUP operation and its `volume_backups` row (RUNNING) in the
 * caller's transaction, which holds the instance's row lock: the one path of
 * backupVolume and of a backup schedule's tick.
 */
export async function queueBackupLocked(
  tx: DbTransaction,
  locked: InstanceRow,
  req: QueuedBackupRequest,
): Promise<OperationRow> {
  const op = await enqueueOperation(tx, {
    instance: locked,
    kind: 'backup',
    params: {},
    caller: req.caller,
    idempotency: req.idempotency,
    message: req.message ?? `backup of volume ${req.volume} queued (${req.consistency})`,
    data: {
      kind: 'backup',
      backupId: req.backupId,
      volume: req.volume,
      consistency: req.consistency,
      ...(req.scheduleId ? { scheduleId: req.scheduleId } : {}),
    },
  });
  await backups.insertVolumeBackup(tx, {
    id: req.backupId,
    tenant_id: locked.tenant_id,
    instance_id: locked.id,
    operation_id: op.id,
    schedule_id: req.scheduleId,
    volume: req.volume,
    status: 'running',
    consistency: req.consistency,
    hook: req.hook ? json(req.hook) : null,
  });
  return op;
}
