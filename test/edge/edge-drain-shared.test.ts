/**
 * Two Wheelhouse processes on one Docker host share one HAProxy: A drives the
 * edge (holds its lease, renders and reloads) and runs no executor; B stands
 * by and runs the operations. B deploys, so B drains the old replica; while
 * that drain lasts, a route added through A makes A re-render and reload
 * HAProxy. The drained replica must stay out of what A renders: the reloaded
 * configuration does not list it, HAProxy's new worker does not have it, and
 * no request sent after the drain began is answered by it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { runtimeCommand } from '../../src/providers/docker/docker-edge-runtime.js';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import {
  EdgeAddRoute,
  EdgeDeploy,
  EdgeDeprovision,
  EdgeProvision,
  edgeConfig,
  edgeDataDir,
  edgeHttpPort,
  edgeLeftovers,
  edgeProvider,
  failures,
  get,
  HAPROXY,
  payload,
  removeEdge,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

/**
 * The web image's httpd with one more page, /cgi-bin/long, answered after 8 s: requests in flight to the old
 * replica keep its drain going that long (the drain timeout is 15 s here), so A's reload lands inside it also
 * on a loaded machine.
 */
const LONG_WEB = [
  'sh',
  '-c',
  'printf "#!/bin/sh\\necho Content-Type: text/plain\\necho\\nsleep 8\\necho long\\n" > /www/cgi-bin/long && busybox chmod +x /www/cgi-bin/long && exec httpd -f -p 8080 -h /www',
];
const DRAIN_TIMEOUT_MS = 15_000;

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `show servers state` lines of the replicas' backends: [backend, server, admin state, operational state]. */
async function serversState(admin: string): Promise<Array<{ backend: string; server: string; admin: string }>> {
  const text = await runtimeCommand(admin, 'show servers state').catch(() => '');
  return text
    .split('\n')
    .filter((l) => /^\d+ b_/.test(l))
    .map((l) => l.split(' '))
    .map((f) => ({ backend: f[1]!, server: f[3]!, admin: f[6]! }));
}

/** The pid of the HAProxy worker that answers the runtime socket now. */
async function workerPid(admin: string): Promise<number | undefined> {
  const info = await runtimeCommand(admin, 'show info').catch(() => '');
  const m = /^Pid: (\d+)$/m.exec(info);
  return m ? Number(m[1]) : undefined;
}

describe.runIf(run)('a drain by one process survives a render by another', () => {
  const dataDir = edgeDataDir();
  const admin = join(dataDir, 'edge', 'admin.sock');
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const providers: DockerProvider[] = [];
  const apps: TestApp[] = [];
  let database: DatabaseHandle;
  let tenant: TestTenant;
  let instanceId: string | undefined;

  afterAll(async () => {
    if (!run) return;
    if (instanceId && tenant) {
      await query(apps[1]!.url, tenant.token, EdgeDeprovision, { input: { instanceId, wait: true } }).catch(
        () => undefined,
      );
    }
    for (const a of apps) await a.stop().catch(() => undefined);
    await database?.close();
    if (providers[0]) await removeEdge(providers[0], dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  it('process B drains a replica during a deploy while process A re-renders the edge (a route added); the drained server never serves again', async () => {
    await ensureTestImages();
    database = await openTestDatabase();
    const config = await edgeConfig(dataDir);
    // A: drives the edge, runs no operation. Started first and alone, so it takes the edge's lease.
    const a = edgeProvider(dataDir, HAPROXY, DRAIN_TIMEOUT_MS);
    const registryA = new Registry();
    registryA.register('docker', a);
    providers.push(a);
    apps.push(await startTestApp({ registry: registryA, config: { ...config, runWorker: false }, database }));
    await until('A to drive the edge', () => a.dataPlane()!.driving);
    // B: stands by (A holds the lease) and runs every operation, so the deploy's drain is B's.
    const b = edgeProvider(dataDir, HAPROXY, DRAIN_TIMEOUT_MS);
    const registryB = new Registry();
    registryB.register('docker', b);
    providers.push(b);
    apps.push(await startTestApp({ registry: registryB, config, database }));
    const [appA, appB] = [apps[0]!, apps[1]!];
    tenant = await appB.newTenant();

    const r = await query(appB.url, tenant.token, EdgeProvision, {
      input: {
        name: 'drain',
        provider: 'docker',
        wait: true,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            command: LONG_WEB,
            healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 },
          },
        ],
        routes: [{ service: 'web', port: 8080, host: 'first.drain.test' }],
      },
    });
    const provisioned = payload(r.provisionInstance, 'ProvisionInstancePayload');
    instanceId = provisioned.instance.id;
    expect(provisioned.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const port = await edgeHttpPort(appA, tenant.token);
    const url = `http://first.drain.test:${port}/`;
    await until('the route to answer', async () => (await get(url).catch(() => undefined))?.status === 200);
    expect(b.dataPlane()!.driving).toBe(false);
    expect(a.dataPlane()!.driving).toBe(true);

    const [old] = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=web'] },
    });
    expect(old, 'the first replica').toBeDefined();
    const oldServer = `c${old!.Id.slice(0, 12)}`;

    // Long requests keep the old replica busy, so its drain lasts (up to 8 s) while A reloads.
    const slow = startLoad(`${url}cgi-bin/long`, 4, 15_000);
    const load = startLoad(url, 4);
    await new Promise((res) => setTimeout(res, 500));
    const deploy = query(appB.url, tenant.token, EdgeDeploy, {
      input: { instanceId, wait: true, services: [{ name: 'web', image: TEST_IMAGES.web2, command: LONG_WEB }] },
    });
    // srv_admin_state 8: drained through the runtime API (by B's rollout: B runs the deploy, and A never drains).
    await until(
      'B to drain the old replica',
      async () => (await serversState(admin)).some((s) => s.server === oldServer && s.admin === '8'),
      60_000,
    );
    const drainedAt = Date.now();
    const before = await workerPid(admin);
    const added = await query(appA.url, tenant.token, EdgeAddRoute, {
      input: { instanceId, route: { service: 'web', port: 8080, host: 'second.drain.test' } },
    });
    payload(added.addRoute, 'AddRoutePayload');
    // A rendered the new route and HAProxy runs a new worker on it.
    await until(
      "A's reload",
      async () =>
        readFileSync(join(dataDir, 'edge', 'haproxy.cfg'), 'utf8').includes('second.drain.test') &&
        (await workerPid(admin)) !== before,
    );
    // Still within the drain: the old replica runs, so what follows looks at a reload made while it drained.
    expect((await docker.getContainer(old!.Id).inspect()).State.Running, 'the old replica still runs').toBe(true);
    expect(readFileSync(join(dataDir, 'edge', 'haproxy.cfg'), 'utf8')).not.toContain(oldServer);
    const inNewWorker = (await serversState(admin)).filter((s) => s.server === oldServer);
    expect(inNewWorker.filter((s) => s.admin !== '8')).toEqual([]);

    const d = await deploy;
    expect(payload(d.deployInstance, 'DeployInstancePayload').operation.status, JSON.stringify(d)).toBe('SUCCEEDED');
    const samples = await load.stop();
    const slowSamples = await slow.stop();
    expect(failures(samples).slice(0, 5)).toEqual([]);
    expect(failures(slowSamples).slice(0, 5)).toEqual([]);
    expect(slowSamples.some((x) => x.body === 'long\n')).toBe(true);
    // Requests sent after the drain began: many, and none answered by the drained (v1) replica.
    const after = samples.filter((s) => s.start > drainedAt);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((s) => s.body !== 'web v2\n').slice(0, 3)).toEqual([]);
    expect(samples.some((s) => s.body === 'web v1\n')).toBe(true);
    expect((await get(`http://second.drain.test:${port}/`)).body).toBe('web v2\n');
    // The drain was B's: A, which re-rendered, never drove the deploy.
    expect(b.dataPlane()!.driving).toBe(false);
  }, 180_000);
});
