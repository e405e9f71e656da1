import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant, tenantRowCounts } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

const Provision = graphql(`
  mutation CtlStateProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { status } }
      ... on Error { message }
    }
  }
`);
const Deploy = graphql(`
  mutation CtlStateDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }
  }
`);
const Scale = graphql(`
  mutation CtlStateScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }
  }
`);
const Rollback = graphql(`
  mutation CtlStateRollback($input: RollbackInstanceInput!) {
    rollbackInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }
  }
`);
const Start = graphql(`
  mutation CtlStateStart($input: InstanceActionInput!) {
    startInstance(input: $input) {
      __typename
      ... on StartInstancePayload { instance { state } operation { status } }
      ... on InvalidStateError { message state }
      ... on Error { message }
    }
  }
`);
const Stop = graphql(`
  mutation CtlStateStop($input: InstanceActionInput!) {
    stopInstance(input: $input) {
      __typename
      ... on StopInstancePayload { instance { state } operation { status } }
      ... on InvalidStateError { message state }
      ... on Error { message }
    }
  }
`);
const Restart = graphql(`
  mutation CtlStateRestart($input: InstanceActionInput!) {
    restartInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }
  }
`);
const Deprovision = graphql(`
  mutation CtlStateDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) {
      __typename
      ... on DeprovisionInstancePayload { instance { state } operation { id status } }
      ... on InvalidStateError { message state }
      ... on Error { message }
    }
  }
`);
const Exec = graphql(`
  mutation CtlStateExec($input: ExecInstanceInput!) {
    execInstance(input: $input) {
      __typename
      ... on ExecInstancePayload { exitCode stdout }
      ... on InvalidStateError { message state }
      ... on Error { message }
    }
  }
`);
const Operation = graphql(`
  query CtlStateOperation($id: ID!) { operation(id: $id) { status } }
`);

const IMAGE = 'team/web:1';

describe('the state machine refuses what the state forbids, before any provider call', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const fake = new FakeProvider();
  /** Deprovisions slowly, so an instance can be caught while DESTROYING. */
  const slow = new FakeProvider({ latencyMs: { deprovision: 1_500 } });
  const fakeKey = `fake-${randomUUID().slice(0, 8)}`;
  const slowKey = `slow-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(fakeKey, fake);
    registry.register(slowKey, slow);
    t = await startTestApp({ registry, executor: { pollMs: 100 } });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function provisioned(provider = fakeKey): Promise<{ id: string; releaseId: string }> {
    const r = await query(t.url, tenant.token, Provision, {
      input: {
        name: `sm-${randomUUID().slice(0, 8)}`,
        provider,
        services: [{ name: 'web', image: IMAGE }],
        wait: true,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
    return { id: r.provisionInstance.instance.id, releaseId: r.provisionInstance.instance.currentRelease!.id };
  }

  /** Every action on the instance, each answered with its result's __typename and state (when refused). */
  async function everything(instanceId: string, releaseId: string, token = tenant.token) {
    const input = { instanceId };
    const results = {
      deploy: (
        await query(t.url, token, Deploy, { input: { ...input, services: [{ name: 'web', image: 'team/web:2' }] } })
      ).deployInstance,
      scale: (await query(t.url, token, Scale, { input: { ...input, resources: { replicas: 2 } } })).scaleInstance,
      rollback: (await query(t.url, token, Rollback, { input: { ...input, releaseId } })).rollbackInstance,
      start: (await query(t.url, token, Start, { input })).startInstance,
      stop: (await query(t.url, token, Stop, { input })).stopInstance,
      restart: (await query(t.url, token, Restart, { input })).restartInstance,
      deprovision: (await query(t.url, token, Deprovision, { input })).deprovisionInstance,
      exec: (await query(t.url, token, Exec, { input: { ...input, command: ['true'] } })).execInstance,
    };
    return Object.fromEntries(
      Object.entries(results).map(([k, v]) => [k, `${v.__typename}${'state' in v ? ` ${v.state}` : ''}`]),
    );
  }

  it('start of a running instance is an InvalidStateError, and no operation or provider call follows', async () => {
    const { id } = await provisioned();
    const before = await tenantRowCounts(t.database.db, tenant.tenantId);
    const calls = fake.mutatingCalls(localIdOf(id)).length;
    const r = await query(t.url, tenant.token, Start, { input: { instanceId: id } });
    expect(r.startInstance).toMatchObject({ __typename: 'InvalidStateError', state: 'RUNNING' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await tenantRowCounts(t.database.db, tenant.tenantId)).toEqual(before);
    expect(fake.mutatingCalls(localIdOf(id)).length).toBe(calls);
  });

  it('a stopped instance refuses exec, deploy, scale, rollback and stop; start brings it back', async () => {
    const { id, releaseId } = await provisioned();
    const stopped = await query(t.url, tenant.token, Stop, { input: { instanceId: id, wait: true } });
    expect(stopped.stopInstance).toMatchObject({ instance: { state: 'STOPPED' }, operation: { status: 'SUCCEEDED' } });
    const before = await tenantRowCounts(t.database.db, tenant.tenantId);
    const exec = await query(t.url, tenant.token, Exec, { input: { instanceId: id, command: ['true'] } });
    expect(exec.execInstance).toMatchObject({ __typename: 'InvalidStateError', state: 'STOPPED' });
    const deploy = await query(t.url, tenant.token, Deploy, {
      input: { instanceId: id, services: [{ name: 'web', image: 'team/web:2' }] },
    });
    expect(deploy.deployInstance).toMatchObject({ __typename: 'InvalidStateError', state: 'STOPPED' });
    const scale = await query(t.url, tenant.token, Scale, { input: { instanceId: id, resources: { replicas: 3 } } });
    expect(scale.scaleInstance).toMatchObject({ __typename: 'InvalidStateError', state: 'STOPPED' });
    const rollback = await query(t.url, tenant.token, Rollback, { input: { instanceId: id, releaseId } });
    expect(rollback.rollbackInstance).toMatchObject({ __typename: 'InvalidStateError', state: 'STOPPED' });
    const again = await query(t.url, tenant.token, Stop, { input: { instanceId: id } });
    expect(again.stopInstance).toMatchObject({ __typename: 'InvalidStateError', state: 'STOPPED' });
    expect(await tenantRowCounts(t.database.db, tenant.tenantId)).toEqual(before);
    expect(fake.callsFor(localIdOf(id), 'exec', 'deploy', 'scale', 'rollback')).toEqual([]);
    const started = await query(t.url, tenant.token, Start, { input: { instanceId: id, wait: true } });
    expect(started.startInstance).toMatchObject({ instance: { state: 'RUNNING' }, operation: { status: 'SUCCEEDED' } });
    const ok = await query(t.url, tenant.token, Exec, { input: { instanceId: id, command: ['echo', 'hi'] } });
    expect(ok.execInstance).toEqual({ __typename: 'ExecInstancePayload', exitCode: 0, stdout: 'echo hi' });
  });

  it('after a deprovision every action is an InvalidStateError (DESTROYED) and the provider hears nothing', async () => {
    const { id, releaseId } = await provisioned();
    const gone = await query(t.url, tenant.token, Deprovision, { input: { instanceId: id, wait: true } });
    expect(gone.deprovisionInstance).toMatchObject({
      instance: { state: 'DESTROYED' },
      operation: { status: 'SUCCEEDED' },
    });
    const before = await tenantRowCounts(t.database.db, tenant.tenantId);
    const calls = fake.callsFor(localIdOf(id)).length;
    const refused = 'InvalidStateError DESTROYED';
    expect(await everything(id, releaseId)).toEqual({
      deploy: refused,
      scale: refused,
      rollback: refused,
      start: refused,
      stop: refused,
      restart: refused,
      deprovision: refused,
      exec: refused,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await tenantRowCounts(t.database.db, tenant.tenantId)).toEqual(before);
    expect(fake.callsFor(localIdOf(id)).length).toBe(calls);
  });

  it('while a deprovision runs every action is an InvalidStateError (DESTROYING)', async () => {
    const { id, releaseId } = await provisioned(slowKey);
    const calls = slow.mutatingCalls(localIdOf(id)).length;
    const gone = await query(t.url, tenant.token, Deprovision, { input: { instanceId: id } });
    if (gone.deprovisionInstance.__typename !== 'DeprovisionInstancePayload') throw new Error(JSON.stringify(gone));
    const refused = 'InvalidStateError DESTROYING';
    expect(await everything(id, releaseId)).toEqual({
      deploy: refused,
      scale: refused,
      rollback: refused,
      start: refused,
      stop: refused,
      restart: refused,
      deprovision: refused,
      exec: refused,
    });
    const opId = gone.deprovisionInstance.operation.id;
    for (let i = 0; i < 100; i++) {
      const op = await query(t.url, tenant.token, Operation, { id: opId });
      if (op.operation?.status === 'SUCCEEDED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await query(t.url, tenant.token, Operation, { id: opId })).operation?.status).toBe('SUCCEEDED');
    // Only the deprovision itself reached the provider.
    expect(
      slow
        .mutatingCalls(localIdOf(id))
        .slice(calls)
        .map((c) => c.method),
    ).toEqual(['deprovision']);
  });
});
