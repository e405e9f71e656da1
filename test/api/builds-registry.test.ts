/**
 * Builds pushed to a registry, through the API: the Docker provider builds on
 * the real engine and pushes to a real registry (Debian's docker-registry),
 * and an instance on a Kubernetes provider (the in-process API stand-in) is
 * deployed with the pushed reference. Without a registry, the same request is
 * refused: the instance's provider could not pull what the builder keeps.
 */
import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildConfig } from '../../src/config.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { startRegistry, type TestRegistry } from '../support/registry.js';
import { BuildQuery, BuildServiceDoc, ProvisionDoc, tarOf, until, uploadBuild } from './builds-support.js';

const docker = new Dockerode();
const run = await dockerOrSkip();
const NS = 'wh-builds';

describe.runIf(run)('builds pushed to a registry, deployed on Kubernetes', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let registry: TestRegistry;
  let fake: FakeKubeApi;
  let kube: KubernetesProvider;
  const providers = new Registry();
  const builds = (registryHost: string | undefined): BuildConfig => ({
    builder: 'docker',
    registry: registryHost,
    concurrency: 2,
    gitAllowLocal: false,
    archiveMaxBytes: 8 << 20,
  });
  const pushed = new Set<string>();

  beforeAll(async () => {
    await ensureTestImages();
    registry = await startRegistry();
    fake = await new FakeKubeApi().start();
    kube = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: NS,
      pollIntervalMs: 25,
      minReadyMs: 100,
      startTimeoutMs: 10_000,
      readiness: { timeoutMs: 15_000, intervalMs: 100 },
    });
    providers.register('docker', new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: 'docker' }));
    providers.register('kubernetes', kube);
    providers.setDefault('kubernetes');
    t = await startTestApp({
      registry: providers,
      config: { builds: builds(registry.host) },
      executor: { leaseMs: 5_000, pollMs: 100 },
    });
    tenant = await t.newTenant();
  }, 180_000);

  afterAll(async () => {
    await t?.stop();
    kube?.close();
    await fake?.close();
    await registry?.stop();
    for (const image of pushed)
      await docker
        .getImage(image)
        .remove({ force: true })
        .catch(() => {});
  });

  async function instanceOnKubernetes(): Promise<string> {
    const r = await query(t.url, tenant.token, ProvisionDoc, {
      input: {
        name: `reg-${randomUUID().slice(0, 8)}`,
        provider: 'kubernetes',
        services: [{ name: 'web', image: TEST_IMAGES.web1 }],
        wait: true,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
    return r.provisionInstance.instance.id;
  }

  /** The image the stand-in's Deployment of the instance runs for its one container. */
  const deployedImage = (instanceId: string): string | undefined =>
    fake.get('deployments', NS, `wh-${localIdOf(instanceId)}`)?.spec.template.spec.containers[0].image;

  it('a build is pushed (the registry serves its tag at Build.imageDigest) and the Kubernetes Deployment runs that reference', async () => {
    const instanceId = await instanceOnKubernetes();
    expect(deployedImage(instanceId)).toBe(TEST_IMAGES.web1);
    const archive = await tarOf({
      Dockerfile: `FROM ${TEST_IMAGES.tool}\nCOPY app.txt /app.txt\nCMD ["sleep", "3600"]\n`,
      // Unique per run: a new image, not one an earlier run left in the registry's engine cache.
      'app.txt': `pushed ${randomUUID()}\n`,
    });
    const r = await uploadBuild(
      t.url,
      tenant.token,
      { input: { instanceId, service: 'web', build: { source: {} } } },
      archive,
    );
    const payload = r.data?.buildService as { __typename: string; build: { id: string } };
    if (payload?.__typename !== 'BuildServicePayload') throw new Error(JSON.stringify(r));
    const b = await until(
      'the build to end',
      async () => {
        const n = (await query(t.url, tenant.token, BuildQuery, { id: payload.build.id })).node;
        const built = n && 'status' in n ? n : undefined;
        return built && ['SUCCEEDED', 'FAILED', 'CANCELED'].includes(built.status) ? built : undefined;
      },
      240_000,
    );
    if (b.image) pushed.add(b.image);
    expect(b.error).toBeNull();
    expect(b.status).toBe('SUCCEEDED');
    const prefix = `${registry.host}/`;
    expect(b.image?.startsWith(`${prefix}wh/`)).toBe(true);
    const ref = b.image!.slice(prefix.length);
    const repo = ref.slice(0, ref.lastIndexOf(':'));
    const tag = ref.slice(ref.lastIndexOf(':') + 1);
    expect(await registry.tags(repo)).toContain(tag);
    expect(b.imageDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await registry.manifestDigest(repo, tag)).toBe(b.imageDigest);
    // The deploy the build queued lands on the cluster: the Deployment runs the registry's reference.
    await until(
      'the Deployment to run the built image',
      async () => (deployedImage(instanceId) === b.image ? true : undefined),
      120_000,
    );
    expect(deployedImage(instanceId)).toBe(`${registry.host}/${repo}:${tag}`);
  }, 300_000);

  it('without a registry, a build for the Kubernetes instance is a ValidationError naming WHEELHOUSE_BUILD_REGISTRY', async () => {
    const instanceId = await instanceOnKubernetes();
    const bare = await startTestApp({
      registry: providers,
      database: t.database,
      config: { builds: builds(undefined) },
    });
    try {
      const r = await query(bare.url, tenant.token, BuildServiceDoc, {
        input: { instanceId, service: 'web', build: { source: { git: { url: 'https://git.example.com/a.git' } } } },
      });
      expect(r.buildService.__typename).toBe('ValidationError');
      if (r.buildService.__typename !== 'ValidationError') return;
      expect(r.buildService.message).toMatch(/"kubernetes".*"docker".*WHEELHOUSE_BUILD_REGISTRY/);
      expect(r.buildService.fieldErrors.map((f) => f.path.join('.'))).toEqual(['input.instanceId']);
    } finally {
      await bare.stop();
    }
  }, 60_000);
});
