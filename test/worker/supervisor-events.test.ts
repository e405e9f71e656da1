import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { Supervisor } from '../../src/worker/supervisor.js';
import { graphql } from '../generated/gql.js';
import { query, type TestApp } from '../support/app.js';
import { dockerOrSkip, dockerRegistry, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

const Provision = graphql(`
  mutation EventsProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation EventsDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const Watch = graphql(`
  query EventsWatch($id: ID!) {
    instance(id: $id) {
      state
      ready
      operations(first: 10) { edges { node { kind status } } }
      events(first: 100) { edges { node { type fromState toState ready message } } }
    }
  }
`);

const skip = !(await dockerOrSkip());
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

/** The poll interval of the event-driven app: ten minutes, as in the issue. */
const POLL_SECONDS = 600;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const idOf = (gid: string) => Buffer.from(gid, 'base64').toString().split(':')[1]!;

/** Every container of the instance (any state), by service. */
async function containersOf(id: string) {
  const all = await docker.listContainers({ all: true, filters: { label: [`wheelhouse.instance=${id}`] } });
  return all.map((c) => ({ id: c.Id, service: c.Labels['wheelhouse.service']!, state: c.State }));
}

async function provisionWebAndSidecar(t: TestApp, token: string, name: string) {
  const r = await query(t.url, token, Provision, {
    input: {
      name: `${name}-${randomUUID().slice(0, 8)}`,
      wait: true,
      readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
      services: [
        { name: 'web', image: TEST_IMAGES.web1, healthCheck: { path: '/healthz', port: 8080 } },
        { name: 'side', image: TEST_IMAGES.tool, role: 'SIDECAR', command: ['sleep', '3600'] },
      ],
    },
  });
  if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
    throw new Error(JSON.stringify(r.provisionInstance));
  expect(r.provisionInstance.instance).toMatchObject({ state: 'RUNNING', ready: true });
  const gid = r.provisionInstance.instance.id;
  return { gid, id: idOf(gid) };
}

async function teardown(t: TestApp, token: string, gid: string) {
  const gone = await query(t.url, token, Deprovision, { input: { instanceId: gid, wait: true } });
  expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
  expect(await dockerLeftovers(docker, idOf(gid))).toEqual([]);
}

describe.skipIf(skip)('supervisor on engine events (poll every ten minutes)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // The supervisor as a server runs it: its own registry, interval from the configuration.
    t = await startDockerApp({ config: { runSupervisor: true, supervisorIntervalSeconds: POLL_SECONDS } });
    token = (await t.newTenant()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('records a docker kill of the main container and heals it, well before any poll', async () => {
    const { gid, id } = await provisionWebAndSidecar(t, token, 'ev-kill');
    const [web] = (await containersOf(id)).filter((c) => c.service === 'web');
    const [sideBefore] = (await containersOf(id)).filter((c) => c.service === 'side');
    const before = await docker.getContainer(web!.id).inspect();

    const killedAt = Date.now();
    await docker.getContainer(web!.id).kill();
    const healed = await until(
      'the killed container to run again',
      async () => {
        const info = await docker.getContainer(web!.id).inspect();
        return info.State.Running && info.State.StartedAt !== before.State.StartedAt ? info : undefined;
      },
      (POLL_SECONDS * 1000) / 10,
    );
    const took = Date.now() - killedAt;
    // Against the configured interval: a poll could not have done this.
    expect(took).toBeLessThan((POLL_SECONDS * 1000) / 10);
    expect(healed.State.Running).toBe(true);

    const seen = await until('the instance to be ready again', async () => {
      const w = await query(t.url, token, Watch, { id: gid });
      return w.instance!.ready ? w : undefined;
    });
    // Healed alone, no operation: the sidecar was never touched.
    expect(seen.instance!.operations.edges.map((e) => e!.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
    const events = seen.instance!.events.edges.map((e) => e!.node);
    expect(events.filter((e) => e.type === 'service.heal_attempted').map((e) => e.message)).toEqual([
      expect.stringMatching(/^supervisor: started web \(attempt 1;/),
    ]);
    // The kill itself is recorded, as a transition of the instance away from RUNNING and of its service.
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'instance.state_changed', fromState: 'RUNNING', toState: 'STOPPED' }),
    );
    expect(events.some((e) => e.type === 'service.state_changed' && e.message?.startsWith('web: running →'))).toBe(
      true,
    );
    // No duplicate: still one container per service, and the sidecar kept its own.
    expect((await containersOf(id)).map((c) => c.service).sort()).toEqual(['side', 'web']);
    expect((await containersOf(id)).find((c) => c.service === 'side')?.id).toBe(sideBefore!.id);
    await teardown(t, token, gid);
  }, 180_000);

  it('re-creates a sidecar removed with docker rm -f, recording it as missing, well before any poll', async () => {
    const { gid, id } = await provisionWebAndSidecar(t, token, 'ev-rm');
    const [side] = (await containersOf(id)).filter((c) => c.service === 'side');
    const [web] = (await containersOf(id)).filter((c) => c.service === 'web');

    const removedAt = Date.now();
    await docker.getContainer(side!.id).remove({ force: true });
    const recreated = await until(
      'a new sidecar container running',
      async () => {
        const now = (await containersOf(id)).filter((c) => c.service === 'side');
        return now.length === 1 && now[0]!.id !== side!.id && now[0]!.state === 'running' ? now[0] : undefined;
      },
      (POLL_SECONDS * 1000) / 10,
    );
    expect(Date.now() - removedAt).toBeLessThan((POLL_SECONDS * 1000) / 10);
    expect(recreated.id).not.toBe(side!.id);

    const seen = await until('the re-provision to succeed and the instance to be ready', async () => {
      const w = await query(t.url, token, Watch, { id: gid });
      const [op] = w.instance!.operations.edges.map((e) => e!.node);
      return op?.status === 'SUCCEEDED' && w.instance!.ready ? w : undefined;
    });
    const ops = seen.instance!.operations.edges.map((e) => e!.node);
    // Re-created, not restarted: a restart cannot bring back a container that no longer exists.
    expect(ops[0]).toEqual({ kind: 'PROVISION', status: 'SUCCEEDED' });
    expect(ops.length).toBeGreaterThan(1);
    const events = seen.instance!.events.edges.map((e) => e!.node);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'service.state_changed',
        fromState: 'RUNNING',
        toState: 'FAILED',
        message: 'side: running → failed (missing from the provider)',
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'instance.state_changed',
        toState: 'FAILED',
        message: 'service(s) side missing from the provider',
      }),
    );
    // The main container was left alone, and nothing is doubled.
    const after = await containersOf(id);
    expect(after.filter((c) => c.service === 'web').map((c) => c.id)).toEqual([web!.id]);
    expect(after.map((c) => c.service).sort()).toEqual(['side', 'web']);
    await teardown(t, token, gid);
  }, 180_000);
});

describe.skipIf(skip)('supervisor when an engine event is lost', () => {
  let t: TestApp;
  let token: string;
  let supervisor: Supervisor;

  beforeAll(async () => {
    t = await startDockerApp();
    token = (await t.newTenant()).token;
    // Events not followed at all: only the interval can see the kill.
    supervisor = new Supervisor({
      db: t.database.db,
      registry: dockerRegistry(),
      signal: t.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: 1000,
      backoffBaseMs: 200,
      followChanges: false,
    });
    supervisor.start();
  });
  afterAll(async () => {
    await supervisor?.stop();
    await t?.stop();
  });

  it('still converges by the poll: the killed container is recorded and restarted', async () => {
    const { gid, id } = await provisionWebAndSidecar(t, token, 'ev-lost');
    const [web] = (await containersOf(id)).filter((c) => c.service === 'web');
    await docker.getContainer(web!.id).kill();
    const seen = await until('the poll to heal the killed service', async () => {
      const w = await query(t.url, token, Watch, { id: gid });
      return w.instance!.events.edges.some((e) => e!.node.type === 'service.heal_attempted') && w.instance!.ready
        ? w
        : undefined;
    });
    expect(seen.instance!.operations.edges.map((e) => e!.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
    expect(seen.instance!.events.edges.map((e) => e!.node)).toContainEqual(
      expect.objectContaining({ type: 'instance.state_changed', fromState: 'RUNNING', toState: 'STOPPED' }),
    );
    expect((await docker.getContainer(web!.id).inspect()).State.Running).toBe(true);
    await teardown(t, token, gid);
  }, 180_000);
});
