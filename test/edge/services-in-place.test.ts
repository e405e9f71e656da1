/**
 * Services added and removed in place (issue 39, item 3), as a user runs it:
 * `wheelhouse apply` of a file that adds a worker and leaves out a sidecar
 * creates the one and drains and removes the other while the web's route
 * answers every request, the web's container (its id, its host port)
 * untouched and the sidecar's volume kept; a rollback to the first release
 * brings the earlier set back; refusals name their field. The real CLI (a
 * subprocess), a real server, the Docker Engine and HAProxy.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  currentReleaseOf,
  type EdgeSession,
  endEdgeSession,
  failures,
  get,
  HAPROXY,
  startEdgeSession,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

const WEB = `  web:
    image: ${TEST_IMAGES.web1}
    ports: [{ container: 8080 }]
    healthCheck: { port: 8080, path: /healthz, intervalSeconds: 1 }
`;
const SIDECAR = `  sidecar:
    image: ${TEST_IMAGES.tool}
    role: SIDECAR
    volumes: [{ name: cache, mountPath: /cache }]
`;
const WORKER = `  worker:
    image: ${TEST_IMAGES.tool}
    role: SIDECAR
    dependsOn: [web]
    env: { QUEUE: jobs }
`;
const ROUTES = 'routes:\n  - { service: web, port: 8080 }\n';
const file = (...services: string[]) => `name: inplace\nservices:\n${services.join('')}${ROUTES}`;

interface Seen {
  id: string;
  state: string;
  hostPort: string | undefined;
}

describe.runIf(run)('services added and removed in place', () => {
  const docker = new Dockerode();
  let session: EdgeSession;
  let app: TestApp;
  let dir: string;
  let instanceId: string | undefined;
  let url: string;
  let firstRelease: string;
  let web: Seen;

  const cli = (args: string[]) => runCli(args, { cwd: dir, env: session.env });

  /** The containers of one service on the engine (all states), with the host port of 8080. */
  async function containers(service: string): Promise<Seen[]> {
    const list = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId!)}`, `wheelhouse.service=${service}`] },
    });
    return list.map((c) => ({
      id: c.Id,
      state: c.State,
      hostPort: c.Ports.find((p) => p.PrivatePort === 8080 && p.PublicPort)?.PublicPort?.toString(),
    }));
  }

  const volumes = async () =>
    (await docker.listVolumes({ filters: { label: [`wheelhouse.instance=${localIdOf(instanceId!)}`] } })).Volumes?.map(
      (v) => v.Name,
    ) ?? [];

  const serviceNames = async (): Promise<string[]> =>
    (
      await gql(app, session.token, 'query($id: ID!) { instance(id: $id) { services { name } } }', { id: instanceId })
    ).instance.services
      .map((s: { name: string }) => s.name)
      .sort();

  /** The kinds of the instance's operations, newest first. */
  const operationKinds = async (): Promise<string[]> =>
    (
      await gql(
        app,
        session.token,
        'query($id: ID!) { instance(id: $id) { operations(first: 20) { edges { node { kind } } } } }',
        { id: instanceId },
      )
    ).instance.operations.edges.map((e: { node: { kind: string } }) => e.node.kind);

  /** Runs `change` under 8 clients requesting through the route; returns what they saw. */
  async function underLoad<T>(change: () => Promise<T>): Promise<{ result: T; samples: ReturnType<typeof failures> }> {
    const load = startLoad(url, 8);
    await new Promise((r) => setTimeout(r, 300));
    const result = await change();
    await new Promise((r) => setTimeout(r, 1000));
    return { result, samples: await load.stop() };
  }

  beforeAll(async () => {
    // The supervisor runs, every second: it must keep the set a deploy made, not the one before.
    session = await startEdgeSession('wh-inplace-', { runSupervisor: true, supervisorIntervalSeconds: 1 });
    ({ app, dir } = session);
    await writeFile(join(dir, 'wheelhouse.yaml'), file(WEB, SIDECAR));
    const first = await cli(['apply', '-f', 'wheelhouse.yaml', '--wait']);
    instanceId = (
      await gql(
        app,
        session.token,
        'query { instances(first: 1, filter: { name: "inplace" }) { edges { node { id } } } }',
      )
    ).instances.edges[0]?.node.id;
    expect(first.code, first.stderr).toBe(0);
    url = /^route (http:\/\/\S+) → web:8080$/m.exec(first.stdout)?.[1] ?? '';
    expect(url).not.toBe('');
    const deadline = Date.now() + 15_000;
    while ((await get(url).catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error('the route never answered');
      await new Promise((r) => setTimeout(r, 100));
    }
    firstRelease = await currentReleaseOf(app.url, session.token, instanceId!);
    [web] = (await containers('web')) as [Seen];
    expect(web.hostPort).toMatch(/^\d+$/);
    expect((await containers('sidecar')).map((c) => c.state)).toEqual(['running']);
  }, 120_000);

  afterAll(async () => {
    if (!run || !session) return;
    await endEdgeSession({ ...session, instanceId, deleteVolumes: true });
  }, 60_000);

  it('apply adds the worker and removes the sidecar in place; the route answers every request meanwhile', async () => {
    await writeFile(join(dir, 'wheelhouse.yaml'), file(WEB, WORKER));
    const volumesBefore = await volumes();
    expect(volumesBefore).toHaveLength(1);
    const { result, samples } = await underLoad(() => cli(['apply', '-f', 'wheelhouse.yaml', '--wait']));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('inplace: add 1, remove 1 in place (the other services keep running)\n');
    expect(result.stdout).toContain(`  + service worker (image ${TEST_IMAGES.tool})\n`);
    expect(result.stdout).toContain('  - service sidecar (drained and removed; its volumes are kept)\n');
    expect(samples.length).toBeGreaterThan(20);
    expect(failures(samples)).toEqual([]);
    // Where the change landed: the engine, and the instance's desired services.
    expect((await containers('worker')).map((c) => c.state)).toEqual(['running']);
    expect(await containers('sidecar')).toEqual([]);
    expect(await containers('web')).toEqual([web]);
    expect(await volumes()).toEqual(volumesBefore);
    expect(await serviceNames()).toEqual(['web', 'worker']);
    // Rounds of the supervisor later, the set is still the deploy's: nothing recreated or removed, nothing queued.
    await new Promise((r) => setTimeout(r, 3500));
    expect((await containers('worker')).map((c) => c.state)).toEqual(['running']);
    expect(await containers('sidecar')).toEqual([]);
    expect(await containers('web')).toEqual([web]);
    expect(await operationKinds()).toEqual(['DEPLOY', 'PROVISION']);
    // The file and the instance agree now: nothing is left to do.
    const again = await cli(['apply', '-f', 'wheelhouse.yaml']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('inplace: up to date, nothing to do');
  }, 180_000);

  it('a rollback to the first release brings the sidecar back (its volume too) and removes the worker', async () => {
    const { result, samples } = await underLoad(() =>
      gql(
        app,
        session.token,
        `mutation($input: RollbackInstanceInput!) { rollbackInstance(input: $input) {
          __typename ... on RollbackInstancePayload { operation { status } } ... on Error { message } } }`,
        { input: { instanceId, releaseId: firstRelease, wait: true } },
      ),
    );
    expect(result.rollbackInstance.operation?.status, JSON.stringify(result)).toBe('SUCCEEDED');
    expect(failures(samples)).toEqual([]);
    expect((await containers('sidecar')).map((c) => c.state)).toEqual(['running']);
    expect(await containers('worker')).toEqual([]);
    expect(await containers('web')).toEqual([web]);
    expect(await serviceNames()).toEqual(['sidecar', 'web']);
    const [sidecar] = await containers('sidecar');
    const mounts = (await docker.getContainer(sidecar!.id).inspect()).Mounts.map((m) => m.Name);
    expect(mounts).toEqual(await volumes());
  }, 180_000);

  it("apply changes a service's volumes and secrets in place: that service's container is replaced, the web's is not", async () => {
    await gql(app, session.token, 'mutation($input: PutSecretInput!) { putSecret(input: $input) { __typename } }', {
      input: { key: 'inplace-token', value: 's3cret-inplace' },
    });
    const sidecar = `  sidecar:
    image: ${TEST_IMAGES.tool}
    role: SIDECAR
    volumes: [{ name: cache, mountPath: /cache }, { name: logs, mountPath: /logs }]
    secrets: [{ key: inplace-token, envName: TOKEN }]
`;
    await writeFile(join(dir, 'wheelhouse.yaml'), file(WEB, sidecar));
    const [before] = await containers('sidecar');
    const { result, samples } = await underLoad(() => cli(['apply', '-f', 'wheelhouse.yaml', '--wait']));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`  ~ sidecar: secrets, volumes (image ${TEST_IMAGES.tool})\n`);
    expect(result.stdout).not.toContain('s3cret-inplace');
    expect(failures(samples)).toEqual([]);
    const [after] = await containers('sidecar');
    expect(after!.id).not.toBe(before!.id);
    const info = await docker.getContainer(after!.id).inspect();
    expect(info.Mounts.map((m) => m.Destination).sort()).toEqual(['/cache', '/logs']);
    expect(info.Config.Env).toContain('TOKEN=s3cret-inplace');
    expect(await containers('web')).toEqual([web]);
    const again = await cli(['apply', '-f', 'wheelhouse.yaml']);
    expect(again.stdout).toContain('inplace: up to date, nothing to do');
  }, 180_000);

  it('refuses, by field, what would break the set: a routed service, a dependency, a clash, a cycle, a canary', async () => {
    const deploy = async (input: Record<string, unknown>) =>
      (
        await gql(
          app,
          session.token,
          `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) {
            __typename ... on ValidationError { fieldErrors { path message } } } }`,
          { input: { instanceId, services: [], ...input } },
        )
      ).deployInstance;
    const tool = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      image: TEST_IMAGES.tool,
      role: 'SIDECAR',
      ...extra,
    });

    const routed = await deploy({ removeServices: ['web'] });
    expect(routed.__typename).toBe('ValidationError');
    expect(routed.fieldErrors[0].path).toEqual(['input', 'removeServices', '0']);
    expect(routed.fieldErrors[0].message).toContain(`route ${url} reaches service web: remove the route first`);

    const depended = await deploy({
      addServices: [tool('reader', { dependsOn: ['sidecar'] })],
      removeServices: ['sidecar'],
    });
    expect(depended.fieldErrors).toEqual([
      { path: ['input', 'removeServices', '0'], message: 'service reader depends on sidecar: remove or change it too' },
      { path: ['input', 'addServices', '0', 'dependsOn', '0'], message: 'unknown service sidecar' },
    ]);

    const clash = await deploy({ addServices: [tool('sidecar')] });
    expect(clash.fieldErrors).toEqual([
      {
        path: ['input', 'addServices', '0', 'name'],
        message: 'the instance already has a service "sidecar": deploy it instead',
      },
    ]);

    const cycle = await deploy({ addServices: [tool('a', { dependsOn: ['b'] }), tool('b', { dependsOn: ['a'] })] });
    expect(cycle.fieldErrors).toEqual([
      { path: ['input', 'addServices', '0', 'dependsOn'], message: 'dependency cycle: a → b → a' },
    ]);

    const unknown = await deploy({ removeServices: ['nope'] });
    expect(unknown.fieldErrors).toEqual([
      { path: ['input', 'removeServices', '0'], message: 'the instance has no service "nope"' },
    ]);

    const canary = await deploy({
      addServices: [tool('late')],
      strategy: 'CANARY',
      canary: { steps: [{ weight: 50 }] },
    });
    expect(canary.fieldErrors).toContainEqual({
      path: ['input', 'strategy'],
      message: 'services are added or removed by ROLLING or RECREATE: deploy the change first',
    });
    // Nothing refused changed the instance.
    expect(await serviceNames()).toEqual(['sidecar', 'web']);
  }, 60_000);
});
