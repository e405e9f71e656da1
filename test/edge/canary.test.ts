/**
 * Canary releases through the Docker edge (real Docker Engine, real HAProxy):
 * a step at 25 % sends about a quarter of the route's requests to the new
 * release and drops none, and promotion makes it the only one; a release
 * that answers 500 aborts itself within two analysis intervals, after which
 * no request reaches it and its containers are gone; a cancel mid-canary
 * puts everything back on the stable release. Checked where it lands: the
 * answers through the edge, the containers on the engine, the instance's
 * current release.
 */
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScaleInstanceDocument } from '../../src/client/generated/graphql.js';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import type { CanaryInput, DeployInstanceInput } from '../generated/graphql.js';
import { localIdOf, query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  currentReleaseOf,
  deprovision,
  EdgeCancel,
  EdgeDeploy,
  EdgeDeprovision,
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
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An operation's rollout, asserted present (every operation these tests poll is a canary or blue-green deploy). */
function rolloutOf(op: RolloutOperation): NonNullable<RolloutOperation['rollout']> {
  expect(op.rollout, JSON.stringify(op)).toBeTruthy();
  return op.rollout!;
}

describe.runIf(run)('canary releases through the edge', () => {
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
    instanceId = await provisionRouted(app, tenant.token, {
      services: [
        {
          name: 'web',
          image: TEST_IMAGES.web1,
          resources: { replicas: 2 },
          healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 },
        },
        { name: 'worker', image: TEST_IMAGES.tool, role: 'SIDECAR' },
      ],
    });
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

  /** The web containers on the engine, with the release each carries. */
  async function webContainers(): Promise<Array<{ id: string; release: string; state: string }>> {
    const list = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=web'] },
    });
    return list.map((c) => ({ id: c.Id, release: c.Labels['wheelhouse.release'] ?? '', state: c.State }));
  }

  async function deploy(image: string, canary: CanaryInput): Promise<string> {
    const r = await query(app.url, tenant.token, EdgeDeploy, {
      input: { instanceId, strategy: 'CANARY', services: [{ name: 'web', image }], canary },
    });
    return payload(r.deployInstance, 'DeployInstancePayload').operation.id;
  }

  function operation(id: string): Promise<RolloutOperation> {
    return rolloutOperation(app.url, tenant.token, id);
  }

  async function until(
    what: string,
    id: string,
    ok: (op: RolloutOperation) => unknown,
    ms = 60_000,
  ): Promise<RolloutOperation> {
    const deadline = Date.now() + ms;
    for (;;) {
      const op = await operation(id);
      if (ok(op)) return op;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(op)}`);
      await sleep(150);
    }
  }

  /** `n` requests, 8 at a time on keep-alive connections. */
  async function requests(n: number): Promise<Array<{ status: number; body: string }>> {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const out: Array<{ status: number; body: string }> = [];
    let left = n;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (left-- > 0) out.push(await get(url, agent).catch(() => ({ status: 0, body: '' })));
      }),
    );
    agent.destroy();
    return out;
  }

  it('25 %: about a quarter of 400 requests reach the new release, none fails; promotion makes it the only one', async () => {
    const stable = await currentRelease();
    const opId = await deploy(TEST_IMAGES.web2, {
      steps: [{ weight: 25 }],
      analysis: { intervalSeconds: 1, minRequests: 5 },
    });
    const paused = await until('the 25 % step', opId, (op) => op.rollout?.phase === 'PAUSED');
    expect(paused.rollout).toMatchObject({ strategy: 'CANARY', canaryWeight: 25, stepIndex: 0 });
    expect(rolloutOf(paused).stableRelease?.id).toBe(stable);
    expect(rolloutOf(paused).newRelease, JSON.stringify(paused)).toBeTruthy();
    const newRelease = rolloutOf(paused).newRelease!.id;
    // Both sets run side by side on the engine.
    const both = await webContainers();
    expect(both.filter((c) => c.release === localIdOf(newRelease) && c.state === 'running')).toHaveLength(2);
    expect(both.filter((c) => c.release !== localIdOf(newRelease) && c.state === 'running')).toHaveLength(2);

    const answers = await requests(400);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const fresh = answers.filter((a) => a.body === 'web v2\n').length;
    expect(answers.filter((a) => a.body === 'web v1\n').length + fresh).toBe(400);
    expect(fresh / 400).toBeGreaterThanOrEqual(0.15);
    expect(fresh / 400).toBeLessThanOrEqual(0.35);
    // The analysis counted what the edge saw of the new set.
    const analysed = await until('an analysis run with requests', opId, (op) =>
      rolloutOf(op).analysis.some((a) => a.requests >= 5 && a.passed),
    );
    expect(analysed.status).toBe('RUNNING');

    const promoted = await query(app.url, tenant.token, EdgePromote, { input: { operationId: opId } });
    payload(promoted.promoteOperation, 'PromoteOperationPayload');
    const done = await until('the promotion', opId, (op) => op.status !== 'RUNNING');
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    expect(done.rollout).toMatchObject({ phase: 'SUCCEEDED', canaryWeight: 100 });
    expect(await currentRelease()).toBe(newRelease);
    const after = await requests(100);
    expect(after.filter((a) => a.status !== 200 || a.body !== 'web v2\n')).toEqual([]);
    const left = await webContainers();
    expect(left.map((c) => c.release)).toEqual([localIdOf(newRelease), localIdOf(newRelease)]);
  }, 120_000);

  it('a release that answers 500 aborts itself within two intervals: no request reaches it after, its containers are gone', async () => {
    const stable = await currentRelease();
    const load = startLoad(url, 8);
    await sleep(300);
    const opId = await deploy(TEST_IMAGES.web500, {
      steps: [{ weight: 50, pauseSeconds: 120 }],
      analysis: { intervalSeconds: 2, minRequests: 10, maxErrorRate: 0.05 },
    });
    const ended = await until('the abort', opId, (op) => op.status !== 'RUNNING' && op.status !== 'QUEUED');
    const abortedAt = Date.now();
    await sleep(1500);
    const samples = await load.stop();
    expect(ended.status, JSON.stringify(ended)).toBe('FAILED');
    expect(ended.error?.code).toBe('ANALYSIS_FAILED');
    const aborted = rolloutOf(ended);
    expect(aborted.phase).toBe('ABORTED');
    expect(aborted.abortReason).toMatch(/5xx/);
    // Within two analysis intervals of the step's start.
    const step = aborted.steps[0];
    const failedRun = aborted.analysis.find((a) => !a.passed && a.requests >= 10);
    expect(failedRun, JSON.stringify(aborted.analysis)).toBeDefined();
    expect(step?.startedAt, JSON.stringify(aborted.steps)).toBeTruthy();
    expect(Date.parse(failedRun!.at) - Date.parse(step!.startedAt!)).toBeLessThanOrEqual(2 * 2000 + 1000);
    // The 500s came from the new set while it held its share; none once the abort was recorded.
    expect(samples.some((s) => s.status === 500)).toBe(true);
    expect(failures(samples.filter((s) => s.start >= abortedAt))).toEqual([]);
    expect(samples.filter((s) => s.start >= abortedAt).length).toBeGreaterThan(20);
    expect(await currentRelease()).toBe(stable);
    const engine = await webContainers();
    expect(engine.map((c) => c.release)).toEqual([localIdOf(stable), localIdOf(stable)]);
  }, 120_000);

  it('a cancel mid-canary puts every request back on the stable release', async () => {
    const stable = await currentRelease();
    const opId = await deploy(TEST_IMAGES.web1, { steps: [{ weight: 50 }], analysis: { intervalSeconds: 1 } });
    await until('the 50 % step', opId, (op) => op.rollout?.phase === 'PAUSED');
    const mixed = await requests(80);
    expect(mixed.some((a) => a.body === 'web v1\n')).toBe(true);
    const r = await query(app.url, tenant.token, EdgeCancel, { input: { operationId: opId } });
    expect(r.cancelOperation.__typename).toBe('CancelOperationPayload');
    const ended = await until('the cancel', opId, (op) => op.status !== 'RUNNING');
    expect(ended.status).toBe('CANCELED');
    expect(ended.rollout).toMatchObject({ phase: 'ABORTED', canaryWeight: 0, abortReason: 'canceled' });
    const after = await requests(100);
    expect(after.filter((a) => a.status !== 200 || a.body !== 'web v2\n')).toEqual([]);
    expect(await currentRelease()).toBe(stable);
    expect((await webContainers()).map((c) => c.release)).toEqual([localIdOf(stable), localIdOf(stable)]);
  }, 120_000);

  it('refuses what it cannot do, by field: an unrouted service, a p99 limit out of range, a weight out of range, promoting a plain deploy', async () => {
    const bad = async (input: Omit<DeployInstanceInput, 'instanceId' | 'strategy'>) => {
      const r = await query(app.url, tenant.token, EdgeDeploy, { input: { instanceId, strategy: 'CANARY', ...input } });
      expect(r.deployInstance.__typename).toBe('ValidationError');
      return payload(r.deployInstance, 'ValidationError').fieldErrors;
    };
    const unrouted = await bad({
      services: [{ name: 'worker', image: TEST_IMAGES.tool }],
      canary: { steps: [{ weight: 10 }] },
    });
    expect(unrouted[0]).toMatchObject({ path: ['input', 'services', '0', 'name'] });
    expect(unrouted[0]!.message).toMatch(/no route/);
    const p99 = await bad({
      services: [{ name: 'web', image: TEST_IMAGES.web2 }],
      canary: { steps: [{ weight: 10 }], analysis: { maxP99Ms: 0 } },
    });
    expect(p99[0]!.path).toEqual(['input', 'canary', 'analysis', 'maxP99Ms']);
    expect(p99[0]!.message).toMatch(/from 1 to 60000/);
    const weight = await bad({
      services: [{ name: 'web', image: TEST_IMAGES.web2 }],
      canary: { steps: [{ weight: 100 }] },
    });
    expect(weight[0]!.path).toEqual(['input', 'canary', 'steps', '0', 'weight']);
    const missing = await bad({ services: [{ name: 'web', image: TEST_IMAGES.web2 }] });
    expect(missing[0]!.path).toEqual(['input', 'canary']);
    // A plain deploy has no rollout to promote.
    const plain = await query(app.url, tenant.token, ScaleInstanceDocument, {
      input: { instanceId, service: 'worker', resources: { memoryMb: 64 }, wait: true },
    });
    const promoted = await query(app.url, tenant.token, EdgePromote, {
      input: { operationId: payload(plain.scaleInstance, 'ScaleInstancePayload').operation.id },
    });
    expect(promoted.promoteOperation.__typename).toBe('InvalidStateError');
  }, 60_000);

  it('blue-green: the preview answers from the new set while the route keeps the old; the switch drops nothing; the old set goes after its delay', async () => {
    const stable = await currentRelease();
    const d = await query(app.url, tenant.token, EdgeDeploy, {
      input: {
        instanceId,
        strategy: 'BLUE_GREEN',
        services: [{ name: 'web', image: TEST_IMAGES.web1 }],
        blueGreen: { scaleDownDelaySeconds: 4, analysis: { intervalSeconds: 1, minRequests: 1 } },
      },
    });
    const opId = payload(d.deployInstance, 'DeployInstancePayload').operation.id;
    const paused = await until('the preview', opId, (op) => op.rollout?.phase === 'PAUSED' && op.rollout.previewUrl);
    expect(paused.rollout).toMatchObject({ strategy: 'BLUE_GREEN', canaryWeight: 0 });
    const preview = rolloutOf(paused).previewUrl!;
    expect(rolloutOf(paused).newRelease, JSON.stringify(paused)).toBeTruthy();
    const newRelease = rolloutOf(paused).newRelease!.id;
    for (let i = 0; i < 20; i++) expect(await get(preview)).toEqual({ status: 200, body: 'web v1\n' });
    const route = await requests(60);
    expect(route.filter((a) => a.status !== 200 || a.body !== 'web v2\n')).toEqual([]);
    // The preview's requests were analysed as the new set's: counted, and timed from the edge's ring.
    await until('an analysis of the preview', opId, (op) =>
      rolloutOf(op).analysis.some((a) => a.passed && a.p99Ms !== null),
    );

    const load = startLoad(url, 8);
    await sleep(500);
    await query(app.url, tenant.token, EdgePromote, { input: { operationId: opId } });
    await until('the switch', opId, (op) => rolloutOf(op).canaryWeight === 100);
    const switchedAt = Date.now();
    // The old set is kept for its delay, for an instant way back.
    const kept = await webContainers();
    expect(kept.filter((c) => c.release === localIdOf(stable) && c.state === 'running')).toHaveLength(2);
    const done = await until('the end', opId, (op) => op.status !== 'RUNNING');
    const removedBy = Date.now();
    await sleep(500);
    const samples = await load.stop();
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    expect(rolloutOf(done).phase).toBe('SUCCEEDED');
    expect(removedBy - switchedAt).toBeGreaterThanOrEqual(3000);
    expect(failures(samples)).toEqual([]);
    expect(samples.filter((s) => s.start >= switchedAt + 500).every((s) => s.body === 'web v1\n')).toBe(true);
    expect(await currentRelease()).toBe(newRelease);
    expect((await webContainers()).map((c) => c.release)).toEqual([localIdOf(newRelease), localIdOf(newRelease)]);
    // The preview's host is gone from the edge.
    expect((await get(preview)).status).toBe(404);
  }, 120_000);

  it('a deprovision aborts a canary that holds a step, instead of waiting behind it', async () => {
    const opId = await deploy(TEST_IMAGES.web2, { steps: [{ weight: 50 }] });
    await until('the 50 % step', opId, (op) => op.rollout?.phase === 'PAUSED');
    const r = await query(app.url, tenant.token, EdgeDeprovision, { input: { instanceId, wait: true } });
    expect(payload(r.deprovisionInstance, 'DeprovisionInstancePayload').operation.status).toBe('SUCCEEDED');
    const canary = await operation(opId);
    expect(canary.status).toBe('CANCELED');
    expect(rolloutOf(canary).phase).toBe('ABORTED');
    expect(await webContainers()).toEqual([]);
  }, 90_000);
});
