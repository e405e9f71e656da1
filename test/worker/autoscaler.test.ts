import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderMetrics } from '../../src/control/metrics.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { graphql } from '../generated/gql.js';
import { query, type TestApp } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

/**
 * Wheelhouse's own autoscaler on the real Docker Engine: a busybox service
 * that burns CPU in a loop, limited to 10 millicores (so it saturates its limit even on a loaded machine), with a 50 % target.
 * The interval is 2 s here (15 s by default). Its windows, steady load and
 * restart run on a moved clock against a fake sampler, in
 * test/worker/autoscaler-windows.test.ts; this file keeps the real path once.
 */

const Provision = graphql(`
  mutation AutoscaleProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Scale = graphql(`
  mutation AutoscaleScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) {
      __typename
      ... on ScaleInstancePayload { operation { id status } }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation AutoscaleDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const Watch = graphql(`
  query AutoscaleWatch($id: ID!) {
    instance(id: $id) {
      services {
        name
        resources { replicas autoscale { minReplicas maxReplicas targetCpuPercent scaleUpStabilizationSeconds scaleDownStabilizationSeconds } }
        autoscale { currentReplicas desiredReplicas cpuPercent lastScaleAt message }
      }
      operations(first: 20) { edges { node { id kind status createdAt startedAt finishedAt } } }
      events(first: 100) { edges { node { type message occurredAt data operation { id kind } } } }
    }
  }
`);

const skip = !(await dockerOrSkip());
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
const INTERVAL_SECONDS = 2;
const idOf = (gid: string) => Buffer.from(gid, 'base64').toString().split(':')[1]!;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Running containers of the instance's `burn` service, on the engine. */
async function runningReplicas(id: string): Promise<Dockerode.ContainerInfo[]> {
  const all = await docker.listContainers({
    filters: { label: [`wheelhouse.instance=${id}`, 'wheelhouse.service=burn'], status: ['running'] },
  });
  return all;
}

/** Burns CPU until /stop exists, then idles (its replicas saturate their 10-millicore limit). */
const BURN = ['sh', '-c', 'while [ ! -f /stop ]; do :; done; exec sleep 3600'];

/** Every instance a test provisioned (local id → global id, token, app): removed after each test, whatever its end. */
const provisioned = new Map<string, { gid: string; token: string; t: TestApp }>();

/** Burners burn a core each: a test that fails before its teardown must not leave them running. */
async function removeLeftBurners(): Promise<void> {
  for (const [id, { gid, token, t }] of provisioned) {
    // Deprovisioned first, so the supervisor does not put back what is removed below.
    await query(t.url, token, Deprovision, { input: { instanceId: gid, wait: true } }).catch(() => undefined);
    const filters = { label: [`wheelhouse.instance=${id}`] };
    for (const c of await docker.listContainers({ all: true, filters }))
      await docker.getContainer(c.Id).remove({ force: true, v: true });
    for (const n of await docker.listNetworks({ filters })) await docker.getNetwork(n.Id).remove();
  }
  provisioned.clear();
}

async function provisionBurner(t: TestApp, token: string, autoscale: Record<string, number>) {
  const r = await query(t.url, token, Provision, {
    input: {
      name: `burn-${randomUUID().slice(0, 8)}`,
      wait: true,
      services: [
        {
          name: 'burn',
          image: TEST_IMAGES.tool,
          command: BURN,
          resources: { cpuMillis: 10, autoscale: autoscale as never },
        },
      ],
    },
  });
  if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
    throw new Error(JSON.stringify(r.provisionInstance));
  provisioned.set(idOf(r.provisionInstance.instance.id), { gid: r.provisionInstance.instance.id, token, t });
  expect(r.provisionInstance.instance).toMatchObject({ state: 'RUNNING', ready: true });
  return { gid: r.provisionInstance.instance.id, id: idOf(r.provisionInstance.instance.id), at: Date.now() };
}

async function watch(t: TestApp, token: string, gid: string) {
  const w = await query(t.url, token, Watch, { id: gid });
  const inst = w.instance!;
  return {
    service: inst.services[0]!,
    ops: inst.operations.edges.map((e) => e!.node),
    events: inst.events.edges.map((e) => e!.node),
  };
}

async function teardown(t: TestApp, token: string, gid: string) {
  const gone = await query(t.url, token, Deprovision, { input: { instanceId: gid, wait: true } });
  expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
  expect(await dockerLeftovers(docker, idOf(gid))).toEqual([]);
}

describe.skipIf(skip)('the autoscaler on Docker', () => {
  let t: TestApp;
  let token: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await startDockerApp({
      database,
      config: { runSupervisor: true, supervisorIntervalSeconds: 600, autoscaleIntervalSeconds: INTERVAL_SECONDS },
    });
    token = (await t.newTenant()).token;
  });
  // After the app's own teardown of each test (a deprovision); only what a failed test left is still there.
  afterEach(removeLeftBurners);
  afterAll(async () => {
    await t?.stop();
    await database?.close();
  });

  it("scales a CPU-burning service up by its own SCALE operation, from the Engine's CPU samples", async () => {
    // The windows, steady load and restart are test/worker/autoscaler-windows.test.ts (a moved clock, a fake
    // sampler); this is the real path once: the Engine's stats, normalised to the 10-millicore limit, decide.
    const { gid, id } = await provisionBurner(t, token, { minReplicas: 1, maxReplicas: 2, targetCpuPercent: 50 });
    await until('2 running replicas', async () => ((await runningReplicas(id)).length === 2 ? true : undefined));
    const up = await until('the SCALE operation to end', async () => {
      const w = await watch(t, token, gid);
      return w.ops.every((o) => o.status === 'SUCCEEDED' || o.status === 'FAILED') ? w : undefined;
    });
    const scales = up.ops.filter((o) => o.kind === 'SCALE');
    expect(scales.map((o) => o.status)).toEqual(['SUCCEEDED']);
    const queued = up.events.find((e) => e.type === 'operation.queued' && e.operation?.id === scales[0]!.id);
    expect(queued?.data).toMatchObject({ kind: 'scale', requestedBy: 'autoscaler', fromReplicas: 1, toReplicas: 2 });
    const decided = up.events.find((e) => e.type === 'autoscale.decision' && e.operation?.id === scales[0]!.id);
    expect(decided?.data).toMatchObject({
      requestedBy: 'autoscaler',
      scaled: true,
      service: 'burn',
      currentReplicas: 1,
      desiredReplicas: 2,
    });
    // Sampled from the Engine: a replica saturating its limit is well past the 50 % target (and its 10 % tolerance).
    expect((decided!.data as { cpuPercent: number }).cpuPercent).toBeGreaterThan(55);
    expect(up.service.resources?.replicas).toBe(2);
    expect(up.service.autoscale).toMatchObject({ desiredReplicas: 2 });
    await teardown(t, token, gid);
  }, 120_000);

  it('refuses a manual scale of the replicas it owns, unless the request changes or removes the policy', async () => {
    const { gid, id } = await provisionBurner(t, token, { minReplicas: 1, maxReplicas: 2, targetCpuPercent: 100 });
    const refused = await query(t.url, token, Scale, { input: { instanceId: gid, resources: { replicas: 2 } } });
    expect(refused.scaleInstance).toMatchObject({
      __typename: 'ConflictError',
      message: expect.stringContaining('the autoscaler owns the replicas of service burn'),
    });
    const bad = await query(t.url, token, Scale, {
      input: { instanceId: gid, resources: { autoscale: { minReplicas: 3, maxReplicas: 2, targetCpuPercent: 50 } } },
    });
    expect(bad.scaleInstance).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [
        { path: ['input', 'resources', 'autoscale', 'minReplicas'], message: 'must not be above maxReplicas (2)' },
      ],
    });
    // /metrics shows the service's desired and current replicas once the autoscaler has decided.
    const text = await until('the gauges', async () => {
      const m = await renderMetrics({ db: t.database.db, events: t.app.services.events });
      return m.includes(`wheelhouse_autoscale_desired_replicas{instance="${id}",service="burn"}`) ? m : undefined;
    });
    expect(text).toContain(`wheelhouse_autoscale_current_replicas{instance="${id}",service="burn"} 1`);
    // Removing the policy with a count: allowed, and the count lands on the engine.
    const removed = await query(t.url, token, Scale, {
      input: { instanceId: gid, wait: true, resources: { replicas: 2, autoscale: null } },
    });
    expect(removed.scaleInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    expect((await runningReplicas(id)).length).toBe(2);
    const w = await watch(t, token, gid);
    expect(w.service.resources?.autoscale).toBeNull();
    expect(w.service.autoscale).toBeNull();
    await teardown(t, token, gid);
  }, 120_000);

  it('refuses scale to zero without a route, by field path', async () => {
    const r = await query(t.url, token, Provision, {
      input: {
        name: `zero-${randomUUID().slice(0, 8)}`,
        services: [
          {
            name: 'burn',
            image: TEST_IMAGES.tool,
            resources: { autoscale: { minReplicas: 0, maxReplicas: 2, targetCpuPercent: 50 } },
          },
        ],
      },
    });
    expect(r.provisionInstance).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [
        {
          path: ['input', 'services', '0', 'resources', 'autoscale', 'minReplicas'],
          message: expect.stringContaining('needs a route'),
        },
      ],
    });
  });
});
