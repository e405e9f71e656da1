/**
 * Volume backups (issue 36): VolumeBackup, Instance.volumeBackups, and the
 * backupVolume, restoreVolume and deleteVolumeBackup mutations.
 */
import type { BackupQueued, VolumeBackup } from '../control/backups.js';
import {
  CapabilityNotSupportedError,
  ForbiddenError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { Enqueued } from '../control/idempotency.js';
import { BackupConsistencyEnum, BackupHookInput } from './backup-inputs.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { newestFirstPage, recordInstance, recordOperation } from './operation-records.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef, OperationRef } from './refs.js';
import { loadSchedules, ScheduleRef } from './schedules.js';

export const VolumeBackupRef = builder.objectRef<VolumeBackup>('VolumeBackup');

const VolumeBackupStatusEnum = builder.enumType('VolumeBackupStatus', {
  description: 'Where a volume backup is.',
  values: {
    RUNNING: { value: 'running', description: 'Queued or being copied (its operation says which).' },
    SUCCEEDED: {
      value: 'succeeded',
      description:
        'Archived, encrypted, in the backup store (or, see `snapshot`, a snapshot the platform keeps and says is ready): it can be restored.',
    },
    FAILED: { value: 'failed', description: 'Did not complete (see its operation); no archive or snapshot was left.' },
    DELETED: {
      value: 'deleted',
      description: 'Its archive (or snapshot) was deleted (by retention or deleteVolumeBackup).',
    },
  } as const,
});

builder.loadableNode(VolumeBackupRef, {
  description:
    'One encrypted, checksummed archive of one volume of an instance in the backup store, or a snapshot of it the platform keeps (a Kubernetes VolumeSnapshot, see `snapshot`); made by an operation of kind BACKUP.',
  id: { resolve: (b) => b.id },
  // Another tenant's backup is missing alike (the ids it found, as every node's loader).
  load: (ids: string[], ctx: GraphQLContext) => ctx.services.backups.byIds(ctx.principal.tenantId, ids),
  sort: (b) => b.id,
  fields: (t) => ({
    instance: t.field({
      type: InstanceRef,
      description: 'The instance whose volume it archives.',
      resolve: (b, _a, ctx) => recordInstance(b, ctx),
    }),
    volume: t.exposeString('volume', { description: "The volume's name in the service specs." }),
    status: t.field({ type: VolumeBackupStatusEnum, description: 'Where it is.', resolve: (b) => b.status }),
    consistency: t.field({
      type: BackupConsistencyEnum,
      description: 'How the volume was kept consistent.',
      resolve: (b) => b.consistency,
    }),
    sizeBytes: t.float({
      nullable: true,
      description:
        'Bytes of the archived content (the tar), once it succeeded; for a snapshot, its restore size as the platform reports it.',
      resolve: (b) => b.sizeBytes,
    }),
    sha256: t.exposeString('sha256', {
      nullable: true,
      description:
        "Hex sha256 of the stored archive's plaintext (checked before a restore writes); null for a snapshot.",
    }),
    snapshot: t.exposeString('snapshot', {
      nullable: true,
      description:
        "The platform snapshot that holds this backup (a Kubernetes VolumeSnapshot's name, in the instance's namespace) when the provider snapshots volumes: then there is no archive in the backup store, no sha256, and sizeBytes is the size a volume restored from it needs. Null for an archive.",
    }),
    schedule: t.loadable({
      type: ScheduleRef,
      nullable: true,
      description: 'The schedule that made it; null for backupVolume (or a deleted schedule).',
      load: loadSchedules,
      resolve: (b: VolumeBackup) => b.scheduleId,
    }),
    operation: t.field({
      type: OperationRef,
      description: 'The BACKUP operation that made it.',
      resolve: (b, _a, ctx) => recordOperation(b, ctx),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Asked.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: "When its schedule's retention deletes it (null: kept until deleted).",
    }),
  }),
});

builder.objectFields(InstanceRef, (t) => ({
  volumeBackups: t.connection(
    {
      type: VolumeBackupRef,
      description: 'Backups of its volumes (of one volume when `volume` is given), newest first.',
      args: { volume: t.arg.string({ description: "Only this volume's backups." }) },
      resolve: (i, args, ctx) =>
        newestFirstPage(args, (limit, before) =>
          ctx.services.backups.forInstance(ctx.principal.tenantId, i.id, limit, args.volume, before),
        ),
    },
    { name: 'InstanceVolumeBackupsConnection', description: "A page of an instance's volume backups." },
    { name: 'InstanceVolumeBackupsEdge', description: 'A volume backup and its cursor.' },
  ),
}));

builder.objectFields(ScheduleRef, (t) => ({
  backups: t.connection(
    {
      type: VolumeBackupRef,
      description:
        "A backup schedule's backups, newest first: those its retention keeps (with their expiresAt), the running one, and failed ones up to its history limit. Empty for a schedule of jobs.",
      resolve: (s, args, ctx) =>
        newestFirstPage(args, (limit, before) =>
          ctx.services.backups.forSchedule(ctx.principal.tenantId, s.id, limit, before),
        ),
    },
    { name: 'ScheduleBackupsConnection', description: "A page of a backup schedule's backups." },
    { name: 'ScheduleBackupsEdge', description: 'A volume backup and its cursor.' },
  ),
}));

const BackupVolumeInput = builder.inputType('BackupVolumeInput', {
  description: 'One volume of an instance to back up.',
  fields: (t) => ({
    instanceId: t.id({ required: true, description: 'The instance (global id).' }),
    volume: t.string({ required: true, description: "The volume's name in the service specs." }),
    consistency: t.field({
      type: BackupConsistencyEnum,
      defaultValue: 'stop',
      description: 'How the volume is kept consistent while it is read (STOP by default).',
    }),
    hook: t.field({ type: BackupHookInput, description: 'For HOOK: the service and its before/after commands.' }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same backup.' }),
    wait: t.boolean({ defaultValue: false, description: 'Return only once the backup has ended.' }),
  }),
});

const RestoreVolumeInput = builder.inputType('RestoreVolumeInput', {
  description: "A backup to write back into a volume (the backup's own, or one of another instance of the tenant).",
  fields: (t) => ({
    backupId: t.id({ required: true, description: 'The backup (global id of a VolumeBackup).' }),
    instanceId: t.id({ description: "Another instance of the tenant to fill; null: the backup's own." }),
    volume: t.string({ description: "The volume to fill; null: the backup's volume name." }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same operation.' }),
    wait: t.boolean({ defaultValue: false, description: 'Return only once the restore has ended.' }),
  }),
});

const DeleteVolumeBackupInput = builder.inputType('DeleteVolumeBackupInput', {
  description: 'A backup to delete.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The backup (global id).' }) }),
});

const BackupVolumePayload = builder.objectRef<BackupQueued>('BackupVolumePayload').implement({
  description: 'The backup, running (or ended, with wait), and its operation.',
  fields: (t) => ({
    backup: t.field({ type: VolumeBackupRef, description: 'The backup.', resolve: (p) => p.backup }),
    operation: t.field({ type: OperationRef, description: 'Its BACKUP operation.', resolve: (p) => p.operation }),
  }),
});

const RestoreVolumePayload = builder.objectRef<Enqueued>('RestoreVolumePayload').implement({
  description: 'The RESTORE operation, queued (or ended, with wait).',
  fields: (t) => ({
    operation: t.field({ type: OperationRef, description: 'Its RESTORE operation.', resolve: (p) => p.operation }),
  }),
});

const DeleteVolumeBackupPayload = builder.objectRef<{ id: string }>('DeleteVolumeBackupPayload').implement({
  description: 'The backup deleted: its archive and its record.',
  fields: (t) => ({ id: t.id({ description: 'The global id it had.', resolve: (p) => p.id }) }),
});

const ENQUEUE_ERRORS = [
  ValidationError,
  NotFoundError,
  CapabilityNotSupportedError,
  InvalidStateError,
  IdempotencyConflictError,
  ForbiddenError,
  RateLimitedError,
];

builder.mutationFields((t) => ({
  backupVolume: t.field({
    type: BackupVolumePayload,
    description:
      'Archives one volume of an instance, checksummed and encrypted with a key derived from the vault key, into the backup store (an operation of kind BACKUP; cancelOperation stops it and leaves no archive).',
    authScopes: { deploy: true },
    errors: {
      types: ENQUEUE_ERRORS,
      union: { name: 'BackupVolumeResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: BackupVolumeInput, required: true, description: 'What to back up.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      const queued = await ctx.services.backups.backup(ctx.principal, { ...input, instanceId });
      if (!input.wait) return queued;
      const operation = await ctx.services.instances.waitFor(ctx.principal.tenantId, queued.operation.id);
      const backup = (await ctx.services.backups.find(ctx.principal.tenantId, queued.backup.id)) ?? queued.backup;
      return { ...queued, operation, backup };
    }),
  }),
  restoreVolume: t.field({
    type: RestoreVolumePayload,
    description:
      "Writes a backup back into a volume (an operation of kind RESTORE on the target instance): the archive's every chunk and its sha256 are verified before anything is written, then the services mounting the volume are stopped, its content replaced, and they are started again.",
    authScopes: { deploy: true },
    errors: {
      types: ENQUEUE_ERRORS,
      union: { name: 'RestoreVolumeResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: RestoreVolumeInput, required: true, description: 'What to restore, and where.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const backupId = localId(String(input.backupId), 'VolumeBackup', 'volume backup');
      const instanceId = input.instanceId ? localId(String(input.instanceId), 'Instance') : null;
      const queued = await ctx.services.backups.restore(ctx.principal, { ...input, backupId, instanceId });
      if (!input.wait) return queued;
      const operation = await ctx.services.instances.waitFor(ctx.principal.tenantId, queued.operation.id);
      return { ...queued, operation };
    }),
  }),
  deleteVolumeBackup: t.field({
    type: DeleteVolumeBackupPayload,
    description:
      "Deletes a backup: its archive from the store (or its snapshot from the provider's platform), then its record. One still running is not found (cancel its operation first).",
    authScopes: { deploy: true },
    errors: {
      types: [NotFoundError, CapabilityNotSupportedError, ForbiddenError, RateLimitedError],
      union: { name: 'DeleteVolumeBackupResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: DeleteVolumeBackupInput, required: true, description: 'The backup.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      await ctx.services.backups.delete(ctx.principal, localId(String(input.id), 'VolumeBackup', 'volume backup'));
      return { id: String(input.id) };
    }),
  }),
}));
