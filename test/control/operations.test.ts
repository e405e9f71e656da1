import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

const Provision = graphql(`
  mutation CtlOpsProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id currentRelease { id version } }
        operation { id status }
      }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation CtlOpsDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload {
        instance { currentRelease { id version } services { name image } }
        operation { id status readinessOutcome error { code message } release { id version isCurrent } }
      }
      ... on Error { message }
    }
  }
`);

const Cancel = graphql(`
  mutation CtlOpsCancel($input: CancelOperationInput!) {
    cancelOperation(input: $input) {
      __typename
      ... on CancelOperationPayload { operation { id status readinessOutcome error { code } finishedAt } }
      ... on InvalidStateError { message state }
      ... on Error { message }
    }
  }
`);

const OperationQuery = graphql(`
  query CtlOpsOperation($id: ID!) {
    operation(id: $id) {
      id kind status readinessOutcome attempts startedAt finishedAt
      error { code message }
      steps { name status }
      release { id version isCurrent }
    }
  }
`);

const InstanceQuery = graphql(`
  query CtlOpsInstance($id: ID!) {
    instance(id: $id) {
      state
      currentRelease { id version snapshots { name image } }
      services { name image }
      releases(first: 50) { edges { node { version isCurrent } } }
      operations(first: 50) {
        edges { node { id kind status startedAt finishedAt attempts release { id version } } }
      }
    }
  }
`);

const IMAGE = 'team/web:1';
/** The executor's lease here: short, so a cancel request is noticed on a heartbeat (leaseMs / 3). */
const LEASE_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('operations: ordering, cancel and failure, on a fake provider', () => {
  let t: TestApp;
  let tenant: TestTenant;
  /** Slow enough that two deploys running at once would overlap in its record. */
  const fake = new FakeProvider({ latencyMs: { deploy: 25, status: 5 } });
  /** Never reports ready: operations on it wait until canceled. */
  const stuck = new FakeProvider({ readiness: { timeoutMs: 120_000, intervalMs: 50 } });
  stuck.readiness = 'never';
  /** Deploys take a while, so a lease can lapse in the middle of one. */
  const slow = new FakeProvider({ latencyMs: { deploy: 1_500 } });
  const fakeKey = `fake-${randomUUID().slice(0, 8)}`;
  const stuckKey = `stuck-${randomUUID().slice(0, 8)}`;
  const slowKey = `slow-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(fakeKey, fake);
    registry.register(stuckKey, stuck);
    registry.register(slowKey, slow);
    // A short lease makes the executor notice a cancel request quickly (it checks on each heartbeat, leaseMs / 3).
    t = await startTestApp({ registry, executor: { leaseMs: LEASE_MS, pollMs: 100 } });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function provisioned(provider = fakeKey, wait = true) {
    const r = await query(t.url, tenant.token, Provision, {
      input: { name: `ops-${randomUUID().slice(0, 8)}`, provider, services: [{ name: 'web', image: IMAGE }], wait },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    return r.provisionInstance;
  }

  async function operation(id: string) {
    const r = await query(t.url, tenant.token, OperationQuery, { id });
    return r.operation!;
  }

  async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  it('20 concurrent deploys to one instance all run, one at a time, in seq order, as releases v2..v21', async () => {
    const p = await provisioned();
    expect(p.operation.status).toBe('SUCCEEDED');
    const instanceId = p.instance.id;
    const local = localIdOf(instanceId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        query(t.url, tenant.token, Deploy, {
          input: { instanceId, services: [{ name: 'web', image: `team/web:${i + 100}` }] },
        }),
      ),
    );
    expect(results.map((r) => r.deployInstance.__typename)).toEqual(Array(20).fill('DeployInstancePayload'));

    const ops = await until('every deploy to end', async () => {
      const r = await query(t.url, tenant.token, InstanceQuery, { id: instanceId });
      const deploys = r.instance!.operations.edges.map((e) => e!.node).filter((o) => o.kind === 'DEPLOY');
      return deploys.length === 20 && deploys.every((o) => !['QUEUED', 'RUNNING'].includes(o.status))
        ? deploys.reverse() // oldest (lowest seq) first
        : undefined;
    });
    expect(ops.map((o) => o.status)).toEqual(Array(20).fill('SUCCEEDED'));
    expect(ops.map((o) => o.attempts)).toEqual(Array(20).fill(1));
    // In seq order, the releases are v2..v21 with no gap.
    expect(ops.map((o) => o.release!.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    // Each started only once the one before it had finished.
    for (let i = 1; i < ops.length; i++) {
      expect(Date.parse(ops[i]!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(ops[i - 1]!.finishedAt!));
    }
    // The provider saw the deploys in the same order, never two calls on the instance at once.
    const deployCalls = fake.callsFor(local, 'deploy').map((c) => (c.request as { releaseId: string }).releaseId);
    expect(deployCalls).toEqual(ops.map((o) => localIdOf(o.release!.id)));
    expect(fake.overlaps).toEqual([]);

    const after = await query(t.url, tenant.token, InstanceQuery, { id: instanceId });
    expect(after.instance!.currentRelease!.version).toBe(21);
    const lastImage = after.instance!.currentRelease!.snapshots.find((s) => s.name === 'web')!.image;
    expect(after.instance!.services.find((s) => s.name === 'web')!.image).toBe(lastImage);
    expect(fake.imageOf(local, 'web')).toBe(lastImage);
    expect(after.instance!.releases.edges.map((e) => e!.node.version)).toEqual(
      Array.from({ length: 21 }, (_, i) => 21 - i),
    );
    expect(after.instance!.releases.edges.filter((e) => e!.node.isCurrent).map((e) => e!.node.version)).toEqual([21]);
  });

  it('an executor never re-claims an operation it is still running, even when its lease lapsed', async () => {
    const p = await provisioned(slowKey);
    expect(p.operation.status).toBe('SUCCEEDED');
    const d = await query(t.url, tenant.token, Deploy, {
      input: { instanceId: p.instance.id, services: [{ name: 'web', image: 'team/web:2' }] },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    const opId = d.deployInstance.operation.id;
    await until('the deploy to reach the provider', async () =>
      slow.callsFor(localIdOf(p.instance.id), 'deploy').length > 0 ? true : undefined,
    );
    // A heartbeat came late (a long GC pause, a busy database): the lease ran out while the deploy runs.
    await t.database.db
      .updateTable('operations')
      .set({ lease_expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', localIdOf(opId))
      .execute();
    const ended = await until('the deploy to end', async () => {
      const op = await operation(opId);
      return ['QUEUED', 'RUNNING'].includes(op.status) ? undefined : op;
    });
    expect(ended).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(slow.callsFor(localIdOf(p.instance.id), 'deploy')).toHaveLength(1);
    expect(slow.overlaps).toEqual([]);
  });

  it('cancels a queued operation at once, and a running one ends CANCELED with readiness outcome CANCELED', async () => {
    // The provision never becomes ready, so it keeps running; a deploy queues behind it.
    const p = await provisioned(stuckKey, false);
    const provisionId = p.operation.id;
    await until('the provision to run', async () =>
      (await operation(provisionId)).status === 'RUNNING' && stuck.callsFor(localIdOf(p.instance.id), 'status').length
        ? true
        : undefined,
    );
    const d = await query(t.url, tenant.token, Deploy, {
      input: { instanceId: p.instance.id, services: [{ name: 'web', image: 'team/web:2' }] },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    const deployId = d.deployInstance.operation.id;
    expect(d.deployInstance.operation.status).toBe('QUEUED');

    const queued = await query(t.url, tenant.token, Cancel, { input: { operationId: deployId } });
    expect(queued.cancelOperation).toMatchObject({
      __typename: 'CancelOperationPayload',
      operation: { id: deployId, status: 'CANCELED', error: { code: 'CANCELED' } },
    });
    expect((queued.cancelOperation as { operation: { finishedAt: string } }).operation.finishedAt).toBeTruthy();

    const running = await query(t.url, tenant.token, Cancel, { input: { operationId: provisionId } });
    expect(running.cancelOperation).toMatchObject({
      __typename: 'CancelOperationPayload',
      operation: { id: provisionId, status: 'RUNNING' },
    });
    const started = Date.now();
    const ended = await until('the provision to end', async () => {
      const op = await operation(provisionId);
      return op.status === 'RUNNING' ? undefined : op;
    });
    expect(ended).toMatchObject({ status: 'CANCELED', readinessOutcome: 'CANCELED', error: { code: 'CANCELED' } });
    expect(ended.steps.map((s) => `${s.name}:${s.status}`)).toEqual([
      'apply provision:SUCCEEDED',
      'wait for readiness:CANCELED',
    ]);
    // Noticed on a heartbeat (every leaseMs / 3), so within one lease, not at the end of the two-minute readiness timeout.
    expect(Date.now() - started).toBeLessThan(LEASE_MS);
    // The canceled deploy never reached the provider, its release never became current.
    expect(stuck.callsFor(localIdOf(p.instance.id), 'deploy')).toEqual([]);
    expect((await operation(deployId)).release).toMatchObject({ version: 2, isCurrent: false });
    // An ended operation cannot be canceled again.
    const again = await query(t.url, tenant.token, Cancel, { input: { operationId: provisionId } });
    expect(again.cancelOperation.__typename).toBe('InvalidStateError');
  });

  it('a deploy the provider fails ends FAILED with its code and leaves the previous release current', async () => {
    const p = await provisioned();
    const instanceId = p.instance.id;
    const v1 = p.instance.currentRelease!;
    fake.failNext('deploy', 'image_not_found', 'image team/web:404 not found');
    const d = await query(t.url, tenant.token, Deploy, {
      input: { instanceId, wait: true, services: [{ name: 'web', image: 'team/web:404' }] },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    expect(d.deployInstance.operation).toMatchObject({
      status: 'FAILED',
      error: { code: 'IMAGE_NOT_FOUND', message: 'image team/web:404 not found' },
      release: { version: 2, isCurrent: false },
    });
    expect(d.deployInstance.instance.currentRelease).toEqual(v1);
    expect(d.deployInstance.instance.services).toEqual([{ name: 'web', image: IMAGE }]);
    expect(fake.imageOf(localIdOf(instanceId), 'web')).toBe(IMAGE);

    // A deploy that applies but never becomes healthy fails on readiness, and also leaves v1 current.
    fake.readiness = 'failed';
    try {
      const bad = await query(t.url, tenant.token, Deploy, {
        input: { instanceId, wait: true, services: [{ name: 'web', image: 'team/web:sick' }] },
      });
      if (bad.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(bad));
      expect(bad.deployInstance.operation).toMatchObject({
        status: 'FAILED',
        readinessOutcome: 'FAILED',
        error: { code: 'NOT_READY' },
        release: { version: 3, isCurrent: false },
      });
      expect(bad.deployInstance.instance.currentRelease).toEqual(v1);
      expect(bad.deployInstance.instance.services).toEqual([{ name: 'web', image: IMAGE }]);
    } finally {
      fake.readiness = 'ready';
    }

    // The next good deploy builds on the desired spec as restored: v4, and it becomes current.
    const good = await query(t.url, tenant.token, Deploy, {
      input: { instanceId, wait: true, services: [{ name: 'web', image: 'team/web:2' }] },
    });
    if (good.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(good));
    expect(good.deployInstance.operation).toMatchObject({
      status: 'SUCCEEDED',
      release: { version: 4, isCurrent: true },
    });
    expect(good.deployInstance.instance.services).toEqual([{ name: 'web', image: 'team/web:2' }]);
  });
});
