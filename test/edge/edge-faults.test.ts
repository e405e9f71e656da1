/**
 * Faults under load through the Docker edge, with Wheelhouse as a real
 * process (src/main.ts on Postgres, the supervisor on): a replica removed by
 * hand (`docker rm -f`) costs at most 0.5 % of requests and none once the
 * edge has taken it out, and the supervisor re-creates it behind the route; the Wheelhouse process SIGKILLed and another
 * started costs none (HAProxy runs detached), and the new process deploys
 * through the edge it adopted.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgePaths, stopProcess } from '../../src/providers/docker/docker-edge-process.js';
import { parseShowStat, runtimeCommand } from '../../src/providers/docker/docker-edge-runtime.js';
import { localIdOf, query, TEST_BOOTSTRAP_TOKEN } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import {
  EdgeDeploy,
  EdgeDeprovision,
  EdgeProvision,
  edgeLeftovers,
  failures,
  get,
  HAPROXY,
  payload,
  type Sample,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';
import { startWheelhouse as startWheelhouse_, type WheelhouseProcess } from '../support/wheelhouse-process.js';

const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
const postgresUrl = process.env.WHEELHOUSE_TEST_POSTGRES_URL;
const run =
  (await dockerOrSkip()) &&
  !skipUnless('HAProxy', existsSync(HAPROXY)) &&
  !skipUnless('Postgres', Boolean(postgresUrl), '(WHEELHOUSE_TEST_POSTGRES_URL)');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value (30 s at most). */
async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.runIf(run)('the edge under faults', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let instanceId: string | undefined;
  let url: string;

  let wh: WheelhouseProcess | undefined;

  async function startWheelhouse(): Promise<void> {
    wh = await startWheelhouse_(dir, postgresUrl!);
    child = wh.child;
  }

  /** The running process's API, as the bootstrap token (typed documents). */
  const api = <R, V>(document: TypedDocumentNode<R, V>, variables: V): Promise<R> =>
    query(wh!.api, TEST_BOOTSTRAP_TOKEN, document, variables);

  async function running(): Promise<string[]> {
    const list = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId!)}`], status: ['running'] },
    });
    return list.map((c) => c.Id);
  }

  beforeAll(async () => {
    await ensureTestImages();
    dir = await mkdtemp(join(tmpdir(), 'wh-edge-faults-'));
    await startWheelhouse();
    const r = await api(EdgeProvision, {
      input: {
        name: `faults-${Date.now().toString(36)}`,
        provider: 'docker',
        wait: true,
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            resources: { replicas: 2 },
            healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 },
          },
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
    if (instanceId && child?.exitCode === null) {
      await api(EdgeDeprovision, { input: { instanceId, wait: true } }).catch(() => undefined);
    }
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await stopProcess(edgePaths(join(dir, 'edge')));
    expect(edgeLeftovers(dir)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  }, 90_000);

  it('a replica removed by hand: at most 0.5 % fail, none once the edge has taken it out or after its re-creation', async () => {
    const load = startLoad(url, 8);
    await sleep(1000);
    const before = await running();
    expect(before).toHaveLength(2);
    const victim = before[0];
    await docker.getContainer(victim!).remove({ force: true });
    const removedAt = Date.now();
    // The supervisor re-creates it (an engine event wakes it), and the new replica joins the route once ready.
    const admin = join(dir, 'edge', 'admin.sock');
    const recreated = await until('the replacement to serve', async () => {
      const ids = await running();
      const fresh = ids.find((id) => !before.includes(id));
      if (ids.length < 2 || !fresh) return undefined;
      const state = await runtimeCommand(admin, 'show servers state').catch(() => '');
      return state.includes(` c${fresh.slice(0, 12)} `) ? { id: fresh, at: Date.now() } : undefined;
    });
    await sleep(2000);
    const samples = await load.stop();
    const failed = failures(samples);
    expect(samples.length).toBeGreaterThan(200);
    expect(failed.length / samples.length).toBeLessThanOrEqual(0.005);
    // Health checks (every 500 ms, down after 2) and layer-4 observation take the dead replica out within 2 s.
    expect(failed.filter((s: Sample) => s.start >= removedAt + 2000)).toEqual([]);
    expect(failed.filter((s: Sample) => s.start >= recreated.at)).toEqual([]);
    // The re-created replica answers requests through the edge (its server's session count grew).
    const stats = parseShowStat(await runtimeCommand(admin, 'show stat'));
    expect(stats.find((s) => s.server === `c${recreated.id.slice(0, 12)}`)?.stot ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it('Wheelhouse SIGKILLed under load: no request fails, and the next process deploys through the edge', async () => {
    const load = startLoad(url, 8);
    await sleep(1000);
    const killed = child!;
    const exited = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await exited;
    await sleep(1500);
    // HAProxy outlived it: requests are still answered while no Wheelhouse runs.
    const whileDown = load.samples.length;
    await startWheelhouse();
    const r = await api(EdgeDeploy, {
      input: { instanceId: instanceId!, wait: true, services: [{ name: 'web', image: TEST_IMAGES.web2 }] },
    });
    expect(payload(r.deployInstance, 'DeployInstancePayload').operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const endedAt = Date.now();
    await sleep(2800);
    const samples = await load.stop();
    expect(whileDown).toBeGreaterThan(50);
    expect(failures(samples).slice(0, 5)).toEqual([]);
    const late = samples.filter((s) => s.start >= endedAt + 2000);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((s) => s.body !== 'web v2\n').slice(0, 3)).toEqual([]);
  }, 180_000);
});
