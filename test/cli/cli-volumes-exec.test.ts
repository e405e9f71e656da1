/**
 * The CLI's kept volumes and exec stdin (issue 39 item 7), as a user runs
 * them: `echo hello | wheelhouse exec NAME --service web -- cat` prints hello
 * (a pipe is sent as stdin; `--no-stdin` sends none; a stdin left open by a
 * parent is not waited on); `destroy` keeps the volume, `volumes ls` lists
 * it, a wheelhouse.yaml naming it under `kept:` attaches it with its data, and
 * `volumes rm` deletes it from the engine. The real CLI (a subprocess, through
 * a shell for the pipes), a real server and the Docker Engine.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli, runShell } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';

const hasDocker = await dockerOrSkip();

describe.skipIf(!hasDocker)('wheelhouse exec stdin and volumes ls|rm', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const run = Date.now().toString(36);
  const names = { first: `vols-a-${run}`, second: `vols-b-${run}` };
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  const ids: string[] = [];
  const volumes: string[] = [];

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });
  const shell = (line: string) => runShell(line, { cwd: dir, env });
  const spec = (name: string, volume: string) => `name: ${name}
services:
  web:
    image: ${TEST_IMAGES.tool}
    command: [sh, -c, "test -f /data/file || echo kept-data > /data/file; exec sleep 600"]
    volumes:
      - { name: data, mountPath: /data${volume} }
`;
  const apply = async (name: string, volume = '') => {
    const file = join(dir, `${name}.yaml`);
    await writeFile(file, spec(name, volume));
    const r = await cli(['apply', '-f', file, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    const found = await gql(
      app,
      tenant.token,
      `query($n: String!) { instances(first: 1, filter: { name: $n }) { edges { node { id } } } }`,
      { n: name },
    );
    const id = localIdOf(found.instances.edges[0].node.id);
    ids.push(id);
    return id;
  };

  beforeAll(async () => {
    app = await startDockerApp();
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-volumes-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  });
  afterAll(async () => {
    const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
    for (const id of ids) await provider.deprovision({}, id, { deleteVolumes: true }).catch(() => undefined);
    for (const v of volumes)
      await docker
        .getVolume(v)
        .remove()
        .catch(() => undefined);
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('pipes stdin to exec, keeps a volume at destroy, attaches it by name from a file, and deletes it', async () => {
    const firstId = await apply(names.first);
    const volume = `wh-${firstId}-data`;
    volumes.push(volume);

    const piped = await shell(`echo hello | $WHEELHOUSE exec ${names.first} --service web -- cat`);
    expect(piped).toEqual({ code: 0, stdout: 'hello\n', stderr: '' });
    const refused = await shell(`echo hello | $WHEELHOUSE exec ${names.first} --service web --no-stdin -- cat`);
    expect(refused).toEqual({ code: 0, stdout: '', stderr: '' });
    // runCli's stdin is a socket the test never closes: not read, so exec does not wait for its end.
    const open = await cli(['exec', names.first, '--service', 'web', '--', 'cat']);
    expect(open).toEqual({ code: 0, stdout: '', stderr: '' });

    const destroyed = await cli(['destroy', names.first, '--wait']);
    expect(destroyed.code, destroyed.stderr).toBe(0);
    const listed = await cli(['volumes', 'ls', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const kept = JSON.parse(listed.stdout) as Array<{ id: string; name: string; instanceName: string }>;
    expect(kept.map((v) => [v.name, v.instanceName])).toEqual([[volume, names.first]]);
    const table = await cli(['volumes', 'ls']);
    expect(table.stdout).toContain(`${names.first}/web/data`);

    // The file names the kept volume by name; the CLI sends its id.
    await apply(names.second, `, kept: ${volume}`);
    const read = await cli(['exec', names.second, '--service', 'web', '--', 'cat', '/data/file']);
    expect(read).toEqual({ code: 0, stdout: 'kept-data\n', stderr: '' });
    expect(JSON.parse((await cli(['volumes', 'ls', '--json'])).stdout)).toEqual([]);

    expect((await cli(['destroy', names.second, '--wait'])).code).toBe(0);
    const again = JSON.parse((await cli(['volumes', 'ls', '--json'])).stdout) as Array<{ id: string; name: string }>;
    expect(again.map((v) => v.name)).toEqual([volume]);
    const removed = await cli(['volumes', 'rm', again[0]!.id]);
    expect(removed).toEqual({ code: 0, stdout: `deleted ${again[0]!.id}\n`, stderr: '' });
    await expect(docker.getVolume(volume).inspect()).rejects.toThrow(/no such volume/i);
    expect(JSON.parse((await cli(['volumes', 'ls', '--json'])).stdout)).toEqual([]);
    // Gone: a second rm says so (the server refused it: exit 1).
    const twice = await cli(['volumes', 'rm', again[0]!.id]);
    expect(twice).toEqual({ code: 1, stdout: '', stderr: 'error: NotFoundError: kept volume not found\n' });
  });
});
