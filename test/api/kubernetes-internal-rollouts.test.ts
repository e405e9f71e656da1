/**
 * Canary and blue-green on Kubernetes, through the API, of a service with no
 * route (an internal service, ClusterIP only; issue 40): neither needs an
 * Ingress, so neither is refused. A canary is a second Deployment whose
 * share of the Service's pods is the step's weight; a blue-green rollout is
 * a second Deployment behind a preview Service, switched in by the main
 * Service's selector. Each is promoted and canceled, and checked where it
 * lands: the objects in the Kubernetes stand-in, and where requests through
 * the Services go (as kube-proxy sends them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesIngressName } from '../../src/providers/kubernetes/kubernetes-ingress.js';
import { NEXT_OF } from '../../src/providers/kubernetes/kubernetes-next-set.js';
import { Labels, nextName, previewServiceName } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { gql, localIdOf, type TestApp } from '../support/app.js';
import type { FakeKubeApi } from '../support/fake-kube-api.js';
import { type KubeApp, provisionOn, serveOnly, startKubeApp, tally, until } from '../support/kube-app.js';

const NS = 'wh-internal-rollouts';
const IMAGES = ['v1', 'v2', 'v3', 'web1', 'web2'].map((v) => `registry.test/api:${v}`);
const [V1, V2, V3, WEB1, WEB2] = IMAGES as [string, string, string, string, string];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ROLLOUT = `id status error { code message } steps { name message }
  rollout { strategy phase stepIndex canaryWeight abortReason previewUrl newRelease { id } }`;

describe('canary and blue-green on Kubernetes of a service without a route, through the API', () => {
  let k: KubeApp;
  let fake: FakeKubeApi;
  let app: TestApp;
  let token: string;
  let instanceId: string;
  let firstRelease: string;
  let local: string;

  beforeAll(async () => {
    // The provider has an edge; this instance simply has no route on it.
    k = await startKubeApp(NS, IMAGES, { edgeDomain: 'apps.test' });
    ({ fake, app, token } = k);
    const r = await provisionOn(k, {
      name: 'api',
      services: [{ name: 'api', image: V1, resources: { replicas: 2 }, ports: [{ container: 8080 }] }],
    });
    expect(r.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    instanceId = r.instance.id;
    firstRelease = r.instance.currentRelease.id;
    local = localIdOf(instanceId);
  }, 60_000);

  afterAll(async () => {
    await k?.close();
  });

  const main = () => `wh-${local}`;
  const deployment = (name: string) => fake.get('deployments', NS, name);
  const image = () => deployment(main())?.spec.template.spec.containers[0].image;
  const selector = () => fake.get('services', NS, main())?.spec.selector;
  const serve = (service: string, n: number) => tally(() => fake.serve(`http://${service}.${NS}.svc:8080`), n);

  async function mutate(name: string, inputType: string, input: object): Promise<any> {
    const r = await gql(
      app,
      token,
      `mutation($input: ${inputType}!) { ${name}(input: $input) { __typename
        ... on ValidationError { fieldErrors { path message } } ... on Error { message }
        ... on ${name[0]!.toUpperCase()}${name.slice(1)}Payload { operation { id } } } }`,
      { input },
    );
    return r[name];
  }

  async function deploy(input: object): Promise<string> {
    const r = await mutate('deployInstance', 'DeployInstanceInput', { instanceId, ...input });
    expect(r.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    return r.operation.id;
  }

  async function request(kind: 'promoteOperation' | 'cancelOperation', operationId: string): Promise<void> {
    const inputType = kind === 'promoteOperation' ? 'PromoteOperationInput' : 'CancelOperationInput';
    const r = await gql(
      app,
      token,
      `mutation($input: ${inputType}!) { ${kind}(input: $input) { __typename ... on Error { message } } }`,
      { input: { operationId } },
    );
    expect(r[kind].__typename, JSON.stringify(r)).toBe(
      kind === 'promoteOperation' ? 'PromoteOperationPayload' : 'CancelOperationPayload',
    );
  }

  async function waitFor(id: string, done: (op: any) => boolean, what: string, timeoutMs = 30_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await gql(app, token, `query($id: ID!) { node(id: $id) { ... on Operation { ${ROLLOUT} } } }`, { id });
      if (done(r.node)) return r.node;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(r.node)}`);
      await sleep(100);
    }
  }
  const ended = (op: any) => op.status !== 'RUNNING' && op.status !== 'QUEUED';

  async function currentRelease(): Promise<string> {
    const r = await gql(app, token, `query($id: ID!) { instance(id: $id) { currentRelease { id } routes { id } } }`, {
      id: instanceId,
    });
    // The premise of every case here: the instance has no route, so no Ingress.
    expect(r.instance.routes).toEqual([]);
    return r.instance.currentRelease.id;
  }

  it('the instance is internal: a ClusterIP Service and no Ingress', async () => {
    await currentRelease();
    expect(fake.get('services', NS, main())?.spec.type).toBe('ClusterIP');
    expect(fake.get('ingresses', NS, routesIngressName(local))).toBeUndefined();
    expect(serve(main(), 6)).toEqual({ v1: 6 });
  });

  it('a canary runs a second Deployment at the step’s share of the pods, and promotes to the new release', async () => {
    const opId = await deploy({
      strategy: 'CANARY',
      services: [{ name: 'api', image: V2 }],
      canary: { steps: [{ weight: 50 }], analysis: { intervalSeconds: 1 } },
    });
    await waitFor(opId, (o) => o.rollout?.phase === 'PAUSED' && o.rollout.canaryWeight === 50, 'the 50 % step');
    // One new pod beside one old, both behind the one Service: half its requests each.
    expect(deployment(nextName(local))?.spec.replicas).toBe(1);
    expect(deployment(nextName(local))?.spec.template.spec.containers[0].image).toBe(V2);
    expect(deployment(main())?.spec.replicas).toBe(1);
    expect(selector()).toEqual({ [Labels.instance]: local });
    expect(serve(main(), 40)).toEqual({ v1: 20, v2: 20 });
    expect(fake.get('services', NS, previewServiceName(local))).toBeUndefined();

    await request('promoteOperation', opId);
    const done = await waitFor(opId, ended, 'the promotion');
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    expect(done.rollout.phase).toBe('SUCCEEDED');
    expect(done.rollout.previewUrl).toBeNull();
    expect(JSON.stringify(done.steps)).toMatch(/canary promoted after \d+ analysis run/);
    expect(await currentRelease()).toBe(done.rollout.newRelease.id);
    expect(image()).toBe(V2);
    expect(deployment(main())?.spec.replicas).toBe(2);
    expect(deployment(nextName(local))).toBeUndefined();
    expect(selector()).toEqual({ [Labels.instance]: local });
    await until(() => serveOnly(serve(main(), 10), 'v2'), 'every request on v2');
  }, 60_000);

  it('a canceled canary removes the second Deployment and gives the old set its pods back', async () => {
    const before = await currentRelease();
    const opId = await deploy({
      strategy: 'CANARY',
      services: [{ name: 'api', image: V3 }],
      canary: { steps: [{ weight: 50 }], analysis: { intervalSeconds: 1 } },
    });
    await waitFor(opId, (o) => o.rollout?.phase === 'PAUSED', 'the 50 % step');
    expect(deployment(nextName(local))?.spec.replicas).toBe(1);
    expect(deployment(main())?.spec.replicas).toBe(1);

    await request('cancelOperation', opId);
    const done = await waitFor(opId, ended, 'the cancel');
    expect(done.status).toBe('CANCELED');
    expect(done.rollout).toMatchObject({ phase: 'ABORTED', canaryWeight: 0, abortReason: 'canceled' });
    expect(await currentRelease()).toBe(before);
    expect(deployment(nextName(local))).toBeUndefined();
    expect(deployment(main())?.spec.replicas).toBe(2);
    expect(image()).toBe(V2);
    await until(() => serveOnly(serve(main(), 10), 'v2'), 'every request back on v2');
  }, 60_000);

  it('blue-green runs the new set behind a preview Service; promotion switches the selector, then folds it in', async () => {
    const opId = await deploy({
      strategy: 'BLUE_GREEN',
      services: [{ name: 'api', image: V3 }],
      blueGreen: { scaleDownDelaySeconds: 3, analysis: { intervalSeconds: 1 } },
    });
    const held = await waitFor(opId, (o) => o.rollout?.phase === 'PAUSED', 'the hold');
    // No route, so no preview host at the edge: the preview is the Service inside the cluster.
    expect(held.rollout.previewUrl).toBeNull();
    const preview = fake.get('services', NS, previewServiceName(local));
    expect(preview?.spec).toMatchObject({ type: 'ClusterIP', selector: { [NEXT_OF]: local } });
    expect(deployment(nextName(local))?.spec.replicas).toBe(2);
    expect(deployment(main())?.spec.replicas).toBe(2);
    expect(serve(previewServiceName(local), 6)).toEqual({ v3: 6 });
    expect(serve(main(), 6)).toEqual({ v2: 6 });
    expect(fake.get('ingresses', NS, routesIngressName(local))).toBeUndefined();

    await request('promoteOperation', opId);
    // The switch: the main Service selects the new set while the old one stays for the delay.
    await waitFor(opId, (o) => o.rollout?.phase === 'PROMOTING' || ended(o), 'the switch');
    await until(() => selector()?.[NEXT_OF] === local, 'the main Service selecting the new set');
    expect(serve(main(), 6)).toEqual({ v3: 6 });
    const done = await waitFor(opId, ended, 'the promotion');
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    // A blue-green promotion says so (it used to read "canary promoted").
    expect(JSON.stringify(done.steps)).toMatch(/blue-green switched over after \d+ analysis run/);
    expect(JSON.stringify(done.steps)).not.toContain('canary');
    expect(await currentRelease()).toBe(done.rollout.newRelease.id);
    expect(image()).toBe(V3);
    expect(selector()).toEqual({ [Labels.instance]: local });
    expect(deployment(nextName(local))).toBeUndefined();
    expect(fake.get('services', NS, previewServiceName(local))).toBeUndefined();
    await until(() => serveOnly(serve(main(), 10), 'v3'), 'every request on v3');
  }, 60_000);

  it('a canceled blue-green rollback removes the preview Service and the new set; the selector never left the old set', async () => {
    const before = await currentRelease();
    const r = await mutate('rollbackInstance', 'RollbackInstanceInput', {
      instanceId,
      releaseId: firstRelease,
      strategy: 'BLUE_GREEN',
      blueGreen: { analysis: { intervalSeconds: 1 } },
    });
    expect(r.__typename, JSON.stringify(r)).toBe('RollbackInstancePayload');
    const opId = r.operation.id;
    await waitFor(opId, (o) => o.rollout?.phase === 'PAUSED', 'the hold');
    expect(fake.get('services', NS, previewServiceName(local))).toBeDefined();
    expect(deployment(nextName(local))?.spec.template.spec.containers[0].image).toBe(V1);
    expect(serve(previewServiceName(local), 4)).toEqual({ v1: 4 });

    await request('cancelOperation', opId);
    const done = await waitFor(opId, ended, 'the cancel');
    expect(done.status).toBe('CANCELED');
    expect(done.rollout).toMatchObject({ phase: 'ABORTED', abortReason: 'canceled' });
    expect(await currentRelease()).toBe(before);
    expect(fake.get('services', NS, previewServiceName(local))).toBeUndefined();
    expect(deployment(nextName(local))).toBeUndefined();
    expect(selector()).toEqual({ [Labels.instance]: local });
    expect(image()).toBe(V3);
    expect(serve(main(), 6)).toEqual({ v3: 6 });
  }, 60_000);

  it('blue-green of a routed and an unrouted service: a preview host for the routed one only, both on the preview Service', async () => {
    const r = await gql(
      app,
      token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on Error { message } ... on ProvisionInstancePayload { instance { id } operation { status } } } }`,
      {
        input: {
          name: 'mixed',
          wait: true,
          readiness: { timeoutSeconds: 20, intervalSeconds: 1 },
          services: [
            { name: 'web', image: WEB1, ports: [{ container: 8080 }] },
            { name: 'api', image: V1, role: 'SIDECAR', ports: [{ container: 9090 }] },
          ],
          routes: [{ service: 'web', port: 8080 }],
        },
      },
    );
    expect(r.provisionInstance.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const mixedId = r.provisionInstance.instance.id;
    const mixed = localIdOf(mixedId);
    const deployed = await mutate('deployInstance', 'DeployInstanceInput', {
      instanceId: mixedId,
      strategy: 'BLUE_GREEN',
      services: [
        { name: 'web', image: WEB2 },
        { name: 'api', image: V2 },
      ],
      blueGreen: { analysis: { intervalSeconds: 1 } },
    });
    expect(deployed.__typename, JSON.stringify(deployed)).toBe('DeployInstancePayload');
    const opId = deployed.operation.id;
    const held = await waitFor(opId, (o) => o.rollout?.phase === 'PAUSED' && o.rollout.previewUrl, 'the preview');
    const previewHost = new URL(held.rollout.previewUrl).hostname;
    // One preview route, beside web's route, to the preview Service; api has no route, so no preview host.
    const routes = await gql(app, token, `query($id: ID!) { instance(id: $id) { routes { service } } }`, {
      id: mixedId,
    });
    expect(routes.instance.routes).toEqual([{ service: 'web' }]);
    const rules = fake.get('ingresses', NS, routesIngressName(mixed))?.spec.rules ?? [];
    expect(rules.map((rule: { host: string }) => rule.host)).toContain(previewHost);
    expect(
      rules
        .filter((rule: { host: string }) => rule.host === previewHost)
        .map((rule: any) => rule.http.paths.map((p: any) => p.backend.service)),
    ).toEqual([[{ name: previewServiceName(mixed), port: { number: 8080 } }]]);
    const at = (service: string, port: number, n: number) =>
      tally(() => fake.serve(`http://${service}.${NS}.svc:${port}`), n);
    expect(at(previewServiceName(mixed), 8080, 4)).toEqual({ web2: 4 });
    expect(at(previewServiceName(mixed), 9090, 4)).toEqual({ v2: 4 });
    expect(at(`wh-${mixed}`, 9090, 4)).toEqual({ v1: 4 });

    await request('cancelOperation', opId);
    const done = await waitFor(opId, ended, 'the cancel');
    expect(done.status).toBe('CANCELED');
    expect(fake.get('services', NS, previewServiceName(mixed))).toBeUndefined();
    expect(deployment(nextName(mixed))).toBeUndefined();
    await until(
      () =>
        !fake
          .get('ingresses', NS, routesIngressName(mixed))
          ?.spec.rules.some((rule: { host: string }) => rule.host === previewHost),
      'the preview rule removed',
    );
    expect(at(`wh-${mixed}`, 9090, 4)).toEqual({ v1: 4 });
  }, 60_000);
});
