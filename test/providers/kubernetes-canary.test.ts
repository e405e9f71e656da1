/**
 * Canary and blue-green releases on Kubernetes (issue 23) against the
 * in-process API stand-in: the objects of each strategy (the second
 * Deployment, the preview Service, the main Service's selector, the Gateway
 * API HTTPRoute), and where requests land, measured as kube-proxy would send
 * them through the Services (FakeKubeApi.serve).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/control/rollout-verdict.js';
import { Capabilities } from '../../src/providers/capabilities.js';
import { canaryRouteName } from '../../src/providers/kubernetes/kubernetes-canary-gateway.js';
import { canaryReplicas, REPLICAS_BEFORE_CANARY } from '../../src/providers/kubernetes/kubernetes-canary-replicas.js';
import { kubernetesProviderFromConfig, loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { routesIngressName } from '../../src/providers/kubernetes/kubernetes-ingress.js';
import { CANARY_MODE, NEXT_OF } from '../../src/providers/kubernetes/kubernetes-next-set.js';
import { Labels, nextName, previewServiceName } from '../../src/providers/kubernetes/kubernetes-objects.js';
import type { KubernetesProviderOptions } from '../../src/providers/kubernetes/kubernetes-options.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { CallContext, DeployRequest, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const NS = 'wheelhouse-canary';
const V1 = 'registry.test/web:v1';
const V2 = 'registry.test/web:v2';
const CRASHES = 'registry.test/web:crashes';
const TENANT = 'tenant-canary';
const ctx: CallContext = {};

describe('canary and blue-green on Kubernetes', () => {
  let fake: FakeKubeApi;
  let p: KubernetesProvider;
  let gated: KubernetesProvider;
  const FAST: Omit<KubernetesProviderOptions, 'kubeConfig'> = {
    namespace: NS,
    pollIntervalMs: 25,
    minReadyMs: 100,
    startTimeoutMs: 10_000,
  };

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineImage(V1, { script: 'while true; do sleep 0.2; done', body: 'v1' });
    fake.defineImage(V2, { script: 'while true; do sleep 0.2; done', body: 'v2' });
    fake.defineImage(CRASHES, { script: 'sleep 0.4; exit 3', body: 'crashes' });
    fake.defineResource({ group: 'gateway.networking.k8s.io', version: 'v1', kind: 'HTTPRoute', plural: 'httproutes' });
    p = new KubernetesProvider({ ...FAST, kubeConfig: loadKubeConfig(fake.kubeconfigPath) });
    gated = new KubernetesProvider({
      ...FAST,
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      gateway: { name: 'public', namespace: 'gateways', sectionName: 'https' },
    });
  });

  afterAll(async () => {
    p?.close();
    gated?.close();
    await fake?.close();
  });

  async function provision(replicas: number, kind: ProvisionRequest['kind'] = 'deployment'): Promise<string> {
    const instanceId = randomUUID();
    await p.provision(ctx, {
      instanceId,
      tenantId: TENANT,
      name: 'shop',
      kind,
      labels: {},
      services: [
        {
          name: 'web',
          image: V1,
          role: 'main',
          dependsOn: [],
          resources: { replicas },
          env: {},
          ports: [{ container: 8080, protocol: 'tcp' }],
          volumes: [],
          secrets: [],
          configFiles: [],
          annotations: {},
        },
      ],
    });
    await until(() => readyPods(instanceId).length === replicas, `${replicas} ready pods`);
    return instanceId;
  }

  const deployReq = (instanceId: string, image: string, strategy: DeployRequest['strategy']): DeployRequest => ({
    instanceId,
    releaseId: `rel-${randomUUID().slice(0, 8)}`,
    services: [{ name: 'web', image }],
    strategy,
  });
  const setOf = (req: DeployRequest) => ({
    instanceId: req.instanceId,
    releaseId: req.releaseId,
    services: ['web'],
    strategy: req.strategy as 'canary' | 'blue_green',
  });
  const url = (service: string) => `http://${service}.${NS}.svc:8080`;
  /** Where `n` requests through a Service land, by answer. */
  const split = (service: string, n: number) => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const body = fake.serve(url(service));
      counts[body] = (counts[body] ?? 0) + 1;
    }
    return counts;
  };
  const readyPods = (instanceId: string) =>
    fake
      .list('pods', NS)
      .filter(
        (pod) =>
          (pod.metadata.labels?.[Labels.instance] === instanceId || pod.metadata.labels?.[NEXT_OF] === instanceId) &&
          !pod.metadata.deletionTimestamp &&
          pod.status?.conditions?.some(
            (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
          ),
      );
  const images = (instanceId: string) =>
    readyPods(instanceId)
      .map((pod) => pod.spec.containers[0].image as string)
      .sort();
  const mainSelector = (instanceId: string) => fake.get('services', NS, `wh-${instanceId}`)?.spec.selector;

  it('declares both strategies and is a canary engine; a StatefulSet is refused with invalid_spec', async () => {
    expect(p.capabilities()).toEqual(expect.arrayContaining([Capabilities.canary, Capabilities.blueGreen]));
    expect(p.engines.canary).toBeDefined();
    // The per-tenant provider delegates the same calls.
    const perTenant = kubernetesProviderFromConfig(
      'k8s',
      { namespace: NS, namespaces: 'per-tenant' },
      undefined,
      fake.kubeconfigPath,
    );
    expect(perTenant.engines.canary).toBeDefined();
    expect(perTenant.capabilities()).toEqual(expect.arrayContaining([Capabilities.canary, Capabilities.blueGreen]));
    perTenant.close();
    expect(() =>
      kubernetesProviderFromConfig('k8s', { gateway: { name: 'Not A Name' } }, undefined, fake.kubeconfigPath),
    ).toThrow(/^options\.gateway\.name: must name a Gateway$/);

    const sts = await provision(1, 'stateful_set');
    const err = await p.engines.canary!.startCanary(ctx, deployReq(sts, V2, 'canary')).catch((e: unknown) => e);
    expect(isProviderError(err) && err.kind).toBe('invalid_spec');
    expect(String((err as Error).message)).toMatch(/StatefulSet/);
    expect(fake.get('deployments', NS, nextName(sts))).toBeUndefined();
  });

  it('replica-ratio canary: 25 % of 4 pods is 1 new pod and 3 old; promotion rolls the instance to the new release', async () => {
    expect(canaryReplicas(25, 4)).toEqual({ next: 1, stable: 3 });
    expect(canaryReplicas(50, 1)).toEqual({ next: 1, stable: 1 });
    const id = await provision(4);
    const req = deployReq(id, V2, 'canary');
    await p.engines.canary!.startCanary(ctx, req);
    const next = fake.get('deployments', NS, nextName(id));
    expect(next?.metadata.annotations[CANARY_MODE]).toBe('replicas');
    expect(next?.spec.replicas).toBe(0);
    expect(next?.spec.template.metadata.labels).toMatchObject({ [Labels.instance]: id, [NEXT_OF]: id });

    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 25);
    await until(() => images(id).join() === [V1, V1, V1, V2].join(), '3 old pods and 1 new');
    expect(fake.get('deployments', NS, `wh-${id}`)?.metadata.annotations[REPLICAS_BEFORE_CANARY]).toBe('4');
    const s = split(`wh-${id}`, 400);
    expect(s.v2).toBe(100);
    expect(s.v1).toBe(300);

    const reading = await p.engines.canary!.readCanary(ctx, setOf(req));
    expect(reading).toMatchObject({ counted: false, requests: 0 });
    expect(reading.problem).toBeUndefined();

    await p.engines.canary!.promoteCanary(ctx, setOf(req));
    const stable = fake.get('deployments', NS, `wh-${id}`);
    expect(stable?.spec.template.spec.containers[0].image).toBe(V2);
    expect(stable?.spec.replicas).toBe(4);
    expect(stable?.metadata.annotations[REPLICAS_BEFORE_CANARY]).toBeUndefined();
    expect(stable?.metadata.labels[Labels.release]).toBe(req.releaseId);
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    expect(mainSelector(id)).toEqual({ [Labels.instance]: id });
    await until(() => images(id).join() === [V2, V2, V2, V2].join(), 'four new pods only');
    expect(split(`wh-${id}`, 40)).toEqual({ v2: 40 });
  });

  it('an abort mid-canary puts every request back on the old set and removes the new one', async () => {
    const id = await provision(2);
    const req = deployReq(id, V2, 'canary');
    await p.engines.canary!.startCanary(ctx, req);
    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 50);
    await until(() => images(id).join() === [V1, V2].join(), 'one old pod and one new');
    expect(split(`wh-${id}`, 20)).toEqual({ v1: 10, v2: 10 });

    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 0);
    await p.engines.canary!.abortCanary(ctx, setOf(req));
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    const stable = fake.get('deployments', NS, `wh-${id}`);
    expect(stable?.spec.replicas).toBe(2);
    expect(stable?.spec.template.spec.containers[0].image).toBe(V1);
    await until(() => images(id).join() === [V1, V1].join(), 'two old pods, no new one');
    expect(split(`wh-${id}`, 20)).toEqual({ v1: 20 });
  });

  it('a new set that crashes is a problem in the reading (the analysis aborts on it)', async () => {
    const id = await provision(1);
    const req = deployReq(id, CRASHES, 'canary');
    await p.engines.canary!.startCanary(ctx, req);
    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 50).catch(() => undefined);
    await until(
      async () => (await p.engines.canary!.readCanary(ctx, setOf(req))).problem !== undefined,
      'a problem reported',
    );
    const reading = await p.engines.canary!.readCanary(ctx, setOf(req));
    expect(reading.problem).toMatch(/CrashLoopBackOff|restarted|failed|not ready/);
    const settings = { maxErrorRate: 0.05, intervalSeconds: 1, minRequests: 10, failureLimit: 2, maxP99Ms: null };
    const run = judge({ requests: 0, responses5xx: 0 }, reading, settings);
    expect(run.failed).toBe(true);
    // Healthy and uncounted: passes on health alone, not "inconclusive".
    const healthy = judge(
      { requests: 0, responses5xx: 0 },
      { requests: 0, responses5xx: 0, at: new Date(), counted: false },
      settings,
    );
    expect(healthy.run.passed).toBe(true);
    expect(healthy.run.message).toMatch(/no request metrics/);
    await p.engines.canary!.abortCanary(ctx, setOf(req));
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
  });

  it('blue-green: a preview Service and Ingress rule for the new set; the switch is the main Service selector', async () => {
    const id = await provision(2);
    await p.engines.traffic!.applyRoutes(ctx, id, [
      { id: 'main', instanceId: id, tenantId: TENANT, service: 'web', port: 8080, host: 'shop.test', pathPrefix: '/' },
    ]);
    const req = deployReq(id, V2, 'blue_green');
    await p.engines.canary!.startCanary(ctx, req);
    // The whole new set is up and ready before the call returns, outside the main Service.
    expect(images(id)).toEqual([V1, V1, V2, V2]);
    expect(fake.get('deployments', NS, nextName(id))?.spec.template.metadata.labels[Labels.instance]).toBeUndefined();
    expect(fake.get('services', NS, previewServiceName(id))?.spec.selector).toEqual({ [NEXT_OF]: id });
    expect(split(previewServiceName(id), 10)).toEqual({ v2: 10 });
    expect(split(`wh-${id}`, 10)).toEqual({ v1: 10 });

    // The preview route (a route row with the release) is an Ingress rule to the preview Service.
    await p.engines.traffic!.applyRoutes(ctx, id, [
      { id: 'main', instanceId: id, tenantId: TENANT, service: 'web', port: 8080, host: 'shop.test', pathPrefix: '/' },
      {
        id: 'preview',
        instanceId: id,
        tenantId: TENANT,
        service: 'web',
        port: 8080,
        host: 'preview-shop.test',
        pathPrefix: '/',
        releaseId: req.releaseId,
      },
    ]);
    const rules = fake.get('ingresses', NS, routesIngressName(id))?.spec.rules;
    const backendOf = (host: string) =>
      rules.find((r: { host: string }) => r.host === host).http.paths[0].backend.service.name;
    expect(backendOf('shop.test')).toBe(`wh-${id}`);
    expect(backendOf('preview-shop.test')).toBe(previewServiceName(id));

    // The switch: one write of the selector; the old pods still run (the instant way back).
    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 100);
    expect(mainSelector(id)).toEqual({ [NEXT_OF]: id });
    expect(split(`wh-${id}`, 10)).toEqual({ v2: 10 });
    expect(images(id)).toEqual([V1, V1, V2, V2]);

    await p.engines.canary!.promoteCanary(ctx, setOf(req));
    expect(mainSelector(id)).toEqual({ [Labels.instance]: id });
    expect(fake.get('services', NS, previewServiceName(id))).toBeUndefined();
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    await until(() => images(id).join() === [V2, V2].join(), 'the instance on the new release only');
    expect(split(`wh-${id}`, 10)).toEqual({ v2: 10 });
  });

  it('blue-green abort: the selector never left the old set, and the new set and its preview are removed', async () => {
    const id = await provision(1);
    const req = deployReq(id, V2, 'blue_green');
    await p.engines.canary!.startCanary(ctx, req);
    expect(split(`wh-${id}`, 4)).toEqual({ v1: 4 });
    await p.engines.canary!.abortCanary(ctx, setOf(req));
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    expect(fake.get('services', NS, previewServiceName(id))).toBeUndefined();
    expect(mainSelector(id)).toEqual({ [Labels.instance]: id });
    await until(() => images(id).join() === V1, 'the old pod only');
  });

  it('Gateway canary: an HTTPRoute on the configured Gateway carries each step’s weights for the routes’ hosts', async () => {
    const id = await provision(2);
    await gated.engines.traffic!.applyRoutes(ctx, id, [
      { id: 'a', instanceId: id, tenantId: TENANT, service: 'web', port: 8080, host: 'shop.test', pathPrefix: '/' },
      {
        id: 'b',
        instanceId: id,
        tenantId: TENANT,
        service: 'web',
        port: 8080,
        host: 'www.shop.test',
        pathPrefix: '/api',
      },
    ]);
    const req = deployReq(id, V2, 'canary');
    await gated.engines.canary!.startCanary(ctx, req);
    expect(fake.get('deployments', NS, nextName(id))?.metadata.annotations[CANARY_MODE]).toBe('gateway');
    // The new set runs whole, reached only through the preview Service until the HTTPRoute weighs it in.
    expect(split(`wh-${id}`, 6)).toEqual({ v1: 6 });
    expect(split(previewServiceName(id), 6)).toEqual({ v2: 6 });

    await gated.engines.canary!.setCanaryWeight(ctx, setOf(req), 25);
    const route = fake.get('httproutes', NS, canaryRouteName(id));
    expect(route?.spec.parentRefs).toEqual([
      {
        group: 'gateway.networking.k8s.io',
        kind: 'Gateway',
        name: 'public',
        namespace: 'gateways',
        sectionName: 'https',
      },
    ]);
    expect(route?.spec.hostnames).toEqual(['shop.test', 'www.shop.test']);
    expect(route?.spec.rules).toHaveLength(2);
    for (const rule of route?.spec.rules ?? []) {
      expect(rule.backendRefs).toEqual([
        { name: `wh-${id}`, port: 8080, weight: 75 },
        { name: previewServiceName(id), port: 8080, weight: 25 },
      ]);
    }
    expect(
      route?.spec.rules.map((r: { matches: { path: { value: string } }[] }) => r.matches[0]?.path.value).sort(),
    ).toEqual(['/', '/api']);
    await gated.engines.canary!.setCanaryWeight(ctx, setOf(req), 60);
    expect(
      fake
        .get('httproutes', NS, canaryRouteName(id))
        ?.spec.rules[0].backendRefs.map((b: { weight: number }) => b.weight),
    ).toEqual([40, 60]);

    await gated.engines.canary!.promoteCanary(ctx, setOf(req));
    expect(fake.get('httproutes', NS, canaryRouteName(id))).toBeUndefined();
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    expect(fake.get('deployments', NS, `wh-${id}`)?.spec.template.spec.containers[0].image).toBe(V2);
    await until(() => images(id).join() === [V2, V2].join(), 'the instance on the new release only');
  });

  it('Gateway provider, instance without a route: the canary splits by replica ratio, with no HTTPRoute', async () => {
    // An internal service (ClusterIP only) has no Ingress whose requests an HTTPRoute could split.
    expect(gated.engines.canary!.needsRoute).toBe(false);
    const id = await provision(2);
    expect(fake.get('ingresses', NS, routesIngressName(id))).toBeUndefined();
    const req = deployReq(id, V2, 'canary');
    await gated.engines.canary!.startCanary(ctx, req);
    expect(fake.get('deployments', NS, nextName(id))?.metadata.annotations[CANARY_MODE]).toBe('replicas');
    expect(fake.get('services', NS, previewServiceName(id))).toBeUndefined();

    await gated.engines.canary!.setCanaryWeight(ctx, setOf(req), 50);
    expect(fake.get('httproutes', NS, canaryRouteName(id))).toBeUndefined();
    expect(fake.get('deployments', NS, nextName(id))?.spec.replicas).toBe(1);
    expect(fake.get('deployments', NS, `wh-${id}`)?.spec.replicas).toBe(1);
    expect(split(`wh-${id}`, 20)).toEqual({ v1: 10, v2: 10 });

    await gated.engines.canary!.abortCanary(ctx, setOf(req));
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    expect(fake.get('deployments', NS, `wh-${id}`)?.spec.replicas).toBe(2);
  });

  it('repeating each call (a rollout resumed after a crash) changes nothing more', async () => {
    const id = await provision(3);
    const req = deployReq(id, V2, 'canary');
    await p.engines.canary!.startCanary(ctx, req);
    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 33);
    await until(() => images(id).join() === [V1, V1, V2].join(), 'two old pods and one new');
    const podNames = () =>
      readyPods(id)
        .map((pod) => pod.metadata.name as string)
        .sort();
    const before = podNames();
    await p.engines.canary!.startCanary(ctx, req);
    await p.engines.canary!.setCanaryWeight(ctx, setOf(req), 33);
    expect(podNames()).toEqual(before);
    expect(fake.get('deployments', NS, nextName(id))?.spec.replicas).toBe(1);
    expect(fake.get('deployments', NS, `wh-${id}`)?.metadata.annotations[REPLICAS_BEFORE_CANARY]).toBe('3');
    // An abort repeated, and a promotion after the new set is gone, converge too.
    await p.engines.canary!.abortCanary(ctx, setOf(req));
    await p.engines.canary!.abortCanary(ctx, setOf(req));
    expect(fake.get('deployments', NS, `wh-${id}`)?.spec.replicas).toBe(3);
    await until(() => images(id).join() === [V1, V1, V1].join(), 'three old pods');
  });

  it('deprovision removes a rollout’s second set and preview Service too', async () => {
    const id = await provision(1);
    await p.engines.canary!.startCanary(ctx, deployReq(id, V2, 'blue_green'));
    expect(fake.get('deployments', NS, nextName(id))).toBeDefined();
    await p.deprovision(ctx, id);
    expect(fake.get('deployments', NS, nextName(id))).toBeUndefined();
    expect(fake.get('services', NS, previewServiceName(id))).toBeUndefined();
  });
});

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
