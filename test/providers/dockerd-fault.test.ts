/**
 * dockerd stopped and started again under Wheelhouse, on a daemon of the
 * test's own (see test/support/own-dockerd.ts): the issue asks for a minute
 * away; the outage here is WHEELHOUSE_TEST_DOCKERD_OUTAGE_SECONDS (default
 * 15 s), long enough for the provider's health cache and the supervisor's
 * interval to see the engine gone several times over.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import type { InstanceChange } from '../../src/providers/provider.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { query, startTestApp, type TestApp } from '../support/app.js';
import { dockerLeftovers, ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';
import { OwnDockerd, ownDockerdUnavailable } from '../support/own-dockerd.js';

const Provision = graphql(`
  mutation DockerdFaultProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id state ready } operation { id status } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation DockerdFaultDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const Watch = graphql(`
  query DockerdFaultWatch($id: ID!) {
    instance(id: $id) {
      state
      ready
      message
      operations(first: 10) { edges { node { kind status error { code message } } } }
    }
    providers { key health { healthy message } }
  }
`);

const unavailable = ownDockerdUnavailable();
const skip = skipUnless("a dockerd of the test's own", unavailable === undefined, unavailable);
const OUTAGE_MS = Number(process.env.WHEELHOUSE_TEST_DOCKERD_OUTAGE_SECONDS ?? '15') * 1000;
/** A key no other test file uses: this app's supervisor must not touch their instances on a shared database. */
const KEY = 'docker-fault';
const SUPERVISOR_SECONDS = 3;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? `: ${lastError}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const idOf = (gid: string) => Buffer.from(gid, 'base64').toString().split(':')[1]!;

describe.skipIf(skip)('dockerd stopped and started again', () => {
  let dockerd: OwnDockerd | undefined;
  let t: TestApp | undefined;
  let token: string;
  let provider: DockerProvider;

  let hostBridgeBefore = false;
  beforeAll(async () => {
    hostBridgeBefore = existsSync('/sys/class/net/docker0');
    dockerd = new OwnDockerd();
    await dockerd.start();
    await ensureTestImages(dockerd.client);
    const registry = new Registry();
    provider = new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: KEY, socketPath: dockerd.socketPath });
    registry.register(KEY, provider);
    t = await startTestApp({
      registry,
      config: { runSupervisor: true, supervisorIntervalSeconds: SUPERVISOR_SECONDS },
    });
    token = (await t.newTenant()).token;
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
    await dockerd?.destroy();
    // The main engine's bridge is there after this daemon's restarts (its builds' RUN steps need it).
    if (hostBridgeBefore) expect(existsSync('/sys/class/net/docker0')).toBe(true);
  }, 120_000);

  it('no crash, no stuck operation, health false then true, instances re-observed and healed, no duplicates', async () => {
    const app = t!;
    const d = dockerd!;
    const watch = (gid: string) => query(app.url, token, Watch, { id: gid });
    const healthy = async (gid: string) => (await watch(gid)).providers.find((p) => p.key === KEY)?.health?.healthy;

    // At rest: an instance running before the engine goes.
    const a = await query(app.url, token, Provision, {
      input: {
        name: `rest-${randomUUID().slice(0, 8)}`,
        provider: KEY,
        wait: true,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          { name: 'web', image: TEST_IMAGES.web1, healthCheck: { path: '/healthz', port: 8080 } },
          { name: 'side', image: TEST_IMAGES.tool, role: 'SIDECAR', command: ['sleep', '3600'] },
        ],
      },
    });
    if (a.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(a));
    expect(a.provisionInstance.instance).toMatchObject({ state: 'RUNNING', ready: true });
    const restGid = a.provisionInstance.instance.id;
    // A listener of the provider's change signal beside the supervisor's: both share the one engine stream.
    const changes: InstanceChange[] = [];
    const unsubscribe = provider.subscribeChanges((c) => changes.push(c));

    // Running: a provision whose init step is still going when the engine stops.
    const b = await query(app.url, token, Provision, {
      input: {
        name: `busy-${randomUUID().slice(0, 8)}`,
        provider: KEY,
        readiness: { timeoutSeconds: 120, intervalSeconds: 1 },
        services: [
          { name: 'setup', image: TEST_IMAGES.tool, role: 'INIT', command: ['sleep', '4'] },
          { name: 'web', image: TEST_IMAGES.web1, dependsOn: ['setup'], healthCheck: { path: '/healthz', port: 8080 } },
        ],
      },
    });
    if (b.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(b));
    const busyGid = b.provisionInstance.instance.id;
    await until(
      'the provision to be running on the engine',
      async () => {
        const [op] = (await watch(busyGid)).instance!.operations.edges.map((e) => e!.node);
        const setup = await d.client.listContainers({
          filters: { label: [`wheelhouse.instance=${idOf(busyGid)}`, 'wheelhouse.service=setup'] },
        });
        return op?.status === 'RUNNING' && setup.length > 0 ? op : undefined;
      },
      30_000,
    );

    const stoppedAt = Date.now();
    await d.stop();

    // While it is away: the server answers, the provider says unhealthy, nothing is marked FAILED for that alone.
    await until(
      'the provider to report unhealthy',
      async () => ((await healthy(restGid)) === false ? true : undefined),
      OUTAGE_MS,
    );
    await until(
      'the instance at rest to say the provider cannot be reached',
      async () => {
        const w = await watch(restGid);
        expect(w.instance!.state).not.toBe('FAILED');
        return w.instance!.message?.includes('cannot be reached') ? w : undefined;
      },
      OUTAGE_MS,
    );
    const remaining = OUTAGE_MS - (Date.now() - stoppedAt);
    if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
    const during = await watch(restGid);
    expect(during.instance).toMatchObject({ state: 'RUNNING' });
    const busyDuring = (await watch(busyGid)).instance!.operations.edges.map((e) => e!.node)[0]!;
    // Either it gave up as `unavailable`, or it is still going and must finish after.
    if (busyDuring.status === 'FAILED')
      expect(busyDuring.error?.code, busyDuring.error?.message).toBe('PROVIDER_UNAVAILABLE');
    else expect(['RUNNING', 'QUEUED', 'SUCCEEDED']).toContain(busyDuring.status);

    const beforeRestart = changes.length;
    await d.start();

    await until(
      'the provider to report healthy again',
      async () => ((await healthy(restGid)) ? true : undefined),
      60_000,
    );
    // Re-observed and healed by themselves: nobody asks for anything here.
    for (const gid of [restGid, busyGid]) {
      await until(
        `instance ${idOf(gid)} to run and be ready again`,
        async () => {
          const w = await watch(gid);
          const [op] = w.instance!.operations.edges.map((e) => e!.node);
          const settled = op && ['SUCCEEDED', 'FAILED', 'CANCELED'].includes(op.status);
          return w.instance!.state === 'RUNNING' && w.instance!.ready && settled ? w : undefined;
        },
        120_000,
      );
    }
    // The event stream came back by itself: the instances are announced after the gap, and new events flow.
    const after = () => changes.slice(beforeRestart).filter((c) => c.instanceId === idOf(restGid));
    expect(after().map((c) => c.reason)).toContain('engine event stream reopened after a gap');
    const [web] = await d.client.listContainers({
      filters: { label: [`wheelhouse.instance=${idOf(restGid)}`, 'wheelhouse.service=web'] },
    });
    const seenBefore = after().length;
    const startedBefore = (await d.client.getContainer(web!.Id).inspect()).State.StartedAt;
    await d.client.getContainer(web!.Id).kill();
    await until(
      'the kill to arrive over the reopened stream',
      async () => (after().length > seenBefore ? true : undefined),
      30_000,
    );
    expect(
      after()
        .slice(seenBefore)
        .map((c) => c.reason),
    ).toContain('die web (exit code 137)');
    unsubscribe();
    await until(
      'the supervisor to heal the kill',
      async () => {
        // Healed alone: the same container started again, no operation on the instance.
        const w = await watch(restGid);
        const info = await d.client.getContainer(web!.Id).inspect();
        const [op] = w.instance!.operations.edges.map((e) => e!.node);
        return info.State.Running &&
          info.State.StartedAt !== startedBefore &&
          op?.kind === 'PROVISION' &&
          w.instance!.ready
          ? w
          : undefined;
      },
      120_000,
    );

    const busyOps = (await watch(busyGid)).instance!.operations.edges.map((e) => e!.node);
    expect(busyOps.every((op) => ['SUCCEEDED', 'FAILED'].includes(op.status))).toBe(true);
    for (const op of busyOps.filter((o) => o.status === 'FAILED'))
      expect(op.error?.code, op.error?.message).toBe('PROVIDER_UNAVAILABLE');

    // No duplicates: one container per service (the init one kept, exited), counted on the engine.
    for (const [gid, services] of [
      [restGid, ['side', 'web']],
      [busyGid, ['setup', 'web']],
    ] as const) {
      const all = await d.client.listContainers({
        all: true,
        filters: { label: [`wheelhouse.instance=${idOf(gid)}`] },
      });
      expect(all.map((c) => c.Labels['wheelhouse.service']).sort()).toEqual(services);
    }

    for (const gid of [restGid, busyGid]) {
      const gone = await query(app.url, token, Deprovision, { input: { instanceId: gid, wait: true } });
      expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
      expect(await dockerLeftovers(d.client, idOf(gid))).toEqual([]);
    }
  }, 600_000);
});
