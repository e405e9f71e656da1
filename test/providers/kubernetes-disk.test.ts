import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { objectName } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';

/** A service's `diskMb` on Kubernetes is its container's ephemeral-storage request and limit. */

const NAMESPACE = 'wheelhouse-disk';
const IMAGE = 'registry.test/disk:v1';

describe('diskMb on the Kubernetes stand-in', () => {
  let fake: FakeKubeApi;
  let provider: KubernetesProvider;

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineImage(IMAGE, { script: 'while true; do sleep 0.2; done' });
    provider = new KubernetesProvider({
      namespace: NAMESPACE,
      startTimeoutMs: 15_000,
      pollIntervalMs: 25,
      minReadyMs: 50,
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
    });
  });
  afterAll(async () => {
    provider?.close();
    await fake?.close();
  });

  const resourcesOf = (id: string, container: string) =>
    fake
      .get('deployments', NAMESPACE, objectName(id))
      ?.spec.template.spec.containers.find((c: { name: string }) => c.name === container)?.resources;

  it('becomes the container’s ephemeral-storage request and limit, follows a scale and a deploy, and only that container’s', async () => {
    const id = randomUUID();
    await provider.provision(
      {},
      provisionRequest(id, 'disk', [
        serviceSpec({ name: 'web', image: IMAGE, resources: { memoryMb: 64, diskMb: 512 } }),
        serviceSpec({ name: 'side', image: IMAGE, role: 'sidecar', resources: { memoryMb: 32 } }),
      ]),
    );
    expect(resourcesOf(id, 'web')).toEqual({
      limits: { memory: '64Mi', 'ephemeral-storage': '512Mi' },
      requests: { memory: '64Mi', 'ephemeral-storage': '512Mi' },
    });
    expect(resourcesOf(id, 'side')).toEqual({ limits: { memory: '32Mi' }, requests: { memory: '32Mi' } });

    // A scale of the disk alone changes it and keeps the memory.
    await provider.scale({}, { instanceId: id, service: 'web', resources: { diskMb: 2048 } });
    expect(resourcesOf(id, 'web')).toEqual({
      limits: { memory: '64Mi', 'ephemeral-storage': '2048Mi' },
      requests: { memory: '64Mi', 'ephemeral-storage': '2048Mi' },
    });

    // A deploy that sets it on the sidecar gives it one too.
    await provider.deploy(
      {},
      {
        instanceId: id,
        releaseId: `rel-${randomUUID()}`,
        strategy: 'rolling',
        services: [{ name: 'side', image: IMAGE, resources: { diskMb: 100 } }],
      },
    );
    expect(resourcesOf(id, 'side')?.limits).toEqual({ memory: '32Mi', 'ephemeral-storage': '100Mi' });
    expect(resourcesOf(id, 'web')?.limits['ephemeral-storage']).toBe('2048Mi');
    await provider.deprovision({}, id);
  });

  it('refuses a diskMb that is not a non-negative integer, naming the field', async () => {
    const err = await provider
      .provision(
        {},
        provisionRequest(randomUUID(), 'bad-disk', [
          serviceSpec({ name: 'web', image: IMAGE, resources: { diskMb: 1.5 } }),
        ]),
      )
      .catch((e: unknown) => e);
    expect(isProviderError(err, 'invalid_spec') && err.message).toMatch(/diskMb must be a non-negative integer/);
  });
});
