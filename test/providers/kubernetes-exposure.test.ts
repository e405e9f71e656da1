/**
 * Endpoints a user outside the cluster can open, against the in-process API
 * stand-in: NodePort (a node's address and the allocated port), LoadBalancer
 * (the address the stand-in's cloud controller assigns, once it has) and an
 * Ingress host; in-cluster DNS stays the default and is always listed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubernetesProviderFromConfig, loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import type { KubernetesProviderOptions } from '../../src/providers/kubernetes/kubernetes-options.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { CallContext, Endpoint, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import type { PortSpec } from '../../src/providers/service-spec.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const NAMESPACE = 'wheelhouse-exposure';
const IMAGE = 'registry.test/web:v1';
const ctx: CallContext = {};

describe('Kubernetes external endpoints', () => {
  let fake: FakeKubeApi;
  const ids: string[] = [];
  const providers: KubernetesProvider[] = [];
  const provider = (extra: Partial<KubernetesProviderOptions> = {}) => {
    const p = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: NAMESPACE,
      pollIntervalMs: 25,
      minReadyMs: 100,
      startTimeoutMs: 10_000,
      ...extra,
    });
    providers.push(p);
    return p;
  };
  const web = (ports: PortSpec[]): ProvisionRequest => {
    const id = randomUUID();
    ids.push(id);
    return {
      instanceId: id,
      tenantId: 'tenant-exp',
      name: 'web',
      kind: 'deployment',
      labels: {},
      services: [
        {
          name: 'web',
          image: IMAGE,
          role: 'main',
          dependsOn: [],
          resources: {},
          env: {},
          ports,
          volumes: [],
          secrets: [],
          configFiles: [],
          annotations: {},
        },
      ],
    };
  };
  const publicOnes = (endpoints: Endpoint[]) => endpoints.filter((e) => e.public);

  beforeAll(async () => {
    // The cloud controller takes a while, so a provision returns before the address exists.
    fake = await new FakeKubeApi({ loadBalancerDelayMs: 400 }).start();
    fake.defineImage(IMAGE, { script: 'while true; do sleep 0.2; done' });
    fake.setNodes([
      { name: 'node-a', internalIP: '10.0.0.11', externalIP: '198.51.100.7' },
      { name: 'node-b', internalIP: '10.0.0.12' },
    ]);
  });

  afterAll(async () => {
    const p = providers[0] ?? provider();
    for (const id of ids) await p.deprovision(ctx, id, { deleteVolumes: true }).catch(() => undefined);
    for (const id of ids) expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
    await fake.close();
  });

  it('keeps in-cluster DNS as the default: one private endpoint per port, no extra Service', async () => {
    const req = web([{ container: 8080, protocol: 'tcp' }]);
    const res = await provider().provision(ctx, req);
    expect(res.endpoints).toEqual([
      {
        serviceName: 'web',
        url: `http://wh-${req.instanceId}.${NAMESPACE}.svc:8080`,
        port: 8080,
        protocol: 'tcp',
        public: false,
      },
    ]);
    expect(fake.labelled(`${Labels.instance}=${req.instanceId}`)).toEqual([
      `Deployment/wh-${req.instanceId}`,
      `Pod/${fake.list('pods', NAMESPACE, `${Labels.instance}=${req.instanceId}`)[0]?.metadata.name}`,
      `Service/wh-${req.instanceId}`,
    ]);
  });

  it('gives a NodePort URL on a node address, from the Node list or the nodeAddress option', async () => {
    const req = web([{ container: 8080, protocol: 'tcp' }]);
    const res = await provider({ exposure: { exposure: 'node_port' } }).provision(ctx, req);
    const svc = fake.get('services', NAMESPACE, `wh-${req.instanceId}-np`);
    expect(svc?.spec.type).toBe('NodePort');
    const nodePort = svc?.spec.ports[0].nodePort as number;
    expect(nodePort).toBeGreaterThanOrEqual(30000);
    // The first ExternalIP of the Node list: the address a user outside the cluster can open.
    expect(publicOnes(res.endpoints)).toEqual([
      { serviceName: 'web', url: `http://198.51.100.7:${nodePort}`, port: nodePort, protocol: 'tcp', public: true },
    ]);
    expect(res.endpoints.filter((e) => !e.public)).toHaveLength(1);

    const pinned = provider({ exposure: { exposure: 'node_port', nodeAddress: 'k8s.example.test' } });
    const status = await pinned.status(ctx, req.instanceId);
    expect(publicOnes(status.endpoints).map((e) => e.url)).toEqual([`http://k8s.example.test:${nodePort}`]);

    // A repeated provision keeps the allocated node port (the URL users saved stays good).
    await provider({ exposure: { exposure: 'node_port' } }).provision(ctx, req);
    expect(fake.get('services', NAMESPACE, `wh-${req.instanceId}-np`)?.spec.ports[0].nodePort).toBe(nodePort);
  });

  it('gives a LoadBalancer URL once the cloud has assigned an address, for the port that asks for one', async () => {
    const req = web([
      { container: 8080, protocol: 'tcp', exposure: 'load_balancer' },
      { container: 9090, protocol: 'tcp' },
    ]);
    const p = provider();
    const res = await p.provision(ctx, req);
    const lbName = `wh-${req.instanceId}-lb`;
    expect(fake.get('services', NAMESPACE, lbName)?.spec).toMatchObject({
      type: 'LoadBalancer',
      ports: [expect.objectContaining({ port: 8080 })],
    });
    // Before the address is assigned there is nothing to open, so no public endpoint is made up.
    if (!fake.get('services', NAMESPACE, lbName)?.status?.loadBalancer) expect(publicOnes(res.endpoints)).toEqual([]);
    let address: string | undefined;
    const deadline = Date.now() + 10_000;
    while (!address && Date.now() < deadline) {
      address = fake.get('services', NAMESPACE, lbName)?.status?.loadBalancer?.ingress?.[0]?.ip;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(address).toBeDefined();
    const status = await p.status(ctx, req.instanceId);
    expect(publicOnes(status.endpoints)).toEqual([
      { serviceName: 'web', url: `http://${address}:8080`, port: 8080, protocol: 'tcp', public: true },
    ]);
    // Port 9090 keeps the default: in-cluster only.
    expect(status.endpoints.filter((e) => !e.public).map((e) => e.port)).toEqual([8080, 9090]);

    // A deploy that moves the port to NodePort removes the load balancer and makes the NodePort Service.
    await p.deploy(ctx, {
      instanceId: req.instanceId,
      releaseId: 'r2',
      strategy: 'rolling',
      services: [{ name: 'web', image: IMAGE, ports: [{ container: 8080, protocol: 'tcp', exposure: 'node_port' }] }],
    });
    expect(fake.get('services', NAMESPACE, lbName)).toBeUndefined();
    expect(fake.get('services', NAMESPACE, `wh-${req.instanceId}-np`)?.spec.type).toBe('NodePort');
  });

  it('routes an Ingress host per port from the host template, to the ClusterIP Service', async () => {
    const req = web([{ container: 8080, protocol: 'tcp' }]);
    const res = await provider({
      exposure: { exposure: 'ingress', ingressHost: '{service}-{instance}.apps.test', ingressClassName: 'nginx' },
    }).provision(ctx, req);
    const host = `web-${req.instanceId}.apps.test`;
    expect(publicOnes(res.endpoints)).toEqual([
      { serviceName: 'web', url: `http://${host}/`, port: 80, protocol: 'tcp', public: true },
    ]);
    const ingress = fake.get('ingresses', NAMESPACE, `wh-${req.instanceId}`);
    expect(ingress?.spec).toEqual({
      ingressClassName: 'nginx',
      rules: [
        {
          host,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: `wh-${req.instanceId}`, port: { number: 8080 } } },
              },
            ],
          },
        },
      ],
    });
  });

  it('refuses an Ingress port without a host template, or for UDP, creating nothing', async () => {
    for (const port of [
      { container: 8080, protocol: 'tcp', exposure: 'ingress' },
      { container: 5353, protocol: 'udp', exposure: 'ingress' },
    ] as PortSpec[]) {
      const req = web([port]);
      const p = provider(port.protocol === 'udp' ? { exposure: { ingressHost: '{service}.apps.test' } } : {});
      const err = await p.provision(ctx, req).catch((e: unknown) => e);
      expect(isProviderError(err) && err.kind, String(err)).toBe('invalid_spec');
      expect(fake.labelled(`${Labels.instance}=${req.instanceId}`)).toEqual([]);
    }
  });

  it('reads exposure options from the providers file, and refuses Ingress without ingressHost', () => {
    expect(() => kubernetesProviderFromConfig('k', { exposure: 'Ingress' }, undefined, fake.kubeconfigPath)).toThrow(
      /ingressHost/,
    );
    expect(() => kubernetesProviderFromConfig('k', { exposure: 'Public' }, undefined, fake.kubeconfigPath)).toThrow(
      /options\.exposure/,
    );
    const p = kubernetesProviderFromConfig(
      'k',
      { exposure: 'NodePort', nodeAddress: '203.0.113.9', storageClass: 'fast' },
      undefined,
      fake.kubeconfigPath,
    );
    expect(p).toBeInstanceOf(KubernetesProvider);
  });
});
