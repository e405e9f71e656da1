/**
 * `wheelhouse apply` reads services written as the API's own list of
 * `{ name, … }` (env as `{ name, value }` pairs, labels as `{ key, value }`)
 * as well as today's map keyed by name: the same plan, the same instance, and
 * line-numbered errors for both shapes. Through the real CLI, a real server
 * and the Docker Engine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestTenant, tenantRowCounts } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';

const BIN = resolve(import.meta.dirname, '../../bin/wheelhouse');
const hasDocker = await dockerOrSkip();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

describe.skipIf(!hasDocker)('apply with services as a list', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const name = `list-${Date.now().toString(36)}`;
  let applied = false;

  const listSpec = `# services as the API's list
name: ${name}
labels:
  - { key: team, value: platform }
services:
  - name: web
    image: ${TEST_IMAGES.web1}
    ports: [8080]
    env:
      - name: GREETING
        value: hello-${name}
`;
  const mapSpec = `# the same app, services keyed by name
name: ${name}
labels: { team: platform }
services:
  web:
    image: ${TEST_IMAGES.web1}
    ports: [8080]
    env: { GREETING: hello-${name} }
`;

  beforeAll(async () => {
    app = await startDockerApp();
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wheelhouse-cli-list-'));
    env = { WHEELHOUSE_CONFIG: join(dir, 'config.json'), WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token };
  });
  afterAll(async () => {
    if (applied) await run(['destroy', name, '--wait'], env);
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('refuses a bad list-shaped file with the file, line and path, exit 2, and sends nothing', async () => {
    const before = await tenantRowCounts(app.database.db, tenant.tenantId);
    const bad = join(dir, 'bad.yaml');
    await writeFile(
      bad,
      `name: ${name}\nservices:\n  - name: web\n    image: a\n    replica: 2\n  - image: b\n  - name: Bad_Name\n    image: c\n`,
    );
    const r = await run(['apply', '-f', bad], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:5: services.0.replica: unknown key`);
    expect(r.stderr).toContain(`${bad}:6: services.1.name: a service needs a name`);
    expect(r.stderr).toContain(`${bad}:7: services.2.name: a service name must be DNS-safe`);

    const twice = join(dir, 'twice.yaml');
    await writeFile(twice, `name: ${name}\nservices:\n  - name: web\n    image: a\n  - name: web\n    image: b\n`);
    const dup = await run(['apply', '-f', twice], env);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain(`${twice}:5: services.1.name: "web" is named twice`);
    expect(await tenantRowCounts(app.database.db, tenant.tenantId)).toEqual(before);
  });

  it('apply --dry-run prints the provision plan of a list-shaped file and sends nothing', async () => {
    const before = await tenantRowCounts(app.database.db, tenant.tenantId);
    const file = join(dir, 'wheelhouse.yaml');
    await writeFile(file, listSpec);
    const r = await run(['apply', '-f', file, '--dry-run'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${name}: provision (web=${TEST_IMAGES.web1})`);
    expect(await tenantRowCounts(app.database.db, tenant.tenantId)).toEqual(before);
  });

  it('apply --wait provisions it: the env pair reaches the container; the map form is then up to date', async () => {
    const file = join(dir, 'wheelhouse.yaml');
    await writeFile(file, listSpec);
    const r = await run(['apply', '-f', file, '--wait'], env);
    applied = true;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/PROVISION SUCCEEDED/);

    const containers = await docker.listContainers({ filters: { label: ['wheelhouse.managed=true'] } });
    const envs = await Promise.all(containers.map(async (c) => (await docker.getContainer(c.Id).inspect()).Config.Env));
    expect(envs.some((e) => e?.includes(`GREETING=hello-${name}`))).toBe(true);

    const mapFile = join(dir, 'map.yaml');
    await writeFile(mapFile, mapSpec);
    const same = await run(['apply', '-f', mapFile, '--wait'], env);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain(`${name}: up to date, nothing to do`);
  });
});
