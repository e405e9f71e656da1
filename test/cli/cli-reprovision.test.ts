/**
 * A failed first provision is not a dead end (issue 39 item 2): provision
 * with an image that does not exist (FAILED, IMAGE_NOT_FOUND, nothing on the
 * engine), then build it (here: tag a test image with its name), then `apply`
 * the same file: the deploy creates the containers, and the instance runs and
 * serves. A second instance, failed the same way, recovers by `restart`. The
 * real CLI (a subprocess), a real server and the Docker Engine.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

const hasDocker = await dockerOrSkip();

interface InstanceView {
  id: string;
  state: string;
  ready: boolean;
  message: string | null;
  endpoints: Array<{ url: string }>;
  currentRelease: { version: number } | null;
  operations: { edges: Array<{ node: { kind: string; status: string; error: { code: string } | null } }> };
}

describe.skipIf(!hasDocker)('an instance whose provision failed on a missing image recovers once it exists', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const run = Date.now().toString(36);
  // Built by no one until the test tags it: the provision can neither find nor pull it.
  const repo = `wheelhouse-test/reprovision-${run}`;
  const image = `${repo}:1`;
  const names = { applied: `reapply-${run}`, restarted: `restart-${run}` };
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  const ids = new Map<string, string>();

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });
  const spec = (name: string) => `name: ${name}
services:
  web:
    image: ${image}
    ports: [8080]
    healthCheck: { path: /healthz, port: 8080, intervalSeconds: 1 }
`;
  const view = async (name: string): Promise<InstanceView> => {
    const data = await gql(
      app,
      tenant.token,
      `query($name: String!) { instances(first: 1, filter: { name: $name }) { edges { node {
        id state ready message endpoints { url } currentRelease { version }
        operations(first: 10) { edges { node { kind status error { code } } } }
      } } } }`,
      { name },
    );
    const node = data.instances.edges[0]?.node as InstanceView | undefined;
    if (!node) throw new Error(`no instance ${name}`);
    return node;
  };
  /** The instance's containers on the engine, by its label. */
  const containers = async (name: string) =>
    docker.listContainers({ all: true, filters: { label: [`wheelhouse.instance=${localIdOf(ids.get(name)!)}`] } });

  beforeAll(async () => {
    app = await startDockerApp();
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-reprovision-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    // A name left by an earlier run would make the first provision succeed.
    await docker
      .getImage(image)
      .remove()
      .catch(() => undefined);
  });

  afterAll(async () => {
    if (!hasDocker) return;
    for (const id of ids.values()) {
      await gql(
        app,
        tenant.token,
        'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input) { __typename } }',
        { input: { instanceId: id, wait: true } },
      ).catch(() => undefined);
    }
    await app?.stop();
    // Untags only: the test image keeps its own name.
    await docker
      .getImage(image)
      .remove()
      .catch(() => undefined);
    for (const id of ids.values()) expect(await dockerLeftovers(docker, localIdOf(id))).toEqual([]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a provision with a missing image fails with IMAGE_NOT_FOUND and leaves nothing on the engine', async () => {
    for (const name of Object.values(names)) {
      await writeFile(join(dir, `${name}.yaml`), spec(name));
      const r = await cli(['apply', '-f', `${name}.yaml`, '--wait']);
      ids.set(name, (await view(name)).id);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toMatch(/operation \S+ PROVISION FAILED/);
      const failed = await view(name);
      expect(failed).toMatchObject({ state: 'FAILED', ready: false, currentRelease: null });
      expect(failed.operations.edges.map((e) => e.node)).toEqual([
        { kind: 'PROVISION', status: 'FAILED', error: { code: 'IMAGE_NOT_FOUND' } },
      ]);
      expect(await containers(name)).toEqual([]);
    }
  });

  it('once the image exists, apply of the same file deploys it again: the containers are created, it runs and serves', async () => {
    await docker.getImage(TEST_IMAGES.web1).tag({ repo, tag: '1' });
    const name = names.applied;
    const r = await cli(['apply', '-f', `${name}.yaml`, '--wait']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${name}: the instance is FAILED: deploy its 1 service(s) again`);
    expect(r.stdout).toContain(`~ web (image ${image})`);
    expect(r.stdout).toContain('the instance had no workload on its provider');
    expect(r.stdout).toMatch(/DEPLOY SUCCEEDED \(readiness READY\)/);

    const after = await view(name);
    expect(after).toMatchObject({ state: 'RUNNING', ready: true, message: null });
    expect(after.currentRelease?.version).toBe(2);
    expect(after.operations.edges.map((e) => e.node)).toEqual([
      { kind: 'DEPLOY', status: 'SUCCEEDED', error: null },
      { kind: 'PROVISION', status: 'FAILED', error: { code: 'IMAGE_NOT_FOUND' } },
    ]);
    const engine = await containers(name);
    expect(engine.map((c) => c.State)).toEqual(['running']);
    expect(engine[0]?.ImageID).toBe((await docker.getImage(TEST_IMAGES.web1).inspect()).Id);
    const url = after.endpoints[0]?.url;
    expect(url).toMatch(/^http:\/\//);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('web v1\n');
  });

  it('restart of the other failed instance creates its containers from its release: it runs and serves', async () => {
    const name = names.restarted;
    const r = await cli(['restart', name, '--wait']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/RESTART SUCCEEDED \(readiness READY\)/);

    const after = await view(name);
    expect(after).toMatchObject({ state: 'RUNNING', ready: true, message: null });
    // The failed provision's release is what now runs.
    expect(after.currentRelease?.version).toBe(1);
    const engine = await containers(name);
    expect(engine.map((c) => c.State)).toEqual(['running']);
    const answer = await fetch(after.endpoints[0]!.url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('web v1\n');
  });
});
