/**
 * Zero-drop changes through the Docker edge (real Docker Engine, real
 * HAProxy): 8 concurrent clients request through one route while the
 * instance is deployed, rolled back, restarted, scaled up and down, and while
 * HAProxy reloads in the middle of a replica's drain. No request fails, the
 * url stays the same, and within 2 s of each operation's end every answer
 * comes from the release it made current.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeployInstanceDocument,
  RestartInstanceDocument,
  RollbackInstanceDocument,
  ScaleInstanceDocument,
} from '../../src/client/generated/graphql.js';
import { runtimeCommand } from '../../src/providers/docker/docker-edge-runtime.js';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { localIdOf, query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  currentReleaseOf,
  EdgeAddRoute,
  EdgeDeprovision,
  EdgeInstanceRoutes,
  EdgeProvision,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  failures,
  get,
  HAPROXY,
  payload,
  removeEdge,
  type Sample,
  startEdgeApp,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

/** Asserts that the operation a mutation queued and waited for SUCCEEDED (the whole answer when not). */
function expectSucceeded(answer: { __typename: string; operation?: { status: string } }): void {
  expect(answer.operation?.status, JSON.stringify(answer)).toBe('SUCCEEDED');
}

describe.runIf(run)('rolling changes through the edge drop no request', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let instanceId: string;
  let url: string;
  let firstRelease: string;

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    const r = await query(app.url, tenant.token, EdgeProvision, {
      input: {
        name: 'web',
        provider: 'docker',
        wait: true,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 },
          },
        ],
        routes: [{ service: 'web', port: 8080 }],
      },
    });
    const provisioned = payload(r.provisionInstance, 'ProvisionInstancePayload');
    expect(provisioned.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    instanceId = provisioned.instance.id;
    const routes = await routesOf();
    expect(routes).toHaveLength(1);
    url = routes[0]!.url;
    expect(url).toMatch(/^http:\/\/web-web-t-[0-9a-f-]+\.localhost:\d+\/$/);
    firstRelease = await currentReleaseOf(app.url, tenant.token, instanceId);
    // The route is served before any load starts.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const res = await get(url).catch(() => ({ status: 0, body: '' }));
      if (res.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the route never answered: ${res.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
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

  async function routesOf(): Promise<Array<{ url: string; status: string }>> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const r = await query(app.url, tenant.token, EdgeInstanceRoutes, { id: instanceId });
      const routes = r.instance?.routes ?? [];
      if (routes.every((x) => x.status === 'ACTIVE') || Date.now() > deadline) return routes;
      await new Promise((res) => setTimeout(res, 100));
    }
  }

  /** Runs `operation` under load; returns the samples and when it ended. */
  async function underLoad(operation: () => Promise<void>): Promise<{ samples: Sample[]; endedAt: number }> {
    const load = startLoad(url, 8);
    await new Promise((r) => setTimeout(r, 500));
    await operation();
    const endedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2800));
    const samples = await load.stop();
    return { samples, endedAt };
  }

  /** The instance's lifecycle mutations, each waited for and asserted SUCCEEDED. */
  const lifecycle = {
    deploy: async (image: string) =>
      expectSucceeded(
        (
          await query(app.url, tenant.token, DeployInstanceDocument, {
            input: { instanceId, wait: true, services: [{ name: 'web', image }] },
          })
        ).deployInstance,
      ),
    rollback: async (releaseId: string) =>
      expectSucceeded(
        (await query(app.url, tenant.token, RollbackInstanceDocument, { input: { instanceId, wait: true, releaseId } }))
          .rollbackInstance,
      ),
    restart: async () =>
      expectSucceeded(
        (await query(app.url, tenant.token, RestartInstanceDocument, { input: { instanceId, wait: true } }))
          .restartInstance,
      ),
    scale: async (replicas: number) =>
      expectSucceeded(
        (
          await query(app.url, tenant.token, ScaleInstanceDocument, {
            input: { instanceId, wait: true, service: 'web', resources: { replicas } },
          })
        ).scaleInstance,
      ),
  };

  function expectClean(samples: Sample[], endedAt: number, body: string): void {
    expect(samples.length).toBeGreaterThan(50);
    expect(failures(samples).slice(0, 5)).toEqual([]);
    const late = samples.filter((s) => s.start >= endedAt + 2000);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((s) => s.body !== body).slice(0, 3)).toEqual([]);
  }

  it('a rolling deploy: no failed request, and then only the new release answers', async () => {
    const { samples, endedAt } = await underLoad(() => lifecycle.deploy(TEST_IMAGES.web2));
    expectClean(samples, endedAt, 'web v2\n');
    expect(samples.some((s) => s.body === 'web v1\n')).toBe(true);
    expect((await routesOf())[0]!.url).toBe(url);
  }, 120_000);

  it('a rollback: no failed request, and then only the restored release answers', async () => {
    const { samples, endedAt } = await underLoad(() => lifecycle.rollback(firstRelease));
    expectClean(samples, endedAt, 'web v1\n');
    expect((await routesOf())[0]!.url).toBe(url);
  }, 120_000);

  it('a restart: no failed request, and a new container behind the same url', async () => {
    const admin = join(dataDir, 'edge', 'admin.sock');
    const servers = async () =>
      (await runtimeCommand(admin, 'show servers state'))
        .split('\n')
        .filter((l) => /^\d+ b_/.test(l))
        .map((l) => l.split(' ')[3])
        // Replicas only: every backend also has the scale-to-zero waker's server, which stays.
        .filter((name) => name !== 'wh_waker');
    const old = await servers();
    const { samples, endedAt } = await underLoad(() => lifecycle.restart());
    expectClean(samples, endedAt, 'web v1\n');
    // A rolling replacement: the backend now holds other containers than before.
    const now = await servers();
    expect(now.length).toBeGreaterThan(0);
    expect(now.filter((s) => old.includes(s))).toEqual([]);
    expect((await routesOf())[0]!.url).toBe(url);
  }, 120_000);

  it('a scale up and down: no failed request', async () => {
    const { samples, endedAt } = await underLoad(async () => {
      await lifecycle.scale(3);
      await lifecycle.scale(1);
    });
    expectClean(samples, endedAt, 'web v1\n');
    expect((await routesOf())[0]!.url).toBe(url);
  }, 120_000);

  it('a reload while a replica drains (a route added mid-deploy): no failed request, the drained replica stays out', async () => {
    // A slow request keeps the old replica busy, so its drain lasts while the edge reloads.
    const slow = startLoad(`${url}cgi-bin/slow`, 4);
    const admin = join(dataDir, 'edge', 'admin.sock');
    let added = false;
    const { samples, endedAt } = await underLoad(async () => {
      const deploy = lifecycle.deploy(TEST_IMAGES.web2);
      const deadline = Date.now() + 60_000;
      while (!added && Date.now() < deadline) {
        const servers = await runtimeCommand(admin, 'show servers state').catch(() => '');
        // srv_admin_state 8 is "drained by the runtime API" (HAProxy's management guide, show servers state).
        if (servers.split('\n').some((l) => l.split(' ')[6] === '8')) {
          const r = await query(app.url, tenant.token, EdgeAddRoute, {
            input: { instanceId, route: { service: 'web', port: 8080, pathPrefix: '/mid-drain' } },
          });
          payload(r.addRoute, 'AddRoutePayload');
          added = true;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      await deploy;
    });
    const slowSamples = await slow.stop();
    expect(added).toBe(true);
    expectClean(samples, endedAt, 'web v2\n');
    expect(failures(slowSamples).slice(0, 5)).toEqual([]);
    expect(slowSamples.filter((s) => s.start >= endedAt + 2000 && s.body !== 'web v2\n').slice(0, 3)).toEqual([]);
    // The configuration HAProxy reloaded on never lists a replica that is not running.
    const running = (await runtimeCommand(admin, 'show servers state')).split('\n').filter((l) => /^\d+ b_/.test(l));
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((l) => l.split(' ')[5] === '2')).toBe(true);
  }, 120_000);

  it("counts the route's requests and 5xx answers at the edge (what a canary's analysis reads)", async () => {
    const edge = provider.dataPlane()!;
    const before = (await edge.counters(localIdOf(instanceId), 'web'))!;
    for (let i = 0; i < 10; i++) expect((await get(url)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await get(`${url}cgi-bin/fail`)).status).toBe(500);
    const after = (await edge.counters(localIdOf(instanceId), 'web'))!;
    expect(after.requests - before.requests).toBe(14);
    expect(after.responses5xx - before.responses5xx).toBe(4);
    expect(after.at.getTime()).toBeGreaterThan(before.at.getTime() - 1);
  }, 60_000);
});
