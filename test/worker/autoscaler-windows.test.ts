import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { syncAutoscaledServices } from '../../src/db/repositories/autoscale-repository.js';
import { openOperations } from '../../src/db/repositories/operation-repository.js';
import { createLogger } from '../../src/logger.js';
import { Autoscaler } from '../../src/worker/autoscaler.js';
import { graphql } from '../generated/gql.js';
import { query, startTestApp, type TestApp } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { sampledFakeProvider } from '../support/fake-provider.js';

/**
 * The autoscaler's windows and its restart, on a moved clock: the provider is
 * a FakeProvider whose autoscaler engine (a fake sampler) reports each replica
 * busy or idle as the test says, and the test moves the autoscaler's clock one
 * interval per decision, so a window of 40 s takes no 40 s. Everything else is
 * real: the API, the executor running the SCALE operations, the recommendation
 * history in the database. test/worker/autoscaler.test.ts keeps one run on the
 * real Docker Engine (real CPU, the Engine's stats).
 */

const Provision = graphql(`
  mutation AutoscaleWindowsProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id state ready } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation AutoscaleWindowsDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const Watch = graphql(`
  query AutoscaleWindowsWatch($id: ID!) {
    instance(id: $id) {
      services {
        resources { replicas autoscale { minReplicas maxReplicas scaleDownStabilizationSeconds } }
        autoscale { desiredReplicas }
      }
      operations(first: 50) { edges { node { id kind status } } }
      events(first: 100) { edges { node { type data operation { id } } } }
    }
  }
`);

/** The interval the autoscaler decides at, in seconds of its (moved) clock: the old real-time test's 2 s. */
const INTERVAL_SECONDS = 2;
/** A 10-millicore replica burning its whole limit reports 10 % of one core: 100 % of its cpuMillis. */
const BURNING = 10;
const idOf = (gid: string) => Buffer.from(gid, 'base64').toString().split(':')[1]!;

describe('the autoscaler on a moved clock', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let token: string;
  let clock = Date.now();
  const now = () => new Date(clock);
  const { provider, sampler, registry } = sampledFakeProvider(now);

  /** One process's autoscaler: what a restart throws away is anything it kept in memory. */
  const autoscalerOf = (app: TestApp) =>
    new Autoscaler({
      db: app.database.db,
      registry,
      signal: app.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: INTERVAL_SECONDS * 1000,
      now,
    });

  /** Replicas after each decision, stamped with the autoscaler's clock. */
  const seen: { at: number; n: number }[] = [];

  /** One interval: the clock moves, the service is decided, and the SCALE it queued (if any) ends. */
  async function interval(a: Autoscaler, id: string): Promise<number> {
    clock += INTERVAL_SECONDS * 1000;
    await a.evaluate(id, 'burn');
    while ((await openOperations(t.database.db, id)).length > 0) await new Promise((r) => setTimeout(r, 20));
    const n = provider.replicasOf(id, 'burn');
    seen.push({ at: clock, n });
    return n;
  }

  /** Intervals until the service runs `n` replicas; how many it took (at most `limit`). */
  async function intervalsUntil(a: Autoscaler, id: string, n: number, limit: number): Promise<number> {
    for (let i = 1; i <= limit; i++) if ((await interval(a, id)) === n) return i;
    throw new Error(`not ${n} replicas after ${limit} intervals: ${JSON.stringify(seen.slice(-limit))}`);
  }

  async function provisionBurner(autoscale: Record<string, number>) {
    const r = await query(t.url, token, Provision, {
      input: {
        name: `burn-${randomUUID().slice(0, 8)}`,
        wait: true,
        services: [{ name: 'burn', image: 'team/burn:1', resources: { cpuMillis: 10, autoscale: autoscale as never } }],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(JSON.stringify(r.provisionInstance));
    expect(r.provisionInstance.instance).toMatchObject({ state: 'RUNNING', ready: true });
    const gid = r.provisionInstance.instance.id;
    // What the supervisor's pass does before it claims services: the service gets its autoscale state.
    await syncAutoscaledServices(t.database.db);
    seen.length = 0;
    return { gid, id: idOf(gid) };
  }

  async function watch(gid: string) {
    const inst = (await query(t.url, token, Watch, { id: gid })).instance!;
    return {
      service: inst.services[0]!,
      ops: inst.operations.edges.map((e) => e!.node),
      events: inst.events.edges.map((e) => e!.node),
    };
  }

  /** The autoscaler's recommendations for an instance (its history in the database), oldest first. */
  async function recommendations(id: string, since = 0) {
    const rows = await t.database.db
      .selectFrom('autoscale_recommendations')
      .select(['at', 'replicas'])
      .where('instance_id', '=', id)
      .where('at', '>', new Date(since))
      .orderBy('at', 'asc')
      .execute();
    return rows.map((r) => ({ at: r.at.getTime(), replicas: r.replicas }));
  }

  /** When the autoscaler last recommended at least `atLeast` replicas. */
  async function lastRecommendationOf(id: string, atLeast: number): Promise<number> {
    return (await recommendations(id)).filter((r) => r.replicas >= atLeast).at(-1)!.at;
  }

  async function teardown(gid: string) {
    const gone = await query(t.url, token, Deprovision, { input: { instanceId: gid, wait: true } });
    expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    expect(provider.callsFor(idOf(gid), 'deprovision').map((c) => c.outcome)).toEqual(['ok']);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await startTestApp({ database, registry });
    token = (await t.newTenant()).token;
  });
  afterAll(async () => {
    await t?.stop();
    await database?.close();
  });

  it('scales a CPU-burning service up to max by SCALE operations, holds through the window, then down to min', async () => {
    const WINDOW = 8;
    const { gid, id } = await provisionBurner({
      minReplicas: 1,
      maxReplicas: 3,
      targetCpuPercent: 50,
      scaleDownStabilizationSeconds: WINDOW,
    });
    const a = autoscalerOf(t);
    sampler.percentOfCore.set(id, BURNING);
    // Within three intervals (1 → 2 at 100 % of a 50 % target, then 2 → 4, held at max 3).
    expect(await intervalsUntil(a, id, 3, 3)).toBeLessThanOrEqual(3);
    const reached = clock;
    const up = await watch(gid);
    const scales = up.ops.filter((o) => o.kind === 'SCALE');
    expect(scales.length).toBeGreaterThanOrEqual(1);
    expect(scales.every((o) => o.status === 'SUCCEEDED')).toBe(true);
    // Every step is the autoscaler's SCALE: its queued event is marked, and its decision event precedes it.
    for (const op of scales) {
      const queued = up.events.find((e) => e.type === 'operation.queued' && e.operation?.id === op.id);
      expect(queued?.data).toMatchObject({ kind: 'scale', requestedBy: 'autoscaler' });
      const decided = up.events.find((e) => e.type === 'autoscale.decision' && e.operation?.id === op.id);
      expect(decided?.data).toMatchObject({ requestedBy: 'autoscaler', scaled: true, service: 'burn' });
    }
    expect(up.service.resources?.replicas).toBe(3);
    expect(up.service.autoscale).toMatchObject({ desiredReplicas: 3 });

    // Steady load at max: no SCALE for five intervals while the autoscaler keeps deciding, every time 3.
    const steadyFrom = clock;
    for (let i = 0; i < 5; i++) expect(await interval(a, id)).toBe(3);
    const steady = await watch(gid);
    expect(steady.ops.filter((o) => o.kind === 'SCALE').length).toBe(scales.length);
    const decided = await recommendations(id, steadyFrom);
    expect(decided).toHaveLength(5);
    expect(decided.every((r) => r.replicas === 3)).toBe(true);

    // The load stops: the replicas stay for the scale-down window after the last high recommendation, then go to min.
    sampler.percentOfCore.set(id, 0);
    const stoppedAt = clock;
    await intervalsUntil(a, id, 1, 2 * (WINDOW / INTERVAL_SECONDS));
    const down = clock;
    const after = await watch(gid);
    const lastHigh = await lastRecommendationOf(id, 2);
    expect(lastHigh).toBeGreaterThan(stoppedAt - INTERVAL_SECONDS * 1000 - 5000);
    // Three replicas stay the whole window after the last recommendation of three, and not an interval longer.
    const lastThree = await lastRecommendationOf(id, 3);
    const firstBelow = seen.find((s) => s.at > reached && s.n < 3)!.at;
    expect(firstBelow - lastThree).toBeGreaterThanOrEqual(WINDOW * 1000);
    expect(firstBelow - lastThree).toBeLessThan((WINDOW + INTERVAL_SECONDS) * 1000);
    expect(down - stoppedAt).toBeGreaterThanOrEqual((WINDOW - INTERVAL_SECONDS - 2) * 1000);
    const downOp = after.ops.find(
      (o) =>
        o.kind === 'SCALE' &&
        after.events.some((e) => e.operation?.id === o.id && (e.data as { toReplicas?: number })?.toReplicas === 1),
    );
    expect(downOp?.status).toBe('SUCCEEDED');
    // Down to min in one step: with the load gone every sample proposes min, and nothing goes back up.
    expect(after.ops.filter((o) => o.kind === 'SCALE').length - scales.length).toBe(1);
    expect(seen.filter((s) => s.at > firstBelow).every((s) => s.n <= 2)).toBe(true);
    expect(Math.max(...seen.map((s) => s.n))).toBe(3);
    await teardown(gid);
  });

  it('keeps the policy and its window across a restart of Wheelhouse, and scaling resumes', async () => {
    const WINDOW = 40;
    const { gid, id } = await provisionBurner({
      minReplicas: 1,
      maxReplicas: 2,
      targetCpuPercent: 50,
      scaleDownStabilizationSeconds: WINDOW,
    });
    const before = autoscalerOf(t);
    sampler.percentOfCore.set(id, BURNING);
    await intervalsUntil(before, id, 2, 3);
    sampler.percentOfCore.set(id, 0);
    const stoppedAt = clock;
    // A low sample is in the history (in the database), but the high one still holds the window.
    expect(await interval(before, id)).toBe(2);
    expect((await recommendations(id, stoppedAt)).map((r) => r.replicas)).toEqual([1]);
    const scalesBefore = (await watch(gid)).ops.filter((o) => o.kind === 'SCALE').length;

    await t.stop();
    const restartedAt = clock;
    // The restart takes an interval of the autoscaler's clock; the fake engine keeps running meanwhile, as Docker would.
    clock += INTERVAL_SECONDS * 1000;
    t = await startTestApp({ database, registry });
    const upAt = clock;
    const w0 = await watch(gid);
    expect(w0.service.resources?.autoscale).toMatchObject({
      minReplicas: 1,
      maxReplicas: 2,
      scaleDownStabilizationSeconds: WINDOW,
    });
    // The new process decides again, and scales down only when the window the old one started has passed.
    const after = autoscalerOf(t);
    await intervalsUntil(after, id, 1, WINDOW / INTERVAL_SECONDS + 2);
    const downAt = clock;
    const lastHigh = await lastRecommendationOf(id, 2);
    // The last high recommendation was made before the restart: the window that held came from the database.
    expect(lastHigh).toBeLessThan(restartedAt);
    // The new process was deciding well inside the window: a forgotten history would have scaled down at once.
    expect(upAt - lastHigh).toBeLessThan((WINDOW - 3 * INTERVAL_SECONDS) * 1000);
    expect(downAt - lastHigh).toBeGreaterThanOrEqual(WINDOW * 1000);
    expect(downAt - lastHigh).toBeLessThan((WINDOW + INTERVAL_SECONDS) * 1000);
    const w = await watch(gid);
    expect(w.ops.filter((o) => o.kind === 'SCALE').length - scalesBefore).toBe(1);
    await teardown(gid);
  });
});
