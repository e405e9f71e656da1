/**
 * Volume backups on the real Docker Engine, through the API (issue 36): a
 * STOP backup of 50 MB of random files and a restore bring every file back
 * byte for byte (sha256sum on the engine); a HOOK backup runs its commands
 * (their effects in the archive and in the volume) without ever stopping the
 * service; a flipped byte in the stored archive fails the restore with the
 * volume untouched, and the archive holds no plaintext; a restore fills
 * another instance of the tenant and never another tenant's; bad input is a
 * typed error by field. No helper container is ever left on the engine.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupArchiveError, BackupDecryptor } from '../../src/control/backup-format.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { until } from './builds-support.js';
import { cancelOperation, provisionInstance, removeInstance } from './jobs-support.js';

const hasDocker = await dockerOrSkip();

const BACKUP = `mutation B($input: BackupVolumeInput!) { backupVolume(input: $input) {
  __typename
  ... on BackupVolumePayload { backup { id status consistency sizeBytes sha256 volume } operation { id kind status error { code message } } }
  ... on ValidationError { message fieldErrors { path message } }
  ... on Error { message }
} }`;

const RESTORE = `mutation R($input: RestoreVolumeInput!) { restoreVolume(input: $input) {
  __typename
  ... on RestoreVolumePayload { operation { id kind status error { code message } } }
  ... on ValidationError { message fieldErrors { path message } }
  ... on Error { message }
} }`;

const OPERATION = `query O($id: ID!) { node(id: $id) { ... on Operation { id status error { code message } } } }`;

/** A stream that keeps what is written to it in `into`. */
function collector(into: Buffer[]): Writable {
  return new Writable({
    write: (b: Buffer, _e, cb) => {
      into.push(b);
      cb();
    },
  });
}

/** The service every instance runs: the data image, its volume `data` at /data. */
const SERVICE = {
  name: 'db',
  image: TEST_IMAGES.data,
  command: ['sleep', '3600'],
  volumes: [{ name: 'data', mountPath: '/data' }],
};

describe.skipIf(!hasDocker)('volume backups on the real Docker Engine', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const stamp = Date.now().toString(36);
  let app: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let backupDir: string;
  let sourceId: string;
  let copyId: string;
  let foreignId: string;
  /** The STOP backup of test 1, restored again by later tests. */
  let stopBackup: { id: string; sha256: string };
  /** Checksums of the source volume's files when it was backed up. */
  let sumsAtBackup: string;
  const canary = `PLAINTEXT-CANARY-${randomBytes(8).toString('hex')}`;

  /** The running container of the instance's `db` service. */
  const container = async (instanceId: string) => {
    const [c] = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=db'] },
    });
    if (!c) throw new Error(`no db container for ${instanceId}`);
    return docker.getContainer(c.Id);
  };
  /** Runs `script` in the instance's db container; answers its stdout (a non-zero exit throws). */
  const sh = async (instanceId: string, script: string): Promise<string> => {
    const c = await container(instanceId);
    const exec = await c.exec({ Cmd: ['sh', '-c', script], AttachStdout: true, AttachStderr: true });
    const stream = await exec.start({ hijack: true, stdin: false });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    docker.modem.demuxStream(stream, collector(out), collector(err));
    await new Promise((r) => stream.on('end', r));
    const { ExitCode } = await exec.inspect();
    if (ExitCode !== 0) throw new Error(`${script} exited ${ExitCode}: ${Buffer.concat(err)}`);
    return Buffer.concat(out).toString('utf8');
  };
  /** sha256sum of every file of the volume, sorted by path: computed on the engine. */
  const sums = (instanceId: string) => sh(instanceId, 'cd /data && find . -type f | sort | xargs -r sha256sum');
  /** Helper containers of any backup or restore, on the whole engine. */
  const helpers = () => docker.listContainers({ all: true, filters: { label: ['wheelhouse.backup-operation'] } });
  const ofInstance = async (instanceId: string) =>
    (await helpers()).filter((c) => c.Labels['wheelhouse.instance'] === localIdOf(instanceId));
  const backup = async (token: string, input: Record<string, unknown>) =>
    (await gql(app, token, BACKUP, { input })).backupVolume;
  const restore = async (token: string, input: Record<string, unknown>) =>
    (await gql(app, token, RESTORE, { input })).restoreVolume;
  /** The decrypted tar of a backup (its archive read with this installation's key). */
  const plaintextOf = async (backupId: string): Promise<Buffer> => {
    const dec = new BackupDecryptor(app.app.services.secrets.key, localIdOf(backupId));
    const parts: Buffer[] = [];
    await pipeline(createReadStream(await archiveOf(backupId)), dec, collector(parts));
    return Buffer.concat(parts);
  };
  const archiveOf = async (backupId: string) => join(backupDir, tenant.tenantId, `${localIdOf(backupId)}.whbak`);

  beforeAll(async () => {
    backupDir = await mkdtemp(join(tmpdir(), 'wh-backups-'));
    app = await startDockerApp({ config: { backupDir }, executor: { leaseMs: 5_000, pollMs: 100 } });
    tenant = await app.newTenant();
    other = await app.newTenant();
    [sourceId, copyId, foreignId] = await Promise.all([
      provisionInstance(app, tenant.token, { name: `bk-src-${stamp}`, services: [SERVICE] }),
      provisionInstance(app, tenant.token, { name: `bk-copy-${stamp}`, services: [SERVICE] }),
      provisionInstance(app, other.token, { name: `bk-foreign-${stamp}`, services: [SERVICE] }),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (!app) return;
    await Promise.all([
      removeInstance(app, tenant.token, sourceId),
      removeInstance(app, tenant.token, copyId),
      removeInstance(app, other.token, foreignId),
    ]);
    await app.stop();
    await rm(backupDir, { recursive: true, force: true });
  }, 120_000);

  it('a STOP backup and a restore bring 50 MB of random files back byte for byte', async () => {
    await sh(
      sourceId,
      `mkdir -p /data/sub && for i in 1 2 3 4 5; do head -c 10485760 /dev/urandom > /data/sub/f$i; done; echo ${canary} > /data/known.txt; head -c 1000 /dev/urandom > /data/.hidden`,
    );
    sumsAtBackup = await sums(sourceId);
    expect(sumsAtBackup.trim().split('\n')).toHaveLength(7);
    const before = await (await container(sourceId)).inspect();

    const r = await backup(tenant.token, { instanceId: sourceId, volume: 'data', consistency: 'STOP', wait: true });
    expect(r.__typename, JSON.stringify(r)).toBe('BackupVolumePayload');
    expect(r.operation, JSON.stringify(r)).toMatchObject({ kind: 'BACKUP', status: 'SUCCEEDED' });
    expect(r.backup).toMatchObject({ status: 'SUCCEEDED', consistency: 'STOP', volume: 'data' });
    expect(r.backup.sizeBytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(r.backup.sha256).toMatch(/^[0-9a-f]{64}$/);
    stopBackup = { id: r.backup.id, sha256: r.backup.sha256 };
    // STOP stopped the service and started it again: the same container, started anew, running.
    const after = await (await container(sourceId)).inspect();
    expect(after.Id).toBe(before.Id);
    expect(after.State.Running).toBe(true);
    expect(after.State.StartedAt).not.toBe(before.State.StartedAt);
    // The record's checksum is the archived plaintext's; nothing but the archive is in the store.
    const plain = await plaintextOf(r.backup.id);
    expect((await import('node:crypto')).createHash('sha256').update(plain).digest('hex')).toBe(r.backup.sha256);
    expect(await readdir(join(backupDir, tenant.tenantId))).toEqual([`${localIdOf(r.backup.id)}.whbak`]);
    expect(await ofInstance(sourceId)).toEqual([]);

    await sh(sourceId, 'rm -rf /data/sub /data/known.txt /data/.hidden');
    expect((await sums(sourceId)).trim()).toBe('');
    const back = await restore(tenant.token, { backupId: r.backup.id, wait: true });
    expect(back.operation, JSON.stringify(back)).toMatchObject({ kind: 'RESTORE', status: 'SUCCEEDED' });
    expect(await sums(sourceId)).toBe(sumsAtBackup);
    expect(await ofInstance(sourceId)).toEqual([]);
  }, 240_000);

  it('the archive is encrypted: a known plaintext is in the volume and its tar, never in the file', async () => {
    // Positive controls: the string is in the volume, and in the archive's decrypted tar.
    expect(await sh(sourceId, 'cat /data/known.txt')).toContain(canary);
    expect((await plaintextOf(stopBackup.id)).includes(canary)).toBe(true);
    const stored = await readFile(await archiveOf(stopBackup.id));
    expect(stored.includes(Buffer.from(canary))).toBe(false);
    expect(stored.includes(Buffer.from('known.txt'))).toBe(false);
    // Another installation's key opens nothing.
    const foreign = new BackupDecryptor(randomBytes(32), localIdOf(stopBackup.id));
    await expect(
      pipeline(
        createReadStream(await archiveOf(stopBackup.id)),
        foreign,
        new Writable({ write: (_b, _e, cb) => cb() }),
      ),
    ).rejects.toThrow(BackupArchiveError);
    await expect(
      pipeline(
        createReadStream(await archiveOf(stopBackup.id)),
        new BackupDecryptor(randomBytes(32), localIdOf(stopBackup.id)),
        new Writable({ write: (_b, _e, cb) => cb() }),
      ),
    ).rejects.toThrow(/another installation/);
  }, 60_000);

  it('a HOOK backup runs before and after in the service and never stops it', async () => {
    await sh(sourceId, 'touch /data/frozen');
    const before = await (await container(sourceId)).inspect();
    const r = await backup(tenant.token, {
      instanceId: sourceId,
      volume: 'data',
      consistency: 'HOOK',
      hook: {
        service: 'db',
        before: ['sh', '-c', 'echo dumped-by-hook > /data/dump.sql'],
        after: ['sh', '-c', 'rm /data/frozen'],
      },
      wait: true,
    });
    expect(r.operation, JSON.stringify(r)).toMatchObject({ kind: 'BACKUP', status: 'SUCCEEDED' });
    expect(r.backup.consistency).toBe('HOOK');
    const after = await (await container(sourceId)).inspect();
    expect(after.Id).toBe(before.Id);
    expect(after.State.StartedAt).toBe(before.State.StartedAt);
    expect(after.State.Running).toBe(true);
    // before's dump is in the archive, and so is the marker after removed once the copy was done.
    const tar = await plaintextOf(r.backup.id);
    expect(tar.includes(Buffer.from('dumped-by-hook'))).toBe(true);
    expect(tar.includes(Buffer.from('volume/frozen'))).toBe(true);
    expect(await sh(sourceId, 'ls /data')).not.toContain('frozen');
    expect(await sh(sourceId, 'cat /data/dump.sql')).toBe('dumped-by-hook\n');
    expect(await ofInstance(sourceId)).toEqual([]);
    await sh(sourceId, 'rm /data/dump.sql');
  }, 120_000);

  it('a restore fills another instance of the tenant, never one of another tenant', async () => {
    const into = await restore(tenant.token, { backupId: stopBackup.id, instanceId: copyId, wait: true });
    expect(into.operation, JSON.stringify(into)).toMatchObject({ kind: 'RESTORE', status: 'SUCCEEDED' });
    expect(await sums(copyId)).toBe(sumsAtBackup);
    expect(await ofInstance(copyId)).toEqual([]);

    const foreignTarget = await restore(tenant.token, { backupId: stopBackup.id, instanceId: foreignId });
    expect(foreignTarget.__typename).toBe('NotFoundError');
    const foreignBackup = await restore(other.token, { backupId: stopBackup.id, instanceId: foreignId });
    expect(foreignBackup.__typename).toBe('NotFoundError');
    const foreignBackupOf = await backup(other.token, { instanceId: sourceId, volume: 'data' });
    expect(foreignBackupOf.__typename).toBe('NotFoundError');
    expect((await sums(foreignId)).trim()).toBe('');
  }, 120_000);

  it('the CLI backs up with progress, lists, and restores into another instance, through the API', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wh-backups-cli-'));
    const env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'c.json') };
    try {
      await sh(sourceId, 'echo from-the-cli > /data/cli.txt');
      const b = await runCli(['backup', `bk-src-${stamp}`, 'data', '--consistency', 'live', '--wait'], {
        cwd: dir,
        env,
      });
      expect(b.code, b.stdout + b.stderr).toBe(0);
      expect(b.stdout).toMatch(/step archive volume data \(encrypted\) SUCCEEDED/);
      expect(b.stdout).toMatch(/BACKUP SUCCEEDED/);
      const ls = await runCli(['backups', 'ls', `bk-src-${stamp}`, '--json'], { cwd: dir, env });
      expect(ls.code, ls.stderr).toBe(0);
      const [newest] = JSON.parse(ls.stdout) as { id: string; status: string; consistency: string }[];
      expect(newest).toMatchObject({ status: 'SUCCEEDED', consistency: 'LIVE' });
      const r = await runCli(['restore', newest!.id, '--into', `bk-copy-${stamp}`, '--wait'], { cwd: dir, env });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/RESTORE SUCCEEDED/);
      expect(await sh(copyId, 'cat /data/cli.txt')).toBe('from-the-cli\n');
      expect(await sums(copyId)).toBe(await sums(sourceId));
    } finally {
      await sh(sourceId, 'rm -f /data/cli.txt');
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses bad input by field', async () => {
    const paths = (r: { fieldErrors?: { path: string[] }[] }) => (r.fieldErrors ?? []).map((e) => e.path.join('.'));
    const unknownVolume = await backup(tenant.token, { instanceId: sourceId, volume: 'nope' });
    expect(unknownVolume.__typename).toBe('ValidationError');
    expect(paths(unknownVolume)).toEqual(['input.volume']);
    const hookless = await backup(tenant.token, { instanceId: sourceId, volume: 'data', consistency: 'HOOK' });
    expect(paths(hookless)).toEqual(['input.hook']);
    const noService = await backup(tenant.token, {
      instanceId: sourceId,
      volume: 'data',
      consistency: 'HOOK',
      hook: { service: 'ghost', before: ['true'] },
    });
    expect(paths(noService)).toEqual(['input.hook.service']);
    const stray = await backup(tenant.token, {
      instanceId: sourceId,
      volume: 'data',
      hook: { service: 'db', before: ['true'] },
    });
    expect(paths(stray)).toEqual(['input.hook']);
    const badTarget = await restore(tenant.token, { backupId: stopBackup.id, volume: 'nope' });
    expect(paths(badTarget)).toEqual(['input.volume']);
  }, 60_000);

  it('a flipped byte in the stored archive fails the restore and leaves the volume as it was', async () => {
    await sh(sourceId, 'echo changed-since > /data/known.txt');
    const current = await sums(sourceId);
    const path = await archiveOf(stopBackup.id);
    const file = await open(path, 'r+');
    try {
      const at = 30 * 1024 * 1024;
      const byte = Buffer.alloc(1);
      await file.read(byte, 0, 1, at);
      byte[0] = byte[0]! ^ 0x01;
      await file.write(byte, 0, 1, at);
    } finally {
      await file.close();
    }
    const r = await restore(tenant.token, { backupId: stopBackup.id, wait: true });
    expect(r.operation?.status, JSON.stringify(r)).toBe('FAILED');
    expect(r.operation.error.code).toBe('BACKUP_INVALID');
    expect(r.operation.error.message).toMatch(/does not authenticate.*corrupted.*nothing was written/);
    expect(await sums(sourceId)).toBe(current);
    expect((await (await container(sourceId)).inspect()).State.Running).toBe(true);
    expect(await ofInstance(sourceId)).toEqual([]);
  }, 120_000);

  it('a canceled backup leaves no archive, no helper, and its service running', async () => {
    const r = await backup(tenant.token, { instanceId: sourceId, volume: 'data', consistency: 'STOP' });
    expect(r.__typename, JSON.stringify(r)).toBe('BackupVolumePayload');
    // Canceled once it runs (the copy of ~50 MB takes a moment), or while queued: either way nothing stays.
    await until('the backup to run', async () => {
      const op = (await gql(app, tenant.token, OPERATION, { id: r.operation.id })).node;
      return op.status !== 'QUEUED' ? op : undefined;
    });
    expect(await cancelOperation(app, tenant.token, r.operation.id)).toBe('CancelOperationPayload');
    const ended = await until(
      'the backup to end',
      async () => {
        const op = (await gql(app, tenant.token, OPERATION, { id: r.operation.id })).node;
        return ['CANCELED', 'SUCCEEDED', 'FAILED'].includes(op.status) ? op : undefined;
      },
      60_000,
    );
    const files = await readdir(join(backupDir, tenant.tenantId));
    if (ended.status === 'CANCELED') expect(files).not.toContain(`${localIdOf(r.backup.id)}.whbak`);
    expect(files.filter((f) => f.endsWith('.partial'))).toEqual([]);
    await until('the service to run again', async () =>
      (await (await container(sourceId)).inspect()).State.Running ? true : undefined,
    );
    expect(await ofInstance(sourceId)).toEqual([]);
  }, 120_000);

  it('deleteVolumeBackup removes the archive and the record', async () => {
    const path = await archiveOf(stopBackup.id);
    const r = await gql(
      app,
      tenant.token,
      'mutation($input: DeleteVolumeBackupInput!) { deleteVolumeBackup(input: $input) { __typename ... on DeleteVolumeBackupPayload { id } } }',
      { input: { id: stopBackup.id } },
    );
    expect(r.deleteVolumeBackup.__typename).toBe('DeleteVolumeBackupPayload');
    await expect(readFile(path)).rejects.toThrow(/ENOENT/);
    const listed = await gql(
      app,
      tenant.token,
      'query($id: ID!) { instance(id: $id) { volumeBackups(first: 50, volume: "data") { edges { node { id status } } } } }',
      { id: sourceId },
    );
    const ids = listed.instance.volumeBackups.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(ids).not.toContain(stopBackup.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(await helpers().then((h) => h.filter((c) => c.Labels['wheelhouse.tenant'] === tenant.tenantId))).toEqual([]);
  }, 60_000);
});
