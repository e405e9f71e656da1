/**
 * One namespace per tenant against the in-process API stand-in: created on
 * demand and labelled with the tenant, found again from an instance id
 * alone, removed with the tenant's last instance (but not while it holds
 * kept volumes); a job runs in its instance's namespace, and a volume's
 * VolumeSnapshot is taken in it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubernetesProviderFromConfig, loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { JobLabels } from '../../src/providers/kubernetes/kubernetes-jobs.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { TenantNamespacedKubernetes } from '../../src/providers/kubernetes/kubernetes-tenant-namespaces.js';
import type { CallContext, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import type { VolumeSpec } from '../../src/providers/service-spec.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const IMAGE = 'registry.test/busybox:stable';
const ctx: CallContext = {};

describe('Kubernetes namespaces per tenant', () => {
  let fake: FakeKubeApi;
  let p: TenantNamespacedKubernetes;
  const request = (tenantId: string, volumes: VolumeSpec[] = []): ProvisionRequest => ({
    instanceId: randomUUID(),
    tenantId,
    name: 'app',
    kind: 'deployment',
    labels: {},
    services: [
      {
        name: 'app',
        image: IMAGE,
        role: 'main',
        dependsOn: [],
        resources: {},
        env: {},
        ports: [],
        volumes,
        secrets: [],
        configFiles: [],
        annotations: {},
        command: ['sh', '-c', 'while true; do sleep 0.2; done'],
      },
    ],
  });
  const namespace = (name: string) => fake.get('namespaces', '', name);

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    p = new TenantNamespacedKubernetes({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: 'wh',
      pollIntervalMs: 25,
      minReadyMs: 100,
      startTimeoutMs: 10_000,
    });
  });

  afterAll(async () => {
    await fake.close();
  });

  it('creates a labelled namespace per tenant on demand and removes it with the tenant’s last instance', async () => {
    const tenantA = randomUUID();
    const tenantB = randomUUID();
    const a1 = request(tenantA);
    const a2 = request(tenantA);
    const b1 = request(tenantB);
    const nsA = `wh-${tenantA}`;
    const nsB = `wh-${tenantB}`;
    expect(namespace(nsA)).toBeUndefined();
    await p.provision(ctx, a1);
    expect(namespace(nsA)?.metadata.labels).toEqual({ [Labels.tenant]: tenantA, [Labels.managedBy]: 'wheelhouse' });
    await p.provision(ctx, a2);
    await p.provision(ctx, b1);
    expect(fake.get('deployments', nsA, `wh-${a1.instanceId}`)).toBeDefined();
    expect(fake.get('deployments', nsA, `wh-${a2.instanceId}`)).toBeDefined();
    expect(fake.get('deployments', nsB, `wh-${b1.instanceId}`)).toBeDefined();

    // A provider that has never seen the instance finds its namespace from the id alone.
    const fresh = new TenantNamespacedKubernetes({ kubeConfig: loadKubeConfig(fake.kubeconfigPath), namespace: 'wh' });
    const { status, error } = await waitReady({ timeoutMs: 10_000, intervalMs: 50 }, () =>
      fresh.status(ctx, a1.instanceId),
    );
    expect(readinessOutcome(status, error), error?.message).toBe('ready');
    expect((await fresh.managedWorkloads()).map((w) => w.instanceId).sort()).toEqual(
      expect.arrayContaining([a1.instanceId, a2.instanceId, b1.instanceId].sort()),
    );

    await fresh.deprovision(ctx, a1.instanceId);
    expect(namespace(nsA)).toBeDefined();
    await p.deprovision(ctx, a2.instanceId);
    expect(namespace(nsA)).toBeUndefined();
    expect(namespace(nsB)).toBeDefined();
    const gone = await p.status(ctx, a2.instanceId).catch((e: unknown) => e);
    expect(isProviderError(gone, 'not_found')).toBe(true);
    await p.deprovision(ctx, b1.instanceId);
    expect(namespace(nsB)).toBeUndefined();
  });

  it('keeps the namespace while it holds claims a deprovision kept, and removes it once they go', async () => {
    const tenant = randomUUID();
    const req = request(tenant, [{ name: 'data', mountPath: '/data', sizeMb: 64 }]);
    await p.provision(ctx, req);
    const ns = `wh-${tenant}`;
    expect((await p.deprovision(ctx, req.instanceId)).keptVolumes).toEqual([`wh-${req.instanceId}-data`]);
    expect(namespace(ns)).toBeDefined();
    // The kept claim is still found (by its namespace) and removed on request; then the namespace goes too.
    const again = new TenantNamespacedKubernetes({ kubeConfig: loadKubeConfig(fake.kubeconfigPath), namespace: 'wh' });
    expect(await again.deprovision(ctx, req.instanceId, { deleteVolumes: true })).toEqual({ keptVolumes: [] });
    expect(fake.list('persistentvolumeclaims', ns)).toEqual([]);
    expect(namespace(ns)).toBeUndefined();
  });

  it("runs a job as a Job in the instance's tenant namespace, and removes it", async () => {
    const tenant = randomUUID();
    const req = request(tenant);
    await p.provision(ctx, req);
    const ns = `wh-${tenant}`;
    expect(p.capabilities()).toContain('jobs');
    const lines: string[] = [];
    const jobId = randomUUID();
    const result = await p.engines.jobs?.run(
      ctx,
      {
        jobId,
        instanceId: req.instanceId,
        tenantId: tenant,
        service: req.services[0]!,
        command: ['sh', '-c', 'echo in-the-tenant; exit 4'],
        env: {},
        secretValues: {},
        timeoutMs: 30_000,
      },
      { line: (l) => lines.push(l.line) },
    );
    expect(result).toEqual({ exitCode: 4, timedOut: false });
    expect(lines).toEqual(['in-the-tenant']);
    expect(fake.jobs.received.at(-1)?.metadata.namespace).toBe(ns);
    expect(fake.list('jobs', ns)).toEqual([]);
    expect(await p.engines.jobs?.removeLeftovers(ctx, req.instanceId, jobId)).toBe(0);
    // What a crashed run leaves: a Job labelled with the job's id, its pod running. removeLeftovers takes both.
    const left = {
      metadata: { name: 'left-behind', labels: { [JobLabels.job]: jobId, [Labels.instance]: req.instanceId } },
      spec: {
        template: {
          metadata: { labels: { [JobLabels.job]: jobId } },
          spec: { restartPolicy: 'Never', containers: [{ name: 'app', image: IMAGE, command: ['sleep', '60'] }] },
        },
      },
    };
    const posted = await fetch(`${fake.url}/apis/batch/v1/namespaces/${ns}/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(left),
    });
    expect(posted.status).toBe(201);
    expect(fake.list('pods', ns, `${JobLabels.job}=${jobId}`)).toHaveLength(1);
    expect(await p.engines.jobs?.removeLeftovers(ctx, req.instanceId, jobId)).toBe(1);
    expect(fake.list('jobs', ns)).toEqual([]);
    expect(fake.list('pods', ns, `${JobLabels.job}=${jobId}`)).toEqual([]);
    await p.deprovision(ctx, req.instanceId);
  });

  it("snapshots a volume in the instance's tenant namespace with the option volumeSnapshotClass", async () => {
    fake.snapshots.installApi();
    fake.snapshots.addClass('csi-snap');
    const sp = kubernetesProviderFromConfig(
      'k',
      { namespaces: 'per-tenant', namespace: 'wh', volumeSnapshotClass: 'csi-snap' },
      undefined,
      fake.kubeconfigPath,
    );
    expect(sp.capabilities()).toContain('volume-backup');
    expect(p.capabilities()).not.toContain('volume-backup');
    expect(() =>
      kubernetesProviderFromConfig('k', { volumeSnapshotClass: 'Not A Class' }, undefined, fake.kubeconfigPath),
    ).toThrow(/options\.volumeSnapshotClass/);
    const tenant = randomUUID();
    const req = request(tenant, [{ name: 'data', mountPath: '/data', sizeMb: 8 }]);
    try {
      await sp.provision(ctx, req);
      const engine = sp.engines.volumeBackups;
      if (engine?.mode !== 'snapshot') throw new Error('no snapshot engine');
      const operationId = randomUUID();
      const taken = await engine.snapshotVolume(ctx, { instanceId: req.instanceId, volume: 'data', operationId });
      const ns = `wh-${tenant}`;
      expect(fake.get('volumesnapshots', ns, taken.snapshot)?.spec.source).toEqual({
        persistentVolumeClaimName: `wh-${req.instanceId}-data`,
      });
      expect(taken.sizeBytes).toBe(8 * 1024 * 1024);
      // A crashed run's snapshot is found again by its operation, in the tenant's namespace.
      expect(await engine.removeLeftovers(ctx, req.instanceId, operationId)).toBe(1);
      expect(fake.list('volumesnapshots', ns)).toEqual([]);
    } finally {
      await sp.deprovision(ctx, req.instanceId, { deleteVolumes: true });
      sp.close();
    }
  });

  it('is chosen by the providers-file option namespaces: per-tenant', () => {
    const chosen = kubernetesProviderFromConfig('k', { namespaces: 'per-tenant' }, undefined, fake.kubeconfigPath);
    expect(chosen).toBeInstanceOf(TenantNamespacedKubernetes);
    expect(() => kubernetesProviderFromConfig('k', { namespaces: 'shared' }, undefined, fake.kubeconfigPath)).toThrow(
      /options\.namespaces/,
    );
  });
});
