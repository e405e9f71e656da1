/**
 * A canary survives its Wheelhouse: SIGKILLed during a step's pause, the
 * edge keeps splitting requests (the weights are HAProxy's and in the edge's
 * files), and the next process re-claims the operation once its lease lapses,
 * goes on with the same pause (not a new one) and promotes. Wheelhouse runs as
 * a real process on Postgres; requests go through the real HAProxy.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgePaths, stopProcess } from '../../src/providers/docker/docker-edge-process.js';
import { localIdOf, query, TEST_BOOTSTRAP_TOKEN } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import {
  currentReleaseOf,
  EdgeDeploy,
  EdgeDeprovision,
  EdgeProvision,
  edgeLeftovers,
  failures,
  get,
  HAPROXY,
  payload,
  type RolloutOperation,
  rolloutOperation,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';
import { startWheelhouse, type WheelhouseProcess } from '../support/wheelhouse-process.js';

const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
const postgresUrl = process.env.WHEELHOUSE_TEST_POSTGRES_URL;
const run =
  (await dockerOrSkip()) &&
  !skipUnless('HAProxy', existsSync(HAPROXY)) &&
  !skipUnless('Postgres', Boolean(postgresUrl), '(WHEELHOUSE_TEST_POSTGRES_URL)');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Short, so the next process re-claims the operation soon after the kill. */
const LEASE = { WHEELHOUSE_OPERATION_LEASE_SECONDS: '3' };

describe.runIf(run)('a canary resumes after Wheelhouse is SIGKILLed', () => {
  let dir: string;
  let wh: WheelhouseProcess | undefined;
  let instanceId: string | undefined;
  let url: string;

  beforeAll(async () => {
    await ensureTestImages();
    dir = await mkdtemp(join(tmpdir(), 'wh-canary-resume-'));
    wh = await startWheelhouse(dir, postgresUrl!, LEASE);
    const r = await query(wh.api, TEST_BOOTSTRAP_TOKEN, EdgeProvision, {
      input: {
        name: `resume-${Date.now().toString(36)}`,
        provider: 'docker',
        wait: true,
        services: [
          { name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 } },
        ],
        routes: [{ service: 'web', port: 8080 }],
      },
    });
    const provisioned = payload(r.provisionInstance, 'ProvisionInstancePayload');
    expect(provisioned.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    instanceId = provisioned.instance.id;
    expect(provisioned.instance.routes).toHaveLength(1);
    url = provisioned.instance.routes[0]!.url;
    const deadline = Date.now() + 20_000;
    while ((await get(url).catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error('the route never answered');
      await sleep(100);
    }
  }, 180_000);

  afterAll(async () => {
    if (!run) return;
    if (instanceId && wh?.child.exitCode === null) {
      await query(wh.api, TEST_BOOTSTRAP_TOKEN, EdgeDeprovision, { input: { instanceId, wait: true } }).catch(
        () => undefined,
      );
    }
    if (wh?.child.exitCode === null) wh.child.kill('SIGKILL');
    await stopProcess(edgePaths(join(dir, 'edge')));
    expect(edgeLeftovers(dir)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  }, 90_000);

  function rollout(opId: string): Promise<RolloutOperation> {
    return rolloutOperation(wh!.api, TEST_BOOTSTRAP_TOKEN, opId);
  }

  it('SIGKILLed during a pause: the edge keeps the split, the next process finishes the same pause and promotes', async () => {
    const d = await query(wh!.api, TEST_BOOTSTRAP_TOKEN, EdgeDeploy, {
      input: {
        instanceId: instanceId!,
        strategy: 'CANARY',
        services: [{ name: 'web', image: TEST_IMAGES.web2 }],
        // Inconclusive intervals only (minRequests is out of reach): the pause decides, not the analysis.
        canary: { steps: [{ weight: 50, pauseSeconds: 12 }], analysis: { intervalSeconds: 1, minRequests: 100000 } },
      },
    });
    const opId = payload(d.deployInstance, 'DeployInstancePayload').operation.id;
    let paused: RolloutOperation;
    for (const deadline = Date.now() + 60_000; ; await sleep(150)) {
      paused = await rollout(opId);
      if (paused.rollout?.phase === 'PAUSED') break;
      if (Date.now() > deadline) throw new Error(`never paused: ${JSON.stringify(paused)}`);
    }
    const pauseStarted = paused.rollout?.steps[0]?.startedAt;
    const newRelease = paused.rollout?.newRelease?.id;
    expect(pauseStarted, JSON.stringify(paused)).toBeTruthy();
    expect(newRelease, JSON.stringify(paused)).toBeTruthy();

    const load = startLoad(url, 4);
    await sleep(500);
    const killed = wh!.child;
    const exited = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    await sleep(1500);
    // Nobody drives the rollout now: the edge still splits the requests it was told to.
    const whileDown = load.samples.filter((s) => s.start >= killedAt);
    expect(whileDown.some((s) => s.body === 'web v1\n')).toBe(true);
    expect(whileDown.some((s) => s.body === 'web v2\n')).toBe(true);

    wh = await startWheelhouse(dir, postgresUrl!, LEASE);
    let done: RolloutOperation;
    for (const deadline = Date.now() + 90_000; ; await sleep(200)) {
      done = await rollout(opId);
      if (done.status !== 'RUNNING') break;
      if (Date.now() > deadline) throw new Error(`never finished: ${JSON.stringify(done)}`);
    }
    const finishedAt = Date.now();
    await sleep(1000);
    const samples = await load.stop();
    expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(done.rollout?.phase).toBe('SUCCEEDED');
    // The same pause went on: its start is the one recorded before the kill, and it lasted its 12 s.
    const step = done.rollout?.steps[0];
    expect(step?.startedAt).toBe(pauseStarted);
    expect(step?.finishedAt, JSON.stringify(done)).toBeTruthy();
    expect(Date.parse(step!.finishedAt!) - Date.parse(pauseStarted!)).toBeGreaterThanOrEqual(12_000);
    expect(failures(samples)).toEqual([]);
    expect(samples.filter((s) => s.start >= finishedAt).every((s) => s.body === 'web v2\n')).toBe(true);
    expect(await currentReleaseOf(wh.api, TEST_BOOTSTRAP_TOKEN, instanceId!)).toBe(newRelease);
    const containers = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId!)}`] },
    });
    expect(containers.map((c) => c.Labels['wheelhouse.release'])).toEqual([localIdOf(newRelease!)]);
  }, 180_000);
});
