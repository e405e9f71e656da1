import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NativeAutoscaling } from '../../src/providers/autoscaling.js';
import { Capabilities } from '../../src/providers/capabilities.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { Labels, objectName } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';

/** Autoscaling on Kubernetes is the cluster's HPA: Wheelhouse writes it, deletes it, and reads its status back. */

const NAMESPACE = 'wheelhouse-test';
const IMAGE = 'registry.test/web:v1';
const POLICY = {
  minReplicas: 2,
  maxReplicas: 5,
  targetCpuPercent: 60,
  scaleUpStabilizationSeconds: 15,
  scaleDownStabilizationSeconds: 120,
};

describe('HorizontalPodAutoscaler on the Kubernetes stand-in', () => {
  let fake: FakeKubeApi;
  let provider: KubernetesProvider;

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineImage(IMAGE, { httpPaths: ['/'], body: 'web', script: 'while true; do sleep 0.2; done' });
    provider = new KubernetesProvider({
      key: 'kubernetes',
      namespace: NAMESPACE,
      apiTimeoutMs: 5000,
      startTimeoutMs: 15_000,
      stopTimeoutMs: 5000,
      pollIntervalMs: 25,
      minReadyMs: 50,
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
    });
  });
  afterAll(async () => {
    provider?.close();
    await fake?.close();
  });

  it('creates the HPA with bounds, CPU target and behavior, reports its status, and deletes it with the policy', async () => {
    expect(provider.engines.autoscaler?.mode).toBe('native');
    expect(provider.capabilities()).toContain(Capabilities.autoScale);
    const engine = provider.engines.autoscaler as NativeAutoscaling;
    const id = randomUUID();
    const name = objectName(id);
    await provider.provision(
      {},
      provisionRequest(id, 'auto', [
        serviceSpec({ name: 'web', image: IMAGE, resources: { cpuMillis: 200, replicas: 2, autoscale: POLICY } }),
      ]),
    );
    const hpa = fake.get('horizontalpodautoscalers', NAMESPACE, name);
    expect(hpa).toMatchObject({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { labels: { [Labels.instance]: id } },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
        minReplicas: 2,
        maxReplicas: 5,
        metrics: [
          {
            type: 'ContainerResource',
            containerResource: {
              name: 'cpu',
              container: 'web',
              target: { type: 'Utilization', averageUtilization: 60 },
            },
          },
        ],
        behavior: { scaleUp: { stabilizationWindowSeconds: 15 }, scaleDown: { stabilizationWindowSeconds: 120 } },
      },
    });
    // Before the controller has looked, the status is empty; then it is what the HPA says.
    expect(await engine.autoscaleStatus({}, id, 'web')).toMatchObject({ currentReplicas: 0, desiredReplicas: 0 });
    const lastScaleTime = '2026-12-01T12:00:00Z';
    expect(
      fake.setAutoscalerStatus(NAMESPACE, name, {
        currentReplicas: 2,
        desiredReplicas: 4,
        cpuUtilization: 93,
        lastScaleTime,
        conditions: [
          { type: 'AbleToScale', status: 'True', message: 'recommended size matches current size' },
          { type: 'ScalingLimited', status: 'False', message: 'the desired count is within the acceptable range' },
        ],
      }),
    ).toBe(true);
    expect(await engine.autoscaleStatus({}, id, 'web')).toEqual({
      currentReplicas: 2,
      desiredReplicas: 4,
      cpuPercent: 93,
      lastScaleAt: new Date(lastScaleTime),
      message: 'ScalingLimited: the desired count is within the acceptable range',
    });
    // The cluster scaled the workload, not Wheelhouse.
    expect(fake.get('deployments', NAMESPACE, name)?.spec.replicas).toBe(4);

    // A changed policy replaces it; removing the policy deletes it.
    await provider.scale(
      {},
      { instanceId: id, service: 'web', resources: { autoscale: { ...POLICY, maxReplicas: 8 } } },
    );
    expect(fake.get('horizontalpodautoscalers', NAMESPACE, name)?.spec.maxReplicas).toBe(8);
    await provider.scale({}, { instanceId: id, service: 'web', resources: { autoscale: null } });
    expect(fake.get('horizontalpodautoscalers', NAMESPACE, name)).toBeUndefined();
    expect(await engine.autoscaleStatus({}, id, 'web')).toBeUndefined();

    // Set again, and gone with the instance.
    await provider.scale({}, { instanceId: id, service: 'web', resources: { autoscale: POLICY } });
    expect(fake.get('horizontalpodautoscalers', NAMESPACE, name)).toBeDefined();
    await provider.deprovision({}, id);
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
  });

  it('refuses a requests-per-second target or scale to zero before writing anything: the HPA follows CPU only', async () => {
    const id = randomUUID();
    const before = fake.requests.filter((r) => r.method !== 'GET').length;
    for (const [autoscale, message] of [
      [{ ...POLICY, targetRequestsPerSecond: 50 }, /follows CPU only/],
      [{ ...POLICY, minReplicas: 0 }, /scale to zero \(minReplicas 0\) is not available/],
    ] as const) {
      const err = await provider
        .provision(
          {},
          provisionRequest(id, 'refused', [
            serviceSpec({ name: 'web', image: IMAGE, resources: { cpuMillis: 200, autoscale } }),
          ]),
        )
        .catch((e: unknown) => e);
      expect(isProviderError(err, 'invalid_spec') && err.message).toMatch(message);
    }
    expect(fake.requests.filter((r) => r.method !== 'GET').length).toBe(before);
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);

    // A scale with such a policy is refused too, and the instance's HPA is left as it was.
    await provider.provision(
      {},
      provisionRequest(id, 'kept', [
        serviceSpec({ name: 'web', image: IMAGE, resources: { cpuMillis: 200, autoscale: POLICY } }),
      ]),
    );
    const err = await provider
      .scale({}, { instanceId: id, service: 'web', resources: { autoscale: { ...POLICY, minReplicas: 0 } } })
      .catch((e: unknown) => e);
    expect(isProviderError(err, 'invalid_spec')).toBe(true);
    expect(fake.get('horizontalpodautoscalers', NAMESPACE, objectName(id))?.spec.minReplicas).toBe(POLICY.minReplicas);
    await provider.deprovision({}, id);
  });
});
