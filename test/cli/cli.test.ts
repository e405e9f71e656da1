import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Dockerode from 'dockerode';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, localIdOf, type TestApp, type TestTenant, tenantRowCounts } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

const BIN = resolve(import.meta.dirname, '../../bin/wheelhouse');
const hasDocker = await dockerOrSkip();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the CLI as a subprocess, as a user would, with its own config file. */
function startCli(args: string[], env: Record<string, string>, input?: string): ChildProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end(input ?? '');
  return child;
}

function finished(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

const InstanceQuery = parse(`
  query CliTestInstance($name: String!) {
    instances(first: 1, filter: { name: $name }) { edges { node {
      id state ready
      services { name image status { providerRef } }
      currentRelease { version rolledBackFrom { version } }
      operations(first: 20) { edges { node { kind status } } }
    } } }
  }
`);

interface InstanceView {
  id: string;
  state: string;
  ready: boolean;
  services: Array<{ name: string; image: string; status: { providerRef: string | null } }>;
  currentRelease: { version: number; rolledBackFrom: { version: number } | null } | null;
  operations: { edges: Array<{ node: { kind: string; status: string } }> };
}

describe.skipIf(!hasDocker)('wheelhouse CLI against a real server and engine', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let specPath: string;
  let instanceId: string | undefined;
  let destroyed = false;
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const name = `cli-${Date.now().toString(36)}`;

  const cli = (args: string[], input?: string) => finished(startCli(args, env, input));
  const spec = (webImage: string) => `# a two-service app
name: ${name}
services:
  web:
    image: ${webImage}
    ports: [8080]
    healthCheck: { path: /healthz, port: 8080 }
  ticker:
    image: ${TEST_IMAGES.tool}
    role: SIDECAR
    command: [sh, -c, "i=0; while true; do i=$((i+1)); echo tick $i; sleep 0.5; done"]
`;
  const view = async (): Promise<InstanceView | undefined> => {
    const r = await execute<{ instances: { edges: Array<{ node: InstanceView }> } }, { name: string }>(
      app.url,
      tenant.token,
      InstanceQuery,
      { name },
    );
    expect(r.errors).toBeUndefined();
    return r.data?.instances.edges[0]?.node;
  };

  beforeAll(async () => {
    app = await startDockerApp();
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wheelhouse-cli-'));
    env = { WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    specPath = join(dir, 'wheelhouse.yaml');
  });

  afterAll(async () => {
    // A failed step must not leave containers behind.
    if (instanceId && !destroyed) await cli(['destroy', name, '--wait']);
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('login checks the token, stores it with mode 0600, and whoami uses it', async () => {
    const bad = await cli(['login', '--url', app.url], 'whk_not-a-token');
    expect(bad.code).toBe(3);

    const login = await cli(['login', '--url', app.url.replace(/\/graphql$/, '')], `${tenant.token}\n`);
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`tenant ${tenant.tenantName}`);
    expect((await stat(env.WHEELHOUSE_CONFIG!)).mode & 0o777).toBe(0o600);

    const whoami = await cli(['whoami', '--json']);
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ tenant: { name: tenant.tenantName } });
  });

  it('refuses bad input with the file and line, exit 2, and sends nothing', async () => {
    const before = await tenantRowCounts(app.database.db, tenant.tenantId);
    // A dead server: had the CLI tried to send anything, it would exit 4, not 2.
    const deadEnv = { ...env, WHEELHOUSE_URL: 'http://127.0.0.1:9/graphql' };
    const run = (args: string[]) => finished(startCli(args, deadEnv));

    const missing = await run(['apply', '-f', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${join(dir, 'nope.yaml')}: no such file`);

    const badYaml = join(dir, 'bad.yaml');
    await writeFile(badYaml, `name: ${name}\nservices:\n  web:\n    image: a: b\n`);
    const syntax = await run(['apply', '-f', badYaml]);
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toContain(`${badYaml}:4: invalid YAML`);

    const unknownKey = join(dir, 'unknown.yaml');
    await writeFile(unknownKey, `name: ${name}\nservices:\n  web:\n    image: a\n    replica: 2\n`);
    const unknown = await run(['apply', '-f', unknownKey]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`${unknownKey}:5: services.web.replica: unknown key`);

    expect(await tenantRowCounts(app.database.db, tenant.tenantId)).toEqual(before);
  });

  it('apply --wait provisions a two-service app and prints its progress', async () => {
    await writeFile(specPath, spec(TEST_IMAGES.web1));
    const r = await cli(['apply', '-f', specPath, '--wait']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${name}: provision (web=${TEST_IMAGES.web1}, ticker=${TEST_IMAGES.tool})`);
    expect(r.stdout).toMatch(/step wait for readiness SUCCEEDED/);
    expect(r.stdout).toMatch(/instance .*running/);
    expect(r.stdout).toMatch(/PROVISION SUCCEEDED \(readiness READY\)/);
    // The plan is printed before the operation starts.
    expect(r.stdout.indexOf('provision (')).toBeLessThan(r.stdout.indexOf('operation '));

    const instance = await view();
    instanceId = instance?.id;
    expect(instance).toMatchObject({ state: 'RUNNING', ready: true });
    expect(instance?.operations.edges.map((e) => e.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
  });

  it('apply of an unchanged file starts no operation', async () => {
    const r = await cli(['apply', '-f', specPath, '--wait']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${name}: up to date, nothing to do`);
    expect((await view())?.operations.edges).toHaveLength(1);
  });

  it('apply of a changed image deploys that service only; the other container is untouched', async () => {
    const before = await view();
    const ticker = before?.services.find((s) => s.name === 'ticker')?.status.providerRef;
    expect(ticker).toBeTruthy();
    const tickerStarted = (await docker.getContainer(ticker!).inspect()).State.StartedAt;

    await writeFile(specPath, spec(TEST_IMAGES.web2));
    const r = await cli(['apply', '-f', specPath, '--wait']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${name}: deploy 1 service(s)`);
    expect(r.stdout).toContain('~ web: image');
    expect(r.stdout).not.toContain('~ ticker');

    const after = await view();
    expect(after?.operations.edges.map((e) => e.node.kind)).toEqual(['DEPLOY', 'PROVISION']);
    expect(after?.services.find((s) => s.name === 'web')?.image).toBe(TEST_IMAGES.web2);
    expect(after?.services.find((s) => s.name === 'ticker')?.status.providerRef).toBe(ticker);
    const inspected = await docker.getContainer(ticker!).inspect();
    expect(inspected.State.Running).toBe(true);
    expect(inspected.State.StartedAt).toBe(tickerStarted);
  });

  it('logs -f prints lines as they come and ends cleanly on SIGINT', async () => {
    const child = startCli(['logs', name, '--service', 'ticker', '-f', '--tail', '2'], env);
    const done = finished(child);
    let seen = '';
    await new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no log lines: ${seen}`)), 30_000);
      child.stdout?.on('data', (d) => {
        seen += String(d);
        // Two lines beyond the tail: the stream is live, not only the backlog.
        if ((seen.match(/tick \d+/g) ?? []).length >= 4) {
          clearTimeout(timer);
          res();
        }
      });
    });
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(seen).toMatch(/ticker tick \d+\n/);
  });

  it('rollback returns to the previous release as a new one', async () => {
    const r = await cli(['rollback', name, '--wait']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${name}: rollback from v2 to v1`);
    expect(r.stdout).toMatch(/ROLLBACK SUCCEEDED/);
    const after = await view();
    expect(after?.services.find((s) => s.name === 'web')?.image).toBe(TEST_IMAGES.web1);
    expect(after?.currentRelease).toEqual({ version: 3, rolledBackFrom: { version: 1 } });
  });

  it('a deploy that fails exits 1 with the reason', async () => {
    const r = await cli(['deploy', name, `web=${TEST_IMAGES.missing}`, '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: operation \S+ DEPLOY FAILED/m);
    expect(r.stderr).toContain(TEST_IMAGES.missing);
  });

  it('Ctrl-C while waiting leaves the operation running and says so', async () => {
    const child = startCli(['restart', name, '--wait'], env);
    const done = finished(child);
    let seen = '';
    await new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no operation line: ${seen}`)), 30_000);
      child.stdout?.on('data', (d) => {
        seen += String(d);
        if (/operation \S+ RESTART/.test(seen)) {
          clearTimeout(timer);
          res();
        }
      });
    });
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stdout).toMatch(/interrupted: operation \S+ \(RESTART\) keeps running on the server/);
    // The server finishes it without the CLI.
    await expect
      .poll(async () => (await view())?.operations.edges[0]?.node, { timeout: 60_000, interval: 500 })
      .toEqual({ kind: 'RESTART', status: 'SUCCEEDED' });
  });

  it('destroy removes everything from the engine', async () => {
    const r = await cli(['destroy', name, '--wait']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/DEPROVISION SUCCEEDED/);
    destroyed = true;
    expect(await view()).toBeUndefined();
    expect(await dockerLeftovers(docker, localIdOf(instanceId!))).toEqual([]);
  });
});
