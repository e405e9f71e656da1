/**
 * Canary releases from the CLI, as a user runs them (issue 23): `deploy
 * --strategy canary` follows the rollout and prints each change live (the
 * step's weight, every analysis run, the promotion, the end); `promote` from
 * another terminal moves it on and it exits 0 with the new release current;
 * a release that answers 500 aborts itself under load and the CLI ends on the
 * abort line with exit 1; `abort` ends a paused canary CANCELED. A blue-green
 * deploy shows its preview URL in `status`; the preview answers the new release
 * while the route answers the old; `promote` switches the route, and `abort`
 * leaves it on the old release with the new containers gone. The real CLI
 * (subprocesses), a real server, the Docker Engine and HAProxy; the effect is
 * checked where it lands (the answers through the edge, currentRelease).
 * With WHEELHOUSE_PRINT_SESSION=1 the session is printed (docs/cli.md).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';
import {
  deprovision,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  failures,
  get,
  HAPROXY,
  otherWebImage,
  provisionRouted,
  removeEdge,
  startEdgeApp,
  startLoad,
  waitServed,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(run)('wheelhouse deploy --strategy canary, promote and abort through the Docker edge', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string;
  let url: string;

  const cli = (args: string[], onStdout?: (soFar: string) => void) => runCli(args, { cwd: dir, env, onStdout });

  /** Resolves once the running command has printed a line matching `pattern` (what a user watching sees). */
  const printed = (pattern: RegExp) => {
    let seen: (() => void) | undefined;
    let output = '';
    const shown = new Promise<void>((res, rej) => {
      seen = res;
      // Fails with what was printed instead of hanging until the test's timeout.
      setTimeout(() => rej(new Error(`never printed ${pattern}:\n${output}`)), 30_000).unref();
    });
    shown.catch(() => undefined);
    return {
      shown,
      watch: (soFar: string) => {
        output = soFar;
        if (pattern.test(soFar)) seen?.();
      },
    };
  };

  const instance = async () =>
    (
      await gql(app, tenant.token, 'query($id: ID!) { instance(id: $id) { currentRelease { version } } }', {
        id: instanceId,
      })
    ).instance;

  /** The instance's latest operation and its rollout, once `ok` holds (polled through the API). */
  const latestOperation = async (what: string, ok: (op: any) => boolean): Promise<any> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await gql(
        app,
        tenant.token,
        `query($id: ID!) { instance(id: $id) { currentRelease { id } operations(first: 1) { edges { node {
          id status rollout { phase canaryWeight previewUrl newRelease { id } } } } } } }`,
        { id: instanceId },
      );
      const op = r.instance.operations.edges[0]?.node;
      if (op && ok(op)) return op;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(op)}`);
      await sleep(200);
    }
  };

  /** The web containers on the engine (any state), with the release each carries: where a set lands. */
  const webReleases = async (): Promise<string[]> => {
    const list = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=web'] },
    });
    return list.map((c) => c.Labels['wheelhouse.release'] ?? '').sort();
  };

  /** GETs `target` through the edge until it answers `status` (and `body`, when given): the edge takes a change within a round. */
  const answers = async (target: string, status: number, body?: string): Promise<{ status: number; body: string }> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await get(target).catch(() => ({ status: 0, body: '' }));
      if ((res.status === status && (body === undefined || res.body === body)) || Date.now() > deadline) return res;
      await sleep(100);
    }
  };

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-canary-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    instanceId = await provisionRouted(app, tenant.token);
    url = await waitServed(app, tenant.token, instanceId);
  }, 90_000);

  afterAll(async () => {
    if (!run) return;
    await deprovision(app, tenant.token, instanceId);
    await app?.stop();
    if (provider) await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
    if (instanceId) expect(await dockerLeftovers(undefined, localIdOf(instanceId))).toEqual([]);
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('a canary without --pause prints its step and analysis runs live, holds until `promote`, then succeeds (exit 0)', async () => {
    const load = startLoad(url, 2);
    const step = printed(/^ {2}step 1\/1: 50% of requests to the new release, paused until promoted$/m);
    const analysed = printed(/^ {2}analysis passed: \d+ requests, 0\.0% 5xx \(within 5\.0%\)$/m);
    const deploying = cli(
      // One request makes a run conclusive: on a loaded machine two clients may bring fewer than the default 20
      // in a 1 s interval, and `status` would then show an inconclusive last run.
      [
        'deploy',
        'shop',
        `web=${TEST_IMAGES.web2}`,
        '--strategy',
        'canary',
        '--steps',
        '50',
        '--interval',
        '1s',
        '--min-requests',
        '1',
      ],
      (soFar) => {
        step.watch(soFar);
        analysed.watch(soFar);
      },
    );
    await Promise.race([step.shown, deploying]);
    await Promise.race([analysed.shown, deploying]);

    // While it holds: status shows the rollout; both releases answer through the route.
    const status = await cli(['status', 'shop']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(
      /^rollout: {3}CANARY PAUSED v1 → v2: 50% to v2 \(step 1\/1, paused until promoted\), operation \S+$/m,
    );
    expect(status.stdout).toMatch(/^analysis: {2}passed: \d+ requests, 0\.0% 5xx \(within 5\.0%\) at \S+$/m);
    // The services table shows what serves (the release v1's image) and what is being rolled out, not the new
    // image under v1.
    expect(status.stdout).toMatch(/^release: {3}v1 /m);
    expect(status.stdout).toMatch(new RegExp(`^web +\\S+ +${TEST_IMAGES.web1} → ${TEST_IMAGES.web2} +`, 'm'));

    const promote = await cli(['promote', 'shop']);
    expect(promote.code, promote.stderr).toBe(0);
    expect(promote.stdout).toMatch(/^shop: promotion requested: 100% \(canary at 50%\)$/m);

    const done = await deploying;
    const samples = await load.stop();
    expect(done.code, done.stdout + done.stderr).toBe(0);
    const lines = done.stdout.split('\n');
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    const order = [
      /^operation \S+ DEPLOY QUEUED$/,
      /^ {2}canary of web: 50% → 100%$/,
      /^ {2}step 1\/1: 50% of requests to the new release, paused until promoted$/,
      /^ {2}analysis passed: /,
      /^ {2}promotion to the next step requested$/,
      /^ {2}promoted: next step$/,
      /^ {2}promoting: 100% of requests$/,
      /^ {2}the new release serves every request$/,
      /^operation \S+ DEPLOY SUCCEEDED/,
    ].map(at);
    expect(
      order.every((i) => i >= 0),
      done.stdout,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect((await instance()).currentRelease.version).toBe(2);
    expect(await get(url)).toEqual({ status: 200, body: 'web v2\n' });
    expect(failures(samples)).toEqual([]);
    expect(samples.some((s) => s.body === 'web v1\n') && samples.some((s) => s.body === 'web v2\n')).toBe(true);
  }, 60_000);

  it('a release that answers 500 aborts itself under load: the CLI ends on the abort line, exit 1', async () => {
    const load = startLoad(url, 4);
    const done = await cli([
      'deploy',
      'shop',
      `web=${TEST_IMAGES.web500}`,
      '--strategy',
      'canary',
      '--steps',
      '50',
      '--pause',
      '60s',
      '--interval',
      '2s',
      '--min-requests',
      '5',
    ]);
    await load.stop();
    expect(done.code, done.stdout + done.stderr).toBe(1);
    expect(done.stdout).toMatch(/^ {2}step 1\/1: 50% of requests to the new release, for 60s$/m);
    expect(done.stdout).toMatch(/^ {2}analysis FAILED: \d+ requests, 100\.0% 5xx \(above maxErrorRate 5\.0%\)$/m);
    expect(done.stdout).toMatch(/^ {2}aborted: \d+\/\d+ 5xx \(100\.0%\), above maxErrorRate 5\.0%$/m);
    expect(done.stdout).not.toMatch(/promot/);
    expect(done.stderr).toMatch(/^error: operation \S+ DEPLOY FAILED: ANALYSIS_FAILED: .+\n$/);
    expect((await instance()).currentRelease.version).toBe(2);
    expect(await get(url)).toEqual({ status: 200, body: 'web v2\n' });
  }, 60_000);

  it('`abort` ends a paused canary CANCELED (exit 1 for the deploy); with none running, promote and abort say so', async () => {
    const step = printed(/^ {2}step 1\/1: 50% of requests to the new release, for 60s$/m);
    const deploying = cli(
      ['deploy', 'shop', `web=${TEST_IMAGES.web1}`, '--strategy', 'canary', '--steps', '50', '--pause', '60s'],
      step.watch,
    );
    await Promise.race([step.shown, deploying]);
    const abort = await cli(['abort', 'shop']);
    expect(abort.code, abort.stderr).toBe(0);
    expect(abort.stdout).toMatch(/^shop: abort requested: every request back to v2 \(canary at 50%\)$/m);
    const done = await deploying;
    expect(done.code, done.stdout + done.stderr).toBe(1);
    expect(done.stdout).toMatch(/^ {2}aborted: canceled$/m);
    expect(done.stderr).toMatch(/^error: operation \S+ DEPLOY CANCELED/);
    expect((await instance()).currentRelease.version).toBe(2);
    expect(await get(url)).toEqual({ status: 200, body: 'web v2\n' });

    const verbs = ['promote', 'abort'];
    const nones = await Promise.all(verbs.map((verb) => cli([verb, 'shop'])));
    expect(nones.map((r) => [r.code, r.stderr])).toEqual(
      verbs.map((verb) => [1, `error: shop has no rollout running (nothing to ${verb})\n`]),
    );
  }, 60_000);

  it('a bad flag is one line and exit 2 (the rest in canary-flags.test.ts); blue-green is sent as BLUE_GREEN and aborts like a canary', async () => {
    const usage = await cli([
      'deploy',
      'shop',
      `web=${TEST_IMAGES.web2}`,
      '--strategy',
      'canary',
      '--steps',
      '50',
      '--pause',
      '30',
    ]);
    expect(usage.code, usage.stderr).toBe(2);
    expect(usage.stderr.split('\n')[0]).toBe('error: --pause: "30" is not a duration like 30s, 2m or 1h');
    const blueGreen = await cli(['deploy', 'shop', `web=${TEST_IMAGES.web1}`, '--strategy', 'blue-green', '--no-wait']);
    expect(blueGreen.code, blueGreen.stderr).toBe(0);
    const abort = await cli(['abort', 'shop', '--wait']);
    expect(abort.code).toBe(1);
    expect(abort.stderr).toMatch(/DEPLOY CANCELED/);
    expect((await instance()).currentRelease.version).toBe(2);
  }, 60_000);

  it('blue-green: `status` shows the preview, which answers the new release while the route keeps the old; `abort` keeps the old and removes the new containers', async () => {
    const stable = (await instance()).currentRelease.version;
    const { image, oldBody, newBody } = await otherWebImage(url);
    const deployed = await cli(['deploy', 'shop', `web=${image}`, '--strategy', 'blue-green', '--no-wait']);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stdout).toMatch(/^operation \S+ DEPLOY QUEUED$/m);
    const paused = await latestOperation(
      'the preview',
      (op) => op.rollout?.phase === 'PAUSED' && op.rollout.previewUrl,
    );

    const status = await cli(['status', 'shop']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(
      new RegExp(
        `^rollout: {3}BLUE_GREEN PAUSED v${stable} → v(\\d+): 0% to v\\1 \\(step 1/1, paused until promoted\\), operation ${paused.id}$`,
        'm',
      ),
    );
    const preview = /^preview: {3}(\S+)$/m.exec(status.stdout)?.[1];
    expect(preview).toBe(paused.rollout.previewUrl);
    expect(preview).toMatch(/^http:\/\/preview-[^/]+\.localhost:\d+\/$/);
    // Through the edge: the preview's host answers the new release, the route's host the old one.
    expect(await get(preview!)).toEqual({ status: 200, body: newBody });
    expect(await get(url)).toEqual({ status: 200, body: oldBody });
    const fresh = localIdOf(paused.rollout.newRelease.id);
    expect((await webReleases()).filter((r) => r === fresh)).toHaveLength(1);

    const abort = await cli(['abort', 'shop']);
    expect(abort.code, abort.stderr).toBe(0);
    expect(abort.stdout).toBe(
      `shop: abort requested: every request back to v${stable} (blue-green: the new release at its preview only)\n` +
        `operation ${paused.id} DEPLOY RUNNING\n`,
    );
    const ended = await latestOperation('the abort', (op) => op.id === paused.id && op.status !== 'RUNNING');
    expect(ended).toMatchObject({ status: 'CANCELED', rollout: { phase: 'ABORTED', canaryWeight: 0 } });
    expect((await instance()).currentRelease.version).toBe(stable);
    const after = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    expect(after).toEqual(Array.from({ length: 10 }, () => ({ status: 200, body: oldBody })));
    // The new set is gone from the engine; the old one is all that runs.
    const engine = await webReleases();
    expect(engine).not.toContain(fresh);
    expect(engine).toHaveLength(1);
    expect((await answers(preview!, 404)).status).toBe(404);
  }, 60_000);

  it('blue-green: `promote` switches the route from the old release to the new one at once', async () => {
    const stable = (await instance()).currentRelease.version;
    const { image, oldBody, newBody } = await otherWebImage(url);
    const deployed = await cli(['deploy', 'shop', `web=${image}`, '--strategy', 'blue-green', '--no-wait']);
    expect(deployed.code, deployed.stderr).toBe(0);
    const paused = await latestOperation(
      'the preview',
      (op) => op.rollout?.phase === 'PAUSED' && op.rollout.previewUrl,
    );
    expect(await get(paused.rollout.previewUrl)).toEqual({ status: 200, body: newBody });
    expect(await get(url)).toEqual({ status: 200, body: oldBody });

    const promote = await cli(['promote', 'shop']);
    expect(promote.code, promote.stderr).toBe(0);
    expect(promote.stdout).toBe(
      'shop: promotion requested: 100% (blue-green: the new release at its preview only)\n' +
        `operation ${paused.id} DEPLOY RUNNING\n`,
    );
    await latestOperation('the switch', (op) => op.id === paused.id && op.rollout.canaryWeight === 100);
    expect(await answers(url, 200, newBody)).toEqual({ status: 200, body: newBody });
    const after = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    expect(after).toEqual(Array.from({ length: 10 }, () => ({ status: 200, body: newBody })));
    const status = await cli(['status', 'shop']);
    expect(status.stdout).toMatch(
      new RegExp(`^rollout: {3}BLUE_GREEN PROMOTING v${stable} → v(\\d+): 100% to v\\1 .*operation ${paused.id}$`, 'm'),
    );
    // The preview host went with the switch: status no longer offers it.
    expect(status.stdout).not.toMatch(/^preview:/m);
    expect((await answers(paused.rollout.previewUrl, 404)).status).toBe(404);
    // The old set is kept for its delay (30 s by default), for an instant way back.
    expect(new Set(await webReleases()).size).toBe(2);
  }, 60_000);
});
