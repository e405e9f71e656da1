/**
 * GPUs (issue 26). Kubernetes, on the API stand-in: `gpu` is declared once a
 * node reports allocatable GPUs, a request becomes a limit on the configured
 * extended resource, and a pod no node can fit waits with a message that says
 * so. Docker, on the real Engine (which has no nvidia runtime here): `gpu` is
 * not declared and a GPU request is refused before anything is created.
 */
import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { ProvisionRequest } from '../../src/providers/provider.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { query, startTestApp, type TestApp } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { serviceSpec } from '../support/service-spec.js';

const NS = 'wh';

const request = (gpu: string): ProvisionRequest => ({
  instanceId: randomUUID(),
  tenantId: randomUUID(),
  name: 'trainer',
  kind: 'deployment',
  labels: {},
  services: [
    serviceSpec({
      name: 'trainer',
      image: 'registry.test/busybox:stable',
      resources: { gpu },
      command: ['sh', '-c', 'while true; do sleep 0.2; done'],
    }),
  ],
});

describe('GPUs on Kubernetes', () => {
  let fake: FakeKubeApi;
  const providers: KubernetesProvider[] = [];
  const make = (extra: Partial<ConstructorParameters<typeof KubernetesProvider>[0]> = {}) => {
    const p = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: NS,
      pollIntervalMs: 25,
      minReadyMs: 50,
      startTimeoutMs: 5000,
      ...extra,
    });
    providers.push(p);
    return p;
  };

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
  });
  afterAll(async () => {
    for (const p of providers) p.close();
    await fake.close();
  });

  it('declares gpu once a node reports allocatable GPUs, and puts the limit on the container', async () => {
    const p = make();
    fake.setNodeAllocatable('cpu-node', { cpu: '8' });
    await p.refreshInfo();
    expect(p.capabilities()).not.toContain('gpu');

    fake.setNodeAllocatable('gpu-node', { 'nvidia.com/gpu': '2' });
    await p.refreshInfo();
    expect(p.capabilities()).toContain('gpu');

    const req = request('1');
    await p.provision({}, req);
    const container = fake.get('deployments', NS, `wh-${req.instanceId}`)?.spec.template.spec.containers[0];
    expect(container.resources.limits).toEqual({ 'nvidia.com/gpu': '1' });
    // `all` asks for what the largest node has.
    const all = request('all');
    await p.provision({}, all);
    const c2 = fake.get('deployments', NS, `wh-${all.instanceId}`)?.spec.template.spec.containers[0];
    expect(c2.resources.limits).toEqual({ 'nvidia.com/gpu': '2' });
  });

  it('uses the resource name the provider options give', async () => {
    fake.setNodeAllocatable('amd-node', { 'amd.com/gpu': '1' });
    const p = make({ gpu: { resourceName: 'amd.com/gpu' } });
    await p.refreshInfo();
    expect(p.capabilities()).toContain('gpu');
    const req = request('1');
    await p.provision({}, req);
    const container = fake.get('deployments', NS, `wh-${req.instanceId}`)?.spec.template.spec.containers[0];
    expect(container.resources.limits).toEqual({ 'amd.com/gpu': '1' });
  });

  it('says a pod waits for a GPU when no node has enough', async () => {
    const p = make({ startTimeoutMs: 300 });
    await p.refreshInfo();
    const req = request('4');
    await p.provision({}, req).catch(() => undefined);
    const st = await p.status({}, req.instanceId);
    expect(st.ready).toBe(false);
    expect(st.services.trainer?.message).toMatch(
      /^waiting for a GPU \(nvidia\.com\/gpu\): pod not scheduled: .*Insufficient nvidia\.com\/gpu/,
    );
  });
});

const Provision = graphql(`
  mutation GpuProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on CapabilityNotSupportedError { message capability }
      ... on Error { message }
    }
  }
`);

const skipDocker = !(await dockerOrSkip());

describe.skipIf(skipDocker)('GPUs on Docker without an nvidia runtime', () => {
  let t: TestApp;
  let token: string;
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const provider = new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: 'docker' });

  beforeAll(async () => {
    const registry = new Registry();
    registry.register('docker', provider);
    t = await startTestApp({ registry });
    token = (await t.newTenant()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('does not declare gpu, and refuses a GPU request before creating anything', async () => {
    // The Engine's own answer: no nvidia runtime on this machine.
    const info = (await docker.info()) as { Runtimes?: Record<string, unknown> };
    expect(Object.keys(info.Runtimes ?? {})).not.toContain('nvidia');
    await provider.refreshInfo();
    expect(provider.capabilities()).toContain('provision');
    expect(provider.capabilities()).not.toContain('gpu');

    const name = `gpu-${randomUUID().slice(0, 8)}`;
    const r = await query(t.url, token, Provision, {
      input: { name, services: [{ name: 'trainer', image: TEST_IMAGES.tool, resources: { gpu: '1' } }] },
    });
    if (r.provisionInstance.__typename !== 'CapabilityNotSupportedError') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.capability).toBe('GPU');
    // Nothing was created: no instance row, no container.
    expect(await t.database.db.selectFrom('instances').select('id').where('name', '=', name).execute()).toEqual([]);
    const containers = await docker.listContainers({ all: true, filters: { name: [name] } });
    expect(containers).toEqual([]);
  });
});
