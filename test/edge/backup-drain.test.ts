/**
 * A STOP backup of a routed service through the real edge (real Docker
 * Engine, real HAProxy), issue 36: the service serving HTTP writes 50 MB of
 * random files to its volume; while the backup stops it, the edge sends its
 * requests to the waker, which holds them until the backup starts the service
 * again; no request fails. The files are then deleted and restored, and every
 * one is back byte for byte (sha256sum on the engine).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { shellIn } from '../support/docker-shell.js';
import {
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  failures,
  HAPROXY,
  provisionRouted,
  removeEdge,
  startEdgeApp,
  startLoad,
  waitServed,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

const BACKUP = `mutation B($input: BackupVolumeInput!) { backupVolume(input: $input) {
  __typename
  ... on BackupVolumePayload { backup { id status } operation { status error { message } } }
  ... on Error { message }
} }`;

const RESTORE = `mutation R($input: RestoreVolumeInput!) { restoreVolume(input: $input) {
  __typename
  ... on RestoreVolumePayload { operation { status error { message } } }
  ... on Error { message }
} }`;

const DEPROVISION = `mutation D($input: InstanceActionInput!) { deprovisionInstance(input: $input, deleteVolumes: true) { __typename } }`;

/** The data image serving HTTP from a directory outside the volume (a restore must not take its health check away). */
const WEB = {
  name: 'web',
  image: TEST_IMAGES.data,
  command: [
    'sh',
    '-c',
    'mkdir -p /www && echo ok > /www/healthz && echo served > /www/index.html && exec httpd -f -p 8080 -h /www',
  ],
  healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 },
  volumes: [{ name: 'data', mountPath: '/data' }],
};

describe.runIf(run)('a STOP backup of a routed service', () => {
  let dataDir: string;
  let backupDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let instanceId: string;

  /** The service's one container on the engine. */
  const container = async () => {
    const [c] = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=web'] },
    });
    if (!c) throw new Error('no web container');
    return docker.getContainer(c.Id);
  };
  /** Runs `script` in the service's container; its stdout (a non-zero exit throws). */
  const sh = async (script: string) => shellIn(docker, (await container()).id, script);
  const sums = () => sh('cd /data && find . -type f | sort | xargs -r sha256sum');

  beforeAll(async () => {
    dataDir = edgeDataDir();
    backupDir = await mkdtemp(join(tmpdir(), 'wh-backup-drain-'));
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider, { backupDir, edge: { wakeHoldSeconds: 30 } });
    tenant = await app.newTenant();
    instanceId = await provisionRouted(app, tenant.token, { name: 'drained', services: [WEB] });
  }, 180_000);

  afterAll(async () => {
    // The volume goes too: it holds 50 MB of this test's files.
    if (app && tenant && instanceId)
      await gql(app, tenant.token, DEPROVISION, { input: { instanceId, wait: true } }).catch(() => undefined);
    await app?.stop();
    if (provider) await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
    await rm(backupDir, { recursive: true, force: true });
  }, 120_000);

  it('holds requests while the service is stopped (none fails), and a restore brings 50 MB back byte for byte', async () => {
    const url = await waitServed(app, tenant.token, instanceId);
    await sh(
      'for i in 1 2 3 4 5; do head -c 10485760 /dev/urandom > /data/f$i; done; mkdir -p /data/sub && echo x > /data/sub/y',
    );
    const before = await sums();
    expect(before.trim().split('\n')).toHaveLength(6);
    const stoppedBefore = (await (await container()).inspect()).State.FinishedAt;

    const load = startLoad(url, 2, 40_000);
    const r = (
      await gql(app, tenant.token, BACKUP, { input: { instanceId, volume: 'data', consistency: 'STOP', wait: true } })
    ).backupVolume;
    // Requests keep coming a moment after the service is back, through the edge again.
    await new Promise((done) => setTimeout(done, 1000));
    const samples = await load.stop();
    expect(r.operation, JSON.stringify(r)).toMatchObject({ status: 'SUCCEEDED' });

    // The service was stopped for the copy: its container stopped and started again after the load began.
    const state = (await (await container()).inspect()).State;
    expect(state.FinishedAt).not.toBe(stoppedBefore);
    const stoppedAt = Date.parse(state.FinishedAt);
    const startedAt = Date.parse(state.StartedAt);
    expect(startedAt).toBeGreaterThan(stoppedAt);
    // Positive control: requests were in flight when the service started again, so they were sent while no
    // replica ran (one served by the old replica ended before it stopped): the waker held them.
    const held = samples.filter((s) => s.start < startedAt && s.end > startedAt);
    expect(held.length, `${samples.length} requests, none held across the stop`).toBeGreaterThan(0);
    expect(failures(samples).slice(0, 5)).toEqual([]);
    expect(held.every((s) => s.body === 'served\n')).toBe(true);

    await sh('rm -rf /data/f1 /data/f2 /data/f3 /data/f4 /data/f5 /data/sub');
    expect(await sums()).toBe('');
    const restored = (await gql(app, tenant.token, RESTORE, { input: { backupId: r.backup.id, wait: true } }))
      .restoreVolume;
    expect(restored.operation, JSON.stringify(restored)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await sums()).toBe(before);
  }, 240_000);
});
