/**
 * `wheelhouse deploy --from DIR` end to end, as a user runs it (issue 33):
 * the real CLI (a subprocess) against a real server whose BUILD worker runs
 * on a fake of OUR builder engine (it builds what it was handed: the
 * uploaded context). The CLI prints the build's log live (every line once,
 * even when its socket is cut mid-build), the build's outcome, then the
 * deploy it queued; a failing build exits 1 with its error on one line and
 * leaves the running release alone. Effects are checked where they land:
 * the context the builder got, the service's image after the deploy.
 * With WHEELHOUSE_PRINT_SESSION=1 the session is printed (docs/builds.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { Registry } from '../../src/providers/registry.js';
import { recordServerSockets } from '../client/client-support.js';
import { gql, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { FakeProvider } from '../support/fake-provider.js';
import { fakeBuilder } from './fake-builder.js';

describe('wheelhouse deploy --from: the build live, then its deploy', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  const builder = fakeBuilder();

  beforeAll(async () => {
    const registry = new Registry();
    registry.register('fake', new FakeProvider({ engines: { builder: builder.engine } }));
    t = await startTestApp({ registry, executor: { pollMs: 50 } });
    tenant = await t.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-build-live-'));
    env = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  });
  afterAll(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const cli = (args: string[], onStdout?: (soFar: string) => void) => runCli(args, { cwd: dir, env, onStdout });

  const provision = async (name: string) => {
    await gql(
      t,
      tenant.token,
      `mutation($name: String!) { provisionInstance(input: { name: $name, provider: "fake", wait: true,
         services: [{ name: "web", image: "wheelhouse-test/web:1" }] }) { __typename } }`,
      { name },
    );
  };
  const webImage = async (name: string) => {
    const r = await gql(
      t,
      tenant.token,
      'query($n: String!) { instances(filter: { name: $n }) { edges { node { services { name image } currentRelease { version } } } } }',
      { n: name },
    );
    const node = r.instances.edges[0].node;
    return {
      image: node.services.find((s: { name: string }) => s.name === 'web').image as string,
      release: node.currentRelease?.version as number,
    };
  };
  const context = async (name: string, files: Record<string, string>) => {
    const at = join(dir, name);
    await mkdir(at, { recursive: true });
    for (const [file, content] of Object.entries(files)) await writeFile(join(at, file), content);
    return `./${name}`;
  };

  it('prints the build log live and in order, the build, then follows the deploy to a new release with that image', async () => {
    await provision('shop');
    const app = await context('app', {
      Dockerfile: 'FROM busybox\nCOPY . /www\n',
      'index.html': '<h1>v2</h1>',
      'notes.md': 'left home',
      '.dockerignore': '*.md\n',
    });
    const r = await cli(['deploy', 'shop', '--from', app]);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    // The builder got the context as .dockerignore shaped it.
    const got = builder.requests.at(-1);
    expect(Object.keys(got?.files ?? {}).sort()).toEqual(['.dockerignore', 'Dockerfile', 'index.html']);
    const lines = r.stdout.split('\n');
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    const steps = ['FROM busybox', 'COPY .dockerignore', 'COPY Dockerfile', 'COPY index.html', 'RUN make'];
    const positions = steps.map((s, i) => at(new RegExp(`#${i + 1} \\[${i + 1}/5\\] ${s}$`)));
    expect(
      positions.every((p) => p >= 0),
      r.stdout,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const built = at(/^build \S+ SUCCEEDED: image \S+ \(sha256:[0-9a-f]+\), 5 steps \(0 cached\)/);
    const deployed = at(/^operation \S+ DEPLOY SUCCEEDED/);
    expect(built).toBeGreaterThan(positions.at(-1) as number);
    expect(deployed).toBeGreaterThan(built);
    const image = /^build \S+ SUCCEEDED: image (\S+)/m.exec(r.stdout)?.[1];
    expect(await webImage('shop')).toEqual({ image, release: 2 });

    // The same context again: every step from the cache, and `builds` says so.
    const again = await cli(['deploy', 'shop', '--from', app]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^build \S+ SUCCEEDED: image \S+ \(sha256:[0-9a-f]+\), 5 steps \(5 cached\)/m);
    const list = await cli(['builds', 'shop']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/web\s+SUCCEEDED\s+archive sha256:[0-9a-f]{12}\s+5 \(5 cached\)/);
    expect(list.stdout).toMatch(/web\s+SUCCEEDED\s+archive sha256:[0-9a-f]{12}\s+5 \(0 cached\)/);
  });

  it('a failing build exits 1 with its error on one line, and the running release is untouched', async () => {
    await provision('broken');
    const before = await webImage('broken');
    const app = await context('bad', {
      Dockerfile: 'FROM busybox\nRUN make\n',
      FAIL: "main.c:3:14: error: expected ';' before 'return'\n",
    });
    const r = await cli(['deploy', 'broken', '--from', app]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("#3 ERROR: main.c:3:14: error: expected ';' before 'return'");
    const error = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(error).toHaveLength(1);
    expect(error[0]).toMatch(/^error: build \S+ FAILED: .*step 3.*expected ';' before 'return'/);
    expect(await webImage('broken')).toEqual(before);

    // `build logs` reads the same lines back afterwards, and exits 1 for the failed build.
    const id = /^error: build (\S+) FAILED/.exec(error[0] as string)?.[1] as string;
    const logs = await cli(['build', 'logs', id]);
    expect(logs.code).toBe(1);
    expect(logs.stdout).toContain("#3 ERROR: main.c:3:14: error: expected ';' before 'return'");
  });

  it('a socket cut mid-build is resumed from the last line: every line printed once', async () => {
    await provision('cut');
    const files: Record<string, string> = { Dockerfile: 'FROM busybox\n' };
    for (let i = 0; i < 12; i++) files[`f${String(i).padStart(2, '0')}.txt`] = `file ${i}`;
    const app = await context('many', files);
    builder.pauseMs = 150;
    const sockets: WebSocket[] = [];
    const stop = recordServerSockets(sockets);
    let cut = false;
    try {
      const r = await cli(['deploy', 'cut', '--from', app], (soFar) => {
        // Once the build has printed its third step, the server drops every socket it holds.
        if (!cut && /#3 \[3\/15\]/.test(soFar)) {
          cut = true;
          for (const s of sockets) s.terminate();
        }
      });
      expect(cut).toBe(true);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toContain('(build log: connection lost, resuming from the last line)');
      for (let i = 1; i <= 15; i++) {
        const seen = r.stdout.split('\n').filter((l) => l.includes(`#${i} [${i}/15]`));
        expect(seen, `step ${i}`).toHaveLength(1);
      }
      expect(r.stdout).toMatch(/^build \S+ SUCCEEDED/m);
    } finally {
      stop();
      builder.pauseMs = 0;
    }
  });

  it('apply: a service with build: uploads its context with the provision, then plans it as a build', async () => {
    await context('site', { Dockerfile: 'FROM busybox\n', 'page.html': '<p>site</p>' });
    await writeFile(
      join(dir, 'wheelhouse.yaml'),
      'name: site\nprovider: fake\nservices:\n  web:\n    build: { context: ./site }\n  cache:\n    image: wheelhouse-test/cache:1\n    role: SIDECAR\n',
    );
    const first = await cli(['apply', '-f', 'wheelhouse.yaml', '--wait']);
    expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
    expect(first.stdout).toContain('site: provision (web=build ./site, cache=wheelhouse-test/cache:1)');
    expect(first.stderr).toMatch(/context web \(.*site\): 2 files/);
    // The build ran ahead of the provision: its log is printed live, before the provision's progress.
    const log = first.stdout.indexOf('#3 [3/4] COPY page.html');
    expect(log).toBeGreaterThan(0);
    expect(first.stdout.indexOf('PROVISION SUCCEEDED')).toBeGreaterThan(log);
    expect(Object.keys(builder.requests.at(-1)?.files ?? {}).sort()).toEqual(['Dockerfile', 'page.html']);
    const { image } = await webImage('site');
    expect(image).toMatch(/\/site\/web:/);

    const second = await cli(['apply', '-f', 'wheelhouse.yaml', '--wait']);
    expect(second.code, `${second.stdout}\n${second.stderr}`).toBe(0);
    expect(second.stdout).toContain('site: deploy 1 service(s)');
    expect(second.stdout).toContain('~ web: build (build ./site)');
    expect(second.stdout).toMatch(/^build \S+ SUCCEEDED: .*4 steps \(4 cached\)/m);
  });
});

describe('wheelhouse deploy --git: a commit of a local repository (WHEELHOUSE_GIT_ALLOW_LOCAL)', () => {
  let t: TestApp;
  let dir: string;
  let env: Record<string, string>;
  const builder = fakeBuilder();

  beforeAll(async () => {
    const registry = new Registry();
    registry.register('fake', new FakeProvider({ engines: { builder: builder.engine } }));
    t = await startTestApp({
      registry,
      executor: { pollMs: 50 },
      config: {
        builds: {
          builder: undefined,
          registry: undefined,
          concurrency: 2,
          gitAllowLocal: true,
          archiveMaxBytes: 10 * 1024 * 1024,
        },
      },
    });
    const tenant = await t.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-build-git-'));
    env = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    await gql(
      t,
      tenant.token,
      `mutation { provisionInstance(input: { name: "gitshop", provider: "fake", wait: true,
         services: [{ name: "web", image: "wheelhouse-test/web:1" }] }) { __typename } }`,
    );
  });
  afterAll(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('builds the commit the ref names, records its sha, from the context path inside the repository', async () => {
    // A real repository (Debian's git) with two commits on main; the build must take the second.
    const work = join(dir, 'work');
    await mkdir(join(work, 'app'), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: work })
        .toString()
        .trim();
    git('init', '-q', '-b', 'main');
    await writeFile(join(work, 'app', 'Dockerfile'), 'FROM busybox\n');
    await writeFile(join(work, 'app', 'page.html'), 'one');
    await writeFile(join(work, 'README'), 'outside the context');
    git('add', '.');
    git('commit', '-q', '-m', 'one');
    await writeFile(join(work, 'app', 'page.html'), 'two');
    git('commit', '-q', '-am', 'two');
    const sha = git('rev-parse', 'main');
    execFileSync('git', ['clone', '-q', '--bare', work, join(dir, 'repo.git')]);

    const r = await runCli(['deploy', 'gitshop', '--git', `file://${dir}/repo.git#main`, '--context-path', 'app'], {
      cwd: dir,
      env,
    });
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(builder.requests.at(-1)?.files).toEqual({ Dockerfile: 'FROM busybox\n', 'page.html': 'two' });
    const id = /^build (\S+) SUCCEEDED/m.exec(r.stdout)?.[1];
    const b = await gql(
      t,
      env.WHEELHOUSE_TOKEN as string,
      'query($id: ID!) { node(id: $id) { ... on Build { source { kind ref commit } release { version } } } }',
      { id },
    );
    expect(b.node).toEqual({ source: { kind: 'GIT', ref: 'main', commit: sha }, release: { version: 2 } });
    const list = await runCli(['builds', 'gitshop'], { cwd: dir, env });
    expect(list.stdout).toContain(`#main @ ${sha.slice(0, 12)}`);
  });
});
