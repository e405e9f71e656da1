/**
 * Autoscaling on Kubernetes through the API (issue 40): a user's
 * `provisionInstance` with `resources.autoscale` and `scaleInstance` with a
 * policy reach the real Kubernetes provider, which keeps the instance's
 * `autoscaling/v2` HorizontalPodAutoscaler on the in-process API stand-in:
 * created with the instance, replaced when the policy changes, deleted when
 * the policy is removed (`autoscale: null`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf, type TestApp } from '../support/app.js';
import type { FakeKubeApi } from '../support/fake-kube-api.js';
import { type KubeApp, startKubeApp } from '../support/kube-app.js';

const NS = 'wh-autoscale-api';
const IMAGE = 'registry.test/scaled:v1';

describe('autoscaling on Kubernetes, through the API', () => {
  let k: KubeApp;
  let fake: FakeKubeApi;
  let app: TestApp;
  let token: string;
  let instanceId: string;
  let local: string;

  beforeAll(async () => {
    k = await startKubeApp(NS, [IMAGE]);
    ({ fake, app, token } = k);
  }, 60_000);

  afterAll(async () => {
    await k?.close();
  });

  const hpa = () => fake.get('horizontalpodautoscalers', NS, `wh-${local}`);

  async function scale(resources: object): Promise<any> {
    const r = await gql(
      app,
      token,
      `mutation($input: ScaleInstanceInput!) { scaleInstance(input: $input) { __typename
        ... on Error { message } ... on ScaleInstancePayload { operation { status error { message } } } } }`,
      { input: { instanceId, service: 'web', wait: true, resources } },
    );
    expect(r.scaleInstance.__typename, JSON.stringify(r)).toBe('ScaleInstancePayload');
    expect(r.scaleInstance.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    return r.scaleInstance;
  }

  it('provisioning with a policy creates the instance’s HPA with its bounds, CPU target and windows', async () => {
    const r = await gql(
      app,
      token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on Error { message } ... on ProvisionInstancePayload { instance { id } operation { status error { message } } } } }`,
      {
        input: {
          name: 'scaled',
          wait: true,
          readiness: { timeoutSeconds: 20, intervalSeconds: 1 },
          services: [
            {
              name: 'web',
              image: IMAGE,
              ports: [{ container: 8080 }],
              resources: {
                cpuMillis: 250,
                diskMb: 256,
                autoscale: { minReplicas: 2, maxReplicas: 4, targetCpuPercent: 70, scaleUpStabilizationSeconds: 5 },
              },
            },
          ],
        },
      },
    );
    expect(r.provisionInstance.__typename, JSON.stringify(r)).toBe('ProvisionInstancePayload');
    expect(r.provisionInstance.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    instanceId = r.provisionInstance.instance.id;
    local = localIdOf(instanceId);

    const created = hpa();
    expect(created?.apiVersion).toBe('autoscaling/v2');
    expect(created?.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: `wh-${local}` },
      minReplicas: 2,
      maxReplicas: 4,
      metrics: [
        {
          type: 'ContainerResource',
          containerResource: { name: 'cpu', container: 'web', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 5 },
        scaleDown: { stabilizationWindowSeconds: 300 },
      },
    });
    // The workload starts at the policy's floor: the HPA moves it from there.
    const deployment = fake.get('deployments', NS, `wh-${local}`);
    expect(deployment?.spec.replicas).toBe(2);
    // diskMb reaches the pod through the API as its ephemeral-storage request and limit (the HPA's CPU is of the request).
    expect(deployment?.spec.template.spec.containers[0].resources).toEqual({
      limits: { cpu: '250m', 'ephemeral-storage': '256Mi' },
      requests: { cpu: '250m', 'ephemeral-storage': '256Mi' },
    });
  }, 60_000);

  it('refuses, as a ValidationError naming the field, a policy the HPA would not follow: requests per second, scale to zero', async () => {
    const before = fake.requests.length;
    const r = await gql(
      app,
      token,
      `mutation($input: ScaleInstanceInput!) { scaleInstance(input: $input) { __typename
        ... on ValidationError { fieldErrors { path message } } } }`,
      {
        input: {
          instanceId,
          service: 'web',
          resources: { autoscale: { minReplicas: 1, maxReplicas: 4, targetRequestsPerSecond: 50 } },
        },
      },
    );
    expect(r.scaleInstance).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [
        {
          path: ['input', 'resources', 'autoscale', 'targetRequestsPerSecond'],
          message: "this provider's autoscaler (the cluster's HPA) follows CPU only: use targetCpuPercent",
        },
      ],
    });
    const p = await gql(
      app,
      token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on ValidationError { fieldErrors { path message } } } }`,
      {
        input: {
          name: 'to-zero',
          services: [
            {
              name: 'web',
              image: IMAGE,
              resources: { autoscale: { minReplicas: 1, maxReplicas: 2, targetRequestsPerSecond: 5 } },
            },
          ],
        },
      },
    );
    expect(p.provisionInstance.__typename).toBe('ValidationError');
    expect(p.provisionInstance.fieldErrors.map((f: { path: string[] }) => f.path.join('.'))).toEqual([
      'input.services.0.resources.autoscale.targetRequestsPerSecond',
    ]);
    // Refused before anything reached the cluster, and the HPA is as it was.
    expect(fake.requests.slice(before).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(hpa()?.spec.minReplicas).toBe(2);
  }, 60_000);

  it('a scale with a new policy replaces the HPA', async () => {
    await scale({
      autoscale: { minReplicas: 3, maxReplicas: 8, targetCpuPercent: 50, scaleDownStabilizationSeconds: 60 },
    });
    expect(hpa()?.spec).toMatchObject({
      minReplicas: 3,
      maxReplicas: 8,
      metrics: [{ containerResource: { target: { averageUtilization: 50 } } }],
      behavior: { scaleUp: { stabilizationWindowSeconds: 0 }, scaleDown: { stabilizationWindowSeconds: 60 } },
    });
  }, 60_000);

  it('a scale removing the policy deletes the HPA and leaves the replicas to the user', async () => {
    await scale({ autoscale: null });
    expect(hpa()).toBeUndefined();
    // The control plane owns the replicas again: a hand-set count is accepted and reaches the workload.
    await scale({ replicas: 1 });
    expect(fake.get('deployments', NS, `wh-${local}`)?.spec.replicas).toBe(1);
    expect(hpa()).toBeUndefined();
  }, 60_000);
});
