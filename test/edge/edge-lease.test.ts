/**
 * Two Wheelhouse processes on one Docker host (two apps on one database and
 * one edge data dir): exactly one holds the edge's lease and renders
 * HAProxy's configuration, the other stands by; a route added through the
 * one that stands by is served (the holder follows the database); when the
 * holder stops, the other takes over the running HAProxy (no restart) and
 * renders what is added after.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import {
  EdgeAddRoute,
  EdgeDeprovision,
  EdgeProvision,
  edgeConfig,
  edgeDataDir,
  edgeHttpPort,
  edgeLeftovers,
  edgeProvider,
  get,
  HAPROXY,
  payload,
  removeEdge,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(run)('two Wheelhouse processes on one Docker host', () => {
  const dataDir = edgeDataDir();
  const providers: DockerProvider[] = [];
  const apps: TestApp[] = [];
  let database: DatabaseHandle;
  let tenant: TestTenant;
  let instanceId: string | undefined;

  afterAll(async () => {
    if (!run) return;
    // Through whichever app still serves (the first one was stopped by the test).
    const id = instanceId;
    for (const a of id ? [...apps].reverse() : []) {
      const done = await query(a.url, tenant.token, EdgeDeprovision, { input: { instanceId: id!, wait: true } }).then(
        () => true,
        () => false,
      );
      if (done) break;
    }
    for (const a of apps) await a.stop().catch(() => undefined);
    await database?.close();
    if (providers[0]) await removeEdge(providers[0], dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  it('one drives the edge and the other stands by; the other takes the running HAProxy over when the holder stops', async () => {
    await ensureTestImages();
    database = await openTestDatabase();
    // Rounds of 500 ms (a lease of 2.5 s): a loaded CI machine can stall a process for over a
    // second, which let a 1 s lease lapse and change hands while the holder was alive.
    const base = await edgeConfig(dataDir);
    const config = { ...base, edge: { ...base.edge!, syncIntervalMs: 500 } };
    for (let i = 0; i < 2; i++) {
      const provider = edgeProvider(dataDir);
      const registry = new Registry();
      registry.register('docker', provider);
      providers.push(provider);
      apps.push(await startTestApp({ registry, config, database }));
    }
    const driving = () => providers.filter((p) => p.dataPlane()!.driving);
    await until('one process to drive the edge', () => driving().length === 1);
    const holder = providers.indexOf(driving()[0]!);
    const other = 1 - holder;
    // For a while (five lease rounds) the same one drives and the other stands by.
    await new Promise((r) => setTimeout(r, 2500));
    expect(driving()).toEqual([providers[holder]]);
    const lease = await database.db.selectFrom('edge_leases').selectAll().where('name', '=', 'edge:docker').execute();
    expect(lease).toHaveLength(1);

    // A route added through the process that stands by: the holder renders it (it follows the database).
    tenant = await apps[other]!.newTenant();
    const r = await query(apps[other]!.url, tenant.token, EdgeProvision, {
      input: {
        name: 'lease',
        provider: 'docker',
        wait: true,
        services: [
          { name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 } },
        ],
        routes: [{ service: 'web', port: 8080, host: 'first.lease.test' }],
      },
    });
    const provisioned = payload(r.provisionInstance, 'ProvisionInstancePayload');
    instanceId = provisioned.instance.id;
    expect(provisioned.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const port = await edgeHttpPort(apps[other]!, tenant.token);
    await until(
      'the first route to answer',
      async () => (await get(`http://first.lease.test:${port}/`).catch(() => undefined))?.status === 200,
    );
    expect(readFileSync(join(dataDir, 'edge', 'haproxy.cfg'), 'utf8')).toContain('first.lease.test');
    const master = Number(
      readFileSync(join(dataDir, 'edge', 'haproxy.pid'), 'utf8')
        .trim()
        .split('\n')[0],
    );

    // The holder stops (its lease is given up; HAProxy keeps running); the other takes over.
    await apps[holder]!.stop();
    await until('the other process to drive the edge', () => providers[other]!.dataPlane()!.driving);
    const [taken] = await database.db.selectFrom('edge_leases').selectAll().where('name', '=', 'edge:docker').execute();
    expect(taken?.owner).not.toBe(lease[0]!.owner);
    // Adopted, not restarted: the same master process serves.
    expect(
      Number(
        readFileSync(join(dataDir, 'edge', 'haproxy.pid'), 'utf8')
          .trim()
          .split('\n')[0],
      ),
    ).toBe(master);
    expect((await get(`http://first.lease.test:${port}/`)).status).toBe(200);
    const before = statSync(join(dataDir, 'edge', 'haproxy.cfg')).mtimeMs;
    const added = await query(apps[other]!.url, tenant.token, EdgeAddRoute, {
      input: { instanceId, route: { service: 'web', port: 8080, host: 'second.lease.test' } },
    });
    payload(added.addRoute, 'AddRoutePayload');
    await until(
      'the second route to answer',
      async () => (await get(`http://second.lease.test:${port}/`).catch(() => undefined))?.status === 200,
    );
    expect(statSync(join(dataDir, 'edge', 'haproxy.cfg')).mtimeMs).toBeGreaterThan(before);
    expect((await get(`http://second.lease.test:${port}/`)).body).toBe('web v1\n');
  }, 120_000);
});
