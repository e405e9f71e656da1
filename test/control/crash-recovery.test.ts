import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';

const Provision = graphql(`
  mutation CtlCrashProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id currentRelease { id version } endpoints { serviceName url } }
        operation { status readinessOutcome error { code message } }
      }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation CtlCrashDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload {
        instance { currentRelease { id version } services { name image } }
        operation { id status readinessOutcome error { code message } release { version isCurrent } }
      }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation CtlCrashDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const OperationQuery = graphql(`
  query CtlCrashOperation($id: ID!) {
    operation(id: $id) {
      status readinessOutcome attempts
      error { code message }
      steps { name status }
      release { id version isCurrent }
    }
  }
`);

const InstanceQuery = graphql(`
  query CtlCrashInstance($id: ID!) {
    instance(id: $id) {
      state ready
      endpoints { serviceName url }
      currentRelease { version }
      releases(first: 10) { edges { node { version isCurrent } } }
    }
  }
`);

const skip = !(await dockerOrSkip());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return (await res.text()).trim();
}

describe.skipIf(skip)('a server killed during a deploy, on a real engine', () => {
  let database: DatabaseHandle;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let tenant: TestTenant;
  let instanceId = '';
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  /** A key of its own: no other test process's executor can claim these operations. */
  const key = `docker-crash-${randomUUID().slice(0, 8)}`;
  const registry = () => {
    const r = new Registry();
    r.register(key, new DockerProvider({ ...FAST_DOCKER_OPTIONS, key }));
    return r;
  };
  // A short lease so the dead server's claim expires quickly; a short poll so the new one notices.
  const executor = { leaseMs: 2_000, pollMs: 200 };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    if (instanceId && b) {
      await query(b.url, tenant.token, Deprovision, { input: { instanceId, wait: true } }).catch(() => undefined);
    }
    await a?.stop().catch(() => undefined);
    await b?.stop();
    await database?.close();
  });

  async function containersOf(id: string) {
    return docker.listContainers({ all: true, filters: { label: [`wheelhouse.instance=${id}`] } });
  }

  it('is finished by the next server: SUCCEEDED on a later attempt, one release, no duplicate containers', async () => {
    a = await startDockerApp({ database, registry: registry(), executor });
    tenant = await a.newTenant();
    const p = await query(a.url, tenant.token, Provision, {
      input: {
        name: `crash-${randomUUID().slice(0, 8)}`,
        provider: key,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        wait: true,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            ports: [{ container: 8080 }],
            healthCheck: { path: '/healthz', port: 8080 },
          },
        ],
      },
    });
    if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    expect(p.provisionInstance.operation).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
    instanceId = p.provisionInstance.instance.id;
    const local = localIdOf(instanceId);
    expect(await containersOf(local)).toHaveLength(1);

    // The new replica takes three seconds to serve, so the rollout is still waiting on it when the server dies.
    const d = await query(a.url, tenant.token, Deploy, {
      input: {
        instanceId,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web2,
            command: ['sh', '-c', 'sleep 3; exec httpd -f -p 8080 -h /www'],
            healthCheck: { path: '/healthz', port: 8080 },
          },
        ],
      },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    const opId = d.deployInstance.operation.id;
    for (let i = 0; ; i++) {
      const op = (await query(a.url, tenant.token, OperationQuery, { id: opId })).operation!;
      if (op.status === 'RUNNING' && op.steps.some((s) => s.name === 'apply deploy' && s.status === 'RUNNING')) break;
      expect(op.status, 'the deploy ended before the crash').toMatch(/QUEUED|RUNNING/);
      if (i > 600) throw new Error('the deploy never started');
      await sleep(50);
    }
    // Crash at the half-done moment: the new replica exists (still starting) next to the old one.
    const imageNames = new Map<string, string>();
    for (const name of [TEST_IMAGES.web1, TEST_IMAGES.web2])
      imageNames.set((await docker.getImage(name).inspect()).Id, name);
    const shape = (cs: Awaited<ReturnType<typeof containersOf>>) =>
      cs.map((c) => `${c.Labels['wheelhouse.service']}:${imageNames.get(c.ImageID) ?? c.ImageID}:${c.State}`).sort();
    const halfDone = [`web:${TEST_IMAGES.web1}:running`, `web:${TEST_IMAGES.web2}:running`].sort();
    for (let i = 0; ; i++) {
      const now = shape(await containersOf(local));
      if (JSON.stringify(now) === JSON.stringify(halfDone)) break;
      // Past the old replica and the new one side by side (the rollout finished, or never got there): no half-done crash.
      if (i > 1200 || !now.some((c) => c.includes(TEST_IMAGES.web1))) {
        throw new Error(`never caught the rollout half done: ${JSON.stringify(now)}`);
      }
      await sleep(50);
    }
    // Killed: the claim stays on the row until its lease runs out; nothing is handed back.
    await a.app.executor!.crash();
    await a.stop();
    a = undefined;
    const orphaned = await database.db
      .selectFrom('operations')
      .select(['status', 'lease_owner', 'attempts'])
      .where('id', '=', localIdOf(opId))
      .executeTakeFirstOrThrow();
    expect(orphaned).toMatchObject({ status: 'running', attempts: 1 });
    expect(orphaned.lease_owner).toBeTruthy();
    // The rollout is left half done: exactly the old replica and the new one, still starting, beside it.
    expect(shape(await containersOf(local))).toEqual(halfDone);

    b = await startDockerApp({ database, registry: registry(), executor });
    let op = (await query(b.url, tenant.token, OperationQuery, { id: opId })).operation!;
    for (let i = 0; op.status === 'QUEUED' || op.status === 'RUNNING'; i++) {
      if (i > 1200) throw new Error(`the deploy did not finish: ${JSON.stringify(op)}`);
      await sleep(100);
      op = (await query(b.url, tenant.token, OperationQuery, { id: opId })).operation!;
    }
    expect(op).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY', error: null });
    // The dead attempt's step is recorded as interrupted, not left running.
    expect(op.steps.map((s) => `${s.name}:${s.status}`)).toEqual([
      'apply deploy:FAILED',
      'apply deploy:SUCCEEDED',
      'wait for readiness:SUCCEEDED',
    ]);
    expect(op.attempts).toBeGreaterThanOrEqual(2);
    expect(op.release).toMatchObject({ version: 2, isCurrent: true });

    const inst = (await query(b.url, tenant.token, InstanceQuery, { id: instanceId })).instance!;
    expect(inst).toMatchObject({ state: 'RUNNING', ready: true, currentRelease: { version: 2 } });
    // Exactly one new release: the retry reused the one the deploy was queued with.
    expect(inst.releases.edges.map((e) => e!.node.version)).toEqual([2, 1]);
    const url = inst.endpoints.find((e) => e.serviceName === 'web')!.url;
    expect(await fetchText(url)).toBe('web v2');
    // One container for the one replica: the half-finished rollout's replica was converged on, not doubled.
    const containers = await containersOf(local);
    expect(containers.map((c) => c.Labels['wheelhouse.service'])).toEqual(['web']);
    expect(containers[0]!.State).toBe('running');
  });

  it('a deploy of an image that does not exist fails IMAGE_NOT_FOUND and leaves v2 current and serving', async () => {
    expect(b, 'the previous test leaves server B running').toBeDefined();
    const d = await query(b!.url, tenant.token, Deploy, {
      input: { instanceId, wait: true, services: [{ name: 'web', image: TEST_IMAGES.missing }] },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    expect(d.deployInstance.operation).toMatchObject({
      status: 'FAILED',
      error: { code: 'IMAGE_NOT_FOUND' },
      release: { version: 3, isCurrent: false },
    });
    expect(d.deployInstance.instance.currentRelease!.version).toBe(2);
    expect(d.deployInstance.instance.services).toEqual([{ name: 'web', image: TEST_IMAGES.web2 }]);
    const inst = (await query(b!.url, tenant.token, InstanceQuery, { id: instanceId })).instance!;
    expect(await fetchText(inst.endpoints.find((e) => e.serviceName === 'web')!.url)).toBe('web v2');
    expect(await containersOf(localIdOf(instanceId))).toHaveLength(1);

    const gone = await query(b!.url, tenant.token, Deprovision, { input: { instanceId, wait: true } });
    expect(gone.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    expect(await dockerLeftovers(docker, localIdOf(instanceId))).toEqual([]);
    instanceId = '';
  });
});
