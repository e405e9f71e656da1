/**
 * Kubernetes volumes against the in-process API stand-in: claim templates on
 * a StatefulSet, owned claims for a Deployment, claims that survive a scale
 * and a deprovision unless it asks to delete them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { CallContext, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { serviceSpec } from '../support/service-spec.js';

const NAMESPACE = 'wheelhouse-volumes';
const IMAGE = 'registry.test/busybox:stable';
const ctx: CallContext = {};

const service = (partial: Partial<ServiceSpec> & Pick<ServiceSpec, 'name'>): ServiceSpec =>
  serviceSpec({ image: IMAGE, command: ['sh', '-c', 'while true; do sleep 0.2; done'], ...partial });

describe('Kubernetes volumes', () => {
  let fake: FakeKubeApi;
  let p: KubernetesProvider;
  const ids: string[] = [];
  const request = (kind: ProvisionRequest['kind'], services: ServiceSpec[]): ProvisionRequest => {
    const id = randomUUID();
    ids.push(id);
    return { instanceId: id, tenantId: 'tenant-vol', name: 'vol', kind, services, labels: {} };
  };
  const claimsOf = (id: string) =>
    fake
      .list('persistentvolumeclaims', NAMESPACE, `${Labels.instance}=${id}`)
      .map((c) => c.metadata.name as string)
      .sort();
  const ready = async (id: string) => {
    const { status, error } = await waitReady({ timeoutMs: 10_000, intervalMs: 50 }, () => p.status(ctx, id));
    expect(readinessOutcome(status, error), error?.message).toBe('ready');
  };

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    p = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: NAMESPACE,
      pollIntervalMs: 25,
      minReadyMs: 100,
      startTimeoutMs: 10_000,
      defaultStorageClass: 'standard-rwo',
    });
  });

  afterAll(async () => {
    for (const id of ids) await p.deprovision(ctx, id, { deleteVolumes: true }).catch(() => undefined);
    for (const id of ids) expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
    await fake.close();
  });

  it('gives a STATEFUL_SET claim templates with the size and class asked, a claim per replica, and a headless Service', async () => {
    const req = request('stateful_set', [
      service({
        name: 'db',
        resources: { replicas: 2 },
        ports: [{ container: 5432, protocol: 'tcp' }],
        volumes: [
          { name: 'data', mountPath: '/var/lib/data', sizeMb: 2048, type: 'fast-ssd' },
          { name: 'wal', mountPath: '/var/lib/wal' },
        ],
      }),
    ]);
    const id = req.instanceId;
    await p.provision(ctx, req);
    const sts = fake.get('statefulsets', NAMESPACE, `wh-${id}`);
    expect(sts?.spec.volumeClaimTemplates).toEqual([
      expect.objectContaining({
        metadata: expect.objectContaining({ name: 'data' }),
        spec: {
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '2048Mi' } },
          storageClassName: 'fast-ssd',
        },
      }),
      expect.objectContaining({
        metadata: expect.objectContaining({ name: 'wal' }),
        // No type: the provider's default storage class; no size: the documented default of 1 GiB.
        spec: {
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '1024Mi' } },
          storageClassName: 'standard-rwo',
        },
      }),
    ]);
    expect(sts?.spec.template.spec.containers[0].volumeMounts).toEqual(
      expect.arrayContaining([
        { name: 'data', mountPath: '/var/lib/data' },
        { name: 'wal', mountPath: '/var/lib/wal' },
      ]),
    );
    const headless = fake.get('services', NAMESPACE, `wh-${id}-pods`);
    expect(headless?.spec).toMatchObject({ clusterIP: 'None', selector: { [Labels.instance]: id } });
    expect(sts?.spec.serviceName).toBe(`wh-${id}-pods`);
    await ready(id);
    expect(claimsOf(id)).toEqual([`data-wh-${id}-0`, `data-wh-${id}-1`, `wal-wh-${id}-0`, `wal-wh-${id}-1`]);

    // Scaling down removes a pod, never its claims: scaling back up finds its data again.
    await p.scale(ctx, { instanceId: id, resources: { replicas: 1 } });
    await ready(id);
    expect(
      fake.list('pods', NAMESPACE, `${Labels.instance}=${id}`).filter((x) => !x.metadata.deletionTimestamp),
    ).toHaveLength(1);
    expect(claimsOf(id)).toHaveLength(4);

    // Deprovision without deleteVolumes keeps every claim and says which.
    const kept = await p.deprovision(ctx, id);
    expect(kept?.keptVolumes).toEqual(claimsOf(id));
    expect(claimsOf(id)).toHaveLength(4);
    expect(fake.get('statefulsets', NAMESPACE, `wh-${id}`)).toBeUndefined();
    expect(fake.get('services', NAMESPACE, `wh-${id}-pods`)).toBeUndefined();

    // With it, they go.
    expect(await p.deprovision(ctx, id, { deleteVolumes: true })).toEqual({ keptVolumes: [] });
    expect(claimsOf(id)).toEqual([]);
  });

  it('gives a DEPLOYMENT labelled claims it mounts, shared by services naming the same volume', async () => {
    const req = request('deployment', [
      service({ name: 'app', volumes: [{ name: 'cache', mountPath: '/cache', sizeMb: 256 }] }),
      service({ name: 'side', role: 'sidecar', volumes: [{ name: 'cache', mountPath: '/shared', sizeMb: 256 }] }),
    ]);
    const id = req.instanceId;
    await p.provision(ctx, req);
    const claim = fake.get('persistentvolumeclaims', NAMESPACE, `wh-${id}-cache`);
    expect(claim?.metadata.labels).toMatchObject({ [Labels.instance]: id, [Labels.tenant]: 'tenant-vol' });
    expect(claim?.spec).toEqual({
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '256Mi' } },
      storageClassName: 'standard-rwo',
    });
    const podSpec = fake.get('deployments', NAMESPACE, `wh-${id}`)?.spec.template.spec;
    expect(podSpec.volumes).toContainEqual({ name: 'cache', persistentVolumeClaim: { claimName: `wh-${id}-cache` } });
    expect(podSpec.containers.map((c: { volumeMounts: unknown }) => c.volumeMounts)).toEqual([
      [{ name: 'cache', mountPath: '/cache' }],
      [{ name: 'cache', mountPath: '/shared' }],
    ]);
    await ready(id);
    // A repeated provision converges: the claim is not recreated.
    const uid = claim?.metadata.uid;
    await p.provision(ctx, req);
    expect(fake.get('persistentvolumeclaims', NAMESPACE, `wh-${id}-cache`)?.metadata.uid).toBe(uid);

    expect((await p.deprovision(ctx, id))?.keptVolumes).toEqual([`wh-${id}-cache`]);
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([`PersistentVolumeClaim/wh-${id}-cache`]);
  });

  it('refuses volumes it cannot make: bad names, relative paths, one name with two sizes', async () => {
    const bad: ServiceSpec['volumes'][] = [
      [{ name: 'Data_1', mountPath: '/d' }],
      [{ name: 'data', mountPath: 'd' }],
      [{ name: 'data', mountPath: '/d', sizeMb: 0 }],
      [{ name: 'wh-config', mountPath: '/d' }],
    ];
    for (const volumes of bad) {
      const req = request('deployment', [service({ name: 'app', volumes })]);
      const err = await p.provision(ctx, req).catch((e: unknown) => e);
      expect(isProviderError(err) && err.kind, JSON.stringify(volumes)).toBe('invalid_spec');
      expect(fake.labelled(`${Labels.instance}=${req.instanceId}`)).toEqual([]);
    }
    const twoSizes = request('deployment', [
      service({ name: 'app', volumes: [{ name: 'data', mountPath: '/a', sizeMb: 10 }] }),
      service({ name: 'side', role: 'sidecar', volumes: [{ name: 'data', mountPath: '/b', sizeMb: 20 }] }),
    ]);
    const err = await p.provision(ctx, twoSizes).catch((e: unknown) => e);
    expect(isProviderError(err) && err.kind).toBe('invalid_spec');
  });
});
