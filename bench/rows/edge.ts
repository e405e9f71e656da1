/**
 * The edge: requests per second through a route (HAProxy, the Docker edge)
 * to one web replica, against the same load straight to the replica's
 * address on its network, in the same run (goal ≥ 0.8×), with the p99 each
 * path shows. GET / of the test image (busybox httpd, which closes every
 * connection), 8 connections from autocannon in its own process.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Dockerode from 'dockerode';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { ensureTestImages, TEST_IMAGES } from '../../test/support/docker-images.js';
import { type BenchRow, dropTenant, fmt, gql, openBenchDatabase, ratio, seconds, startBenchApp } from '../support.js';

const run = promisify(execFile);
const HAPROXY = process.env.WHEELHOUSE_EDGE_HAPROXY ?? '/usr/sbin/haproxy';
/** The edge tests' load (8 clients): busybox httpd forks per connection, and 50 overflow its accept queue. */
const CONNECTIONS = 8;

const PROVISION = `mutation BenchEdgeProvision($input: ProvisionInstanceInput!) {
  provisionInstance(input: $input) {
    __typename
    ... on ProvisionInstancePayload { instance { id routes { url status } } operation { status } }
    ... on Error { message }
  }
}`;
const ROUTES = `query BenchEdgeRoutes($id: ID!) { instance(id: $id) { routes { url status message } } }`;
const DEPROVISION = `mutation BenchEdgeDeprovision($input: InstanceActionInput!) {
  deprovisionInstance(input: $input) { __typename }
}`;

/** GET load from autocannon in its own process: requests/s (average) and p99 latency (ms). */
async function load(
  url: string,
  headers: Record<string, string>,
): Promise<{ rps: number; p99: number; failed: number }> {
  const args = ['-c', String(CONNECTIONS), '-d', String(seconds()), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const { stdout } = await run('node_modules/.bin/autocannon', args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  return { rps: r.requests.average, p99: r.latency.p99, failed: r.non2xx + r.errors };
}

export async function edgeRows(): Promise<BenchRow[]> {
  await ensureTestImages();
  const dataDir = await mkdtemp(join(tmpdir(), 'wh-bench-edge-'));
  const provider = new DockerProvider({
    key: 'docker',
    edge: { dataDir, haproxyPath: HAPROXY, host: '127.0.0.1', httpPort: 0, httpsPort: 0, domain: 'localhost' },
  });
  const registry = new Registry();
  registry.register('docker', provider);
  const database = await openBenchDatabase();
  const w = await startBenchApp(database, { registry, runWorker: true });
  let instanceId: string | undefined;
  try {
    const r = await gql<{
      provisionInstance: { __typename: string; message?: string; instance?: { id: string } };
    }>(w.url, w.token, PROVISION, {
      input: {
        name: `bench-edge-${randomUUID().slice(0, 8)}`,
        wait: true,
        services: [
          { name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 } },
        ],
        routes: [{ service: 'web', port: 8080 }],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(`provision failed: ${JSON.stringify(r.provisionInstance)}`);
    instanceId = r.provisionInstance.instance!.id;
    // The route is ACTIVE once the edge serves it.
    let url = '';
    for (const deadline = Date.now() + 30_000; !url; ) {
      const q = await gql<{ instance: { routes: Array<{ url: string; status: string }> } }>(w.url, w.token, ROUTES, {
        id: instanceId,
      });
      const route = q.instance.routes[0];
      if (route?.status === 'ACTIVE') url = route.url;
      else if (Date.now() > deadline) throw new Error(`the route did not become ACTIVE: ${JSON.stringify(route)}`);
      else await new Promise((res) => setTimeout(res, 200));
    }
    const routed = new URL(url);
    const docker = new Dockerode();
    const localId = Buffer.from(instanceId, 'base64').toString('utf8').split(':').slice(1).join(':');
    const [container] = await docker.listContainers({ filters: { label: [`wheelhouse.instance=${localId}`] } });
    const address = Object.values(container?.NetworkSettings?.Networks ?? {})[0]?.IPAddress;
    if (!address) throw new Error('the replica has no address on its network');
    // The edge is reached on loopback with the route's Host; the replica on its bridge address.
    const edge = await load(`http://127.0.0.1:${routed.port}/`, { host: routed.host });
    const direct = await load(`http://${address}:8080/`, {});
    const x = edge.rps / direct.rps;
    return [
      {
        figure: 'requests/s through the edge (HAProxy route → 1 replica)',
        value: fmt(edge.rps, 0),
        baseline: `${fmt(direct.rps, 0)} straight to the replica`,
        ratio: ratio(x),
        goal: '≥ 0.8×',
        met: x >= 0.8 && edge.failed === 0,
        notes: [
          `edge: p99 ${fmt(edge.p99, 0)} ms, ${edge.failed} failed; direct: p99 ${fmt(direct.p99, 0)} ms, ${direct.failed} failed; the edge adds ${fmt(edge.p99 - direct.p99, 0)} ms at p99`,
          'busybox httpd closes every connection and drops SYNs when its accept queue is full (a 1 s retransmit); through the edge, clients keep their connections alive and HAProxy retries a refused connect at once',
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
