/**
 * A route change reaches this process's edge driver through the route
 * signal, not its next round: with the driver's round a minute away, a route
 * added answers ACTIVE (the driver took it before addRoute returned) and is
 * served at once; a route removed stops being served at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import {
  deprovision,
  EdgeAddRoute,
  EdgeRemoveRoute,
  edgeDataDir,
  edgeHttpPort,
  edgeLeftovers,
  edgeProvider,
  get,
  HAPROXY,
  payload,
  provisionRouted,
  removeEdge,
  startEdgeApp,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

describe.runIf(run)('route changes reach the edge driver through the route signal', () => {
  const dataDir = edgeDataDir();
  let provider: DockerProvider;
  let app: TestApp | undefined;
  let tenant: TestTenant;
  let instanceId: string | undefined;

  afterAll(async () => {
    if (!run) return;
    if (app) await deprovision(app, tenant.token, instanceId);
    await app?.stop();
    await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  it('addRoute answers ACTIVE and the route serves at once; removeRoute stops it at once (the round is a minute away)', async () => {
    provider = edgeProvider(dataDir);
    // The driver's own round (and so the routes' signature check) runs at start and then once a minute.
    app = await startEdgeApp(dataDir, provider, { edge: { syncIntervalMs: 60_000 } });
    tenant = await app.newTenant();
    for (const deadline = Date.now() + 30_000; !provider.dataPlane()!.driving; ) {
      if (Date.now() > deadline) throw new Error('the edge was never driven');
      await new Promise((r) => setTimeout(r, 50));
    }
    instanceId = await provisionRouted(app, tenant.token, { name: 'signal', routes: [] });
    const port = await edgeHttpPort(app, tenant.token);

    const added = await query(app.url, tenant.token, EdgeAddRoute, {
      input: { instanceId, route: { service: 'web', port: 8080, host: 'now.signal.test' } },
    });
    const { route } = payload(added.addRoute, 'AddRoutePayload');
    expect(route.status).toBe('ACTIVE');
    expect(readFileSync(join(dataDir, 'edge', 'haproxy.cfg'), 'utf8')).toContain('now.signal.test');
    // Rendered before addRoute answered; the replica joins within its health check (1 s, a few retries).
    let res = await get(`http://now.signal.test:${port}/`).catch(() => ({ status: 0, body: '' }));
    for (let i = 0; i < 20 && res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await get(`http://now.signal.test:${port}/`).catch(() => ({ status: 0, body: '' }));
    }
    expect(res).toEqual({ status: 200, body: 'web v1\n' });

    const removed = await query(app.url, tenant.token, EdgeRemoveRoute, { input: { routeId: route.id } });
    payload(removed.removeRoute, 'RemoveRoutePayload');
    expect(readFileSync(join(dataDir, 'edge', 'haproxy.cfg'), 'utf8')).not.toContain('now.signal.test');
    expect((await get(`http://now.signal.test:${port}/`)).status).toBe(404);
  }, 120_000);
});
