/**
 * Release commands on the real Docker Engine (issue 35): a deploy whose
 * release command exits 1 fails RELEASE_COMMAND_FAILED with the command's
 * last lines, and the running release is untouched (the same containers, and
 * none of the new release ever created); one that succeeds ran in the new
 * release's image before it started, and what it wrote to the service's
 * volume is there for the new release.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { provisionInstance, removeInstance } from './jobs-support.js';

const hasDocker = await dockerOrSkip();

const DEPLOY = `mutation D($input: DeployInstanceInput!) { deployInstance(input: $input) {
  __typename
  ... on DeployInstancePayload {
    instance { id currentRelease { id version } }
    operation { id status release { id version } error { code message } job { id status exitCode error command } }
  }
  ... on ValidationError { message fieldErrors { path message } }
  ... on Error { message }
} }`;

describe.skipIf(!hasDocker)('release commands on the real Docker Engine', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  let app: TestApp;
  let tenant: TestTenant;
  let instanceId: string;
  /** The test images' ids, as the engine lists a container's image. */
  const ids = { web1: '', web2: '' };

  const deploy = async (releaseCommand: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (
      await gql(app, tenant.token, DEPLOY, {
        input: {
          instanceId,
          services: [{ name: 'web', image: TEST_IMAGES.web2 }],
          releaseCommand,
          wait: true,
          ...extra,
        },
      })
    ).deployInstance;
  /** Every container of the instance on the engine: its id, image and release label. */
  const containers = async () =>
    (await docker.listContainers({ all: true, filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`] } }))
      .map((c) => ({
        id: c.Id,
        image: c.ImageID,
        release: c.Labels['wheelhouse.release'],
        job: c.Labels['wheelhouse.job'],
      }))
      .sort((a, b) => a.id.localeCompare(b.id));

  beforeAll(async () => {
    app = await startDockerApp({ executor: { leaseMs: 3_000, pollMs: 100 } });
    tenant = await app.newTenant();
    ids.web1 = (await docker.getImage(TEST_IMAGES.web1).inspect()).Id;
    ids.web2 = (await docker.getImage(TEST_IMAGES.web2).inspect()).Id;
    instanceId = await provisionInstance(app, tenant.token, {
      name: `release-${Date.now().toString(36)}`,
      services: [
        {
          name: 'web',
          image: TEST_IMAGES.web1,
          ports: [{ container: 8080 }],
          volumes: [{ name: 'data', mountPath: '/data' }],
          resources: { replicas: 2 },
        },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    if (instanceId) await removeInstance(app, tenant.token, instanceId);
    await app?.stop();
  });

  it('a release command that exits 1 fails the deploy RELEASE_COMMAND_FAILED; the running release is untouched', async () => {
    const before = await containers();
    expect(before).toHaveLength(2);
    const r = await deploy({
      service: 'web',
      command: ['sh', '-c', 'echo migrating; echo "no such table" >&2; exit 1'],
    });
    expect(r.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    const op = r.operation;
    expect(op.status).toBe('FAILED');
    expect(op.error.code).toBe('RELEASE_COMMAND_FAILED');
    expect(op.error.message).toMatch(/^the release command exited with code 1; last lines: /);
    expect(op.error.message).toContain('migrating');
    expect(op.error.message).toContain('no such table');
    expect(op.job).toMatchObject({ status: 'FAILED', exitCode: 1, command: ['sh', '-c', expect.any(String)] });
    // The same containers (ids), still of the old image, and none of the new release, nor the job's, exists.
    const after = await containers();
    expect(after).toEqual(before);
    expect(after.every((c) => c.image === ids.web1)).toBe(true);
    expect(after.some((c) => c.release === localIdOf(op.release.id))).toBe(false);
    // The instance keeps its release and its old spec.
    const inst = await gql(
      app,
      tenant.token,
      'query($id: ID!) { instance(id: $id) { state currentRelease { id } services { name image } } }',
      { id: instanceId },
    );
    expect(inst.instance.services[0].image).toBe(TEST_IMAGES.web1);
    expect(inst.instance.currentRelease.id).not.toBe(op.release.id);
    expect(inst.instance.state).toBe('RUNNING');
  }, 90_000);

  it('a release command that succeeds runs in the new image first; the new release sees what it wrote to the volume', async () => {
    const r = await deploy({
      service: 'web',
      command: ['sh', '-c', 'cat /www/index.html > /data/migrated; ls /data; echo done'],
      timeoutSeconds: 60,
    });
    expect(r.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    expect(r.operation.status, JSON.stringify(r.operation.error)).toBe('SUCCEEDED');
    expect(r.operation.job).toMatchObject({ status: 'SUCCEEDED', exitCode: 0 });
    expect(r.instance.currentRelease.id).toBe(r.operation.release.id);
    const now = await containers();
    expect(now.filter((c) => c.job)).toEqual([]);
    expect(now.every((c) => c.image === ids.web2)).toBe(true);
    // Read inside the new release's replica: the file the command wrote, with the new image's content.
    const exec = await gql(
      app,
      tenant.token,
      `mutation($input: ExecInstanceInput!) { execInstance(input: $input) {
        __typename ... on ExecInstancePayload { exitCode stdout stderr } ... on Error { message } } }`,
      { input: { instanceId, service: 'web', command: ['cat', '/data/migrated'] } },
    );
    expect(exec.execInstance).toMatchObject({ exitCode: 0, stdout: 'web v2\n' });
  }, 90_000);

  it('`releaseCommand:` in wheelhouse.yaml runs with the deploy `apply` sends', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wh-release-'));
    const name = `rc-apply-${Date.now().toString(36)}`;
    const env = {
      WHEELHOUSE_URL: app.url,
      WHEELHOUSE_TOKEN: tenant.token,
      WHEELHOUSE_CONFIG: join(dir, 'config.json'),
    };
    const file = join(dir, 'wheelhouse.yaml');
    const spec = (image: string, command: string) =>
      `name: ${name}\nservices:\n  web:\n    image: ${image}\n    volumes: [{ name: data, mountPath: /data }]\n` +
      `releaseCommand:\n  service: web\n  command: ${JSON.stringify(command)}\n  timeoutSeconds: 60\n`;
    const apply = (image: string, command: string) =>
      writeFile(file, spec(image, command)).then(() => runCli(['apply', '-f', file, '--wait'], { cwd: dir, env }));
    let id: string | undefined;
    try {
      // The first apply provisions: nothing runs before it (a provision has no release command).
      expect((await apply(TEST_IMAGES.web1, 'exit 1')).code).toBe(0);
      const listed = await gql(
        app,
        tenant.token,
        'query($n: String!) { instances(first: 1, filter: { name: $n }) { edges { node { id } } } }',
        { n: name },
      );
      id = listed.instances.edges[0].node.id as string;
      const failed = await apply(TEST_IMAGES.web2, 'echo refusing; exit 1');
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout + failed.stderr).toMatch(/RELEASE_COMMAND_FAILED|release command exited with code 1/);
      const ok = await apply(TEST_IMAGES.web2, 'cat /www/index.html > /data/applied');
      expect(ok.code, ok.stdout + ok.stderr).toBe(0);
      const exec = await gql(
        app,
        tenant.token,
        `mutation($input: ExecInstanceInput!) { execInstance(input: $input) {
          __typename ... on ExecInstancePayload { exitCode stdout } ... on Error { message } } }`,
        { input: { instanceId: id, service: 'web', command: ['cat', '/data/applied'] } },
      );
      expect(exec.execInstance).toMatchObject({ exitCode: 0, stdout: 'web v2\n' });
    } finally {
      if (id) await removeInstance(app, tenant.token, id);
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('bad release commands are typed errors by field', async () => {
    const fields = async (rc: Record<string, unknown>) => {
      const r = await deploy(rc);
      expect(r.__typename, JSON.stringify(r)).toBe('ValidationError');
      return r.fieldErrors.map((f: { path: string[] }) => f.path.join('.'));
    };
    expect(await fields({ service: 'web', command: [] })).toEqual(['input.releaseCommand.command']);
    expect(await fields({ service: 'web', command: ['true'], timeoutSeconds: 0 })).toEqual([
      'input.releaseCommand.timeoutSeconds',
    ]);
    expect(await fields({ service: 'nope', command: ['true'] })).toEqual(['input.releaseCommand.service']);
  });
});
