/**
 * Volume backups on Kubernetes as CSI VolumeSnapshots (issue 36), through the
 * API, on the in-process stand-in with the snapshot CRDs and a snapshot
 * class: a STOP backup snapshots the instance's claim with its pods gone and
 * scales them back; a LIVE one cuts it with the pod running; a restore
 * replaces the claim with one made from the snapshot, which the workload
 * mounts again, with the content the snapshot was cut with; a restore fills
 * another instance of the tenant and never another tenant's; deleting the
 * backup deletes the snapshot. A provider without a snapshot class has no
 * VOLUME_BACKUP; one whose class the cluster lacks fails the backup saying so,
 * with nothing left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { PlatformSchedules } from '../../src/worker/schedule-platform.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp, until } from '../support/kube-app.js';

const NS = 'wh-snapshots';
const IMAGE = 'registry.test/snap:v1';
const CLASS = 'csi-snap';

const BACKUP = `mutation($input: BackupVolumeInput!) { backupVolume(input: $input) { __typename
  ... on BackupVolumePayload { backup { id } operation { status error { code message } } }
  ... on Error { message } } }`;
const RESTORE = `mutation($input: RestoreVolumeInput!) { restoreVolume(input: $input) { __typename
  ... on RestoreVolumePayload { operation { status error { code message } } }
  ... on Error { message } } }`;
const DELETE = `mutation($id: ID!) { deleteVolumeBackup(input: { id: $id }) { __typename
  ... on DeleteVolumeBackupPayload { id } ... on Error { message } } }`;
const OPERATION_OF = `query($id: ID!) { node(id: $id) { ... on VolumeBackup { operation { id } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { ... on VolumeBackup {
  status consistency sizeBytes sha256 snapshot instance { id } } } }`;

describe('Kubernetes: volume backups as VolumeSnapshots', () => {
  let k: KubeApp;
  let instanceId: string;
  let claim: string;
  let workload: string;
  let backup: { id: string; snapshot: string };

  beforeAll(async () => {
    k = await startKubeApp(NS, [IMAGE], { volumeSnapshotClass: CLASS });
    k.fake.snapshots.installApi();
    k.fake.snapshots.addClass(CLASS);
    const p = await provisionOn(k, spec('snap-a'));
    expect(p.operation.status, JSON.stringify(p)).toBe('SUCCEEDED');
    instanceId = p.instance.id;
    workload = `wh-${localIdOf(instanceId)}`;
    claim = `${workload}-data`;
  }, 60_000);
  afterAll(async () => {
    await k?.close();
  });

  function spec(name: string, provider?: string) {
    return {
      name,
      ...(provider ? { provider } : {}),
      services: [{ name: 'db', image: IMAGE, volumes: [{ name: 'data', mountPath: '/data', sizeMb: 64 }] }],
    };
  }

  /** Live pods of the workload that mount `claimName`, once running and ready. */
  function readyPodsMounting(claimName: string): number {
    return k.fake
      .list('pods', NS)
      .filter(
        (p) =>
          !p.metadata.deletionTimestamp &&
          p.metadata.ownerReferences?.[0]?.name === workload &&
          p.status.conditions?.some(
            (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
          ) &&
          p.spec.volumes?.some(
            (v: { persistentVolumeClaim?: { claimName: string } }) => v.persistentVolumeClaim?.claimName === claimName,
          ),
      ).length;
  }

  async function backupOf(input: Record<string, unknown>, token = k.token) {
    const r = (await gql(k.app, token, BACKUP, { input: { wait: true, ...input } })).backupVolume;
    expect(r.__typename, JSON.stringify(r)).toBe('BackupVolumePayload');
    const node = (await gql(k.app, token, NODE, { id: r.backup.id })).node;
    return { id: r.backup.id as string, operation: r.operation, ...node };
  }

  it('a STOP backup snapshots the claim with the pods gone, and scales them back', async () => {
    k.fake.snapshots.writeVolume(NS, claim, { '/data/a.txt': 'first' });
    const cutsBefore = k.fake.snapshots.cuts.length;
    const b = await backupOf({ instanceId, volume: 'data', consistency: 'STOP' });
    expect(b.operation, JSON.stringify(b.operation)).toEqual({ status: 'SUCCEEDED', error: null });
    expect(b).toMatchObject({ status: 'SUCCEEDED', consistency: 'STOP', sha256: null, sizeBytes: 64 * 1024 * 1024 });
    // Named after the instance, the volume and the BACKUP operation.
    expect(b.snapshot).toMatch(new RegExp(`^${workload}-data-[0-9a-f-]{36}$`));
    const snap = k.fake.get('volumesnapshots', NS, b.snapshot);
    expect(snap?.spec).toEqual({ volumeSnapshotClassName: CLASS, source: { persistentVolumeClaimName: claim } });
    expect(snap?.metadata.labels['wheelhouse.dev/instance']).toBe(localIdOf(instanceId));
    expect(snap?.status.readyToUse).toBe(true);
    // Cut once, of this claim, while no pod mounted it: the deployment was scaled to zero first.
    expect(k.fake.snapshots.cuts.slice(cutsBefore)).toEqual([
      { namespace: NS, snapshot: b.snapshot, claim, podsMounting: 0 },
    ]);
    // And back: the replicas it had, its pod mounting the same claim again.
    expect(k.fake.get('deployments', NS, workload)?.spec.replicas).toBe(1);
    await until(() => readyPodsMounting(claim) === 1, 'the pod back, mounting the claim');
    backup = { id: b.id, snapshot: b.snapshot };
  });

  it('a LIVE backup cuts the snapshot with the pod running, and stops nothing', async () => {
    const cutsBefore = k.fake.snapshots.cuts.length;
    const podsOf = () =>
      k.fake
        .list('pods', NS)
        .filter((p) => p.metadata.ownerReferences?.[0]?.name === workload)
        .map((p) => `${p.metadata.name}${p.metadata.deletionTimestamp ? ' (terminating)' : ''}`);
    const podsBefore = podsOf();
    const b = await backupOf({ instanceId, volume: 'data', consistency: 'LIVE' });
    expect(b.status, JSON.stringify(b.operation)).toBe('SUCCEEDED');
    expect(k.fake.snapshots.cuts.slice(cutsBefore)).toEqual([
      { namespace: NS, snapshot: b.snapshot, claim, podsMounting: 1 },
    ]);
    // The same pod throughout: nothing was scaled.
    expect(podsOf()).toEqual(podsBefore);
    const del = await gql(k.app, k.token, DELETE, { id: b.id });
    expect(del.deleteVolumeBackup.__typename).toBe('DeleteVolumeBackupPayload');
  });

  it('a HOOK backup runs its commands around the snapshot, stopping nothing; a failing before takes none', async () => {
    const cutsBefore = k.fake.snapshots.cuts.length;
    const hook = { service: 'db', before: ['echo', 'frozen'], after: ['echo', 'thawed'] };
    const b = await backupOf({ instanceId, volume: 'data', consistency: 'HOOK', hook });
    expect(b.status, JSON.stringify(b.operation)).toBe('SUCCEEDED');
    const steps = (
      await gql(k.app, k.token, 'query($id: ID!) { node(id: $id) { ... on Operation { steps { name status } } } }', {
        id: (await gql(k.app, k.token, OPERATION_OF, { id: b.id })).node.operation.id,
      })
    ).node.steps.map((s: { name: string; status: string }) => `${s.name}: ${s.status}`);
    expect(steps).toEqual([
      'before: echo frozen: SUCCEEDED',
      `snapshot volume data: SUCCEEDED`,
      'after: echo thawed: SUCCEEDED',
    ]);
    expect(k.fake.snapshots.cuts.slice(cutsBefore)).toEqual([
      { namespace: NS, snapshot: b.snapshot, claim, podsMounting: 1 },
    ]);

    const failing = { service: 'db', before: ['sh', '-c', 'exit 3'] };
    const f = await backupOf({ instanceId, volume: 'data', consistency: 'HOOK', hook: failing });
    expect(f.status).toBe('FAILED');
    expect(f.operation.error.code).toBe('BACKUP_HOOK_FAILED');
    expect(f.snapshot).toBeNull();
    expect(k.fake.snapshots.cuts.length).toBe(cutsBefore + 1);
    for (const id of [b.id, f.id]) await gql(k.app, k.token, DELETE, { id });
    expect(k.fake.get('volumesnapshots', NS, b.snapshot)).toBeUndefined();
  });

  it('a restore replaces the claim with one made from the snapshot, which the workload mounts', async () => {
    k.fake.snapshots.writeVolume(NS, claim, { '/data/a.txt': 'changed', '/data/b.txt': 'new' });
    const before = k.fake.get('persistentvolumeclaims', NS, claim);
    const r = (await gql(k.app, k.token, RESTORE, { input: { backupId: backup.id, wait: true } })).restoreVolume;
    expect(r.__typename, JSON.stringify(r)).toBe('RestoreVolumePayload');
    expect(r.operation, JSON.stringify(r.operation)).toEqual({ status: 'SUCCEEDED', error: null });
    const after = k.fake.get('persistentvolumeclaims', NS, claim);
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
    expect(after?.spec.dataSource).toEqual({
      apiGroup: 'snapshot.storage.k8s.io',
      kind: 'VolumeSnapshot',
      name: backup.snapshot,
    });
    expect(after?.status.phase).toBe('Bound');
    expect(k.fake.snapshots.readVolume(NS, claim)).toEqual({ '/data/a.txt': 'first' });
    expect(k.fake.get('deployments', NS, workload)?.spec.replicas).toBe(1);
    await until(() => readyPodsMounting(claim) === 1, 'the pod back, mounting the restored claim');
  });

  it('a restore fills another instance of the tenant, never one of another tenant', async () => {
    const p = await provisionOn(k, spec('snap-b'));
    expect(p.operation.status).toBe('SUCCEEDED');
    const otherClaim = `wh-${localIdOf(p.instance.id)}-data`;
    const r = (
      await gql(k.app, k.token, RESTORE, { input: { backupId: backup.id, instanceId: p.instance.id, wait: true } })
    ).restoreVolume;
    expect(r.operation, JSON.stringify(r)).toEqual({ status: 'SUCCEEDED', error: null });
    expect(k.fake.snapshots.readVolume(NS, otherClaim)).toEqual({ '/data/a.txt': 'first' });

    const stranger = await k.app.newTenant();
    const foreign = (await gql(k.app, stranger.token, RESTORE, { input: { backupId: backup.id } })).restoreVolume;
    expect(foreign.__typename).toBe('NotFoundError');
    const foreignDelete = (await gql(k.app, stranger.token, DELETE, { id: backup.id })).deleteVolumeBackup;
    expect(foreignDelete.__typename).toBe('NotFoundError');
    expect(k.fake.get('volumesnapshots', NS, backup.snapshot)).toBeTruthy();
  });

  it('a restore whose snapshot is gone from the cluster fails before touching the claim, and starts the pod again', async () => {
    const b = await backupOf({ instanceId, volume: 'data', consistency: 'LIVE' });
    expect(b.status, JSON.stringify(b.operation)).toBe('SUCCEEDED');
    const gone = await fetch(
      `${k.fake.url}/apis/snapshot.storage.k8s.io/v1/namespaces/${NS}/volumesnapshots/${b.snapshot}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${k.fake.token}` } },
    );
    expect(gone.status).toBe(200);
    const before = k.fake.get('persistentvolumeclaims', NS, claim);
    const r = (await gql(k.app, k.token, RESTORE, { input: { backupId: b.id, wait: true } })).restoreVolume;
    expect(r.operation.status, JSON.stringify(r)).toBe('FAILED');
    expect(r.operation.error.message).toContain(`VolumeSnapshot ${b.snapshot} is gone from namespace ${NS}`);
    expect(k.fake.get('persistentvolumeclaims', NS, claim)?.metadata.uid).toBe(before?.metadata.uid);
    expect(k.fake.snapshots.readVolume(NS, claim)).toEqual({ '/data/a.txt': 'first' });
    expect(k.fake.get('deployments', NS, workload)?.spec.replicas).toBe(1);
    await until(() => readyPodsMounting(claim) === 1, 'the pod back after the failed restore');
    await gql(k.app, k.token, DELETE, { id: b.id });
  });

  it('deleting the backup deletes its snapshot', async () => {
    const del = await gql(k.app, k.token, DELETE, { id: backup.id });
    expect(del.deleteVolumeBackup).toEqual({ __typename: 'DeleteVolumeBackupPayload', id: backup.id });
    expect(k.fake.get('volumesnapshots', NS, backup.snapshot)).toBeUndefined();
    expect((await gql(k.app, k.token, NODE, { id: backup.id })).node).toBeNull();
  });

  it('a backup schedule is ticked by Wheelhouse, never made a CronJob; its retention deletes the snapshots it lets go', async () => {
    const made = (
      await gql(
        k.app,
        k.token,
        `mutation($input: CreateScheduleInput!) { createSchedule(input: $input) { __typename
          ... on CreateSchedulePayload { schedule { id } } ... on Error { message } } }`,
        {
          input: {
            instanceId,
            schedule: {
              name: 'snap-every-minute',
              service: 'db',
              cron: '*/1 * * * *',
              backup: { volume: 'data', consistency: 'LIVE', retention: { last: 1, daily: 0, weekly: 0, monthly: 0 } },
            },
          },
        },
      )
    ).createSchedule;
    expect(made.__typename, JSON.stringify(made)).toBe('CreateSchedulePayload');
    const SCHEDULE = `query($id: ID!) { node(id: $id) { ... on Schedule { nextRunAt
      backups(first: 10) { edges { node { id snapshot operation { status } } } } } } }`;
    const scheduleOf = async () => (await gql(k.app, k.token, SCHEDULE, { id: made.schedule.id })).node;
    const services = k.app.app.services;
    const logger = createLogger('silent');
    // The provider's platform runs command schedules (CronJobs): the ticker claims a backup schedule anyway.
    const platform = new PlatformSchedules({
      db: k.app.database.db,
      registry: k.registry,
      secrets: services.secrets,
      signal: services.signal,
      logger,
    });
    expect(platform.providerKeys()).toContain('kubernetes');
    const snapshots: string[] = [];
    for (let tick = 1; tick <= 3; tick++) {
      const due = new Date((await scheduleOf()).nextRunAt);
      const ticker = new ScheduleTicker({
        db: k.app.database.db,
        signal: services.signal,
        logger,
        intervalMs: 60_000,
        platform,
        now: () => new Date(due.getTime() + 1_000),
      });
      await ticker.tick();
      let done: { snapshot: string; operation: { status: string } } | undefined;
      await until(async () => {
        const edges = (await scheduleOf()).backups.edges as {
          node: { snapshot: string; operation: { status: string } };
        }[];
        const fresh = edges.find((e) => e.node.snapshot && !snapshots.includes(e.node.snapshot));
        done = fresh && !['QUEUED', 'RUNNING'].includes(fresh.node.operation.status) ? fresh.node : undefined;
        return done !== undefined;
      }, `scheduled backup ${tick} to end`);
      if (!done) throw new Error('no backup');
      expect(done.operation.status).toBe('SUCCEEDED');
      snapshots.push(done.snapshot);
    }
    await platform.pass();
    // Retention kept the newest; the two it let go are gone from the cluster, not only from the records.
    const kept = ((await scheduleOf()).backups.edges as { node: { snapshot: string } }[]).map((e) => e.node.snapshot);
    expect(kept).toEqual([snapshots[2]]);
    expect(k.fake.get('volumesnapshots', NS, snapshots[0]!)).toBeUndefined();
    expect(k.fake.get('volumesnapshots', NS, snapshots[1]!)).toBeUndefined();
    expect(k.fake.get('volumesnapshots', NS, snapshots[2]!)?.status.readyToUse).toBe(true);
    expect(k.fake.list('cronjobs', NS)).toEqual([]);
  });

  it('VOLUME_BACKUP only with a snapshot class; a class the cluster lacks fails the backup, leaving nothing', async () => {
    const extra = (key: string, namespace: string, volumeSnapshotClass?: string) =>
      k.registry.register(
        key,
        new KubernetesProvider({
          kubeConfig: loadKubeConfig(k.fake.kubeconfigPath),
          namespace,
          pollIntervalMs: 25,
          minReadyMs: 100,
          readiness: { timeoutMs: 15_000, intervalMs: 100 },
          ...(volumeSnapshotClass ? { volumeSnapshotClass } : {}),
        }),
      );
    extra('plain', 'wh-snapshots-plain');
    extra('lost-class', 'wh-snapshots-lost', 'gone');
    const caps = await gql(k.app, k.token, '{ providers { key capabilities } }');
    const of = (key: string) =>
      caps.providers.find((p: { key: string }) => p.key === key)?.capabilities as string[] | undefined;
    expect(of('kubernetes')).toContain('VOLUME_BACKUP');
    expect(of('lost-class')).toContain('VOLUME_BACKUP');
    expect(of('plain')).not.toContain('VOLUME_BACKUP');

    const plain = await provisionOn(k, spec('snap-plain', 'plain'));
    expect(plain.operation.status).toBe('SUCCEEDED');
    const refused = (await gql(k.app, k.token, BACKUP, { input: { instanceId: plain.instance.id, volume: 'data' } }))
      .backupVolume;
    expect(refused.__typename).toBe('CapabilityNotSupportedError');

    const lost = await provisionOn(k, spec('snap-lost', 'lost-class'));
    expect(lost.operation.status).toBe('SUCCEEDED');
    const failed = await backupOf({ instanceId: lost.instance.id, volume: 'data', consistency: 'LIVE' });
    expect(failed.status).toBe('FAILED');
    expect(failed.operation.error.message).toContain('volumeSnapshotClass "gone" does not exist on the cluster');
    expect(k.fake.list('volumesnapshots', 'wh-snapshots-lost')).toEqual([]);
  });
});
