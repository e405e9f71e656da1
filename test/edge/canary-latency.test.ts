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
import type { CanaryInput } from '../generated/graphql.js';
import { query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  currentReleaseOf,
  deprovision,
  EdgeAddRoute,
  EdgeDeploy,
  EdgePromote,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  failures,
  get,
  HAPROXY,
  payload,
  provisionRouted,
  type RolloutOperation,
  removeEdge,
  rolloutOperation,
  startEdgeApp,
  startLoad,
  waitServed,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An operation's rollout, asserted present (every operation these tests poll is a canary). */
function rolloutOf(op: RolloutOperation): NonNullable<RolloutOperation['rollout']> {
  expect(op.rollout, JSON.stringify(op)).toBeTruthy();
  return op.rollout!;
}

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

  function currentRelease(): Promise<string> {
    return currentReleaseOf(app.url, tenant.token, instanceId);
  }

  async function deploy(image: string, canary: CanaryInput): Promise<string> {
    const r = await query(app.url, tenant.token, EdgeDeploy, {
      input: { instanceId, strategy: 'CANARY', services: [{ name: 'web', image }], canary },
    });
    return payload(r.deployInstance, 'DeployInstancePayload').operation.id;
  }

  async function until(
    what: string,
    id: string,
    ok: (op: RolloutOperation) => boolean,
    ms = 60_000,
  ): Promise<RolloutOperation> {
    const deadline = Date.now() + ms;
    for (;;) {
      const op = await rolloutOperation(app.url, tenant.token, id);
      if (ok(op)) return op;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(op)}`);
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
    expect(op.error?.code).toBe('ANALYSIS_FAILED');
    const aborted = rolloutOf(op);
    expect(aborted.phase).toBe('ABORTED');
    expect(aborted.abortReason).toMatch(/^p99 \d+ ms above maxP99Ms 100 ms/);
    const failed = aborted.analysis.find((a) => !a.passed && a.requests >= 5);
    expect(failed, JSON.stringify(aborted.analysis)).toBeDefined();
    // Every answer of the new set took 0.3 s at least: that is what the edge measured, not the stable set's.
    expect(failed!.p99Ms).toBeGreaterThanOrEqual(290);
    expect(failed!.p99Ms).toBeLessThan(5000);
    expect(failed!.errorRate).toBe(0);
    expect(aborted.abortReason).toBe(failed!.message);
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
    const measured = (op: RolloutOperation, after = 0) =>
      rolloutOf(op).analysis.some((a) => a.p99Ms !== null && a.passed && Date.parse(a.at) > after);
    await until('a run with a p99', opId, (op) => measured(op));
    // A route added mid-canary makes the edge render and reload: the new worker's ring starts empty and fills again.
    const added = await query(app.url, tenant.token, EdgeAddRoute, {
      input: { instanceId, route: { service: 'web', port: 8080, host: 'latency.example.com' } },
    });
    const second = payload(added.addRoute, 'AddRoutePayload').route.url;
    const deadline = Date.now() + 15_000;
    while ((await get(second).catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error('the added route never answered');
      await sleep(100);
    }
    const reloaded = Date.now();
    await until('a run with a p99 after the reload', opId, (op) => measured(op, reloaded));
    const promoted = await query(app.url, tenant.token, EdgePromote, { input: { operationId: opId, full: true } });
    expect(promoted.promoteOperation.__typename).toBe('PromoteOperationPayload');
    const op = await until('the promotion', opId, (o) => o.status !== 'RUNNING');
    const samples = await load.stop();
    expect(op.status, JSON.stringify(op)).toBe('SUCCEEDED');
    expect(failures(samples)).toEqual([]);
    const judged = rolloutOf(op).analysis.filter((a) => a.requests >= 5);
    expect(judged.length, JSON.stringify(rolloutOf(op).analysis)).toBeGreaterThan(1);
    for (const a of judged) {
      // Passed, or inconclusive in the interval the reload emptied the ring: never failed.
      expect(a.passed || /^inconclusive/.test(a.message ?? ''), JSON.stringify(a)).toBe(true);
      if (!a.passed) continue;
      expect(a.p99Ms).not.toBeNull();
      expect(a.p99Ms).toBeGreaterThanOrEqual(0);
      expect(a.message).toMatch(/p99 \d+ ms within 2000 ms/);
    }
    expect(await currentRelease()).toBe(rolloutOf(op).newRelease?.id);
    expect(await get(url)).toEqual({ status: 200, body: 'web v2\n' });
  }, 90_000);
});
