/**
 * Scale to zero: the latency of the first request after a routed service
 * scaled to zero (the edge sends it to Wheelhouse's waker, which asks for a
 * replica, waits until the edge has it ready and hands the request to it),
 * beside a warm request's through the same route, in the same run. The
 * service is the test image's web server with a 1 s health check; the
 * autoscaler runs every second with a 2 s scale-down window, so the service
 * sleeps a few seconds after each wake.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { ensureTestImages, TEST_IMAGES } from '../../test/support/docker-images.js';
import { get } from '../../test/support/edge.js';
import { type BenchRow, dropTenant, fmt, gql, openBenchDatabase, ratio, startBenchApp } from '../support.js';

const HAPROXY = process.env.WHEELHOUSE_EDGE_HAPROXY ?? '/usr/sbin/haproxy';
/** Wakes measured (each after a sleep). */
const WAKES = 3;
/** Warm requests measured (one at a time). */
const WARM = 50;

const PROVISION = `mutation BenchZeroProvision($input: ProvisionInstanceInput!) {
  provisionInstance(input: $input) {
    __typename
    ... on ProvisionInstancePayload { instance { id } operation { status } }
    ... on Error { message }
  }
}`;
const ROUTES = `query BenchZeroRoutes($id: ID!) { instance(id: $id) { routes { url status } } }`;
const DEPROVISION = `mutation BenchZeroDeprovision($input: InstanceActionInput!) {
  deprovisionInstance(input: $input) { __typename }
}`;

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function scaleToZeroRows(): Promise<BenchRow[]> {
  await ensureTestImages();
  const dataDir = await mkdtemp(join(tmpdir(), 'wh-bench-zero-'));
  const provider = new DockerProvider({
    key: 'docker',
    edge: { dataDir, haproxyPath: HAPROXY, host: '127.0.0.1', httpPort: 0, httpsPort: 0, domain: 'localhost' },
  });
  const registry = new Registry();
  registry.register('docker', provider);
  const database = await openBenchDatabase();
  // The supervisor runs the autoscaler; its reconcile pass (every 600 s here) stays out of the figure.
  const w = await startBenchApp(database, {
    registry,
    runWorker: true,
    config: { runSupervisor: true, supervisorIntervalSeconds: 600, autoscaleIntervalSeconds: 1 },
  });
  const docker = new Dockerode();
  let instanceId: string | undefined;
  try {
    const r = await gql<{ provisionInstance: { __typename: string; message?: string; instance?: { id: string } } }>(
      w.url,
      w.token,
      PROVISION,
      {
        input: {
          name: `bench-zero-${randomUUID().slice(0, 8)}`,
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
                  targetRequestsPerSecond: 1000,
                  scaleDownStabilizationSeconds: 2,
                },
              },
            },
          ],
          routes: [{ service: 'web', port: 8080 }],
        },
      },
    );
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(`provision failed: ${JSON.stringify(r.provisionInstance)}`);
    instanceId = r.provisionInstance.instance!.id;
    const id = instanceId;
    const url = await until('the route to be ACTIVE', async () => {
      const q = await gql<{ instance: { routes: Array<{ url: string; status: string }> } }>(w.url, w.token, ROUTES, {
        id,
      });
      return q.instance.routes[0]?.status === 'ACTIVE' ? q.instance.routes[0].url : undefined;
    });
    const localId = Buffer.from(instanceId, 'base64').toString('utf8').split(':').slice(1).join(':');
    const running = async () =>
      (await docker.listContainers({ filters: { label: [`wheelhouse.instance=${localId}`], status: ['running'] } }))
        .length;
    const openOps = async () =>
      (
        await w.app.database.db
          .selectFrom('operations')
          .select('id')
          .where('instance_id', '=', localId)
          .where('status', 'in', ['queued', 'running'])
          .execute()
      ).length;

    const warm: number[] = [];
    for (let i = 0; i < WARM; i++) {
      const t0 = performance.now();
      const res = await get(url);
      if (res.status !== 200) throw new Error(`a warm request got ${res.status}`);
      warm.push(performance.now() - t0);
    }
    const cold: number[] = [];
    const statuses: number[] = [];
    /** Per wake, ms after the request was sent: the SCALE queued, started, the answer, the SCALE's recorded end. */
    const phases: string[] = [];
    for (let i = 0; i < WAKES; i++) {
      // Asleep: no replica on the engine and the scale to zero ended (the edge falls back to the waker).
      await until('the service to scale to zero', async () =>
        (await running()) === 0 && (await openOps()) === 0 ? true : undefined,
      );
      const at = Date.now();
      const t0 = performance.now();
      const res = await get(url, undefined, 30_000);
      cold.push(performance.now() - t0);
      const end = Date.now();
      statuses.push(res.status);
      // The wake's operation, once it has ended (it records its end after the replica joined the edge).
      const op = await until('the wake to end', async () => {
        const row = await w.app.database.db
          .selectFrom('operations')
          .select(['created_at', 'started_at', 'finished_at'])
          .where('instance_id', '=', localId)
          .where('kind', '=', 'scale')
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        return row?.finished_at && row.started_at ? row : undefined;
      });
      const since = (d: Date | null) => (d ? d.getTime() - at : Number.NaN);
      phases.push(
        `queued +${since(op.created_at)}, started +${since(op.started_at)}, answered +${end - at}, operation ended +${since(op.finished_at)}`,
      );
    }
    const coldMs = median(cold);
    const warmMs = median(warm);
    return [
      {
        figure: 'first request after scale to zero (held by the waker, answered by the new replica)',
        value: `${fmt(coldMs, 0)} ms`,
        baseline: `${fmt(warmMs, 1)} ms a warm request`,
        ratio: ratio(coldMs / warmMs),
        goal: 'answered (200), not refused',
        met: statuses.every((s) => s === 200),
        notes: [
          `${WAKES} wakes: ${cold.map((c) => `${fmt(c, 0)} ms`).join(', ')} (statuses ${statuses.join(', ')}); warm: median of ${WARM} sequential requests, max ${fmt(Math.max(...warm), 1)} ms`,
          `each wake, ms after the request was sent (the SCALE starts the stopped container, waits for its health check and adds it to the edge; the waker answers as soon as the edge has it): ${phases.join('; ')}`,
        ],
      },
    ];
  } finally {
    if (instanceId) await gql(w.url, w.token, DEPROVISION, { input: { instanceId, wait: true } }).catch(() => {});
    await w.stop();
    await provider.dataPlane()?.stopDataPlane();
    await dropTenant(database, w.tenantId).catch(() => {});
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
