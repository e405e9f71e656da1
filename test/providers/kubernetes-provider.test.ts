/**
 * The Kubernetes provider against an in-process fake API server (see
 * test/support/fake-kube-api.ts): the shared conformance suite, lifecycle and
 * faults (how Kubernetes differs is in PROVIDER_TRAITS), and what is specific
 * to Kubernetes objects. Watches are in kubernetes-watch.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Capabilities } from '../../src/providers/capabilities.js';
import { kubernetesProviderFromConfig, loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KUBERNETES_CAPABILITIES } from '../../src/providers/kubernetes/kubernetes-engines.js';
import { Annotations, Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import type { KubernetesProviderOptions } from '../../src/providers/kubernetes/kubernetes-options.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { CallContext, InstanceStatus, LogEntry, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError, type ProviderErrorKind } from '../../src/providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';
import { serviceSpec } from '../support/service-spec.js';
import { type ConformanceSetup, runProviderConformance } from './conformance.js';

const IMAGES = {
  web1: 'registry.test/web:v1',
  web2: 'registry.test/web:v2',
  tool: 'registry.test/busybox:stable',
  missing: 'registry.test/missing:none',
};
const NAMESPACE = 'wheelhouse-test';
const TICKER = 'i=0; while true; do i=$((i+1)); echo "tick $i"; echo "warn $i" >&2; sleep 0.05; done';
const ctx: CallContext = {};

const FAST: Omit<KubernetesProviderOptions, 'kubeConfig'> = {
  key: 'kubernetes',
  namespace: NAMESPACE,
  region: 'test-region',
  apiTimeoutMs: 5000,
  startTimeoutMs: 15_000,
  stopTimeoutMs: 5000,
  pollIntervalMs: 25,
  minReadyMs: 150,
};

async function startFake(): Promise<FakeKubeApi> {
  const fake = await new FakeKubeApi().start();
  for (const [image, body] of [
    [IMAGES.web1, 'web v1'],
    [IMAGES.web2, 'web v2'],
  ] as const) {
    fake.defineImage(image, {
      httpPaths: ['/', '/healthz'],
      body,
      script: 'while true; do echo "serving"; sleep 0.2; done',
    });
  }
  fake.failImage(IMAGES.missing);
  return fake;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

function unreachableProvider(
  port: number,
  extra: Partial<KubernetesProviderOptions> = {},
): { provider: KubernetesProvider; endpoint: string } {
  const endpoint = `http://127.0.0.1:${port}`;
  const path = join(tmpdir(), `kube-down-${randomUUID()}.yaml`);
  writeFileSync(
    path,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: down\n  cluster:\n    server: ${endpoint}\n    insecure-skip-tls-verify: true\nusers:\n- name: u\n  user:\n    token: t\ncontexts:\n- name: down\n  context:\n    cluster: down\n    user: u\ncurrent-context: down\n`,
  );
  return { provider: new KubernetesProvider({ ...FAST, ...extra, kubeConfig: loadKubeConfig(path) }), endpoint };
}

async function conformanceSetup(): Promise<ConformanceSetup> {
  const fake = await startFake();
  fake.enableMetrics();
  const port = await closedPort();
  const provider = new KubernetesProvider({ ...FAST, kubeConfig: loadKubeConfig(fake.kubeconfigPath) });
  return {
    provider,
    images: IMAGES,
    webPort: 8080,
    // The ClusterIP Service is reached as from inside the cluster: the stand-in routes like kube-proxy.
    reach: async (endpoint, path) => fake.serve(endpoint.url, path),
    leftovers: async (id) => fake.labelled(`${Labels.instance}=${id}`),
    unreachable: () => unreachableProvider(port),
    readiness: { timeoutMs: 15_000, intervalMs: 50 },
    cleanup: async () => {
      provider.close();
      await fake.close();
    },
  };
}

// Lifecycle and faults, as for Docker; how Kubernetes differs is in PROVIDER_TRAITS (conformance.ts).
runProviderConformance('kubernetes', conformanceSetup);

const service = serviceSpec;

async function expectProviderError(promise: Promise<unknown>, kind: ProviderErrorKind) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError ${kind}, got ${String(err)}`);
  expect(err.kind, err.message).toBe(kind);
  return err;
}

async function collect(stream: AsyncIterable<LogEntry>, count: number, timeoutMs = 5000): Promise<LogEntry[]> {
  const got: LogEntry[] = [];
  const deadline = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
  const reading = (async () => {
    for await (const e of stream) {
      got.push(e);
      if (got.length >= count) break;
    }
  })();
  await Promise.race([reading, deadline]);
  return got;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('KubernetesProvider against the fake API server', () => {
  let fake: FakeKubeApi;
  let p: KubernetesProvider;
  const ids: string[] = [];
  const newId = () => {
    const id = randomUUID();
    ids.push(id);
    return id;
  };
  const secret = `sv-${randomUUID()}`;
  const ready = async (id: string): Promise<InstanceStatus> => {
    const { status, error } = await waitReady({ timeoutMs: 10_000, intervalMs: 50 }, () => p.status(ctx, id));
    expect(readinessOutcome(status, error), `${error?.message} ${JSON.stringify(status)}`).toBe('ready');
    return status as InstanceStatus;
  };
  const request = (id: string, services: ServiceSpec[], extra: Partial<ProvisionRequest> = {}): ProvisionRequest => ({
    instanceId: id,
    tenantId: 'tenant-k8s',
    name: `k8s-${id.slice(0, 8)}`,
    kind: 'deployment',
    services,
    labels: { suite: 'kubernetes' },
    releaseId: `rel-${randomUUID()}`,
    ...extra,
  });
  const webApp = (id: string, extra: Partial<ProvisionRequest> = {}) =>
    request(
      id,
      [
        service({
          name: 'web',
          image: IMAGES.web1,
          role: 'main',
          resources: { memoryMb: 64 },
          env: { GREETING: 'hello' },
          ports: [{ container: 8080, protocol: 'tcp' }],
          healthCheck: { path: '/healthz', port: 8080 },
          secrets: [{ key: 'api-key', envName: 'API_KEY' }],
          configFiles: [{ name: 'app', path: '/etc/app/app.json', format: 'json', content: '{"feature":true}' }],
        }),
        service({
          name: 'side',
          image: IMAGES.tool,
          role: 'sidecar',
          resources: { memoryMb: 32 },
          command: ['sh', '-c', TICKER],
        }),
        service({ name: 'setup', image: IMAGES.tool, role: 'init', command: ['sh', '-c', 'echo init done'] }),
      ],
      { secretValues: { 'api-key': secret }, ...extra },
    );
  const deployment = (id: string) => fake.get('deployments', NAMESPACE, `wh-${id}`);
  const podsOf = (id: string) =>
    fake.list('pods', NAMESPACE, `${Labels.instance}=${id}`).filter((pod) => !pod.metadata.deletionTimestamp);

  beforeAll(async () => {
    fake = await startFake();
    p = new KubernetesProvider({ ...FAST, kubeConfig: loadKubeConfig(fake.kubeconfigPath) });
  });

  afterAll(async () => {
    for (const id of ids) await p.deprovision(ctx, id, { deleteVolumes: true }).catch(() => undefined);
    for (const id of ids) expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
    p.close();
    await fake.close();
  });

  it('reports name, the server version, the configured region, and only the capabilities it implements', async () => {
    expect(p.info()).toMatchObject({ name: 'kubernetes', region: 'test-region' });
    const health = await p.healthCheck(ctx);
    expect(health.healthy).toBe(true);
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(p.info().version).toBe('v1.31.0-fake');
    expect([...p.capabilities()].sort()).toEqual(
      [
        Capabilities.provision,
        Capabilities.deploy,
        Capabilities.scale,
        Capabilities.logs,
        Capabilities.exec,
        Capabilities.volumes,
        Capabilities.rolling,
        // A second Deployment beside the instance's (kubernetes-canary.test.ts).
        Capabilities.canary,
        Capabilities.blueGreen,
        // Routes as an Ingress and its TLS Secrets (kubernetes-routes.test.ts).
        Capabilities.customDomains,
        Capabilities.tls,
        // Sources (issue 26): manifests and Argo CD always; Helm only where a helm binary is found (none here).
        Capabilities.manifests,
        Capabilities.argoCD,
        // The cluster's own HorizontalPodAutoscaler (kubernetes-autoscale.test.ts).
        Capabilities.autoScale,
        // Commands run to completion as batch/v1 Jobs (kubernetes-jobs.test.ts); schedules Wheelhouse ticks, each run a Job.
        Capabilities.jobs,
        Capabilities.schedules,
      ].sort(),
    );
    // What it does not implement is not declared: no GPUs (no node reports one), no Helm without a binary.
    expect(p.capabilities()).not.toContain(Capabilities.gpu);
    expect(p.capabilities()).not.toContain(Capabilities.helm);
    for (const absent of [
      Capabilities.gpu,
      Capabilities.autoScale,
      Capabilities.helm,
      Capabilities.manifests,
      Capabilities.argoCD,
    ]) {
      expect(KUBERNETES_CAPABILITIES).not.toContain(absent);
    }
  });

  it('authenticates every request with the kubeconfig bearer token', async () => {
    await p.healthCheck(ctx);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const r of fake.requests) expect(r.authorization).toBe(`Bearer ${fake.token}`);
  });

  it('provisions labelled objects: the workload, a ClusterIP Service, a Secret and a ConfigMap', async () => {
    const id = newId();
    const res = await p.provision(ctx, webApp(id));
    expect(res.providerRef).toBe(`Deployment/wh-${id}`);
    expect(res.serviceRefs).toEqual({ web: 'web', side: 'side', setup: 'setup' });
    expect(fake.labelled(`${Labels.instance}=${id}`).filter((n) => !n.startsWith('Pod/'))).toEqual(
      [`ConfigMap/wh-${id}`, `Deployment/wh-${id}`, `Secret/wh-${id}`, `Service/wh-${id}`].sort(),
    );
    for (const plural of ['deployments', 'services', 'secrets', 'configmaps']) {
      const obj = fake.get(plural, NAMESPACE, `wh-${id}`);
      expect(obj?.metadata.labels, plural).toMatchObject({
        [Labels.instance]: id,
        [Labels.tenant]: 'tenant-k8s',
        [Labels.managedBy]: 'wheelhouse',
        suite: 'kubernetes',
      });
    }
    const d = deployment(id);
    const pod = d?.spec.template.spec;
    expect(pod.containers.map((c: { name: string }) => c.name)).toEqual(['web', 'side']);
    expect(pod.initContainers.map((c: { name: string }) => c.name)).toEqual(['setup']);
    expect(d?.spec.strategy.type).toBe('RollingUpdate');
    expect(d?.spec.template.metadata.labels).toMatchObject({ [Labels.instance]: id });
    const svc = fake.get('services', NAMESPACE, `wh-${id}`);
    expect(svc?.spec).toMatchObject({ type: 'ClusterIP', selector: { [Labels.instance]: id } });
    expect(svc?.spec.ports).toEqual([expect.objectContaining({ port: 8080, protocol: 'TCP' })]);
    const cm = fake.get('configmaps', NAMESPACE, `wh-${id}`);
    expect(Object.values(cm?.data ?? {})).toEqual(['{"feature":true}']);
    const web = pod.containers[0];
    expect(web.volumeMounts).toEqual([expect.objectContaining({ mountPath: '/etc/app/app.json', readOnly: true })]);
    expect(web.readinessProbe.httpGet).toEqual({ path: '/healthz', port: 8080 });
    expect(web.resources.limits).toEqual({ memory: '64Mi' });
    expect(res.endpoints).toEqual([
      {
        serviceName: 'web',
        url: `http://wh-${id}.${NAMESPACE}.svc:8080`,
        port: 8080,
        protocol: 'tcp',
        public: false,
      },
    ]);
  });

  it('keeps secret values in the Secret object only, referenced with secretKeyRef', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    const d = deployment(id);
    expect(JSON.stringify(d)).not.toContain(secret);
    const web = d?.spec.template.spec.containers[0];
    expect(web.env).toContainEqual({
      name: 'API_KEY',
      valueFrom: { secretKeyRef: { name: `wh-${id}`, key: 'api-key' } },
    });
    expect(web.env).toContainEqual({ name: 'GREETING', value: 'hello' });
    const s = fake.get('secrets', NAMESPACE, `wh-${id}`);
    expect(Buffer.from(s?.data['api-key'], 'base64').toString()).toBe(secret);
    for (const pod of podsOf(id)) expect(JSON.stringify(pod)).not.toContain(secret);
  });

  it('becomes ready with per-service status, and a repeated provision converges without new pods', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    const st = await ready(id);
    expect(st.state).toBe('running');
    expect(st.services.web).toMatchObject({ state: 'running', ready: true, providerRef: 'web' });
    expect(st.services.side).toMatchObject({ state: 'running', ready: true });
    expect(st.services.setup).toMatchObject({ state: 'stopped', ready: true, message: 'completed', completed: true });
    expect(st.startedAt).toBeInstanceOf(Date);
    const before = podsOf(id).map((pod) => pod.metadata.name);
    const objects = fake.labelled(`${Labels.instance}=${id}`);
    await p.provision(ctx, webApp(id));
    await ready(id);
    expect(podsOf(id).map((pod) => pod.metadata.name)).toEqual(before);
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual(objects);
  });

  it('deploys a new image to the named container only, keeping its env and secret refs', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    const before = deployment(id);
    const podsBefore = podsOf(id).map((pod) => pod.metadata.name);
    const res = await p.deploy(ctx, {
      instanceId: id,
      releaseId: 'rel-2',
      strategy: 'rolling',
      services: [{ name: 'web', image: IMAGES.web2 }],
    });
    expect(res).toMatchObject({ providerRef: `Deployment/wh-${id}`, status: 'deployed' });
    const after = deployment(id);
    const [webBefore, sideBefore] = before?.spec.template.spec.containers ?? [];
    const [webAfter, sideAfter] = after?.spec.template.spec.containers ?? [];
    expect(webAfter).toEqual({ ...webBefore, image: IMAGES.web2 });
    expect(sideAfter).toEqual(sideBefore);
    expect(after?.spec.template.spec.initContainers).toEqual(before?.spec.template.spec.initContainers);
    expect(after?.metadata.labels[Labels.release]).toBe('rel-2');
    expect(after?.metadata.generation).toBe((before?.metadata.generation ?? 0) + 1);
    await ready(id);
    expect(podsOf(id).map((pod) => pod.metadata.name)).not.toEqual(podsBefore);

    await p.rollback(ctx, {
      instanceId: id,
      releaseId: 'rel-3',
      services: [{ name: 'web', image: IMAGES.web1, env: { GREETING: 'again' } }],
    });
    const rolled = deployment(id)?.spec.template.spec.containers[0];
    expect(rolled.image).toBe(IMAGES.web1);
    expect(rolled.env).toEqual([
      { name: 'GREETING', value: 'again' },
      { name: 'API_KEY', valueFrom: { secretKeyRef: { name: `wh-${id}`, key: 'api-key' } } },
    ]);
    await ready(id);

    await expectProviderError(
      p.deploy(ctx, { instanceId: id, releaseId: 'r', strategy: 'rolling', services: [{ name: 'nope', image: 'x' }] }),
      'not_found',
    );
    await expectProviderError(
      p.deploy(ctx, { instanceId: id, releaseId: 'r', strategy: 'canary', services: [] }),
      'invalid_spec',
    );
  });

  it('reports a deploy of an image that cannot be pulled as failed, naming the image', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    await p.deploy(ctx, {
      instanceId: id,
      releaseId: 'rel-bad',
      strategy: 'rolling',
      services: [{ name: 'side', image: IMAGES.missing }],
    });
    const { status, error } = await waitReady({ timeoutMs: 5000, intervalMs: 50 }, () => p.status(ctx, id));
    expect(readinessOutcome(status, error)).toBe('failed');
    expect(status?.state).toBe('failed');
    expect(status?.services.side?.state).toBe('failed');
    expect(status?.message).toContain('ErrImagePull');
    expect(status?.message).toContain(IMAGES.missing);
  });

  it('reports a crash-looping container as failed with its exit code and restart count', async () => {
    const id = newId();
    await p.provision(
      ctx,
      request(id, [
        service({ name: 'app', image: IMAGES.tool, role: 'main', command: ['sh', '-c', 'echo boom; exit 3'] }),
      ]),
    );
    const st = await p.status(ctx, id);
    expect(st.state).toBe('failed');
    expect(st.services.app?.message).toMatch(/CrashLoopBackOff: exited with code 3/);
    expect(st.restarts).toBe(1);
  });

  it('scales replicas and limits, and reads usage from the metrics API when it is there', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    await expectProviderError(p.resources(ctx, id), 'unavailable').then((err) =>
      expect(err.message).toMatch(/metrics API/),
    );
    await p.scale(ctx, { instanceId: id, resources: { replicas: 2 } });
    expect(deployment(id)?.spec.replicas).toBe(2);
    let st = await ready(id);
    expect(podsOf(id)).toHaveLength(2);
    expect(st.services.web?.ready).toBe(true);

    fake.enableMetrics();
    try {
      let usage = await p.resources(ctx, id);
      expect(usage.memoryLimitMb).toBeCloseTo(2 * (64 + 32), 0);
      expect(usage.memoryUsedMb).toBeCloseTo(2 * 2 * 10, 0);
      expect(usage.cpuPercent).toBeCloseTo(2, 5);

      await p.scale(ctx, { instanceId: id, service: 'web', resources: { replicas: 1, memoryMb: 96 } });
      const web = deployment(id)?.spec.template.spec.containers[0];
      expect(web.resources.limits).toEqual({ memory: '96Mi' });
      st = await ready(id);
      expect(podsOf(id)).toHaveLength(1);
      usage = await p.resources(ctx, id);
      expect(usage.memoryLimitMb).toBeCloseTo(96 + 32, 0);
    } finally {
      fake.enableMetrics(false);
    }
  });

  it('returns the last lines of a service with tail, tagged with service and replica', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    await new Promise((r) => setTimeout(r, 300));
    const stream = await p.logs(ctx, id, { serviceName: 'side', follow: false, tail: 4 });
    const entries = await collect(stream, 100);
    expect(entries).toHaveLength(4);
    for (const e of entries) {
      expect(e).toMatchObject({ service: 'side', replica: 0, stream: 'stdout' });
      expect(e.message).toMatch(/^(tick|warn) \d+$/);
      expect(Number.isNaN(e.timestamp.getTime())).toBe(false);
    }
    const times = entries.map((e) => e.timestamp.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const init = await collect(await p.logs(ctx, id, { serviceName: 'setup', follow: false }), 10);
    expect(init.map((e) => e.message)).toEqual(['init done']);
    await expectProviderError(p.logs(ctx, id, { serviceName: 'nope', follow: false }), 'not_found');
  });

  it('follows new log lines, and close() ends the HTTP request at the server', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    const since = Date.now();
    const stream = await p.logs(ctx, id, { serviceName: 'side', follow: true, tail: 0 });
    await until(() => fake.openLogStreams === 1);
    const iterator = stream[Symbol.asyncIterator]();
    const got: LogEntry[] = [];
    for (let i = 0; i < 3; i++) {
      const next = await iterator.next();
      expect(next.done).toBe(false);
      got.push(next.value as LogEntry);
    }
    for (const e of got) expect(e.timestamp.getTime()).toBeGreaterThanOrEqual(since - 5);
    await stream.close();
    const next = await Promise.race([
      iterator.next(),
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 3000).unref()),
    ]);
    expect(next).toEqual({ done: true, value: undefined });
    await until(() => fake.openLogStreams === 0);

    // Breaking out of the iteration closes it too.
    const again = await p.logs(ctx, id, { serviceName: 'side', follow: true, tail: 1 });
    await until(() => fake.openLogStreams === 1);
    expect(await collect(again, 2)).toHaveLength(2);
    await until(() => fake.openLogStreams === 0);
  });

  it('heals by leaving containers to the cluster; only a workload scaled to zero behind its back is scaled up', async () => {
    const id = newId();
    await p.provision(
      ctx,
      request(id, [
        service({ name: 'app', image: IMAGES.tool, role: 'main', command: ['sh', '-c', 'echo boom; exit 3'] }),
      ]),
    );
    // Crash-looping: the kubelet restarts it with its own back-off; a heal changes nothing (no rolling restart).
    const template = JSON.stringify(deployment(id)?.spec.template);
    const patches = () => fake.requests.filter((r) => r.method === 'PATCH').length;
    const patchesBefore = patches();
    expect(await p.heal(ctx, id, ['app'])).toEqual({
      services: { app: { action: 'left', message: 'the cluster restarts its containers' } },
    });
    expect(patches()).toBe(patchesBefore);
    expect(JSON.stringify(deployment(id)?.spec.template)).toBe(template);

    await p.stop(ctx, id);
    expect(await p.heal(ctx, id, ['app'])).toEqual({ services: { app: { action: 'started' } } });
    expect(deployment(id)?.spec.replicas).toBe(1);
    // An instance with no workload of its own (a source's objects) is its controllers' to heal.
    expect((await p.heal(ctx, newId(), ['x'])).services.x?.action).toBe('left');
  });

  it('stops to zero replicas, starts back to the previous count, and restarts with a new pod template', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    await p.scale(ctx, { instanceId: id, resources: { replicas: 2 } });
    await ready(id);

    const following = await p.logs(ctx, id, { serviceName: 'side', follow: true, tail: 0 });
    const drained = (async () => {
      for await (const _ of following) {
        // lines until the pods go
      }
      return 'ended' as const;
    })();
    await p.stop(ctx, id);
    // A followed log ends when its pods are gone.
    expect(await Promise.race([drained, new Promise((r) => setTimeout(() => r('hung'), 3000).unref())])).toBe('ended');
    expect(fake.openLogStreams).toBe(0);
    expect(deployment(id)?.spec.replicas).toBe(0);
    expect(deployment(id)?.metadata.annotations[Annotations.replicas]).toBe('2');
    expect(podsOf(id)).toHaveLength(0);
    const stopped = await p.status(ctx, id);
    expect(stopped).toMatchObject({ state: 'stopped', ready: false });
    expect(stopped.services.web?.state).toBe('stopped');
    await p.stop(ctx, id);

    await p.start(ctx, id);
    expect(deployment(id)?.spec.replicas).toBe(2);
    await ready(id);
    expect(podsOf(id)).toHaveLength(2);

    const before = podsOf(id).map((pod) => pod.metadata.name);
    await p.restart(ctx, id);
    const restartedAt = deployment(id)?.spec.template.metadata.annotations[Annotations.restartedAt];
    expect(Number.isNaN(Date.parse(restartedAt))).toBe(false);
    expect(fake.requests.some((r) => r.method === 'PATCH' && r.contentType === 'application/merge-patch+json')).toBe(
      true,
    );
    const st = await ready(id);
    expect(st.services.setup?.ready).toBe(true);
    const after = podsOf(id).map((pod) => pod.metadata.name);
    expect(after).toHaveLength(2);
    for (const name of after) expect(before).not.toContain(name);
  });

  it('runs a StatefulSet with ordinal pod names as replicas', async () => {
    const id = newId();
    const res = await p.provision(ctx, {
      ...request(id, [
        service({
          name: 'db',
          image: IMAGES.tool,
          role: 'main',
          resources: { replicas: 2 },
          command: ['sh', '-c', TICKER],
        }),
      ]),
      kind: 'stateful_set',
    });
    expect(res.providerRef).toBe(`StatefulSet/wh-${id}`);
    expect(fake.get('deployments', NAMESPACE, `wh-${id}`)).toBeUndefined();
    const sts = fake.get('statefulsets', NAMESPACE, `wh-${id}`);
    expect(sts?.spec).toMatchObject({ replicas: 2, serviceName: `wh-${id}-pods` });
    expect(fake.get('services', NAMESPACE, `wh-${id}-pods`)?.spec).toMatchObject({ clusterIP: 'None' });
    await ready(id);
    expect(
      podsOf(id)
        .map((pod) => pod.metadata.name)
        .sort(),
    ).toEqual([`wh-${id}-0`, `wh-${id}-1`]);
    const entries = await collect(await p.logs(ctx, id, { follow: false }), 1000);
    expect(new Set(entries.map((e) => e.replica))).toEqual(new Set([0, 1]));
  });

  it('converges on the requested kind when a provision changes it, and deploys recreate on Deployments only', async () => {
    const id = newId();
    const app = (kind: ProvisionRequest['kind']) =>
      request(id, [service({ name: 'app', image: IMAGES.tool, role: 'main', command: ['sh', '-c', TICKER] })], {
        kind,
      });
    await p.provision(ctx, app('deployment'));
    await ready(id);
    await p.deploy(ctx, {
      instanceId: id,
      releaseId: 'r2',
      strategy: 'recreate',
      services: [{ name: 'app', image: IMAGES.tool, env: { V: '2' } }],
    });
    expect(deployment(id)?.spec.strategy).toEqual({ type: 'Recreate' });
    await ready(id);
    const res = await p.provision(ctx, app('stateful_set'));
    expect(res.providerRef).toBe(`StatefulSet/wh-${id}`);
    expect(deployment(id)).toBeUndefined();
    await ready(id);
    expect(podsOf(id).map((pod) => pod.metadata.name)).toEqual([`wh-${id}-0`]);
    await expectProviderError(
      p.deploy(ctx, { instanceId: id, releaseId: 'r3', strategy: 'recreate', services: [{ name: 'app', image: 'x' }] }),
      'invalid_spec',
    );
  });

  it('refuses what it cannot run with invalid_spec, creating nothing', async () => {
    const id = newId();
    await expectProviderError(
      p.provision(
        ctx,
        request(id, [
          service({ name: 'a', image: IMAGES.tool, role: 'main', volumes: [{ name: 'data', mountPath: 'data' }] }),
        ]),
      ),
      'invalid_spec',
    );
    await expectProviderError(
      p.provision(
        ctx,
        request(id, [service({ name: 'a', image: IMAGES.tool, role: 'main', secrets: [{ key: 'k', envName: 'K' }] })]),
      ),
      'invalid_spec',
    );
    await expectProviderError(
      p.provision(
        ctx,
        request(id, [
          service({ name: 'a', image: IMAGES.tool, role: 'main', resources: { replicas: 2 } }),
          service({ name: 'b', image: IMAGES.tool, role: 'sidecar', resources: { replicas: 3 } }),
        ]),
      ),
      'invalid_spec',
    );
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
    await expectProviderError(p.exec(ctx, id, { command: ['true'] }), 'not_found');
  });

  // Env, config files, secrets, exit codes, stdin and the timeout's 124 are in the conformance suite.
  it('execs through the websocket subresource, which a timed-out exec leaves closed', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    expect(await p.exec(ctx, id, { command: ['sh', '-c', 'echo "$API_KEY"'] })).toMatchObject({
      stdout: `${secret}\n`,
    });
    const execs = fake.requests.filter((r) => r.path.endsWith('/exec'));
    expect(execs.length).toBeGreaterThan(0);
    for (const r of execs) expect(r.authorization).toBe(`Bearer ${fake.token}`);

    const sleepMs = 30_000;
    const started = Date.now();
    const slow = await p.exec(ctx, id, { command: ['sleep', String(sleepMs / 1000)], timeoutMs: 300 });
    expect(slow.exitCode).toBe(124);
    expect(slow.stderr).toMatch(/timed out/);
    // Ended by the timeout, not by the command finishing.
    expect(Date.now() - started).toBeLessThan(sleepMs);
    await until(() => fake.openExecs === 0);

    await expectProviderError(p.exec(ctx, id, { serviceName: 'nope', command: ['true'] }), 'not_found');
    await expectProviderError(p.exec(ctx, id, { serviceName: 'setup', command: ['true'] }), 'conflict');
    await expectProviderError(p.exec(ctx, id, { command: [] }), 'invalid_spec');
  });

  // Deprovisioning twice, leaving nothing labelled and not_found after it are in the conformance suite.
  it('lists the workloads it manages, with their tenant, until they are deprovisioned', async () => {
    const id = newId();
    await p.provision(ctx, webApp(id));
    await ready(id);
    expect(await p.managedWorkloads(ctx)).toContainEqual({ instanceId: id, tenantId: 'tenant-k8s' });
    await p.deprovision(ctx, id);
    expect(await p.managedWorkloads(ctx)).not.toContainEqual({ instanceId: id, tenantId: 'tenant-k8s' });
  });

  it('answers unavailable quickly when the API server cannot be reached, and reports it unhealthy', async () => {
    const apiTimeoutMs = 30_000;
    const { provider, endpoint } = unreachableProvider(await closedPort(), { apiTimeoutMs });
    const started = Date.now();
    const err = await expectProviderError(provider.status(ctx, randomUUID()), 'unavailable');
    expect(err.message).toContain(endpoint);
    const health = await provider.healthCheck(ctx);
    expect(health.healthy).toBe(false);
    expect(health.message).toContain(endpoint);
    // Both answered without waiting out the API timeout.
    expect(Date.now() - started).toBeLessThan(apiTimeoutMs);
  });
});

describe('KubernetesProvider against a server that accepts connections and never answers', () => {
  const sockets = new Set<import('node:net').Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  beforeAll(async () => {
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('counts it unreachable after the connect timeout, not the whole API timeout', async () => {
    const { port } = silent.address() as { port: number };
    const connectTimeoutMs = 300;
    const apiTimeoutMs = 30_000;
    const { provider, endpoint } = unreachableProvider(port, { connectTimeoutMs, apiTimeoutMs });
    const started = Date.now();
    const err = await expectProviderError(provider.status(ctx, randomUUID()), 'unavailable');
    expect(err.message).toContain(endpoint);
    expect(err.message).toMatch(/no answer within 300 ms/);
    const health = await provider.healthCheck(ctx);
    expect(health.healthy).toBe(false);
    // Two calls, each given up after the connect timeout: at least one connect timeout, far less than the API timeout.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(connectTimeoutMs);
    expect(elapsed).toBeLessThan(apiTimeoutMs);
  });
});

describe('kubernetesProviderFromConfig', () => {
  let fake: FakeKubeApi;
  beforeAll(async () => {
    fake = await startFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('loads the kubeconfig file, the namespace and the region', async () => {
    const provider = kubernetesProviderFromConfig('k8s-a', { namespace: 'team-a' }, 'eu-west', fake.kubeconfigPath);
    expect(provider.namespace).toBe('team-a');
    expect(provider.info()).toMatchObject({ name: 'kubernetes', region: 'eu-west' });
    expect(await provider.refreshInfo()).toMatchObject({ version: 'v1.31.0-fake' });
    const missing = await expectProviderError(provider.status({}, randomUUID()), 'not_found');
    expect(missing.provider).toBe('k8s-a');
    expect(kubernetesProviderFromConfig('k', { context: 'fake' }, undefined, fake.kubeconfigPath).namespace).toBe(
      'wheelhouse',
    );
  });

  it('takes the watchdog from the watch option, in seconds', async () => {
    const provider = kubernetesProviderFromConfig(
      'k8s-w',
      { namespace: 'team-w', watch: { watchdogSeconds: 0.2 } },
      undefined,
      fake.kubeconfigPath,
    );
    const unsubscribe = provider.subscribeChanges(() => undefined);
    try {
      await until(() => fake.openWatches >= 3);
      const before = fake.watchRequests.length;
      fake.silenceWatches();
      // Restarted by a 200 ms watchdog; the default (90 s) would not within this wait.
      await until(() => fake.watchRequests.length >= before + 3, 10_000);
      expect(provider.watchCounters.watchdogRestarts).toBeGreaterThanOrEqual(3);
    } finally {
      unsubscribe();
      provider.close();
    }
    expect(() =>
      kubernetesProviderFromConfig('k', { watch: { watchdogSeconds: -1 } }, undefined, fake.kubeconfigPath),
    ).toThrow(/options\.watch\.watchdogSeconds/);
  });

  it('names the offending option, context or file', () => {
    expect(() => kubernetesProviderFromConfig('k', { namespace: 'Bad_NS' }, undefined, fake.kubeconfigPath)).toThrow(
      /options\.namespace/,
    );
    expect(() => kubernetesProviderFromConfig('k', { bogus: 1 }, undefined, fake.kubeconfigPath)).toThrow(/options/);
    expect(() => kubernetesProviderFromConfig('k', { context: 'nope' }, undefined, fake.kubeconfigPath)).toThrow(
      /context nope/,
    );
    expect(() => kubernetesProviderFromConfig('k', {}, undefined, '/nonexistent/kubeconfig')).toThrow(
      /\/nonexistent\/kubeconfig/,
    );
  });
});
