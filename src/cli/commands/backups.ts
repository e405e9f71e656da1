import type { Command } from 'commander';
import {
  type BackupConsistency,
  BackupVolumeDocument,
  DeleteVolumeBackupDocument,
  InstanceVolumeBackupsDocument,
  RestoreVolumeDocument,
  VolumeBackupInstanceDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { runLifecycle } from '../lifecycle.js';
import { followTarget, type GlobalOptions, requireInstance, withSession } from '../session.js';

interface BackupOptions extends GlobalOptions {
  consistency?: string;
  hookService?: string;
  before?: string;
  after?: string;
  wait?: boolean;
}

interface RestoreOptions extends GlobalOptions {
  into?: string;
  volume?: string;
  wait?: boolean;
}

const WAIT_HELP = 'follow the operation to its end, printing its steps (exit 1 if it fails)';
const CONSISTENCIES: Record<string, BackupConsistency> = {
  stop: 'STOP',
  hook: 'HOOK',
  live: 'LIVE',
};

/** `backup NAME VOLUME`, `backups ls|rm`, `restore BACKUP_ID` (issue 36), through the public API only. */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description("back up one volume of an instance, encrypted with a key derived from the installation's vault key")
    .argument('<name>', 'instance name')
    .argument('<volume>', "the volume's name in the service specs")
    .option('--consistency <mode>', 'stop (default: stop the services mounting it), hook, or live')
    .option('--hook-service <service>', 'hook: the service the commands run in')
    .option('--before <command>', 'hook: a shell command run before the copy (sh -c)')
    .option('--after <command>', 'hook: a shell command run after the copy (sh -c)')
    .option('-w, --wait', WAIT_HELP)
    .action(async (name: string, volume: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<BackupOptions>();
      const mode = (opts.consistency ?? (opts.hookService ? 'hook' : 'stop')).toLowerCase();
      const consistency = CONSISTENCIES[mode];
      if (!consistency) throw usageError(`--consistency must be stop, hook or live, not "${opts.consistency}"`);
      const hook = opts.hookService
        ? {
            service: opts.hookService,
            ...(opts.before ? { before: ['sh', '-c', opts.before] } : {}),
            ...(opts.after ? { after: ['sh', '-c', opts.after] } : {}),
          }
        : undefined;
      if (!hook && (opts.before || opts.after)) throw usageError('--before and --after need --hook-service');
      await withSession(opts, async (session) => {
        const instance = await requireInstance(session.client, name);
        await runLifecycle(
          session,
          await followTarget(session.client, instance),
          async () =>
            (
              await session.client.request(BackupVolumeDocument, {
                input: { instanceId: instance.id, volume, consistency, ...(hook ? { hook } : {}) },
              })
            ).backupVolume,
          opts.wait ?? false,
        );
      });
    });

  const backups = program.command('backups').description("an instance's volume backups");
  backups
    .command('ls')
    .description("list an instance's volume backups, newest first")
    .argument('<name>', 'instance name')
    .option('--volume <volume>', "only this volume's")
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { volume?: string }>();
      await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        const data = await client.request(InstanceVolumeBackupsDocument, {
          id: instance.id,
          first: 100,
          volume: opts.volume ?? null,
        });
        const rows = data.instance?.volumeBackups.edges.map((e) => e.node) ?? [];
        out.table(
          ['ID', 'VOLUME', 'STATUS', 'CONSISTENCY', 'SIZE', 'CREATED'],
          rows.map((b) => [
            b.id,
            b.volume,
            b.status,
            b.consistency,
            b.sizeBytes == null ? null : `${(b.sizeBytes / 1024 / 1024).toFixed(1)}Mi`,
            b.createdAt,
          ]),
          rows,
        );
      });
    });
  backups
    .command('rm')
    .description('delete a backup: its archive from the store, then its record')
    .argument('<id>', 'the backup id (from backups ls)')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(DeleteVolumeBackupDocument, { input: { id } })).deleteVolumeBackup);
        out.result(r, `deleted ${r.id}`);
      });
    });

  program
    .command('restore')
    .description(
      "write a backup back into its volume (the services mounting it stopped and started again), or into another instance's",
    )
    .argument('<backup-id>', 'the backup id (from backups ls)')
    .option('--into <name>', 'another instance of the tenant to fill')
    .option('--volume <volume>', "the volume to fill (default: the backup's volume name)")
    .option('-w, --wait', WAIT_HELP)
    .action(async (backupId: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<RestoreOptions>();
      await withSession(opts, async (session) => {
        const into = opts.into ? await requireInstance(session.client, opts.into) : undefined;
        // Progress is read on the instance the restore fills: the one named, or the backup's own.
        const backup = await session.client.request(VolumeBackupInstanceDocument, { id: backupId });
        const own = backup.node && 'instance' in backup.node ? backup.node.instance : undefined;
        if (!into && !own) throw new CliError(`no backup with id ${backupId}`, ExitCode.FAILED);
        const target = await followTarget(session.client, (into ?? own)!);
        await runLifecycle(
          session,
          target,
          async () =>
            (
              await session.client.request(RestoreVolumeDocument, {
                input: {
                  backupId,
                  ...(into ? { instanceId: into.id } : {}),
                  ...(opts.volume ? { volume: opts.volume } : {}),
                },
              })
            ).restoreVolume,
          opts.wait ?? false,
        );
      });
    });
}
