import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.js';
import { query, type TestApp } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

const Provision = graphql(`
  mutation E2EProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id name state ready version endpoints { serviceName url port } currentRelease { id version isCurrent } }
        operation { id kind status readinessOutcome attempts error { code message } steps { name status } }
      }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation E2EDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload {
        instance { id state ready version currentRelease { id version } }
        operation { id status readinessOutcome error { code message } release { id version isCurrent snapshots { name image } } }
      }
      ... on Error { message }
    }
  }
`);

const Rollback = graphql(`
  mutation E2ERollback($input: RollbackInstanceInput!) {
    rollbackInstance(input: $input) {
      __typename
      ... on RollbackInstancePayload {
        instance { state ready currentRelease { id version rolledBackFrom { id version } snapshots { name image } } }
        operation { status readinessOutcome }
      }
      ... on Error { message }
    }
  }
`);

const Scale = graphql(`
  mutation E2EScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) {
      __typename
      ... on ScaleInstancePayload { instance { ready services { name resources { replicas memoryMb } } } operation { status readinessOutcome } }
      ... on Error { message }
    }
  }
`);

const Exec = graphql(`
  mutation E2EExec($input: ExecInstanceInput!) {
    execInstance(input: $input) {
      __typename
      ... on ExecInstancePayload { exitCode stdout stderr }
      ... on Error { message }
    }
  }
`);

const Stop = graphql(`
  mutation E2EStop($input: InstanceActionInput!) {
    stopInstance(input: $input) { __typename ... on StopInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }
  }
`);
const Start = graphql(`
  mutation E2EStart($input: InstanceActionInput!) {
    startInstance(input: $input) { __typename ... on StartInstancePayload { instance { state desiredState ready } operation { status readinessOutcome } } ... on Error { message } }
  }
`);
const Restart = graphql(`
  mutation E2ERestart($input: InstanceActionInput!) {
    restartInstance(input: $input) { __typename ... on RestartInstancePayload { instance { state ready } operation { status readinessOutcome } } ... on Error { message } }
  }
`);
const Deprovision = graphql(`
  mutation E2EDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }
  }
`);

const History = graphql(`
  query E2EHistory($id: ID!) {
    instance(id: $id) {
      state
      services { name image status { state ready providerRef } }
      releases(first: 10) { edges { node { version isCurrent } } }
      operations(first: 20) { edges { node { kind status readinessOutcome } } }
      events(first: 100) { edges { node { type fromState toState ready } } }
    }
  }
`);

const Endpoints = graphql(`
  query E2EEndpoint($id: ID!) {
    instance(id: $id) { endpoints { serviceName url } }
  }
`);

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return (await res.text()).trim();
}

const skip = !(await dockerOrSkip());

describe.skipIf(skip)('an instance through its whole life, over the API on a real engine', () => {
  let t: TestApp;
  let token: string;
  let instanceId: string;
  let firstReleaseId: string;
  let endpoint: string;
  const docker = new Docker();

  /** The engine's own view of a service's containers (inspected), oldest replica first. */
  async function engineContainers(service: string) {
    const local = Buffer.from(instanceId, 'base64').toString().split(':')[1]!;
    const list = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${local}`, `wheelhouse.service=${service}`] },
    });
    const inspected = await Promise.all(list.map((c) => docker.getContainer(c.Id).inspect()));
    return inspected.sort((a, b) => a.Name.localeCompare(b.Name));
  }

  beforeAll(async () => {
    t = await startDockerApp();
    token = (await t.newTenant()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('provisions a two-service instance and reports it READY with release v1', async () => {
    const r = await query(t.url, token, Provision, {
      input: {
        name: `life-${Date.now().toString(36)}`,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        wait: true,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            ports: [{ container: 8080 }],
            healthCheck: { path: '/healthz', port: 8080 },
          },
          {
            name: 'tail',
            image: TEST_IMAGES.tool,
            role: 'SIDECAR',
            command: ['sh', '-c', 'while true; do echo tick; sleep 1; done'],
            dependsOn: ['web'],
          },
        ],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(JSON.stringify(r.provisionInstance));
    const { instance, operation } = r.provisionInstance;
    expect(operation.status).toBe('SUCCEEDED');
    expect(operation.readinessOutcome).toBe('READY');
    expect(operation.steps.map((s) => s.name)).toEqual(['apply provision', 'wait for readiness']);
    expect(instance.state).toBe('RUNNING');
    expect(instance.ready).toBe(true);
    expect(instance.currentRelease).toMatchObject({ version: 1, isCurrent: true });
    instanceId = instance.id;
    firstReleaseId = instance.currentRelease!.id;
    const web = instance.endpoints.find((e) => e.serviceName === 'web');
    expect(web).toBeDefined();
    endpoint = web!.url;
    expect(await fetchText(endpoint)).toBe('web v1');
  });

  it('deploys a new image to one service as release v2 and leaves the other untouched', async () => {
    const before = await query(t.url, token, History, { id: instanceId });
    const tailRef = before.instance!.services.find((s) => s.name === 'tail')!.status.providerRef;
    const r = await query(t.url, token, Deploy, {
      input: { instanceId, wait: true, services: [{ name: 'web', image: TEST_IMAGES.web2 }] },
    });
    if (r.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(r.deployInstance));
    expect(r.deployInstance.operation).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
    expect(r.deployInstance.operation.release).toMatchObject({ version: 2, isCurrent: true });
    expect(r.deployInstance.operation.release!.snapshots).toEqual(
      expect.arrayContaining([
        { name: 'web', image: TEST_IMAGES.web2 },
        { name: 'tail', image: TEST_IMAGES.tool },
      ]),
    );
    const after = await query(t.url, token, History, { id: instanceId });
    expect(after.instance!.services.find((s) => s.name === 'tail')!.status.providerRef).toBe(tailRef);
    const ep = await currentEndpoint();
    expect(await fetchText(ep)).toBe('web v2');
  });

  async function currentEndpoint(): Promise<string> {
    const q = await query(t.url, token, Endpoints, { id: instanceId });
    return q.instance!.endpoints.find((e) => e.serviceName === 'web')!.url;
  }

  it('rolls back to v1 as a new release v3 copied from it, and serves the old content again', async () => {
    const r = await query(t.url, token, Rollback, { input: { instanceId, releaseId: firstReleaseId, wait: true } });
    if (r.rollbackInstance.__typename !== 'RollbackInstancePayload')
      throw new Error(JSON.stringify(r.rollbackInstance));
    expect(r.rollbackInstance.operation).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
    const current = r.rollbackInstance.instance.currentRelease!;
    expect(current.version).toBe(3);
    expect(current.rolledBackFrom).toEqual({ id: firstReleaseId, version: 1 });
    expect(current.snapshots.find((s) => s.name === 'web')!.image).toBe(TEST_IMAGES.web1);
    expect(await fetchText(await currentEndpoint())).toBe('web v1');
  });

  it('scales the main service and stays ready', async () => {
    const r = await query(t.url, token, Scale, {
      input: { instanceId, wait: true, resources: { replicas: 2, memoryMb: 64 } },
    });
    if (r.scaleInstance.__typename !== 'ScaleInstancePayload') throw new Error(JSON.stringify(r.scaleInstance));
    expect(r.scaleInstance.operation).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
    expect(r.scaleInstance.instance.services.find((s) => s.name === 'web')!.resources).toEqual({
      replicas: 2,
      memoryMb: 64,
    });
    // On the engine, not just in the answer: two running containers, each limited to 64 MB.
    const web = await engineContainers('web');
    expect(web.map((c) => [c.State.Running, c.HostConfig.Memory])).toEqual([
      [true, 64 * 1024 * 1024],
      [true, 64 * 1024 * 1024],
    ]);
  });

  it('execs a command with stdin and reports exit code and output', async () => {
    const r = await query(t.url, token, Exec, {
      input: { instanceId, service: 'tail', command: ['sh', '-c', 'cat; echo oops >&2; exit 3'], stdin: 'hello' },
    });
    expect(r.execInstance).toEqual({
      __typename: 'ExecInstancePayload',
      exitCode: 3,
      stdout: 'hello',
      stderr: 'oops\n',
    });
  });

  it('stops, starts and restarts', async () => {
    const stopped = await query(t.url, token, Stop, { input: { instanceId, wait: true } });
    expect(stopped.stopInstance).toMatchObject({
      instance: { state: 'STOPPED', desiredState: 'STOPPED', ready: false },
      operation: { status: 'SUCCEEDED' },
    });
    const started = await query(t.url, token, Start, { input: { instanceId, wait: true } });
    expect(started.startInstance).toMatchObject({
      instance: { state: 'RUNNING', desiredState: 'RUNNING', ready: true },
      operation: { status: 'SUCCEEDED', readinessOutcome: 'READY' },
    });
    const startedBefore = (await engineContainers('web')).map((c) => Date.parse(c.State.StartedAt));
    expect(startedBefore.length).toBeGreaterThan(0);
    const restarted = await query(t.url, token, Restart, { input: { instanceId, wait: true } });
    expect(restarted.restartInstance).toMatchObject({
      instance: { state: 'RUNNING', ready: true },
      operation: { status: 'SUCCEEDED' },
    });
    // Every web container started again after the restart was asked (a no-op restart would keep its StartedAt).
    const startedAfter = (await engineContainers('web')).map((c) => Date.parse(c.State.StartedAt));
    expect(startedAfter).toHaveLength(startedBefore.length);
    expect(Math.min(...startedAfter)).toBeGreaterThan(Math.max(...startedBefore));
    expect(await fetchText(await currentEndpoint())).toBe('web v1');
  });

  it('deprovisions, leaves nothing on the engine, and shows every step as operations, releases and events', async () => {
    const r = await query(t.url, token, Deprovision, { input: { instanceId, wait: true } });
    expect(r.deprovisionInstance).toMatchObject({
      instance: { state: 'DESTROYED', desiredState: 'DESTROYED', ready: false },
      operation: { status: 'SUCCEEDED' },
    });
    expect(await dockerLeftovers(undefined, Buffer.from(instanceId, 'base64').toString().split(':')[1])).toEqual([]);
    const h = await query(t.url, token, History, { id: instanceId });
    const ops = h.instance!.operations.edges.map((e) => e!.node.kind).reverse();
    expect(ops).toEqual(['PROVISION', 'DEPLOY', 'ROLLBACK', 'SCALE', 'STOP', 'START', 'RESTART', 'DEPROVISION']);
    expect(h.instance!.operations.edges.every((e) => e!.node.status === 'SUCCEEDED')).toBe(true);
    expect(h.instance!.releases.edges.map((e) => e!.node.version)).toEqual([3, 2, 1]);
    const transitions = h
      .instance!.events.edges.map((e) => e!.node)
      .filter((e) => e.type === 'instance.state_changed')
      .reverse()
      .map((e) => `${e.fromState}>${e.toState}`);
    expect(transitions.slice(0, 2)).toEqual(['PROVISIONING>STARTING', 'STARTING>RUNNING']);
    expect(transitions.at(-1)).toBe('DESTROYING>DESTROYED');
  });
});
