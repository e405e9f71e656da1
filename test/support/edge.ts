/**
 * Helpers of the edge tests: a Docker provider with an HAProxy edge under a
 * data dir of the test's own, the typed documents the edge tests share, and
 * a load of concurrent clients through a route that records every answer.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { expect } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { Logger } from '../../src/logger.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import type { RouteInput, ServiceSpecInput } from '../generated/graphql.js';
import { gql, localIdOf, query, startTestApp, type TestApp } from './app.js';
import { dockerLeftovers, ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from './docker-images.js';

export const HAPROXY = '/usr/sbin/haproxy';

export const EdgeProvision = graphql(`
  mutation EdgeProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on Error { message }
      ... on ProvisionInstancePayload { instance { id routes { url } } operation { id status error { message } } }
    }
  }
`);

export const EdgeDeploy = graphql(`
  mutation EdgeDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on Error { message }
      ... on ValidationError { fieldErrors { path message } }
      ... on DeployInstancePayload { operation { id status error { message } } }
    }
  }
`);

export const EdgeDeprovision = graphql(`
  mutation EdgeDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } }
  }
`);

export const EdgeAddRoute = graphql(`
  mutation EdgeAddRoute($input: AddRouteInput!) {
    addRoute(input: $input) {
      __typename
      ... on Error { message }
      ... on ValidationError { fieldErrors { path message } }
      ... on AddRoutePayload { route { id url host status custom tls { source issuer notAfter } } }
    }
  }
`);

export const EdgeRemoveRoute = graphql(`
  mutation EdgeRemoveRoute($input: RemoveRouteInput!) {
    removeRoute(input: $input) { __typename ... on Error { message } }
  }
`);

export const EdgeInstanceRoutes = graphql(`
  query EdgeInstanceRoutes($id: ID!) {
    instance(id: $id) { routes { id url host status message } }
  }
`);

export const EdgeCurrentRelease = graphql(`
  query EdgeCurrentRelease($id: ID!) {
    instance(id: $id) { currentRelease { id } }
  }
`);

export const EdgePromote = graphql(`
  mutation EdgePromote($input: PromoteOperationInput!) {
    promoteOperation(input: $input) {
      __typename
      ... on Error { message }
      ... on PromoteOperationPayload { operation { id } }
    }
  }
`);

export const EdgeCancel = graphql(`
  mutation EdgeCancel($input: CancelOperationInput!) {
    cancelOperation(input: $input) { __typename ... on Error { message } }
  }
`);

export const EdgeRollout = graphql(`
  query EdgeRollout($id: ID!) {
    node(id: $id) {
      __typename
      ... on Operation {
        id
        status
        attempts
        error { code message }
        rollout {
          strategy phase stepIndex canaryWeight abortReason previewUrl
          steps { weight pauseSeconds startedAt finishedAt }
          analysis { at requests errorRate p99Ms passed message }
          stableRelease { id }
          newRelease { id }
        }
      }
    }
  }
`);

/** An operation with its rollout, as EdgeRollout reads it. */
export type RolloutOperation = Extract<NonNullable<ResultOf<typeof EdgeRollout>['node']>, { __typename: 'Operation' }>;

/** The operation `id` with its rollout, through the API at `url` (fails when the id is not an operation's). */
export async function rolloutOperation(url: string, token: string, id: string): Promise<RolloutOperation> {
  const { node } = await query(url, token, EdgeRollout, { id });
  if (node?.__typename !== 'Operation') throw new Error(`not an operation: ${JSON.stringify(node)}`);
  return node;
}

/** The instance's current release's id (fails when it has none). */
export async function currentReleaseOf(url: string, token: string, instanceId: string): Promise<string> {
  const r = await query(url, token, EdgeCurrentRelease, { id: instanceId });
  const id = r.instance?.currentRelease?.id;
  expect(id, JSON.stringify(r)).toBeTruthy();
  return id!;
}

export const EdgeProviders = graphql(`
  query EdgeProviders {
    providers { key capabilities edge { kind healthy httpAddress httpsAddress caCertificate } }
  }
`);

/** `value` when its __typename is `typename` (narrowed to that member); fails the test with the whole answer otherwise. */
export function payload<T extends { __typename?: string }, N extends NonNullable<T['__typename']>>(
  value: T,
  typename: N,
): Extract<T, { __typename?: N }> {
  expect(value.__typename, JSON.stringify(value)).toBe(typename);
  return value as Extract<T, { __typename?: N }>;
}

/** The docker provider's edge as Provider.edge answers it (fails the test when there is none). */
export async function dockerEdgeOf(app: TestApp, token: string) {
  const { providers } = await query(app.url, token, EdgeProviders);
  const edge = providers.find((p) => p.key === 'docker')?.edge;
  expect(edge, JSON.stringify(providers)).toBeTruthy();
  return edge!;
}

/** The port the docker provider's edge serves plain HTTP on, from Provider.edge. */
export async function edgeHttpPort(app: TestApp, token: string): Promise<string> {
  const { httpAddress } = await dockerEdgeOf(app, token);
  expect(httpAddress).toMatch(/^http:\/\/.+:\d+$/);
  return new URL(httpAddress!).port;
}

/** A data dir of the test's own: the edge's files and sockets live in it. */
export function edgeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'wh-edge-'));
}

/**
 * A Docker provider (key `docker`) whose edge lives under `dataDir`, short
 * checks; `drainTimeoutMs` 5 s unless given; free ports (picked once) unless `ports` names them.
 */
export function edgeProvider(
  dataDir: string,
  haproxyPath = HAPROXY,
  drainTimeoutMs = 5000,
  ports: { http?: number; https?: number } = {},
): DockerProvider {
  return new DockerProvider({
    ...FAST_DOCKER_OPTIONS,
    key: 'docker',
    edge: {
      dataDir,
      haproxyPath,
      host: '127.0.0.1',
      httpPort: ports.http ?? 0,
      httpsPort: ports.https ?? 0,
      domain: 'localhost',
      drainTimeoutMs,
      checkIntervalMs: 300,
    },
  });
}

/** Config of a test app whose edge driver rounds every 200 ms. */
export async function edgeConfig(dataDir: string): Promise<Partial<Config>> {
  const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  return { dataDir, edge: { ...base.edge, syncIntervalMs: 200 } };
}

/**
 * The app over the real engine with an edge provider; `extra` overrides settings (`edge` merged into the
 * edge's); `logger` instead of a silent one (a test that reads the log); `database` shared with
 * another app (the caller closes it).
 */
export async function startEdgeApp(
  dataDir: string,
  provider: DockerProvider,
  extra: Partial<Omit<Config, 'edge'>> & { edge?: Partial<Config['edge']> } = {},
  opts: { logger?: Logger; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  await ensureTestImages();
  const registry = new Registry();
  registry.register('docker', provider);
  const config = await edgeConfig(dataDir);
  return startTestApp({
    registry,
    config: { ...config, ...extra, edge: { ...config.edge!, ...extra.edge } },
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.database ? { database: opts.database } : {}),
  });
}

/** What `provisionRouted` provisions besides its fixed parts (provider `docker`, waited for). */
export interface RoutedInstanceInput {
  /** `shop` when absent. */
  name?: string;
  /** One `web` on TEST_IMAGES.web1 with a 1 s health check on :8080/healthz when absent. */
  services?: ServiceSpecInput[];
  /** One route to web:8080 on a generated host when absent. */
  routes?: RouteInput[];
}

/**
 * Provisions a routed instance on the `docker` provider, waits for its
 * operation and asserts it SUCCEEDED; returns the instance's id. A provision
 * that failed is deprovisioned before the assertion throws, so nothing stays
 * behind on the engine.
 */
export async function provisionRouted(app: TestApp, token: string, input: RoutedInstanceInput = {}): Promise<string> {
  const r = await query(app.url, token, EdgeProvision, {
    input: {
      name: input.name ?? 'shop',
      provider: 'docker',
      wait: true,
      services: input.services ?? [
        { name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 } },
      ],
      routes: input.routes ?? [{ service: 'web', port: 8080 }],
    },
  });
  const p = r.provisionInstance;
  const instanceId = p.__typename === 'ProvisionInstancePayload' ? p.instance.id : undefined;
  const status = p.__typename === 'ProvisionInstancePayload' ? p.operation.status : undefined;
  if (instanceId && status !== 'SUCCEEDED') await deprovision(app, token, instanceId);
  expect(status, JSON.stringify(r)).toBe('SUCCEEDED');
  return instanceId!;
}

/**
 * Waits until the instance's first route is ACTIVE and answers 200 through
 * the edge (the edge driver renders it within a round); returns its url.
 */
export async function waitServed(app: TestApp, token: string, instanceId: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const q = await query(app.url, token, EdgeInstanceRoutes, { id: instanceId });
    const route = q.instance?.routes[0];
    if (route?.status === 'ACTIVE' && (await get(route.url).catch(() => ({ status: 0 }))).status === 200) {
      return route.url;
    }
    if (Date.now() > deadline) throw new Error('the route never answered');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The test web image that `url` does not serve now, with the bodies of the
 * old and the new: a deploy of it changes what the route answers, whichever
 * release the tests before left current.
 */
export async function otherWebImage(url: string): Promise<{ image: string; oldBody: string; newBody: string }> {
  const oldBody = (await get(url)).body;
  return oldBody === 'web v2\n'
    ? { image: TEST_IMAGES.web1, oldBody, newBody: 'web v1\n' }
    : { image: TEST_IMAGES.web2, oldBody, newBody: 'web v2\n' };
}

/** Deprovisions the instance and waits for it, ignoring any error (a test's teardown). */
export async function deprovision(app: TestApp, token: string, instanceId: string | undefined): Promise<void> {
  if (!instanceId) return;
  await query(app.url, token, EdgeDeprovision, { input: { instanceId, wait: true } }).catch(() => undefined);
}

/** One answer (or failure) seen by a load client. */
export interface Sample {
  start: number;
  end: number;
  status: number;
  body: string;
  error?: string;
}

/** GET through the edge: to 127.0.0.1:<port> with the route's Host header (so no DNS is needed). */
export function get(url: string, agent?: Agent, timeoutMs = 5000): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(u.port || 80),
        path: u.pathname,
        headers: { host: u.host },
        agent: agent ?? false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** `clients` concurrent loops of GETs on `url` (keep-alive, each given up after `timeoutMs`) until stop(); every answer is kept. */
export function startLoad(
  url: string,
  clients = 8,
  timeoutMs = 5000,
): { samples: Sample[]; stop: () => Promise<Sample[]> } {
  const samples: Sample[] = [];
  let running = true;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const loop = async () => {
    while (running) {
      const start = Date.now();
      try {
        const r = await get(url, agent, timeoutMs);
        samples.push({ start, end: Date.now(), status: r.status, body: r.body });
      } catch (err) {
        samples.push({ start, end: Date.now(), status: 0, body: '', error: (err as Error).message });
      }
    }
  };
  const loops = Array.from({ length: clients }, loop);
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return samples;
    },
  };
}

/** The failed samples (a refused connection, a timeout, anything but 200). */
export function failures(samples: Sample[]): Sample[] {
  return samples.filter((s) => s.status !== 200);
}

/** HAProxy processes still alive for this data dir, and the sockets left in it. */
export function edgeLeftovers(dataDir: string): string[] {
  const dir = join(dataDir, 'edge');
  const left: string[] = [];
  for (const f of ['admin.sock', 'master.sock', 'haproxy.pid']) if (existsSync(join(dir, f))) left.push(f);
  for (const pid of haproxyPidsFor(dir)) left.push(`haproxy pid ${pid}`);
  return left;
}

/** Pids of haproxy processes whose command line names files under `dir`. */
export function haproxyPidsFor(dir: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('/usr/sbin/haproxy') && cmd.includes(dir)) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

/** Stops the edge's HAProxy and removes the data dir. */
export async function removeEdge(provider: DockerProvider, dataDir: string): Promise<void> {
  await provider.dataPlane()?.stopDataPlane();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The end of a session of a CLI test through the edge: the instance
 * deprovisioned (its volumes too with `deleteVolumes`), the app stopped, the
 * edge removed, and nothing left of either on the host or the engine.
 */
export async function endEdgeSession(s: {
  app: TestApp | undefined;
  token: string | undefined;
  provider: DockerProvider | undefined;
  dataDir: string;
  instanceId: string | undefined;
  dir: string | undefined;
  deleteVolumes?: boolean;
}): Promise<void> {
  if (s.instanceId && s.app && s.token) {
    await gql(
      s.app,
      s.token,
      'mutation($input: InstanceActionInput!, $d: Boolean) { deprovisionInstance(input: $input, deleteVolumes: $d) { __typename } }',
      { input: { instanceId: s.instanceId, wait: true }, d: s.deleteVolumes ?? false },
    ).catch(() => undefined);
  }
  await s.app?.stop();
  if (s.provider) await removeEdge(s.provider, s.dataDir);
  expect(edgeLeftovers(s.dataDir)).toEqual([]);
  if (s.instanceId) expect(await dockerLeftovers(undefined, localIdOf(s.instanceId))).toEqual([]);
  if (s.dir) await rm(s.dir, { recursive: true, force: true });
}

/** What a CLI test through the edge works with (see startEdgeSession). */
export interface EdgeSession {
  dataDir: string;
  provider: DockerProvider;
  app: TestApp;
  token: string;
  /** The CLI's working directory (its HOME too). */
  dir: string;
  /** The CLI's environment: the app's url, the tenant's token, a config file in `dir`. */
  env: Record<string, string>;
}

/** A Docker provider with its edge, the app over it (`extra` settings), a tenant, and a directory for the CLI (`prefix` names it). */
export async function startEdgeSession(
  prefix: string,
  extra: Parameters<typeof startEdgeApp>[2] = {},
): Promise<EdgeSession> {
  const dataDir = edgeDataDir();
  const provider = edgeProvider(dataDir);
  const app = await startEdgeApp(dataDir, provider, extra);
  const { token } = await app.newTenant();
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  return { dataDir, provider, app, token, dir, env };
}
