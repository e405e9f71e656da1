/**
 * A STOP backup outlives the process running it (issue 36: nothing lost on a
 * crash). Wheelhouse, a real process on Postgres, is SIGKILLed mid-copy: its
 * helper container is on the engine, the service it stopped is down and a
 * partial archive is on disk. The next process on the same database re-claims
 * the operation once its lease lapses, removes the helper the dead one left,
 * deletes the partial archive, and backs up again: the backup SUCCEEDS, its
 * archive restores the volume byte for byte, the service runs again, and no
 * helper or partial file is left.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { sleep, until } from '../api/builds-support.js';
import { localIdOf } from '../support/app.js';
import { itOnPostgres, postgresServerUrl } from '../support/database.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import { shellIn } from '../support/docker-shell.js';
import { edgeLeftovers } from '../support/edge.js';
import { inFileDatabase } from '../support/postgres-file-database.js';
import { endKilledSession, startWheelhouse, type WheelhouseProcess } from '../support/wheelhouse-process.js';

const docker = new Dockerode();
const run = await dockerOrSkip();
/** Short, so the next process re-claims the backup soon after the kill. */
const ENV = { WHEELHOUSE_OPERATION_LEASE_SECONDS: '3', WHEELHOUSE_SUPERVISOR: 'false' };
/** Enough data for the copy to last a moment on a loaded machine: the kill lands inside it. */
const MEGABYTES = 120;

const OPERATION = `query O($id: ID!) { node(id: $id) { ... on Operation { status attempts error { message } } } }`;

describe.runIf(run)('a STOP backup whose Wheelhouse is SIGKILLed mid-copy', () => {
  let dir: string;
  let wh: WheelhouseProcess | undefined;
  let instanceId: string | undefined;

  /** Containers of the instance: its service's, and the backup helpers labelled with it. */
  const containers = async () =>
    docker.listContainers({ all: true, filters: { label: [`wheelhouse.instance=${localIdOf(instanceId!)}`] } });
  const helpers = async () => (await containers()).filter((c) => c.Labels['wheelhouse.backup-operation']);
  const service = async () => {
    const c = (await containers()).find((c) => c.Labels['wheelhouse.service'] === 'db');
    if (!c) throw new Error('no db container');
    return c;
  };
  /** Runs `script` in the db container; its stdout. */
  const sh = async (script: string) => shellIn(docker, (await service()).Id, script);
  const sums = () => sh('cd /data && find . -type f | sort | xargs -r sha256sum');
  /** Files under the backup store, partial ones included. */
  const stored = async () =>
    (await readdir(join(dir, 'backups'), { recursive: true }).catch(() => [] as string[])).filter((f) =>
      f.includes('.whbak'),
    );

  beforeAll(async () => {
    await ensureTestImages();
    dir = await mkdtemp(join(tmpdir(), 'wh-backup-sigkill-'));
  }, 120_000);

  afterAll(async () => {
    if (wh && instanceId && wh.child.exitCode === null)
      await Promise.race([
        wh
          .gql(
            'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input, deleteVolumes: true) { __typename } }',
            { input: { instanceId, wait: true } },
          )
          .catch(() => {}),
        sleep(30_000),
      ]);
    await endKilledSession({ wh, dir, instanceId, volumes: true });
    if (dir) {
      expect(edgeLeftovers(dir)).toEqual([]);
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  itOnPostgres(
    'the next process removes the dead one’s helper and partial archive, backs up again, and starts the service',
    async () => {
      const databaseUrl = await inFileDatabase(postgresServerUrl()!);
      wh = await startWheelhouse(dir, databaseUrl, ENV);
      const p = await wh.gql(
        `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) {
          __typename ... on ProvisionInstancePayload { instance { id } operation { status } } ... on Error { message } } }`,
        {
          input: {
            name: `bk-kill-${randomUUID().slice(0, 8)}`,
            provider: 'docker',
            wait: true,
            services: [
              {
                name: 'db',
                image: TEST_IMAGES.data,
                command: ['sleep', '3600'],
                volumes: [{ name: 'data', mountPath: '/data' }],
              },
            ],
          },
        },
      );
      if (p.provisionInstance.operation?.status !== 'SUCCEEDED') throw new Error(JSON.stringify(p));
      instanceId = p.provisionInstance.instance.id as string;
      await sh(`for i in $(seq 1 ${MEGABYTES / 10}); do head -c 10485760 /dev/urandom > /data/f$i; done`);
      const before = await sums();

      const b = await wh.gql(
        `mutation($input: BackupVolumeInput!) { backupVolume(input: $input) {
          __typename ... on BackupVolumePayload { backup { id } operation { id } } ... on Error { message } } }`,
        { input: { instanceId, volume: 'data', consistency: 'STOP' } },
      );
      if (b.backupVolume.__typename !== 'BackupVolumePayload') throw new Error(JSON.stringify(b));
      const { backup, operation } = b.backupVolume as { backup: { id: string }; operation: { id: string } };

      // Killed inside the copy: the helper on the engine, the service stopped, the partial archive on disk.
      await until('the copy to start', async () => ((await helpers()).length > 0 ? true : undefined), 120_000);
      const killed = wh.child;
      const exited = new Promise((resolve) => killed.once('exit', resolve));
      killed.kill('SIGKILL');
      await exited;
      const left = await helpers();
      expect(left.length).toBeGreaterThan(0);
      expect((await service()).State).not.toBe('running');

      wh = await startWheelhouse(dir, databaseUrl, ENV);
      const ended = await until(
        'the backup to end after the restart',
        async () => {
          const n = (await wh!.gql(OPERATION, { id: operation.id })).node;
          return n && !['QUEUED', 'RUNNING'].includes(n.status) ? n : undefined;
        },
        180_000,
      );
      expect(ended, JSON.stringify(ended)).toMatchObject({ status: 'SUCCEEDED' });
      expect(ended.attempts).toBeGreaterThan(1);
      // The dead process's helper is gone (and the new one's), the service runs, one whole archive is stored.
      const leftIds = new Set(left.map((c) => c.Id));
      expect((await containers()).filter((c) => leftIds.has(c.Id))).toEqual([]);
      expect(await helpers()).toEqual([]);
      expect((await service()).State).toBe('running');
      expect(await stored()).toEqual([expect.stringMatching(/\.whbak$/)]);

      // The archive the second run wrote is whole: a restore after the files are gone brings every one back.
      await sh('rm -f /data/f*');
      const r = await wh.gql(
        `mutation($input: RestoreVolumeInput!) { restoreVolume(input: $input) {
          __typename ... on RestoreVolumePayload { operation { status error { message } } } ... on Error { message } } }`,
        { input: { backupId: backup.id, wait: true } },
      );
      expect(r.restoreVolume.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
      expect(await sums()).toBe(before);
    },
    360_000,
  );
});
