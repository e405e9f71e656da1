/**
 * Scale to zero through the real Docker edge (real Docker Engine, real
 * HAProxy): a routed service with `minReplicas: 0` goes to no replica after
 * its scale-down window without requests, the edge then sends its requests to
 * Wheelhouse's waker, and the first request after that is held, not refused:
 * the waker asks the autoscaler for a replica (a SCALE operation marked as the
 * autoscaler's) and hands the request to it once the edge has it ready.
 * Small windows here: a 1 s autoscale interval and a 1 s scale-down window.
 */
import { existsSync } from 'node:fs';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  EdgeDeprovision,
  EdgeInstanceRoutes,
  EdgeRemoveRoute,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  get,
  HAPROXY,
  payload,
  removeEdge,
  startEdgeApp,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

const Provision = graphql(`
  mutation ScaleToZeroProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
      ... on ProvisionInstancePayload { instance { id } operation { id status error { message } } }
    }
  }
`);

const Autoscale = graphql(`
  query ScaleToZeroAutoscale($id: ID!) {
    instance(id: $id) {
      services { resources { replicas } autoscale { currentReplicas desiredReplicas message } }
    }
  }
`);

const WINDOW_SECONDS = 1;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(run)('scale to zero through the edge', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let instanceId: string;
  let localId: string;
  let url: string;

  /** Running containers of the instance's `web` service, on the engine. */
  const running = async () =>
    (
      await docker.listContainers({
        filters: { label: [`wheelhouse.instance=${localId}`, 'wheelhouse.service=web'], status: ['running'] },
      })
    ).length;

  /** The `operation.queued` events of the instance's SCALE operations, oldest first (from the database). */
  const scales = async () =>
    (
      await app.database.db
        .selectFrom('events')
        .innerJoin('operations', 'operations.id', 'events.operation_id')
        .select(['events.data', 'operations.status'])
        .where('events.instance_id', '=', localId)
        .where('events.type', '=', 'operation.queued')
        .where('operations.kind', '=', 'scale')
        .orderBy('events.id')
        .execute()
    ).map((r) => ({ ...(r.data as { requestedBy?: string; toReplicas?: number }), status: r.status }));

  const asleep = async () => {
    await until('the service to scale to zero', async () => ((await running()) === 0 ? true : undefined));
    // The scale's operation has ended and the edge falls back to the waker: its backend has no ready replica.
    await until('the scale to zero to end', async () =>
      (await scales()).at(-1)?.status === 'succeeded' ? true : undefined,
    );
  };

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider, {
      runSupervisor: true,
      supervisorIntervalSeconds: 600,
      autoscaleIntervalSeconds: 1,
      edge: { wakeHoldSeconds: 20 },
    });
    tenant = await app.newTenant();
    const r = await query(app.url, tenant.token, Provision, {
      input: {
        name: 'sleepy',
        provider: 'docker',
        wait: true,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 },
            resources: {
              autoscale: {
                minReplicas: 0,
                maxReplicas: 1,
                targetRequestsPerSecond: 100,
                scaleDownStabilizationSeconds: WINDOW_SECONDS,
              },
            },
          },
        ],
        routes: [{ service: 'web', port: 8080 }],
      },
    });
    const provisioned = payload(r.provisionInstance, 'ProvisionInstancePayload');
    expect(provisioned.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    instanceId = provisioned.instance.id;
    localId = localIdOf(instanceId);
    url = await until('the route to be active', async () => {
      const q = await query(app.url, tenant.token, EdgeInstanceRoutes, { id: instanceId });
      const route = q.instance?.routes[0];
      return route?.status === 'ACTIVE' ? route.url : undefined;
    });
  }, 120_000);

  afterAll(async () => {
    if (!run) return;
    if (instanceId) {
      await query(app.url, tenant.token, EdgeDeprovision, { input: { instanceId, wait: true } }).catch(() => undefined);
    }
    await app?.stop();
    await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  it('refuses minReplicas 0 without a route, by field path, and says why', async () => {
    const r = await query(app.url, tenant.token, Provision, {
      input: {
        name: 'unrouted',
        provider: 'docker',
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            resources: { autoscale: { minReplicas: 0, maxReplicas: 1, targetCpuPercent: 50 } },
          },
        ],
      },
    });
    expect(r.provisionInstance).toEqual({
      __typename: 'ValidationError',
      message: expect.any(String),
      fieldErrors: [
        {
          path: ['input', 'services', '0', 'resources', 'autoscale', 'minReplicas'],
          message: expect.stringContaining('needs a route to the service: the edge holds its requests'),
        },
      ],
    });
  });

  it('sleeps after its window without requests, and the first request after is held and answered', async () => {
    expect(await running()).toBe(1);
    await asleep();
    const st = await query(app.url, tenant.token, Autoscale, { id: instanceId });
    const [web] = st.instance?.services ?? [];
    expect(web?.resources?.replicas).toBe(0);
    expect(web?.autoscale?.message).toMatch(
      new RegExp(
        `scaled to zero: the next request through the edge wakes it|1 → 0 — no request for \\d+ s \\(scale-down window ${WINDOW_SECONDS} s\\)`,
      ),
    );
    const slept = await scales();
    expect(slept).toEqual([expect.objectContaining({ requestedBy: 'autoscaler', toReplicas: 0, status: 'succeeded' })]);

    // The first request after idling: held by the waker, answered by the new replica.
    const t0 = Date.now();
    const first = await get(url, undefined, 25_000);
    const firstMs = Date.now() - t0;
    expect(first).toEqual({ status: 200, body: 'web v1\n' });
    expect(await running()).toBe(1);
    const warm0 = Date.now();
    expect(await get(url)).toEqual({ status: 200, body: 'web v1\n' });
    const warmMs = Date.now() - warm0;
    console.log(`first request after scale to zero: ${firstMs} ms; a warm one: ${warmMs} ms`);
    expect(firstMs).toBeGreaterThan(warmMs);

    const woke = await scales();
    expect(woke.slice(1)).toEqual([expect.objectContaining({ requestedBy: 'autoscaler', toReplicas: 1 })]);
    // The decision to wake is an autoscaler event like the others.
    const events = await app.database.db
      .selectFrom('events')
      .select(['message', 'data'])
      .where('instance_id', '=', localId)
      .where('type', '=', 'autoscale.decision')
      .orderBy('id')
      .execute();
    console.log(events.map((e) => e.message).join('\n'));
    expect(events.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^web: 1 → 0 — no request for \d+ s/),
        'web: 0 → 1 — a request is waiting at the edge (the waker holds it until the replica is ready)',
      ]),
    );
  }, 60_000);

  it('answers every request that arrives while the service wakes, and sleeps again', async () => {
    await asleep();
    const before = (await scales()).length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(url, undefined, 25_000)));
    expect(answers).toEqual(Array.from({ length: 12 }, () => ({ status: 200, body: 'web v1\n' })));
    expect(await running()).toBe(1);
    // One wake for all of them (a machine slow enough to outlast the 2 s window may already be putting it back to sleep).
    const after = await scales();
    expect(after.slice(before).filter((s) => s.toReplicas === 1)).toEqual([
      expect.objectContaining({ requestedBy: 'autoscaler', fromReplicas: 0, toReplicas: 1 }),
    ]);
    expect(after.every((s) => s.requestedBy === 'autoscaler')).toBe(true);
  }, 60_000);

  it('wakes a sleeping service whose last route is removed: nothing else could', async () => {
    await asleep();
    const before = (await scales()).length;
    const q = await query(app.url, tenant.token, EdgeInstanceRoutes, { id: instanceId });
    expect(q.instance?.routes).toHaveLength(1);
    const removed = await query(app.url, tenant.token, EdgeRemoveRoute, {
      input: { routeId: q.instance!.routes[0]!.id },
    });
    payload(removed.removeRoute, 'RemoveRoutePayload');
    await until('the service to wake', async () => ((await running()) === 1 ? true : undefined));
    expect((await scales()).slice(before)).toEqual([
      expect.objectContaining({ requestedBy: 'autoscaler', toReplicas: 1 }),
    ]);
  }, 60_000);
});
