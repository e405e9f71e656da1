/**
 * Routes from the CLI, as a user runs them (issue 22): `apply` of a
 * wheelhouse.yaml with `routes:` provisions and prints a url that answers
 * through HAProxy; `routes ls` shows it ACTIVE; a second `apply` adds and
 * removes exactly the routes that differ; `routes add` names the bad field in
 * one line; `routes rm` takes a route off the edge. The real CLI (a
 * subprocess), a real server, the Docker Engine and HAProxy.
 * With WHEELHOUSE_PRINT_SESSION=1 the session is printed (docs/cli.md).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';
import { edgeDataDir, edgeLeftovers, edgeProvider, get, HAPROXY, removeEdge, startEdgeApp } from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

interface LiveRoute {
  id: string;
  host: string;
  pathPrefix: string;
  url: string;
  status: string;
}

/** The file: one web service and the routes given (YAML lines under `routes:`). */
const spec = (routes: string) => `name: rt
services:
  web:
    image: ${TEST_IMAGES.web1}
    healthCheck: { port: 8080, path: /healthz, intervalSeconds: 1 }
routes:
${routes}`;

describe.runIf(run)('wheelhouse routes and apply with routes: through the Docker edge', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string | undefined;
  /** The generated route's url, printed by the first apply. */
  let url: string;
  /** The edge's HTTP port (every route's url carries it). */
  let edgePort: string;

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });

  /** The instance's routes, as the API has them (where `apply` and `routes` land). */
  const liveRoutes = async (): Promise<LiveRoute[]> =>
    (
      await gql(
        app,
        tenant.token,
        'query($id: ID!) { instance(id: $id) { routes { id host pathPrefix url status } } }',
        {
          id: instanceId,
        },
      )
    ).instance.routes;

  /** GETs through the edge until `ok` holds for the answer (the edge takes a change within a round). */
  const answer = async (target: string, ok: (r: { status: number; body: string }) => boolean) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const r = await get(target).catch((err: Error) => ({ status: 0, body: err.message }));
      if (ok(r) || Date.now() > deadline) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const on = (host: string) => `http://${host}:${edgePort}/`;

  beforeAll(async () => {
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-routes-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  }, 60_000);

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

  it('apply provisions the routes of the file; the printed url answers through HAProxy; routes ls shows it ACTIVE', async () => {
    await writeFile(
      join(dir, 'wheelhouse.yaml'),
      spec('  - { service: web, port: 8080 }\n  - { service: web, port: 8080, host: old.rt.test }\n'),
    );
    const first = await cli(['apply', '-f', 'wheelhouse.yaml', '--wait']);
    // Known before any assertion, so afterAll deprovisions it whatever fails.
    instanceId = (
      await gql(app, tenant.token, 'query { instances(first: 1, filter: { name: "rt" }) { edges { node { id } } } }')
    ).instances.edges[0]?.node.id;
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('  + route web:8080\n');
    expect(first.stdout).toContain('  + route web:8080 on old.rt.test/\n');
    const printed = /^route (http:\/\/web-rt-[a-z0-9-]+\.localhost:(\d+)\/) → web:8080$/m.exec(first.stdout);
    expect(printed, first.stdout).not.toBeNull();
    url = printed![1]!;
    edgePort = printed![2]!;

    expect(await answer(url, (r) => r.status === 200)).toEqual({ status: 200, body: 'web v1\n' });
    expect(await answer(on('old.rt.test'), (r) => r.status === 200)).toEqual({ status: 200, body: 'web v1\n' });

    // The edge driver records what it made of each route; ls shows both ACTIVE.
    let ls = await cli(['routes', 'ls', '--instance', 'rt']);
    for (let i = 0; i < 50 && (ls.stdout.match(/ ACTIVE /g) ?? []).length < 2; i++) {
      await new Promise((res) => setTimeout(res, 200));
      ls = await cli(['routes', 'ls', '--instance', 'rt']);
    }
    expect(ls.code, ls.stderr).toBe(0);
    const lines = ls.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^URL\s+INSTANCE\s+SERVICE\s+HOST\s+PATH\s+TLS\s+STATUS\s+ID$/);
    expect(lines.find((l) => l.startsWith(url))).toMatch(
      /\s+rt\s+web:8080\s+web-rt-\S+ \(generated\)\s+\/\s+-\s+ACTIVE\s+\S+$/,
    );
    expect(lines.find((l) => l.startsWith(on('old.rt.test')))).toMatch(/\s+old\.rt\.test\s+\/\s+-\s+ACTIVE\s/);

    const json = await cli(['--json', 'routes', 'ls']);
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as Array<{ url: string; status: string; instance: { name: string } }>;
    expect(listed.map((r) => r.url).sort()).toEqual([url, on('old.rt.test')].sort());
  }, 90_000);

  it('a second apply adds and removes exactly the routes that differ (dry-run first changes nothing)', async () => {
    const before = await liveRoutes();
    const kept = before.find((r) => r.url === url)!;
    await writeFile(
      join(dir, 'wheelhouse.yaml'),
      spec('  - { service: web, port: 8080 }\n  - { service: web, port: 8080, host: new.rt.test }\n'),
    );
    const dry = await cli(['apply', '-f', 'wheelhouse.yaml', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      `rt: change 2 route(s)\n  - route web:8080 ${on('old.rt.test')}\n  + route web:8080 on new.rt.test/\n`,
    );
    expect((await liveRoutes()).map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());

    const second = await cli(['apply', '-f', 'wheelhouse.yaml']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`route removed: ${on('old.rt.test')}\n`);
    expect(second.stdout).toContain(`route added: ${on('new.rt.test')} → web:8080\n`);
    const after = await liveRoutes();
    // The generated route was left alone (same id, same url); old went, new came.
    expect(after.map((r) => [r.id === kept.id ? 'kept' : r.host, r.url]).sort()).toEqual(
      [
        ['kept', url],
        ['new.rt.test', on('new.rt.test')],
      ].sort(),
    );
    expect(await answer(on('new.rt.test'), (r) => r.status === 200)).toEqual({ status: 200, body: 'web v1\n' });
    expect(await answer(on('old.rt.test'), (r) => r.status === 404)).toEqual({
      status: 404,
      body: 'no route for this host',
    });
    expect(await get(url)).toEqual({ status: 200, body: 'web v1\n' });

    const again = await cli(['apply', '-f', 'wheelhouse.yaml']);
    expect(again.stdout).toBe('rt: up to date, nothing to do\n');
  }, 60_000);

  it('routes add names a bad field in one line (exit 2), prints the url of a good one; routes rm takes it off the edge', async () => {
    const badPort = await cli(['routes', 'add', 'rt', '--service', 'web', '--port', '70000']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toBe('error: --port: must be a port number, 1 to 65535\n');
    const badService = await cli(['routes', 'add', 'rt', '--service', 'nope', '--port', '8080']);
    expect(badService.code).toBe(2);
    expect(badService.stderr).toBe('error: --service: the instance has no long-running service nope\n');
    const noInstance = await cli(['routes', 'add', 'nope', '--service', 'web', '--port', '8080']);
    expect(noInstance.code).toBe(1);
    expect(noInstance.stderr.trim().split('\n')).toHaveLength(1);
    expect((await liveRoutes()).length).toBe(2);

    const added = await cli(['routes', 'add', 'rt', '--service', 'web', '--port', '8080', '--host', 'added.rt.test']);
    expect(added.code, added.stderr).toBe(0);
    const [printedUrl, detail] = added.stdout.trim().split('\n');
    expect(printedUrl).toBe(on('added.rt.test'));
    expect(await answer(printedUrl!, (r) => r.status === 200)).toEqual({ status: 200, body: 'web v1\n' });
    const route = (await liveRoutes()).find((r) => r.host === 'added.rt.test')!;
    expect(detail).toContain(`route ${route.id}: rt web:8080`);

    const removed = await cli(['routes', 'rm', route.id]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe(`removed ${route.id}\n`);
    expect((await liveRoutes()).some((r) => r.host === 'added.rt.test')).toBe(false);
    expect(await answer(printedUrl!, (r) => r.status === 404)).toEqual({ status: 404, body: 'no route for this host' });
    const gone = await cli(['routes', 'rm', route.id]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe('error: NotFoundError: route not found\n');
  }, 60_000);
});
