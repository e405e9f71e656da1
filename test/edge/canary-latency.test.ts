/**
 * A canary's p99 through the Docker edge (real Docker Engine, real HAProxy):
 * the edge logs every response's time into its bounded ring, and the
 * analysis takes the p99 of the new set's responses in each interval. A new
 * release that answers in 0.3 s under `maxP99Ms: 100` aborts itself with
 * that p99 in its analysis run and its abort reason; a fast one under a
 * generous limit records its (small, non-null) p99 in every run and is
 * promoted. Checked where it lands: the operation's rollout, the answers
 * through the edge, the instance's current release.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import type { TestApp, TestTenant } from '../support/app.js';
import { gql } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  deprovision,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  failures,
  get,
  HAPROXY,
  provisionRouted,
  removeEdge,
  startEdgeApp,
  startLoad,
  waitServed,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ROLLOUT = `id status error { code message }
  rollout { phase abortReason analysis { at requests errorRate p99Ms passed message } newRelease { id } }`;

describe.runIf(run)("a canary's p99 at the edge", () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let instanceId: string;
  let url: string;

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    // One web replica of v1, routed, with a 1 s health check (the helper's default services).
    instanceId = await provisionRouted(app, tenant.token, { name: 'latency' });
    url = await waitServed(app, tenant.token, instanceId);
  }, 120_000);

  afterAll(async () => {
    if (!run) return;
    await deprovision(app, tenant.token, instanceId);
    await app?.stop();
    await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  async function currentRelease(): Promise<string> {
    const r = await gql(app, tenant.token, `query($id: ID!) { instance(id: $id) { currentRelease { id } } }`, {
      id: instanceId,
    });
    return r.instance.currentRelease.id;
  }

  async function deploy(image: string, canary: object): Promise<string> {
    const r = await gql(
      app,
      tenant.token,
      `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on Error { message } ... on DeployInstancePayload { operation { id } } } }`,
      { input: { instanceId, strategy: 'CANARY', services: [{ name: 'web', image }], canary } },
    );
    expect(r.deployInstance.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    return r.deployInstance.operation.id;
  }

  async function until(what: string, id: string, ok: (op: any) => boolean, ms = 60_000): Promise<any> {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await gql(app, tenant.token, `query($id: ID!) { node(id: $id) { ... on Operation { ${ROLLOUT} } } }`, {
        id,
      });
      if (ok(r.node)) return r.node;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(r.node)}`);
      await sleep(150);
    }
  }

  it('a release answering in 0.3 s under maxP99Ms 100 aborts itself, the p99 in its run and its reason', async () => {
    const stable = await currentRelease();
    const load = startLoad(url, 8);
    await sleep(300);
    const opId = await deploy(TEST_IMAGES.webSlow, {
      steps: [{ weight: 50, pauseSeconds: 120 }],
      analysis: { intervalSeconds: 1, minRequests: 5, maxP99Ms: 100 },
    });
    const op = await until('the abort', opId, (o) => o.status !== 'RUNNING' && o.status !== 'QUEUED');
    const samples = await load.stop();
    expect(op.status, JSON.stringify(op)).toBe('FAILED');
    expect(op.error.code).toBe('ANALYSIS_FAILED');
    expect(op.rollout.phase).toBe('ABORTED');
    expect(op.rollout.abortReason).toMatch(/^p99 \d+ ms above maxP99Ms 100 ms/);
    const failed = op.rollout.analysis.find((a: any) => !a.passed && a.requests >= 5);
    expect(failed, JSON.stringify(op.rollout.analysis)).toBeDefined();
    // Every answer of the new set took 0.3 s at least: that is what the edge measured, not the stable set's.
    expect(failed.p99Ms).toBeGreaterThanOrEqual(290);
    expect(failed.p99Ms).toBeLessThan(5000);
    expect(failed.errorRate).toBe(0);
    expect(op.rollout.abortReason).toBe(failed.message);
    // The slow release did answer (it was slow, not failing), and nothing failed meanwhile.
    expect(samples.some((s) => s.body === 'web slow\n')).toBe(true);
    expect(failures(samples)).toEqual([]);
    expect(await currentRelease()).toBe(stable);
    const after = await get(url);
    expect(after).toEqual({ status: 200, body: 'web v1\n' });
  }, 90_000);

  it('a fast release under a generous maxP99Ms records a real p99 in its runs, also after a reload of the edge, and is promoted', async () => {
    const load = startLoad(url, 8);
    await sleep(300);
    const opId = await deploy(TEST_IMAGES.web2, {
      steps: [{ weight: 50 }],
      analysis: { intervalSeconds: 1, minRequests: 5, maxP99Ms: 2000 },
    });
    const measured = (op: any, after = 0) =>
      op.rollout.analysis.some((a: any) => a.p99Ms !== null && a.passed && Date.parse(a.at) > after);
    await until('a run with a p99', opId, (op) => measured(op));
    // A route added mid-canary makes the edge render and reload: the new worker's ring starts empty and fills again.
    const added = await gql(
      app,
      tenant.token,
      `mutation($input: AddRouteInput!) { addRoute(input: $input) { __typename ... on Error { message }
        ... on AddRoutePayload { route { url } } } }`,
      { input: { instanceId, route: { service: 'web', port: 8080, host: 'latency.example.com' } } },
    );
    expect(added.addRoute.__typename, JSON.stringify(added)).toBe('AddRoutePayload');
    const second = added.addRoute.route.url as string;
    const deadline = Date.now() + 15_000;
    while ((await get(second).catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error('the added route never answered');
      await sleep(100);
    }
    const reloaded = Date.now();
    await until('a run with a p99 after the reload', opId, (op) => measured(op, reloaded));
    const promoted = await gql(
      app,
      tenant.token,
      `mutation($input: PromoteOperationInput!) { promoteOperation(input: $input) { __typename } }`,
      { input: { operationId: opId, full: true } },
    );
    expect(promoted.promoteOperation.__typename).toBe('PromoteOperationPayload');
    const op = await until('the promotion', opId, (o) => o.status !== 'RUNNING');
    const samples = await load.stop();
    expect(op.status, JSON.stringify(op)).toBe('SUCCEEDED');
    expect(failures(samples)).toEqual([]);
    const judged = op.rollout.analysis.filter((a: any) => a.requests >= 5);
    expect(judged.length, JSON.stringify(op.rollout.analysis)).toBeGreaterThan(1);
    for (const a of judged) {
      // Passed, or inconclusive in the interval the reload emptied the ring: never failed.
      expect(a.passed || /^inconclusive/.test(a.message), JSON.stringify(a)).toBe(true);
      if (!a.passed) continue;
      expect(a.p99Ms).not.toBeNull();
      expect(a.p99Ms).toBeGreaterThanOrEqual(0);
      expect(a.message).toMatch(/p99 \d+ ms within 2000 ms/);
    }
    expect(await currentRelease()).toBe(op.rollout.newRelease.id);
    expect(await get(url)).toEqual({ status: 200, body: 'web v2\n' });
  }, 90_000);
});
