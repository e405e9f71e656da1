import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant, tenantRowCounts } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

const Provision = graphql(`
  mutation CtlIdemProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id version } operation { id status idempotencyKey } }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation CtlIdemDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload { instance { id version } operation { id status release { version } } }
      ... on ConflictError { message currentVersion }
      ... on Error { message }
    }
  }
`);

const Stop = graphql(`
  mutation CtlIdemStop($input: InstanceActionInput!) {
    stopInstance(input: $input) {
      __typename
      ... on StopInstancePayload { instance { version } operation { id status } }
      ... on ConflictError { message currentVersion }
      ... on Error { message }
    }
  }
`);

const Scale = graphql(`
  mutation CtlIdemScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) {
      __typename
      ... on ScaleInstancePayload { operation { id } }
      ... on ConflictError { message currentVersion }
      ... on Error { message }
    }
  }
`);

const Version = graphql(`
  query CtlIdemVersion($id: ID!) {
    instance(id: $id) { version operations(first: 50) { edges { node { id kind } } } }
  }
`);

const IMAGE = 'registry.example.com/team/web:1';

describe('idempotency keys and expectedVersion', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const fake = new FakeProvider();
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(providerKey, fake);
    t = await startTestApp({ registry, executor: { pollMs: 100 } });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  const provisionInput = (name: string, idempotencyKey?: string) => ({
    name,
    provider: providerKey,
    services: [{ name: 'web', image: IMAGE }],
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

  async function provisioned(): Promise<string> {
    const r = await query(t.url, tenant.token, Provision, {
      input: { ...provisionInput(`i-${randomUUID().slice(0, 8)}`), wait: true },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
    return r.provisionInstance.instance.id;
  }

  it('the same key with the same input returns the same operation (wait is not part of the request)', async () => {
    const key = `k-${randomUUID()}`;
    const name = `same-${randomUUID().slice(0, 8)}`;
    const first = await query(t.url, tenant.token, Provision, { input: provisionInput(name, key) });
    const again = await query(t.url, tenant.token, Provision, { input: { ...provisionInput(name, key), wait: true } });
    if (
      first.provisionInstance.__typename !== 'ProvisionInstancePayload' ||
      again.provisionInstance.__typename !== 'ProvisionInstancePayload'
    )
      throw new Error(JSON.stringify([first, again]));
    expect(again.provisionInstance.operation.id).toBe(first.provisionInstance.operation.id);
    expect(again.provisionInstance.instance.id).toBe(first.provisionInstance.instance.id);
    expect(again.provisionInstance.operation.idempotencyKey).toBe(key);
    const counts = await tenantRowCounts(t.database.db, tenant.tenantId);
    const third = await query(t.url, tenant.token, Provision, { input: provisionInput(name, key) });
    expect(third.provisionInstance).toMatchObject({ operation: { id: first.provisionInstance.operation.id } });
    expect(await tenantRowCounts(t.database.db, tenant.tenantId)).toEqual(counts);
  });

  it('five concurrent provisions with one key make one instance and one operation', async () => {
    const key = `k-${randomUUID()}`;
    const name = `race-${randomUUID().slice(0, 8)}`;
    const before = await tenantRowCounts(t.database.db, tenant.tenantId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => query(t.url, tenant.token, Provision, { input: provisionInput(name, key) })),
    );
    const ops = results.map((r) =>
      r.provisionInstance.__typename === 'ProvisionInstancePayload'
        ? r.provisionInstance.operation.id
        : r.provisionInstance.__typename,
    );
    expect(new Set(ops).size).toBe(1);
    expect(ops[0]).not.toMatch(/Error$/);
    const after = await tenantRowCounts(t.database.db, tenant.tenantId);
    expect(after.instances - before.instances).toBe(1);
    expect(after.operations - before.operations).toBe(1);
    expect(after.releases - before.releases).toBe(1);
  });

  it('five concurrent deploys with one key make one operation and one release', async () => {
    const instanceId = await provisioned();
    const key = `k-${randomUUID()}`;
    const before = await tenantRowCounts(t.database.db, tenant.tenantId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        query(t.url, tenant.token, Deploy, {
          input: { instanceId, idempotencyKey: key, services: [{ name: 'web', image: 'team/web:2' }] },
        }),
      ),
    );
    const ops = results.map((r) =>
      r.deployInstance.__typename === 'DeployInstancePayload'
        ? r.deployInstance.operation.id
        : r.deployInstance.__typename,
    );
    expect(new Set(ops)).toEqual(new Set([ops[0]]));
    expect(ops[0]).not.toMatch(/Error$/);
    const after = await tenantRowCounts(t.database.db, tenant.tenantId);
    expect(after.operations - before.operations).toBe(1);
    expect(after.releases - before.releases).toBe(1);
  });

  it('five concurrent deploys with one key and the same expectedVersion still make one operation', async () => {
    const instanceId = await provisioned();
    const { instance } = await query(t.url, tenant.token, Version, { id: instanceId });
    const key = `k-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        query(t.url, tenant.token, Deploy, {
          input: {
            instanceId,
            idempotencyKey: key,
            expectedVersion: instance!.version,
            services: [{ name: 'web', image: 'team/web:3' }],
          },
        }),
      ),
    );
    const typenames = results.map((r) => r.deployInstance.__typename);
    expect(typenames).toEqual(Array(5).fill('DeployInstancePayload'));
    const ids = results.map((r) => (r.deployInstance as { operation: { id: string } }).operation.id);
    expect(new Set(ids).size).toBe(1);
  });

  it('the same key with a different input is an IdempotencyConflictError and changes nothing', async () => {
    const counts = () => tenantRowCounts(t.database.db, tenant.tenantId);
    /** Runs one conflicting call and proves it wrote nothing (everything before it has finished: wait: true). */
    async function unchanged<T>(label: string, call: () => Promise<T>): Promise<T> {
      const before = await counts();
      const result = await call();
      expect(await counts(), `${label}: rows written`).toEqual(before);
      return result;
    }
    const key = `k-${randomUUID()}`;
    const name = `conf-${randomUUID().slice(0, 8)}`;
    const first = await query(t.url, tenant.token, Provision, { input: { ...provisionInput(name, key), wait: true } });
    expect(first.provisionInstance.__typename).toBe('ProvisionInstancePayload');
    const other = await unchanged('provision, other name', () =>
      query(t.url, tenant.token, Provision, { input: provisionInput(`${name}-b`, key) }),
    );
    expect(other.provisionInstance.__typename).toBe('IdempotencyConflictError');
    // A deploy reusing a provision's key is a different request too.
    const instanceId = await provisioned();
    const deploy = await unchanged('deploy with the provision key', () =>
      query(t.url, tenant.token, Deploy, {
        input: { instanceId, idempotencyKey: key, services: [{ name: 'web', image: IMAGE }] },
      }),
    );
    expect(deploy.deployInstance.__typename).toBe('IdempotencyConflictError');
    // Same kind, same instance, different image.
    const dkey = `k-${randomUUID()}`;
    const d1 = await query(t.url, tenant.token, Deploy, {
      input: { instanceId, idempotencyKey: dkey, wait: true, services: [{ name: 'web', image: 'team/web:4' }] },
    });
    expect(d1.deployInstance.__typename).toBe('DeployInstancePayload');
    const d2 = await unchanged('deploy, other image', () =>
      query(t.url, tenant.token, Deploy, {
        input: { instanceId, idempotencyKey: dkey, services: [{ name: 'web', image: 'team/web:5' }] },
      }),
    );
    expect(d2.deployInstance.__typename).toBe('IdempotencyConflictError');
  });

  it('a stale expectedVersion is a ConflictError carrying the current version, and nothing is queued', async () => {
    const instanceId = await provisioned();
    const { instance } = await query(t.url, tenant.token, Version, { id: instanceId });
    const current = instance!.version;
    const ok = await query(t.url, tenant.token, Deploy, {
      input: { instanceId, expectedVersion: current, services: [{ name: 'web', image: 'team/web:6' }] },
    });
    if (ok.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(ok));
    expect(ok.deployInstance.instance.version).toBe(current + 1);
    const opsBefore = (await query(t.url, tenant.token, Version, { id: instanceId })).instance!.operations.edges.length;
    const stale = await query(t.url, tenant.token, Deploy, {
      input: { instanceId, expectedVersion: current, services: [{ name: 'web', image: 'team/web:7' }] },
    });
    expect(stale.deployInstance).toMatchObject({ __typename: 'ConflictError', currentVersion: current + 1 });
    const stop = await query(t.url, tenant.token, Stop, { input: { instanceId, expectedVersion: current - 1 } });
    expect(stop.stopInstance).toMatchObject({ __typename: 'ConflictError', currentVersion: current + 1 });
    const scale = await query(t.url, tenant.token, Scale, {
      input: { instanceId, expectedVersion: current + 5, resources: { replicas: 2 } },
    });
    expect(scale.scaleInstance).toMatchObject({ __typename: 'ConflictError', currentVersion: current + 1 });
    const after = (await query(t.url, tenant.token, Version, { id: instanceId })).instance!;
    expect(after.operations.edges.length).toBe(opsBefore);
    expect(after.version).toBe(current + 1);
    expect(fake.callsFor(localIdOf(instanceId), 'stop', 'scale')).toEqual([]);
  });
});
