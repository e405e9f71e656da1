/**
 * Canary and blue-green releases on Kubernetes through the API (issue 23):
 * the control plane drives the rollout (steps, pauses, analysis, promotion)
 * and the real Kubernetes provider realises it against the in-process API
 * stand-in. Checked where it lands: the Deployments and Services in the
 * stand-in, where requests through the Services go (as kube-proxy sends
 * them), the instance's current release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesIngressName } from '../../src/providers/kubernetes/kubernetes-ingress.js';
import { nextName, previewServiceName } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { gql, localIdOf, type TestApp } from '../support/app.js';
import type { FakeKubeApi } from '../support/fake-kube-api.js';
import { type KubeApp, provisionOn, serveOnly, startKubeApp, tally, until } from '../support/kube-app.js';

const NS = 'wh-rollouts';
const V1 = 'registry.test/shop:v1';
const V2 = 'registry.test/shop:v2';
const V3 = 'registry.test/shop:v3';
const CRASHES = 'registry.test/shop:crashes';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ROLLOUT = `id status error { code message }
  rollout { strategy phase stepIndex canaryWeight abortReason previewUrl
    analysis { requests passed message }
    newRelease { id } }`;

describe('canary and blue-green on Kubernetes, through the API', () => {
  let k: KubeApp;
  let fake: FakeKubeApi;
  let app: TestApp;
  let token: string;
  let instanceId: string;
  let local: string;

  beforeAll(async () => {
    k = await startKubeApp(NS, [V1, V2, V3], { edgeDomain: 'apps.test' });
    ({ fake, app, token } = k);
    fake.defineImage(CRASHES, { script: 'sleep 1.5; exit 3', body: 'crashes' });
    const r = await provisionOn(k, {
      name: 'shop',
      services: [{ name: 'web', image: V1, resources: { replicas: 2 }, ports: [{ container: 8080 }] }],
      routes: [{ service: 'web', port: 8080 }],
    });
    expect(r.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    instanceId = r.instance.id;
    local = localIdOf(instanceId);
  }, 60_000);

  afterAll(async () => {
    await k?.close();
  });

  const image = () => fake.get('deployments', NS, `wh-${local}`)?.spec.template.spec.containers[0].image;
  const serveMain = (n: number) => tally(() => fake.serve(`http://wh-${local}.${NS}.svc:8080`), n);
  const servePreview = (n: number) => tally(() => fake.serve(`http://${previewServiceName(local)}.${NS}.svc:8080`), n);

  async function deploy(input: object): Promise<string> {
    const r = await gql(
      app,
      token,
      `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on Error { message } ... on DeployInstancePayload { operation { id } } } }`,
      { input: { instanceId, ...input } },
    );
    expect(r.deployInstance.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    return r.deployInstance.operation.id;
  }

  async function operation(id: string): Promise<any> {
    const r = await gql(app, token, `query($id: ID!) { node(id: $id) { ... on Operation { ${ROLLOUT} } } }`, { id });
    return r.node;
  }

  async function waitFor(id: string, done: (op: any) => boolean, what: string, timeoutMs = 30_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const op = await operation(id);
      if (done(op)) return op;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(op)}`);
      await sleep(100);
    }
  }

  async function currentRelease(): Promise<string> {
    const r = await gql(app, token, `query($id: ID!) { instance(id: $id) { currentRelease { id } } }`, {
      id: instanceId,
    });
    return r.instance.currentRelease.id;
  }

  it('the instance’s route is its Ingress, ACTIVE once applied (the edge driver hands each instance its routes)', async () => {
    const r = await gql(app, token, `query($id: ID!) { instance(id: $id) { routes { host status } } }`, {
      id: instanceId,
    });
    const route = r.instance.routes[0];
    await until(async () => {
      const q = await gql(app, token, `query($id: ID!) { instance(id: $id) { routes { status } } }`, {
        id: instanceId,
      });
      return q.instance.routes[0]?.status === 'ACTIVE';
    }, 'the route ACTIVE');
    const rules = fake.get('ingresses', NS, routesIngressName(local))?.spec.rules;
    expect(rules).toEqual([
      {
        host: route.host,
        http: {
          paths: [
            { path: '/', pathType: 'Prefix', backend: { service: { name: `wh-${local}`, port: { number: 8080 } } } },
          ],
        },
      },
    ]);
  });

  it('refuses maxP99Ms by field: a cluster gives no response times to judge', async () => {
    const r = await gql(
      app,
      token,
      `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on ValidationError { fieldErrors { path message } } } }`,
      {
        input: {
          instanceId,
          strategy: 'CANARY',
          services: [{ name: 'web', image: V2 }],
          canary: { steps: [{ weight: 50 }], analysis: { maxP99Ms: 200 } },
        },
      },
    );
    expect(r.deployInstance.__typename).toBe('ValidationError');
    expect(r.deployInstance.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual([
      'input.canary.analysis.maxP99Ms',
    ]);
    expect(fake.get('deployments', NS, nextName(local))).toBeUndefined();
  });

  it('a canary at 50 % runs one new pod beside one old, is analysed on health, and promotes to the new release', async () => {
    const opId = await deploy({
      strategy: 'CANARY',
      services: [{ name: 'web', image: V2 }],
      canary: { steps: [{ weight: 50, pauseSeconds: 3 }], analysis: { intervalSeconds: 1, minRequests: 5 } },
    });
    const paused = await waitFor(
      opId,
      (o) => o.rollout?.phase === 'PAUSED' && o.rollout.canaryWeight === 50,
      'the step',
    );
    expect(paused.status).toBe('RUNNING');
    // Half the Service's requests reach the new pod while the step holds.
    expect(serveMain(40)).toEqual({ v1: 20, v2: 20 });
    expect(fake.get('deployments', NS, nextName(local))?.spec.replicas).toBe(1);

    const done = await waitFor(opId, (o) => o.status !== 'RUNNING' && o.status !== 'QUEUED', 'the promotion');
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    expect(done.rollout.phase).toBe('SUCCEEDED');
    expect(done.rollout.analysis.length).toBeGreaterThan(0);
    expect(done.rollout.analysis.every((a: any) => a.passed && /no request metrics/.test(a.message))).toBe(true);
    expect(await currentRelease()).toBe(done.rollout.newRelease.id);
    expect(image()).toBe(V2);
    expect(fake.get('deployments', NS, nextName(local))).toBeUndefined();
    await until(() => serveOnly(serveMain(10), 'v2'), 'every request on v2');
  }, 60_000);

  it('a canary whose new pods crash aborts itself: the old release keeps every request', async () => {
    const before = await currentRelease();
    const opId = await deploy({
      strategy: 'CANARY',
      services: [{ name: 'web', image: CRASHES }],
      canary: { steps: [{ weight: 50, pauseSeconds: 30 }], analysis: { intervalSeconds: 1 } },
    });
    const done = await waitFor(opId, (o) => o.status === 'FAILED', 'the abort');
    expect(done.error.code).toBe('ANALYSIS_FAILED');
    expect(done.rollout.phase).toBe('ABORTED');
    expect(done.rollout.abortReason).toMatch(/CrashLoopBackOff|restarted|failed|not ready/);
    expect(await currentRelease()).toBe(before);
    expect(fake.get('deployments', NS, nextName(local))).toBeUndefined();
    expect(image()).toBe(V2);
    expect(fake.get('deployments', NS, `wh-${local}`)?.spec.replicas).toBe(2);
    await until(() => serveOnly(serveMain(10), 'v2'), 'every request back on v2');
  }, 60_000);

  it('blue-green: the preview host serves the new set, promotion switches the Service, the preview goes', async () => {
    const opId = await deploy({
      strategy: 'BLUE_GREEN',
      services: [{ name: 'web', image: V3 }],
      blueGreen: { scaleDownDelaySeconds: 1, analysis: { intervalSeconds: 1 } },
    });
    const held = await waitFor(opId, (o) => o.rollout?.phase === 'PAUSED' && o.rollout.previewUrl, 'the preview');
    const previewHost = new URL(held.rollout.previewUrl).hostname;
    expect(previewHost).toMatch(/^preview-.*\.apps\.test$/);
    // The preview's Ingress rule goes to the preview Service, which selects the new set only.
    const rule = fake
      .get('ingresses', NS, routesIngressName(local))
      ?.spec.rules.find((r: { host: string }) => r.host === previewHost);
    expect(rule?.http.paths[0].backend.service.name).toBe(previewServiceName(local));
    expect(servePreview(6)).toEqual({ v3: 6 });
    expect(serveMain(6)).toEqual({ v2: 6 });

    const promoted = await gql(
      app,
      token,
      `mutation($input: PromoteOperationInput!) { promoteOperation(input: $input) { __typename ... on Error { message } } }`,
      { input: { operationId: opId } },
    );
    expect(promoted.promoteOperation.__typename).toBe('PromoteOperationPayload');
    const done = await waitFor(opId, (o) => o.status !== 'RUNNING' && o.status !== 'QUEUED', 'the switch');
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    expect(image()).toBe(V3);
    expect(await currentRelease()).toBe(done.rollout.newRelease.id);
    expect(fake.get('services', NS, previewServiceName(local))).toBeUndefined();
    await until(
      () =>
        !fake
          .get('ingresses', NS, routesIngressName(local))
          ?.spec.rules.some((r: { host: string }) => r.host === previewHost),
      'the preview rule removed',
    );
    await until(() => serveOnly(serveMain(10), 'v3'), 'every request on v3');
  }, 60_000);

  it('removing the last route deletes the Ingress', async () => {
    const r = await gql(app, token, `query($id: ID!) { instance(id: $id) { routes { id } } }`, { id: instanceId });
    const removed = await gql(
      app,
      token,
      `mutation($input: RemoveRouteInput!) { removeRoute(input: $input) { __typename ... on Error { message } } }`,
      { input: { routeId: r.instance.routes[0].id } },
    );
    expect(removed.removeRoute.__typename).toBe('RemoveRoutePayload');
    await until(() => fake.get('ingresses', NS, routesIngressName(local)) === undefined, 'the Ingress deleted');
  });
});
