/**
 * The Kubernetes provider's watches against the in-process API stand-in:
 * waits follow them instead of polling, a watch the server ends with 410 Gone
 * is listed again, and a watch that goes silent is restarted by the watchdog.
 * Every wait here polls less often than its own timeout, so only a change
 * the watches deliver can end it in time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import type { KubernetesProviderOptions } from '../../src/providers/kubernetes/kubernetes-options.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { CallContext, InstanceStatus, ProvisionRequest } from '../../src/providers/provider.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const NAMESPACE = 'wheelhouse-watch';
const WEB = 'registry.test/web:v1';
const TOOL = 'registry.test/busybox:stable';
const ctx: CallContext = {};
/** Pods start this long after they are created, so a scale leaves the instance not ready for a while. */
const START_DELAY_MS = 700;
/** Every wait's timeout; its poll interval is longer, so polling alone never ends it. */
const WAIT_TIMEOUT_MS = 15_000;
const NO_POLL = { timeoutMs: WAIT_TIMEOUT_MS, intervalMs: 4 * WAIT_TIMEOUT_MS };

function options(fake: FakeKubeApi, watch: KubernetesProviderOptions['watch']): KubernetesProviderOptions {
  return {
    kubeConfig: loadKubeConfig(fake.kubeconfigPath),
    namespace: NAMESPACE,
    apiTimeoutMs: 5000,
    startTimeoutMs: WAIT_TIMEOUT_MS,
    stopTimeoutMs: WAIT_TIMEOUT_MS,
    // The provider's own waits poll no faster than the control plane's here: the watches must drive them.
    pollIntervalMs: 4 * WAIT_TIMEOUT_MS,
    minReadyMs: 0,
    watch: { fallbackPollMs: 4 * WAIT_TIMEOUT_MS, retryMs: 50, ...watch },
  };
}

function web(instanceId: string): ProvisionRequest {
  return {
    instanceId,
    tenantId: 'tenant-watch',
    name: `watch-${instanceId.slice(0, 8)}`,
    kind: 'deployment',
    labels: {},
    services: [
      {
        name: 'web',
        image: WEB,
        role: 'main',
        dependsOn: [],
        resources: {},
        env: {},
        ports: [{ container: 8080, protocol: 'tcp' }],
        volumes: [],
        healthCheck: { path: '/healthz', port: 8080 },
        secrets: [],
        configFiles: [],
        annotations: {},
      },
    ],
  };
}

/** The readiness wait's change signal for one instance, as the executor builds it. */
function changesOf(p: KubernetesProvider, instanceId: string) {
  return (wake: () => void) => p.subscribeChanges((c) => c.instanceId === instanceId && wake());
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Kubernetes watches', () => {
  let fake: FakeKubeApi;
  const providers: KubernetesProvider[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    fake = await new FakeKubeApi({ startDelayMs: START_DELAY_MS }).start();
    fake.defineImage(WEB, { httpPaths: ['/', '/healthz'] });
  });

  afterAll(async () => {
    for (const p of providers) {
      for (const id of ids) await p.deprovision(ctx, id).catch(() => undefined);
      p.close();
    }
    for (const id of ids) expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
    await fake.close();
  });

  /**
   * Provisions a ready one-replica instance, scales it to two, and starts a
   * readiness wait that only the watches can end (the new pod starts
   * START_DELAY_MS later). `during` runs once the wait has read the instance
   * not ready; the wait's result and every status it read are returned.
   */
  async function scaleAndWait(p: KubernetesProvider, during: () => void) {
    const id = randomUUID();
    ids.push(id);
    await p.provision(ctx, web(id));
    const first = await waitReady(NO_POLL, () => p.status(ctx, id), undefined, changesOf(p, id));
    expect(readinessOutcome(first.status, first.error), first.error?.message).toBe('ready');

    await p.scale(ctx, { instanceId: id, resources: { replicas: 2 } });
    const reads: InstanceStatus[] = [];
    const started = Date.now();
    const waiting = waitReady(
      NO_POLL,
      async () => {
        const st = await p.status(ctx, id);
        reads.push(st);
        return st;
      },
      undefined,
      changesOf(p, id),
    );
    await until(() => reads.length > 0);
    expect(reads[0]?.ready, 'the scaled instance is not ready before its new pod starts').toBe(false);
    during();
    const result = await waiting;
    return { ...result, reads, elapsedMs: Date.now() - started };
  }

  it('lists again after a watch the server ends with 410 Gone, and the readiness wait still finishes', async () => {
    const p = new KubernetesProvider(options(fake, { watchdogMs: 60_000 }));
    providers.push(p);
    onTestFinished(() => p.close());
    let listsBefore = 0;
    let watchesBefore = 0;
    const { status, error, elapsedMs } = await scaleAndWait(p, () => {
      listsBefore = p.watchCounters.lists;
      watchesBefore = fake.watchRequests.length;
      expect(fake.expireWatches(), 'the pod, Deployment and StatefulSet watches were open').toBe(3);
    });
    expect(readinessOutcome(status, error), error?.message).toBe('ready');
    expect(status?.services.web?.ready).toBe(true);
    expect(elapsedMs).toBeLessThan(WAIT_TIMEOUT_MS);
    // Each collection was listed again, and watched from the new list's resourceVersion.
    expect(p.watchCounters.lists).toBeGreaterThanOrEqual(listsBefore + 3);
    const after = fake.watchRequests.slice(watchesBefore);
    expect(after.map((w) => w.plural).sort()).toEqual(expect.arrayContaining(['deployments', 'pods', 'statefulsets']));
    expect(p.watchCounters.watchdogRestarts).toBe(0);
  });

  it('restarts a watch that went silent (the watchdog) and the readiness wait still finishes', async () => {
    const watchdogMs = 400;
    const p = new KubernetesProvider(options(fake, { watchdogMs }));
    providers.push(p);
    onTestFinished(() => p.close());
    let watchesBefore = 0;
    let silencedAt = 0;
    const { status, error, elapsedMs } = await scaleAndWait(p, () => {
      watchesBefore = fake.watchRequests.length;
      expect(fake.silenceWatches()).toBe(3);
      silencedAt = Date.now();
    });
    expect(readinessOutcome(status, error), error?.message).toBe('ready');
    expect(elapsedMs).toBeLessThan(WAIT_TIMEOUT_MS);
    // New watch requests after the silence, resuming from a resourceVersion (no relist needed).
    const after = fake.watchRequests.slice(watchesBefore);
    expect(after.filter((w) => w.plural === 'pods').length).toBeGreaterThanOrEqual(1);
    expect(after.every((w) => w.resourceVersion !== undefined)).toBe(true);
    expect(p.watchCounters.watchdogRestarts).toBeGreaterThanOrEqual(1);
    expect(Date.now() - silencedAt).toBeGreaterThanOrEqual(watchdogMs);
  });

  it('provisions and stops on the watches alone: neither wait polls within its timeout', async () => {
    const p = new KubernetesProvider(options(fake, { watchdogMs: 60_000 }));
    providers.push(p);
    onTestFinished(() => p.close());
    const id = randomUUID();
    ids.push(id);
    const started = Date.now();
    await p.provision(ctx, web(id));
    expect(Date.now() - started).toBeLessThan(WAIT_TIMEOUT_MS);
    const stopping = Date.now();
    await p.stop(ctx, id);
    expect(Date.now() - stopping).toBeLessThan(WAIT_TIMEOUT_MS);
    expect(fake.list('pods', NAMESPACE, `${Labels.instance}=${id}`)).toEqual([]);
  });

  it('tells subscribers which instance changed and why', async () => {
    const p = new KubernetesProvider(options(fake, { watchdogMs: 60_000 }));
    providers.push(p);
    onTestFinished(() => p.close());
    const id = randomUUID();
    ids.push(id);
    const changes: { instanceId: string; reason: string }[] = [];
    const unsubscribe = p.subscribeChanges((c) => changes.push(c));
    try {
      await p.provision(ctx, web(id));
      await until(() => changes.some((c) => c.instanceId === id && c.reason === 'pod MODIFIED'));
      expect(changes.some((c) => c.instanceId === id && c.reason === 'deployment ADDED')).toBe(true);
      await p.deprovision(ctx, id);
      await until(() => changes.some((c) => c.instanceId === id && c.reason === 'deployment DELETED'));
    } finally {
      unsubscribe();
    }
  });

  it("follows a log across a restart: the new pod's lines arrive on the same stream", async () => {
    const p = new KubernetesProvider(options(fake, { watchdogMs: 60_000 }));
    providers.push(p);
    onTestFinished(() => p.close());
    const id = randomUUID();
    ids.push(id);
    const req = web(id);
    req.services = req.services.map((s) => ({
      ...s,
      image: TOOL,
      ports: [],
      healthCheck: undefined,
      command: ['sh', '-c', 'i=0; while true; do i=$((i+1)); echo "tick $i"; sleep 0.05; done'],
    }));
    await p.provision(ctx, req);
    const stream = await p.logs(ctx, id, { follow: true, tail: 0 });
    const lines = stream[Symbol.asyncIterator]();
    const next = () =>
      Promise.race([lines.next(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), WAIT_TIMEOUT_MS).unref())]);
    const first = await next();
    expect(first).toMatchObject({ done: false, value: { service: 'web' } });
    const podsBefore = fake.list('pods', NAMESPACE, `${Labels.instance}=${id}`).map((pod) => pod.metadata.uid);
    await p.restart(ctx, id);
    // The old pod's log ends when it is replaced; the new pod's starts again at tick 1.
    let restarted = false;
    for (let i = 0; i < 10_000 && !restarted; i++) {
      const r = await next();
      expect(r, 'the stream ended or hung instead of following the new pod').toMatchObject({ done: false });
      if (r !== 'hung' && !r.done && r.value.message === 'tick 1') restarted = true;
    }
    expect(restarted).toBe(true);
    const podsAfter = fake.list('pods', NAMESPACE, `${Labels.instance}=${id}`).map((pod) => pod.metadata.uid);
    expect(podsAfter.some((uid) => !podsBefore.includes(uid))).toBe(true);
    await stream.close();
    await until(() => fake.openLogStreams === 0);
  });

  it('polls instead while the server refuses watches, and watches again once it allows them', async () => {
    fake.refuseWatches();
    const p = new KubernetesProvider({ ...options(fake, { watchdogMs: 60_000 }), pollIntervalMs: 50 });
    providers.push(p);
    try {
      const id = randomUUID();
      ids.push(id);
      const watchesBefore = fake.watchRequests.length;
      await p.provision(ctx, web(id));
      const { status, error } = await waitReady({ timeoutMs: WAIT_TIMEOUT_MS, intervalMs: 50 }, () =>
        p.status(ctx, id),
      );
      expect(readinessOutcome(status, error), error?.message).toBe('ready');
      // It did try to watch (and kept trying), but the waits did not depend on it.
      expect(fake.watchRequests.length).toBeGreaterThan(watchesBefore);
      expect(fake.openWatches).toBe(0);

      const unsubscribe = p.subscribeChanges(() => undefined);
      fake.refuseWatches(false);
      await until(() => fake.openWatches === 3);
      unsubscribe();
    } finally {
      fake.refuseWatches(false);
      p.close();
    }
  });
});
