/**
 * A tag rebuilt in place (issue 39 item 9): `docker build -t team/web:1 .`
 * again, then `wheelhouse apply` of the unchanged file. The file says the
 * same thing, but the tag names another image now: `Instance.imageUpdates`
 * (read live from the Docker Engine) says so, and `apply` rolls the new image
 * out instead of answering "up to date". The real CLI (a subprocess), a real
 * server and the Docker Engine; the effect is checked on the engine.
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

const hasDocker = await dockerOrSkip();

describe.skipIf(!hasDocker)('apply after a tag was rebuilt in place', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const run = Date.now().toString(36);
  const repo = `wheelhouse-test/rebuilt-${run}`;
  const image = `${repo}:1`;
  const name = `rebuilt-${run}`;
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string;

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });
  /** Points the tag at `source`'s image, as a `docker build -t` of the same name does. */
  const tagAs = (source: string) => docker.getImage(source).tag({ repo, tag: '1' });
  const imageUpdates = async () =>
    (
      await gql(
        app,
        tenant.token,
        'query($id: ID!) { instance(id: $id) { imageUpdates { service image runningImageId currentImageId } } }',
        { id: instanceId },
      )
    ).instance.imageUpdates as Array<{
      service: string;
      image: string;
      runningImageId: string;
      currentImageId: string;
    }>;
  const runningImages = async () =>
    (
      await docker.listContainers({
        filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=web'] },
      })
    ).map((c) => c.ImageID);

  beforeAll(async () => {
    app = await startDockerApp();
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-rebuilt-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    await tagAs(TEST_IMAGES.web1);
    await writeFile(
      join(dir, 'app.yaml'),
      `name: ${name}\nservices:\n  web:\n    image: ${image}\n    ports: [8080]\n    healthCheck: { path: /healthz, port: 8080, intervalSeconds: 1 }\n`,
    );
    const first = await cli(['apply', '-f', 'app.yaml', '--wait']);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const found = await gql(
      app,
      tenant.token,
      `query { instances(first: 1, filter: { name: "${name}" }) { edges { node { id } } } }`,
    );
    instanceId = found.instances.edges[0].node.id;
  }, 120_000);

  afterAll(async () => {
    if (instanceId) await cli(['destroy', name, '--wait']).catch(() => undefined);
    await app?.stop();
    await docker
      .getImage(image)
      .remove()
      .catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('reports the moved tag and rolls it out; then it is up to date', async () => {
    const v1 = (await docker.getImage(TEST_IMAGES.web1).inspect()).Id;
    const v2 = (await docker.getImage(TEST_IMAGES.web2).inspect()).Id;
    // The control: nothing moved yet, and apply says so.
    expect(await imageUpdates()).toEqual([]);
    const same = await cli(['apply', '-f', 'app.yaml']);
    expect(same.stdout).toMatch(new RegExp(`^${name}: up to date, nothing to do$`, 'm'));

    await tagAs(TEST_IMAGES.web2);
    expect(await imageUpdates()).toEqual([{ service: 'web', image, runningImageId: v1, currentImageId: v2 }]);
    const applied = await cli(['apply', '-f', 'app.yaml', '--wait']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(
      new RegExp(
        `^ {2}~ web: image rebuilt \\(${image} names ${v2.slice(0, 19)} now, ${v1.slice(0, 19)} runs\\)$`,
        'm',
      ),
    );
    expect(applied.stdout).toMatch(/DEPLOY SUCCEEDED/);
    // On the engine: the web runs the image the tag names now.
    const images = await runningImages();
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((id) => id === v2)).toBe(true);
    expect(await imageUpdates()).toEqual([]);
    const again = await cli(['apply', '-f', 'app.yaml']);
    expect(again.stdout).toMatch(new RegExp(`^${name}: up to date, nothing to do$`, 'm'));
  }, 180_000);
});
