/**
 * Canary releases from the CLI, as a user runs them (issue 23): `deploy
 * --strategy canary` follows the rollout and prints each change live (the
 * step's weight, every analysis run, the promotion, the end); `promote` from
 * another terminal moves it on and it exits 0 with the new release current;
 * a release that answers 500 aborts itself under load and the CLI ends on the
 * abort line with exit 1; `abort` ends a paused canary CANCELED. The real CLI
 * (subprocesses), a real server, the Docker Engine and HAProxy; the effect is
 * checked where it lands (the answers through the edge, currentRelease).
 * With WHEELHOUSE_PRINT_SESSION=1 the session is printed (docs/cli.md).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';
import {
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  failures,
  get,
  gql,
  HAPROXY,
  removeEdge,
  startEdgeApp,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
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

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-canary-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    const r = await gql(
      app,
      tenant.token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on Error { message } ... on ProvisionInstancePayload { instance { id } operation { status } } } }`,
      {
        input: {
          name: 'shop',
          provider: 'docker',
          wait: true,
          services: [
            { name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz', intervalSeconds: 1 } },
          ],
          routes: [{ service: 'web', port: 8080 }],
        },
      },
    );
    instanceId = r.provisionInstance.instance?.id;
    expect(r.provisionInstance.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const deadline = Date.now() + 15_000;
    for (;;) {
      const q = await gql(app, tenant.token, 'query($id: ID!) { instance(id: $id) { routes { url status } } }', {
        id: instanceId,
      });
      const route = q.instance.routes[0];
      if (route?.status === 'ACTIVE' && (await get(route.url).catch(() => ({ status: 0 }))).status === 200) {
        url = route.url;
        break;
      }
      if (Date.now() > deadline) throw new Error('the route never answered');
      await sleep(100);
    }
  }, 90_000);

  afterAll(async () => {
    if (!run) return;
    if (instanceId) {
      await gql(
        app,
        tenant.token,
        'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input) { __typename } }',
        { input: { instanceId, wait: true } },
      ).catch(() => undefined);
    }
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
      ['deploy', 'shop', `web=${TEST_IMAGES.web2}`, '--strategy', 'canary', '--steps', '50', '--interval', '1s'],
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
});
