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
 * The interval is 2 s here (15 s by default).
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

/** Records the most replicas ever seen running, every 200 ms, until stopped. */
function replicaRecorder(id: string) {
  const seen: { at: number; n: number }[] = [];
  let on = true;
  const done = (async () => {
    while (on) {
      seen.push({ at: Date.now(), n: (await runningReplicas(id)).length });
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    seen,
    async stop() {
      on = false;
      await done;
    },
  };
}

/** Burns CPU until /stop exists, then idles. */
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

async function stopLoad(id: string) {
  for (const c of await runningReplicas(id)) {
    const exec = await docker.getContainer(c.Id).exec({ Cmd: ['sh', '-c', ': > /stop'] });
    const stream = await exec.start({});
    await new Promise((r) => stream.on('end', r).resume());
    expect(await until('the exec to end', async () => (await exec.inspect()).ExitCode ?? undefined)).toBe(0);
  }
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

/** When the autoscaler last recommended at least `atLeast` replicas (its history in Postgres). */
async function lastRecommendationOf(t: TestApp, id: string, atLeast: number): Promise<number> {
  const rows = await t.database.db
    .selectFrom('autoscale_recommendations')
    .select('at')
    .where('instance_id', '=', id)
    .where('replicas', '>=', atLeast)
    .orderBy('at', 'desc')
    .limit(1)
    .execute();
  return rows[0]!.at.getTime();
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

  it('scales a CPU-burning service up to max by SCALE operations, holds through the window, then down to min', async () => {
    const WINDOW = 8;
    const {
      gid,
      id,
      at: startedAt,
    } = await provisionBurner(t, token, {
      minReplicas: 1,
      maxReplicas: 3,
      targetCpuPercent: 50,
      scaleDownStabilizationSeconds: WINDOW,
    });
    const rec = replicaRecorder(id);
    try {
      const reached = await until('3 running replicas', async () =>
        (await runningReplicas(id)).length === 3 ? Date.now() : undefined,
      );
      const up = await until('the SCALE operations to end', async () => {
        const w = await watch(t, token, gid);
        return w.ops.every((o) => o.status === 'SUCCEEDED' || o.status === 'FAILED') ? w : undefined;
      });
      const scales = up.ops.filter((o) => o.kind === 'SCALE');
      expect(scales.length).toBeGreaterThanOrEqual(1);
      expect(scales.every((o) => o.status === 'SUCCEEDED')).toBe(true);
      // Three intervals, besides the time the SCALE operations themselves took to start their replicas.
      const opSeconds = scales.reduce(
        (s, o) => s + (new Date(o.finishedAt!).getTime() - new Date(o.createdAt).getTime()) / 1000,
        0,
      );
      expect((reached - startedAt) / 1000).toBeLessThanOrEqual(3 * INTERVAL_SECONDS + opSeconds + 2);
      // Every step is the autoscaler's SCALE: its queued event is marked, and its decision event precedes it.
      for (const op of scales) {
        const queued = up.events.find((e) => e.type === 'operation.queued' && e.operation?.id === op.id);
        expect(queued?.data).toMatchObject({ kind: 'scale', requestedBy: 'autoscaler' });
        const decided = up.events.find((e) => e.type === 'autoscale.decision' && e.operation?.id === op.id);
        expect(decided?.data).toMatchObject({ requestedBy: 'autoscaler', scaled: true, service: 'burn' });
      }
      expect(up.service.resources?.replicas).toBe(3);
      expect(up.service.autoscale).toMatchObject({ desiredReplicas: 3 });

      // Steady load at max: no SCALE for a stretch while the autoscaler keeps deciding (the 30 s at its
      // 15 s interval is two intervals; here 10 s at 2 s is five).
      const steadyFrom = new Date();
      await new Promise((r) => setTimeout(r, 10_000));
      const steady = await watch(t, token, gid);
      expect(steady.ops.filter((o) => o.kind === 'SCALE').length).toBe(scales.length);
      const decided = await t.database.db
        .selectFrom('autoscale_recommendations')
        .select(['at', 'replicas'])
        .where('instance_id', '=', id)
        .where('at', '>', steadyFrom)
        .execute();
      expect(decided.length).toBeGreaterThanOrEqual(2);
      expect(decided.every((r) => r.replicas === 3)).toBe(true);

      // The load stops: the replicas stay for the scale-down window after the last high recommendation, then go to min.
      await stopLoad(id);
      const stoppedAt = Date.now();
      const down = await until('1 running replica', async () =>
        (await runningReplicas(id)).length === 1 ? Date.now() : undefined,
      );
      const after = await until('the scale-down to end', async () => {
        const w = await watch(t, token, gid);
        return w.ops.every((o) => o.status === 'SUCCEEDED' || o.status === 'FAILED') ? w : undefined;
      });
      // The recommendations are stamped by the autoscaler's clock, the same as this test's.
      const lastHigh = await lastRecommendationOf(t, id, 2);
      expect(lastHigh).toBeGreaterThan(stoppedAt - INTERVAL_SECONDS * 1000 - 5000);
      // Three replicas stay the whole window after the last recommendation of three (a later proposal of 2,
      // from a sample taken while the load was stopping, holds only the second replica).
      const lastThree = await lastRecommendationOf(t, id, 3);
      const firstBelow = rec.seen.find((s) => s.at > reached && s.n < 3)!.at;
      expect(firstBelow - lastThree).toBeGreaterThanOrEqual(WINDOW * 1000);
      expect(down - stoppedAt).toBeGreaterThanOrEqual((WINDOW - INTERVAL_SECONDS - 2) * 1000);
      const downOp = after.ops.find(
        (o) =>
          o.kind === 'SCALE' &&
          after.events.some((e) => e.operation?.id === o.id && (e.data as { toReplicas?: number })?.toReplicas === 1),
      );
      expect(downOp?.status).toBe('SUCCEEDED');
      // Down to min in at most two steps: a sample taken while the load was stopping may still propose 2,
      // and the window then holds that proposal (the HPA's rule), but nothing goes back up.
      const downs = after.ops.filter((o) => o.kind === 'SCALE').length - scales.length;
      expect(downs).toBeGreaterThanOrEqual(1);
      expect(downs).toBeLessThanOrEqual(2);
      expect(rec.seen.filter((s) => s.at > firstBelow).every((s) => s.n <= 2)).toBe(true);
    } finally {
      await rec.stop();
    }
    expect(Math.max(...rec.seen.map((s) => s.n))).toBe(3);
    await teardown(t, token, gid);
  }, 180_000);

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

  it('keeps the policy and its window across a restart of Wheelhouse, and scaling resumes', async () => {
    // Long enough that a restart on a loaded machine (several seconds) still lands well inside it.
    const WINDOW = 40;
    const { gid, id } = await provisionBurner(t, token, {
      minReplicas: 1,
      maxReplicas: 2,
      targetCpuPercent: 50,
      scaleDownStabilizationSeconds: WINDOW,
    });
    await until('2 running replicas', async () => ((await runningReplicas(id)).length === 2 ? true : undefined));
    await stopLoad(id);
    const stoppedAt = new Date();
    // A low sample is in the history (in the database), but the high one still holds the window.
    await until('a low recommendation', async () => {
      const low = await t.database.db
        .selectFrom('autoscale_recommendations')
        .select('replicas')
        .where('instance_id', '=', id)
        .where('at', '>', stoppedAt)
        .where('replicas', '=', 1)
        .execute();
      return low.length > 0 ? true : undefined;
    });
    expect((await runningReplicas(id)).length).toBe(2);
    await t.stop();
    const restartedAt = Date.now();
    t = await startDockerApp({
      database,
      config: { runSupervisor: true, supervisorIntervalSeconds: 600, autoscaleIntervalSeconds: INTERVAL_SECONDS },
    });
    const upAt = Date.now();
    const w0 = await watch(t, token, gid);
    expect(w0.service.resources?.autoscale).toMatchObject({
      minReplicas: 1,
      maxReplicas: 2,
      scaleDownStabilizationSeconds: WINDOW,
    });
    // The new process decides again, and scales down only when the window the old one started has passed.
    const downAt = await until('1 running replica', async () =>
      (await runningReplicas(id)).length === 1 ? Date.now() : undefined,
    );
    const lastHigh = await lastRecommendationOf(t, id, 2);
    // The last high recommendation was made before the restart: the window that held came from the database.
    expect(lastHigh).toBeLessThan(restartedAt);
    // The new process was deciding well inside the window: a forgotten history would have scaled down at once.
    expect(upAt - lastHigh).toBeLessThan((WINDOW - 3 * INTERVAL_SECONDS) * 1000);
    expect(downAt - lastHigh).toBeGreaterThanOrEqual(WINDOW * 1000);
    const w = await watch(t, token, gid);
    expect(
      w.ops.filter((o) => o.kind === 'SCALE' && new Date(o.createdAt).getTime() > restartedAt - 1000),
    ).toHaveLength(1);
    await teardown(t, token, gid);
  }, 180_000);
});
