import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { volumeName } from '../../src/providers/docker/docker-names.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Supervisor } from '../../src/worker/supervisor.js';
import { graphql } from '../generated/gql.js';
import { query, type TestApp } from '../support/app.js';
import { dockerOrSkip, dockerRegistry, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';

const Provision = graphql(`
  mutation SupervisorProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation SupervisorDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const Scale = graphql(`
  mutation SupervisorScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) {
      __typename
      ... on ScaleInstancePayload { instance { state desiredState } operation { status } }
      ... on Error { message }
    }
  }
`);

const Watch = graphql(`
  query SupervisorWatch($id: ID!) {
    instance(id: $id) {
      state
      ready
      operations(first: 10) { edges { node { kind status } } }
      events(first: 50) { edges { node { type fromState toState ready message } } }
    }
  }
`);

const skip = !(await dockerOrSkip());
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(skip)('supervisor', () => {
  let t: TestApp;
  let token: string;
  let supervisor: Supervisor;

  beforeAll(async () => {
    t = await startDockerApp();
    token = (await t.newTenant()).token;
    supervisor = new Supervisor({
      db: t.database.db,
      registry: dockerRegistry(),
      signal: t.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: 500,
      backoffBaseMs: 200,
    });
  });
  afterAll(async () => {
    await supervisor?.stop();
    await t?.stop();
  });

  it('sees a killed main container as a transition and brings the instance back to running', async () => {
    const r = await query(t.url, token, Provision, {
      input: {
        name: `sup-${randomUUID().slice(0, 8)}`,
        wait: true,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [{ name: 'web', image: TEST_IMAGES.web1, healthCheck: { path: '/healthz', port: 8080 } }],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(JSON.stringify(r.provisionInstance));
    expect(r.provisionInstance.instance).toMatchObject({ state: 'RUNNING', ready: true });
    const gid = r.provisionInstance.instance.id;
    const id = Buffer.from(gid, 'base64').toString().split(':')[1]!;

    const [main] = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${id}`, 'wheelhouse.service=web'] },
    });
    await docker.getContainer(main!.Id).kill();

    await supervisor.reconcile(id);
    const seen = await query(t.url, token, Watch, { id: gid });
    const events = seen.instance!.events.edges.map((e) => e!.node);
    const transitions = events.filter((e) => e.type === 'instance.state_changed');
    // Newest first: the kill is observed as RUNNING → STOPPED, then the service is healed alone.
    expect(transitions.map((e) => `${e.fromState}>${e.toState}`)).toContain('RUNNING>STOPPED');
    expect(transitions.find((e) => e.toState === 'STOPPED')).toMatchObject({ fromState: 'RUNNING', ready: false });
    expect(events[0]).toMatchObject({ type: 'service.heal_attempted' });
    expect(events[0]!.message).toMatch(/^supervisor: started web \(attempt 1;/);
    // The same container, started again, and no operation on the instance.
    expect((await docker.getContainer(main!.Id).inspect()).State.Running).toBe(true);
    expect(seen.instance!.operations.edges.map((e) => e!.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);

    supervisor.start();
    const back = await until('the instance to be running again', async () => {
      const w = await query(t.url, token, Watch, { id: gid });
      return w.instance!.state === 'RUNNING' && w.instance!.ready ? w : undefined;
    });
    expect(back.instance!.operations.edges.map((e) => e!.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
    await supervisor.stop();

    const gone = await query(t.url, token, Deprovision, { input: { instanceId: gid, wait: true } });
    expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('leaves an instance scaled to zero at rest, and still recovers it once it runs again', async () => {
    const r = await query(t.url, token, Provision, {
      input: {
        name: `sup-zero-${randomUUID().slice(0, 8)}`,
        wait: true,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [{ name: 'web', image: TEST_IMAGES.web1, healthCheck: { path: '/healthz', port: 8080 } }],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(JSON.stringify(r.provisionInstance));
    const gid = r.provisionInstance.instance.id;
    const id = Buffer.from(gid, 'base64').toString().split(':')[1]!;
    const containers = () =>
      docker.listContainers({ all: true, filters: { label: [`wheelhouse.instance=${id}`, 'wheelhouse.service=web'] } });
    const kinds = async () =>
      (await query(t.url, token, Watch, { id: gid })).instance!.operations.edges.map((e) => e!.node);

    const down = await query(t.url, token, Scale, {
      input: { instanceId: gid, resources: { replicas: 0 }, wait: true },
    });
    expect(down.scaleInstance).toMatchObject({
      instance: { state: 'STOPPED', desiredState: 'RUNNING' },
      operation: { status: 'SUCCEEDED' },
    });

    // Several passes, each past the backoff a recovery would have waited: none may queue anything.
    for (let pass = 0; pass < 4; pass++) {
      await supervisor.reconcile(id);
      await new Promise((r) => setTimeout(r, 2 * 200));
    }
    expect(await kinds()).toEqual([
      { kind: 'SCALE', status: 'SUCCEEDED' },
      { kind: 'PROVISION', status: 'SUCCEEDED' },
    ]);
    const resting = await containers();
    expect(resting.map((c) => c.State)).toEqual(['exited']);
    const seen = await query(t.url, token, Watch, { id: gid });
    expect(seen.instance).toMatchObject({ state: 'STOPPED', ready: false });

    // Positive control, same instance and supervisor: back at one replica, a killed container is recovered.
    const upAgain = await query(t.url, token, Scale, {
      input: { instanceId: gid, resources: { replicas: 1 }, wait: true },
    });
    expect(upAgain.scaleInstance).toMatchObject({ instance: { state: 'RUNNING' }, operation: { status: 'SUCCEEDED' } });
    const [running] = (await containers()).filter((c) => c.State === 'running');
    await docker.getContainer(running!.Id).kill();
    await supervisor.reconcile(id);
    // Healed in place: the container runs again, and no operation was queued for it.
    expect((await docker.getContainer(running!.Id).inspect()).State.Running).toBe(true);
    expect((await kinds())[0]).toEqual({ kind: 'SCALE', status: 'SUCCEEDED' });

    const gone = await query(t.url, token, Deprovision, { input: { instanceId: gid, wait: true } });
    expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    expect(await dockerLeftovers(docker, id)).toEqual([]);
  }, 240_000);

  it('removes orphans: labelled objects of one of our tenants that no live instance owns', async () => {
    const tenant = await t.newTenant();
    const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
    const spec = (tenantId: string, instanceId: string) => ({
      instanceId,
      tenantId,
      name: 'orphan',
      kind: 'deployment' as const,
      labels: {},
      services: [
        {
          name: 'main',
          image: TEST_IMAGES.tool,
          role: 'main' as const,
          dependsOn: [],
          resources: {},
          env: {},
          ports: [],
          volumes: [{ name: 'data', mountPath: '/data' }],
          secrets: [],
          configFiles: [],
          annotations: {},
          command: ['sleep', '600'],
        },
      ],
    });
    const orphanId = randomUUID();
    // Another installation's workload on the same engine: its tenant is not one of ours.
    const foreignId = randomUUID();
    await provider.provision({}, spec(tenant.tenantId, orphanId));
    await provider.provision({}, spec(randomUUID(), foreignId));
    try {
      const removed = await supervisor.sweepOrphans();
      expect(removed).toContain(orphanId);
      expect(removed).not.toContain(foreignId);
      // Its containers and network go; its volume is kept with its data, as by any deprovision not asked otherwise.
      expect(await dockerLeftovers(docker, orphanId)).toEqual([`volume ${volumeName(orphanId, 'data')}`]);
      expect(await dockerLeftovers(docker, foreignId)).not.toEqual([]);
    } finally {
      await provider.deprovision({}, foreignId, { deleteVolumes: true });
      await provider.deprovision({}, orphanId, { deleteVolumes: true });
    }
  });
});
