/**
 * The executor's BACKUP and RESTORE operations (issue 36).
 *
 * BACKUP: the volume's tar, streamed out of the provider's helper, is
 * checksummed and encrypted (control/backup-format.ts) into a temporary file
 * of the backup store, renamed to its final name only once complete: a failed
 * or canceled backup leaves no archive. STOP stops the services mounting the
 * volume first (routed ones drained) and starts them again whichever way the
 * copy ends; HOOK runs `before` in the hook's service, copies, then `after`
 * (after also when the copy failed), never stopping it; LIVE copies as is.
 *
 * RESTORE: the archive is read through once and every chunk authenticated and
 * the plaintext's sha256 compared with the record BEFORE anything is written;
 * only then are the services mounting the target volume stopped, the volume
 * emptied and filled (each chunk authenticated again as it streams), and the
 * services started again.
 *
 * With a snapshot engine (Kubernetes VolumeSnapshots) the platform keeps the
 * backup: BACKUP has it take a snapshot (with the same STOP, HOOK and LIVE
 * around it) and records the snapshot's name instead of an archive; RESTORE
 * has it make the volume anew from the snapshot, the services mounting it
 * stopped and started again.
 *
 * A crash mid-run leaves the operation leased; the next executor re-claims
 * it, removes the helper the crashed run left and starts what it had
 * stopped, then runs again.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupArchiveError, BackupDecryptor, BackupEncryptor } from '../control/backup-format.js';
import { applyScheduleRetention } from '../control/backup-schedules.js';
import { archivePath } from '../control/backups.js';
import { event } from '../control/event-rows.js';
import type { Operation, OperationStep } from '../control/model.js';
import { acquireProvider } from '../control/provider-calls.js';
import { withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { VolumeBackupView } from '../db/repositories/volume-backup-repository.js';
import * as backups from '../db/repositories/volume-backup-repository.js';
import type { VolumeBackupEngine, VolumeRef } from '../providers/backups.js';
import type { CallContext, Provider } from '../providers/provider.js';
import { CanceledError } from '../providers/provider-errors.js';
import type { Masker } from './masking.js';
import { OperationFailure } from './operation-failures.js';
import { runStep } from './operation-steps.js';
import type { PerformContext, PerformResult } from './perform-operation.js';

/** How long the services stopped for a copy may take to start again (the copy's own signal may be aborted). */
const RESTART_TIMEOUT_MS = 120_000;
/** A hook command's limit. */
const HOOK_TIMEOUT_MS = 600_000;

/** The provider of the operation's instance, its backup engine, and a fresh context for what must run after a cancel. */
async function engineFor(ctx: PerformContext, op: Operation, signal: AbortSignal) {
  const row = await instances.findInstanceAnyTenant(ctx.db, op.instanceId);
  if (!row || row.tenant_id !== op.tenantId) throw new OperationFailure('NOT_FOUND', 'the instance no longer exists');
  if (!ctx.backupDir) throw new OperationFailure('INTERNAL', 'this executor was given no backup store');
  const { ctx: call, provider } = await acquireProvider(ctx.registry, row.provider_key, signal);
  const engine = provider.engines.volumeBackups;
  if (!engine) throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'this provider backs up no volumes');
  // The services mounting a volume that should be running: a stopped instance's stay stopped whatever happens.
  const mounting = (volume: string) =>
    row.desired_state === 'running'
      ? row.services.filter((sv) => sv.volumes.some((v) => v.name === volume)).map((sv) => sv.name)
      : [];
  const afterwards = async () =>
    (await acquireProvider(ctx.registry, row.provider_key, AbortSignal.timeout(RESTART_TIMEOUT_MS))).ctx;
  return { call, provider, engine, afterwards, mounting, backupDir: ctx.backupDir };
}

/**
 * Runs `copy` with the services mounting `volume` stopped, starting them
 * again whichever way it ends (with a context of its own: a cancel aborted the
 * copy's). A stop that failed part-way says nothing of what it stopped: then
 * every service of `mounting` (those mounting the volume that should run) is
 * started again.
 */
async function withVolumeStopped<T>(
  engine: VolumeBackupEngine,
  call: CallContext,
  afterwards: () => Promise<CallContext>,
  instanceId: string,
  volume: string,
  mounting: string[],
  step: (name: string, fn: () => Promise<string>) => Promise<unknown>,
  copy: () => Promise<T>,
): Promise<T> {
  let stopped: string[] | undefined;
  try {
    await step(`stop the services mounting ${volume}`, async () => {
      stopped = await engine.stopMounting(call, instanceId, volume);
      return stopped.length ? `stopped ${stopped.join(', ')}` : 'none was running';
    });
    return await copy();
  } finally {
    const again = stopped ?? mounting;
    if (again.length) await engine.startServices(await afterwards(), instanceId, again);
  }
}

/** Runs one hook command in its service; a non-zero exit fails the backup with its output. */
async function runHook(provider: Provider, call: CallContext, instanceId: string, service: string, argv: string[]) {
  const r = await provider.exec(call, instanceId, { serviceName: service, command: argv, timeoutMs: HOOK_TIMEOUT_MS });
  if (r.exitCode !== 0) {
    const said = (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ');
    throw new OperationFailure('BACKUP_HOOK_FAILED', `${argv.join(' ')} in ${service} exited ${r.exitCode}: ${said}`);
  }
  return `exited 0`;
}

/** Runs the BACKUP operation `op`. */
export async function performBackup(
  ctx: PerformContext,
  op: Operation,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<PerformResult> {
  const row = await backups.findVolumeBackupByOperation(ctx.db, op.tenantId, op.id);
  if (!row) throw new OperationFailure('NOT_FOUND', 'the backup of this operation no longer exists');
  const { call, provider, engine, afterwards, mounting, backupDir } = await engineFor(ctx, op, signal);
  const step = (name: string, fn: () => Promise<string>) => runStep(ctx.db, op, steps, masker, name, fn);
  const ref: VolumeRef = { instanceId: op.instanceId, volume: row.volume, operationId: op.id };
  const final = archivePath(backupDir, row);
  const partial = `${final}.partial`;
  try {
    await mkdir(dirname(final), { recursive: true, mode: 0o700 });
    if (op.attempts > 1)
      await recoverCrashed(engine, call, op, row.consistency === 'stop' ? mounting(row.volume) : [], partial);
    let end: Omit<backups.VolumeBackupEnd, 'status' | 'error'> | undefined;
    // A snapshot engine's platform keeps the backup; an archive engine's tar is encrypted into the store.
    const copy =
      engine.mode === 'snapshot'
        ? () =>
            step(`snapshot volume ${row.volume}`, async () => {
              const taken = await engine.snapshotVolume(call, ref);
              end = { sizeBytes: taken.sizeBytes, sha256: null, archivePath: null, snapshot: taken.snapshot };
              return `snapshot ${taken.snapshot} ready${taken.sizeBytes == null ? '' : ` (${taken.sizeBytes} bytes)`}`;
            })
        : () =>
            step(`archive volume ${row.volume} (encrypted)`, async () => {
              const out = await engine.readVolume(call, ref, async (tar) => {
                const enc = new BackupEncryptor(ctx.secrets.key, row.id);
                await pipeline(tar, enc, createWriteStream(partial, { mode: 0o600 }), { signal });
                return { bytes: enc.bytes, sha256: enc.digest() };
              });
              end = { sizeBytes: out.bytes, sha256: out.sha256, archivePath: final, snapshot: null };
              return `${out.bytes} bytes, sha256 ${out.sha256.slice(0, 12)}…`;
            });
    if (row.consistency === 'stop') {
      await withVolumeStopped(engine, call, afterwards, op.instanceId, row.volume, mounting(row.volume), step, copy);
    } else if (row.consistency === 'hook' && row.hook) {
      const hook = row.hook;
      if (hook.before.length)
        await step(`before: ${hook.before.join(' ')}`.slice(0, 200), () =>
          runHook(provider, call, op.instanceId, hook.service, hook.before),
        );
      try {
        await copy();
      } finally {
        if (hook.after.length)
          await step(`after: ${hook.after.join(' ')}`.slice(0, 200), async () =>
            runHook(provider, await afterwards(), op.instanceId, hook.service, hook.after),
          );
      }
    } else {
      await copy();
    }
    if (!end) throw new OperationFailure('INTERNAL', 'the backup was not written');
    if (end.archivePath) await rename(partial, final);
    await endBackup(ctx, op, row, { ...end, status: 'succeeded', error: null });
    if (row.schedule_id) {
      const snapshots = engine.mode === 'snapshot' ? engine : undefined;
      const deleteSnapshot = snapshots && (async (name: string) => snapshots.deleteSnapshot(call, op.instanceId, name));
      await retain(ctx.db, backupDir, op, row.schedule_id, step, deleteSnapshot);
    }
    return { outcome: null };
  } catch (err) {
    await rm(partial, { force: true });
    // A stop of this process hands the operation back: the next run records the end.
    if (signal.aborted && !(signal.reason instanceof CanceledError)) throw err;
    const message = masker.text(err instanceof Error ? err.message : String(err));
    await endBackup(ctx, op, row, {
      status: 'failed',
      sizeBytes: null,
      sha256: null,
      archivePath: null,
      snapshot: null,
      error: message,
    });
    throw err;
  }
}

/**
 * A scheduled backup that succeeded applies its schedule's retention, as a
 * step of its own. A retention that fails does not fail the backup (it is
 * made and recorded): the step says why, and the next scheduled backup's
 * retention deletes what this one did not.
 */
async function retain(
  db: PerformContext['db'],
  backupDir: string,
  op: Operation,
  scheduleId: string,
  step: (name: string, fn: () => Promise<string>) => Promise<unknown>,
  deleteSnapshot: ((snapshot: string) => Promise<void>) | undefined,
): Promise<void> {
  await step("apply the schedule's retention", async () => {
    const r = await applyScheduleRetention(db, backupDir, op.tenantId, scheduleId, new Date(), deleteSnapshot);
    if (!r) return 'the schedule was deleted or backs up no more: nothing pruned';
    const failed = r.prunedFailed ? `, ${r.prunedFailed} failed record(s) beyond the history limit` : '';
    return `kept ${r.kept} backup(s), deleted ${r.deleted}${failed}`;
  }).catch(() => undefined);
}

/**
 * After a crash: the helper it left removed, a partial archive deleted, and
 * the services mounting the volume that should run started (a STOP run or a
 * restore may have left them stopped; one scaled to zero stays so). A HOOK or
 * LIVE backup stopped none: it starts none.
 */
async function recoverCrashed(
  engine: VolumeBackupEngine,
  call: CallContext,
  op: Operation,
  mounting: string[],
  partial: string | undefined,
): Promise<void> {
  await engine.removeLeftovers(call, op.instanceId, op.id);
  if (partial) await rm(partial, { force: true });
  if (mounting.length) await engine.startServices(call, op.instanceId, mounting);
}

/** Records a backup's end and its event in one transaction (nothing when it had already ended). */
async function endBackup(ctx: PerformContext, op: Operation, row: VolumeBackupView, end: backups.VolumeBackupEnd) {
  await withTransaction(ctx.db, async (tx) => {
    if (!(await backups.finishVolumeBackup(tx, op.tenantId, row.id, end))) return;
    const ok = end.status === 'succeeded';
    await appendEvents(tx, [
      event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, ok ? 'backup.succeeded' : 'backup.failed', null, {
        message: ok
          ? `backup of volume ${row.volume} succeeded (${end.sizeBytes} bytes, ${row.consistency})`
          : `backup of volume ${row.volume} failed: ${end.error ?? ''}`,
        data: { backupId: row.id, volume: row.volume, consistency: row.consistency },
      }),
    ]);
  });
}

/** Reads `path` through a decryptor into nothing: every chunk authenticated, the plaintext's sha256 answered. */
async function verifyArchive(key: Buffer, backupId: string, path: string, signal: AbortSignal): Promise<string> {
  const dec = new BackupDecryptor(key, backupId);
  const sink = new Writable({ write: (_c, _e, cb) => cb() });
  await pipeline(createReadStream(path), dec, sink, { signal });
  return dec.digest();
}

/** Runs the RESTORE operation `op`: its params name the backup and the volume of `op`'s instance it fills. */
export async function performRestore(
  ctx: PerformContext,
  op: Operation,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<PerformResult> {
  const asked = op.params.restore;
  if (!asked) throw new OperationFailure('INTERNAL', 'a restore without its backup');
  const row = await backups.findVolumeBackup(ctx.db, op.tenantId, asked.backupId);
  if (row?.status !== 'succeeded' || !(row.sha256 || row.snapshot))
    throw new OperationFailure('NOT_FOUND', 'the backup no longer exists or did not succeed');
  const { call, engine, afterwards, mounting, backupDir } = await engineFor(ctx, op, signal);
  const step = (name: string, fn: () => Promise<string>) => runStep(ctx.db, op, steps, masker, name, fn);
  const ref: VolumeRef = { instanceId: op.instanceId, volume: asked.volume, operationId: op.id };
  const stopped = <T>(copy: () => Promise<T>) =>
    withVolumeStopped(engine, call, afterwards, op.instanceId, asked.volume, mounting(asked.volume), step, copy);
  if (row.snapshot) {
    const snapshot = row.snapshot;
    if (engine.mode !== 'snapshot')
      throw new OperationFailure(
        'CAPABILITY_NOT_SUPPORTED',
        `the backup is snapshot ${snapshot}: this provider takes none`,
      );
    if (op.attempts > 1) await recoverCrashed(engine, call, op, mounting(asked.volume), undefined);
    // The platform checks its own snapshot; the volume is made anew from it.
    await stopped(() =>
      step(`restore volume ${asked.volume} from snapshot ${snapshot}`, async () => {
        await engine.restoreSnapshot(call, ref, snapshot);
        return 'volume made from the snapshot';
      }),
    );
    return { outcome: null };
  }
  if (engine.mode !== 'archive' || !row.sha256)
    throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'the backup is an archive: this provider restores none');
  const path = archivePath(backupDir, row);
  const expected = row.sha256;
  if (op.attempts > 1) await recoverCrashed(engine, call, op, mounting(asked.volume), undefined);
  await step('verify the archive (every chunk, and its sha256)', async () => {
    let digest: string;
    try {
      digest = await verifyArchive(ctx.secrets.key, row.id, path, signal);
    } catch (err) {
      if (err instanceof BackupArchiveError)
        throw new OperationFailure('BACKUP_INVALID', `${err.message}; nothing was written`);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        throw new OperationFailure(
          'BACKUP_INVALID',
          'the archive is missing from the backup store; nothing was written',
        );
      throw err;
    }
    if (digest !== expected)
      throw new OperationFailure('BACKUP_INVALID', "the archive's sha256 differs from its record; nothing was written");
    return 'authentic';
  });
  await stopped(() =>
    step(`write volume ${asked.volume}`, async () => {
      const source = createReadStream(path);
      const dec = new BackupDecryptor(ctx.secrets.key, row.id);
      source.on('error', (e) => dec.destroy(e));
      try {
        await engine.writeVolume(call, ref, source.pipe(dec));
      } catch (err) {
        // Verified a moment ago: only a file changed since (or a disk going bad) gets here.
        if (dec.errored instanceof BackupArchiveError)
          throw new OperationFailure('BACKUP_INVALID', `${dec.errored.message}; the volume may be partly written`);
        throw err;
      }
      if (dec.digest() !== expected)
        throw new OperationFailure('BACKUP_INVALID', "the archive's sha256 changed since it was verified");
      return `${dec.bytes} bytes written`;
    }),
  );
  return { outcome: null };
}
