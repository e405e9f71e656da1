/**
 * A Kubernetes provider whose entry names a vault `credential` (issue 40):
 * every request it sends the API server carries that credential's bearer
 * token — the contract's calls, and the engines' calls made by the edge
 * driver (the routes Ingress and its TLS Secret), by provision and scale (the
 * HorizontalPodAutoscaler), by the worker's rollout (the canary's second
 * Deployment), by the worker's autoscaler (the HPA's status read back) and by
 * a source (server-side apply of manifests) — and
 * /metrics counts those calls by name. Driven as a user would, through the
 * GraphQL API, against the in-process Kubernetes API stand-in.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { credentialKey } from '../../src/control/provider-credentials.js';
import { DEFAULT_TENANT } from '../../src/control/tenants.js';
import { createLogger } from '../../src/logger.js';
import { registerConfiguredProviders } from '../../src/providers/configure.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { routesIngressName, routeTlsSecretName } from '../../src/providers/kubernetes/kubernetes-ingress.js';
import { nextName } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { gql, localIdOf, startTestApp, type TestApp } from '../support/app.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { sampleOf } from '../support/metrics-text.js';

const NS = 'wh-vault-cred';
const KEY = 'k8s';
const V1 = 'registry.test/cred:v1';
const V2 = 'registry.test/cred:v2';
const HOST = 'shop.cred.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('a Kubernetes provider with a vault credential, through the API', () => {
  let fake: FakeKubeApi;
  let provider: KubernetesProvider;
  let app: TestApp;
  let token: string;
  let systemToken: string;
  let kubeconfigToken: string;
  let vaultToken: string;
  let instanceId: string;
  let local: string;
  const credential = `cluster-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineImage(V1, { script: 'while true; do sleep 0.2; done', body: 'v1' });
    fake.defineImage(V2, { script: 'while true; do sleep 0.2; done', body: 'v2' });
    const kubeConfig = loadKubeConfig(fake.kubeconfigPath);
    kubeconfigToken = kubeConfig.getCurrentUser()?.token ?? '';
    provider = new KubernetesProvider({
      kubeConfig,
      key: KEY,
      // As configure.ts makes it for an entry that names a `credential`.
      credentialed: true,
      namespace: NS,
      pollIntervalMs: 25,
      minReadyMs: 100,
      startTimeoutMs: 10_000,
      readiness: { timeoutMs: 15_000, intervalMs: 100 },
      edgeDomain: 'apps.test',
      watch: { retryMs: 100 },
    });
    // From here the API server takes only the vault's token: the kubeconfig's is stale.
    vaultToken = fake.rotateToken();
    const registry = new Registry();
    registry.register(KEY, provider);
    registry.setDefault(KEY);
    app = await startTestApp({
      registry,
      config: {
        providers: [{ key: KEY, type: 'kubernetes', options: {}, credential, default: true }],
        // The supervisor runs the autoscaler's passes: each reads the HPA's status back.
        runSupervisor: true,
        autoscaleIntervalSeconds: 1,
      },
    });
    token = (await app.newTenant()).token;
    // SYSTEM of the default tenant writes the credential, as an operator would.
    const defaultTenant = await app.app.services.tenants.ensure(DEFAULT_TENANT);
    systemToken = await app.newToken(defaultTenant.id, ['system', 'secrets:write']);
    const put = await gql(
      app,
      systemToken,
      `mutation($input: PutSecretInput!) { putSecret(input: $input) { __typename ... on Error { message } } }`,
      { input: { key: credentialKey(credential), value: vaultToken } },
    );
    expect(put.putSecret.__typename, JSON.stringify(put)).toBe('PutSecretPayload');
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    provider?.close();
    await fake?.close();
  });

  async function operation(id: string): Promise<any> {
    const r = await gql(
      app,
      token,
      `query($id: ID!) { node(id: $id) { ... on Operation { status error { message } rollout { phase } } } }`,
      { id },
    );
    return r.node;
  }

  it('sends nothing as the kubeconfig’s user, whose token differs and would show (the control)', async () => {
    expect(kubeconfigToken).not.toBe('');
    expect(kubeconfigToken).not.toBe(vaultToken);
    // The provider itself, not the registry's: no call hooks, no credential; it refuses before sending.
    let mark = fake.requests.length;
    const refused = await provider.healthCheck({});
    expect(refused.healthy).toBe(false);
    expect(refused.message).toMatch(/vault credential/);
    // As the server registers an entry that names a credential (here before any resolver is set).
    const configuredRegistry = new Registry();
    const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test', LOG_LEVEL: 'silent' });
    // Its start-up log: a credentialed entry is not called unreachable (it is not asked before the vault is read).
    const startLog: string[] = [];
    const startLogger = createLogger('info');
    (startLogger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
      write: (line: string) => startLog.push(line),
    };
    await registerConfiguredProviders(
      configuredRegistry,
      {
        ...base,
        kubeconfig: fake.kubeconfigPath,
        providers: [
          { key: 'other', type: 'kubernetes', options: { namespace: NS }, credential, default: true },
          // The control: an entry without a credential whose backend is not there is reported.
          { key: 'gone', type: 'docker', options: {}, default: false },
        ],
        dockerHost: 'tcp://127.0.0.1:9',
        edge: { ...base.edge, mode: 'off' },
      },
      startLogger,
    );
    const said = startLog.map((l) => JSON.parse(l) as { key?: string; msg: string });
    expect(said.find((l) => l.key === 'other')?.msg).toBe(
      'provider registered; it is checked on its first call, with its vault credential',
    );
    expect(said.filter((l) => /not reachable/.test(l.msg)).map((l) => l.key)).toEqual(['gone']);
    const configured = configuredRegistry.get('other') as KubernetesProvider;
    try {
      const health = await configured.healthCheck({});
      expect(health.healthy).toBe(false);
      expect(health.message).toMatch(/vault credential/);
      // (The supervisor's own calls may land meanwhile, with the vault's token: none carries the kubeconfig's.)
      expect(fake.requests.slice(mark).filter((r) => r.authorization !== `Bearer ${vaultToken}`)).toEqual([]);
    } finally {
      configured.close();
    }
    // The control: the same kubeconfig without a credential sends its own token, and the log shows it.
    const plain = new KubernetesProvider({ kubeConfig: loadKubeConfig(fake.kubeconfigPath), namespace: NS });
    try {
      mark = fake.requests.length;
      expect((await plain.healthCheck({})).healthy).toBe(false);
      expect(fake.requests.slice(mark).map((r) => r.authorization)).toContain(`Bearer ${kubeconfigToken}`);
    } finally {
      plain.close();
    }
  });

  it('provision with a route, TLS and an autoscale policy, a canary, a policy change and a source all carry the vault token', async () => {
    const mark = fake.requests.length;
    const watchMark = fake.watchRequests.length;
    const p = await gql(
      app,
      token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on Error { message } ... on ProvisionInstancePayload { instance { id } operation { status error { message } } } } }`,
      {
        input: {
          name: 'shop',
          wait: true,
          readiness: { timeoutSeconds: 20, intervalSeconds: 1 },
          services: [
            {
              name: 'web',
              image: V1,
              ports: [{ container: 8080 }],
              resources: { cpuMillis: 200, autoscale: { minReplicas: 2, maxReplicas: 4, targetCpuPercent: 60 } },
            },
          ],
          routes: [{ service: 'web', port: 8080, host: HOST, tls: {} }],
        },
      },
    );
    expect(p.provisionInstance.operation?.status, JSON.stringify(p)).toBe('SUCCEEDED');
    instanceId = p.provisionInstance.instance.id;
    local = localIdOf(instanceId);
    expect(fake.get('horizontalpodautoscalers', NS, `wh-${local}`)?.spec.maxReplicas).toBe(4);

    // The edge driver writes the routes Ingress and the host's TLS Secret. Asserted after the tokens below, so a
    // write refused for its token shows as the request that carried it.
    const routed = await until(
      () =>
        fake.get('ingresses', NS, routesIngressName(local)) !== undefined &&
        fake.get('secrets', NS, routeTlsSecretName(local, HOST)) !== undefined,
      'the routes Ingress and its TLS Secret',
    ).then(
      () => true,
      () => false,
    );

    // A canary through the worker: a second Deployment, then promotion.
    const d = await gql(
      app,
      token,
      `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on Error { message } ... on DeployInstancePayload { operation { id } } } }`,
      {
        input: {
          instanceId,
          strategy: 'CANARY',
          services: [{ name: 'web', image: V2 }],
          canary: { steps: [{ weight: 50, pauseSeconds: 1 }], analysis: { intervalSeconds: 1 } },
        },
      },
    );
    expect(d.deployInstance.__typename, JSON.stringify(d)).toBe('DeployInstancePayload');
    const opId = d.deployInstance.operation.id;
    let sawCanary = false;
    await until(async () => {
      sawCanary ||= fake.get('deployments', NS, nextName(local)) !== undefined;
      const op = await operation(opId);
      return op.status !== 'RUNNING' && op.status !== 'QUEUED';
    }, 'the canary to end');
    expect((await operation(opId)).status).toBe('SUCCEEDED');
    expect(sawCanary).toBe(true);
    expect(fake.get('deployments', NS, `wh-${local}`)?.spec.template.spec.containers[0].image).toBe(V2);

    // A policy change replaces the HPA.
    const s = await gql(
      app,
      token,
      `mutation($input: ScaleInstanceInput!) { scaleInstance(input: $input) { __typename
        ... on Error { message } ... on ScaleInstancePayload { operation { status error { message } } } } }`,
      {
        input: {
          instanceId,
          service: 'web',
          wait: true,
          resources: { autoscale: { minReplicas: 2, maxReplicas: 6, targetCpuPercent: 60 } },
        },
      },
    );
    expect(s.scaleInstance.operation?.status, JSON.stringify(s)).toBe('SUCCEEDED');
    expect(fake.get('horizontalpodautoscalers', NS, `wh-${local}`)?.spec.maxReplicas).toBe(6);

    // The cluster's HPA controller moves the replicas; the worker's autoscaler reads its status back.
    expect(
      fake.setAutoscalerStatus(NS, `wh-${local}`, { currentReplicas: 2, desiredReplicas: 3, cpuUtilization: 75 }),
    ).toBe(true);
    await until(async () => {
      const r = await gql(
        app,
        token,
        `query($id: ID!) { instance(id: $id) { services { name autoscale { desiredReplicas cpuPercent } } } }`,
        { id: instanceId },
      );
      const web = r.instance.services.find((x: { name: string }) => x.name === 'web');
      return web?.autoscale?.desiredReplicas === 3 && web.autoscale.cpuPercent === 75;
    }, 'the autoscaler to report the HPA’s status');

    // A source: manifests, applied server-side.
    const m = await gql(
      app,
      token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on Error { message } ... on ProvisionInstancePayload { operation { status error { message } } } } }`,
      {
        input: {
          name: 'settings',
          wait: true,
          services: [],
          source: {
            manifests: { yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cred-settings\ndata:\n  a: b\n' },
          },
        },
      },
    );
    expect(m.provisionInstance.operation?.status, JSON.stringify(m)).toBe('SUCCEEDED');
    expect(fake.get('configmaps', NS, 'cred-settings')?.data).toEqual({ a: 'b' });

    // Removing the route: the edge driver deletes the Ingress and its TLS Secret.
    const listed = await gql(app, token, `query($id: ID!) { instance(id: $id) { routes { id } } }`, { id: instanceId });
    const removed = await gql(
      app,
      token,
      `mutation($input: RemoveRouteInput!) { removeRoute(input: $input) { __typename ... on Error { message } } }`,
      { input: { routeId: listed.instance.routes[0]?.id } },
    );
    expect(removed.removeRoute.__typename, JSON.stringify(removed)).toBe('RemoveRoutePayload');
    const unrouted = await until(
      () => routed && fake.get('ingresses', NS, routesIngressName(local)) === undefined,
      'the routes Ingress deleted',
    ).then(
      () => true,
      () => false,
    );

    // Every request since the mark, whoever sent it, carried the vault's token: none the kubeconfig's.
    const seen = fake.requests.slice(mark);
    const wrong = seen.filter((r) => r.authorization !== `Bearer ${vaultToken}`);
    expect(
      wrong.map(
        (r) =>
          `${r.method} ${r.path} ${r.authorization === `Bearer ${kubeconfigToken}` ? 'kubeconfig' : r.authorization}`,
      ),
    ).toEqual([]);
    expect(routed, 'the routes Ingress and its TLS Secret written').toBe(true);
    expect(unrouted, 'the routes Ingress deleted').toBe(true);
    const wrote = (method: string, pattern: RegExp) => seen.some((r) => r.method === method && pattern.test(r.path));
    expect(wrote('POST', /\/apis\/networking\.k8s\.io\/v1\/namespaces\/[^/]+\/ingresses$/), 'Ingress POST').toBe(true);
    expect(wrote('POST', /\/api\/v1\/namespaces\/[^/]+\/secrets$/), 'TLS Secret POST').toBe(true);
    expect(wrote('DELETE', /\/ingresses\/wh-[^/]+-routes$/), 'Ingress DELETE').toBe(true);
    expect(wrote('DELETE', /\/secrets\/wh-[^/]+-tls-[0-9a-f]+$/), 'TLS Secret DELETE').toBe(true);
    expect(wrote('DELETE', /\/deployments\/wh-[^/]+-next$/), 'canary Deployment DELETE').toBe(true);
    expect(wrote('POST', /\/apis\/autoscaling\/v2\/namespaces\/[^/]+\/horizontalpodautoscalers$/), 'HPA POST').toBe(
      true,
    );
    expect(wrote('PUT', /\/horizontalpodautoscalers\/wh-/), 'HPA PUT').toBe(true);
    expect(wrote('POST', /\/apis\/apps\/v1\/namespaces\/[^/]+\/deployments$/), 'canary Deployment POST').toBe(true);
    expect(wrote('PATCH', /\/configmaps\/cred-settings$/), 'source apply').toBe(true);
    expect(wrote('GET', /\/horizontalpodautoscalers\/wh-/), 'HPA status read').toBe(true);
    // The watches the waits opened did too (they belong to no call: they use the latest credential).
    expect(fake.watchRequests.length).toBeGreaterThan(watchMark);
  }, 120_000);

  it('/metrics counts the engine calls by name: routes, the canary’s steps, the HPA’s status and the source', async () => {
    const res = await fetch(app.url.replace(/\/graphql$/, '/metrics'), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const ok = (call: string) =>
      sampleOf(text, 'wheelhouse_provider_calls_total', { provider: KEY, call, outcome: 'ok' });
    for (const call of [
      'provision',
      'scale',
      'applyRoutes',
      'startCanary',
      'setCanaryWeight',
      'readCanary',
      'promoteCanary',
      'autoscaleStatus',
      'renderManifests',
      'applyManifests',
    ])
      expect(ok(call), call).toBeGreaterThan(0);
    expect(text).not.toContain(vaultToken);
  });
});
