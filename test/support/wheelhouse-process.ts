/**
 * Wheelhouse as a real process (src/main.ts, or the compiled dist/ in CI's
 * compiled pass) on Postgres with one Docker provider whose edge lives in
 * `dir`: for tests that SIGKILL it and start another.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { edgePaths, stopProcess } from '../../src/providers/docker/docker-edge-process.js';
import { localIdOf, TEST_BOOTSTRAP_TOKEN } from './app.js';
import { nodeArgsFor } from './server-command.js';

/** A running Wheelhouse process and its API. */
export interface WheelhouseProcess {
  child: ChildProcess;
  /** The GraphQL endpoint. */
  api: string;
  /** Runs a document with the bootstrap token; throws on errors. */
  gql<T = any>(text: string, variables?: object): Promise<T>;
}

/** Starts Wheelhouse (the edge on free ports, drains of 5 s) and resolves once it serves. */
export async function startWheelhouse(
  dir: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<WheelhouseProcess> {
  const providers = join(dir, 'providers.json');
  await writeFile(providers, JSON.stringify([{ key: 'docker', type: 'docker', default: true }]));
  const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WHEELHOUSE_DATA_DIR: dir,
      WHEELHOUSE_BOOTSTRAP_TOKEN: TEST_BOOTSTRAP_TOKEN,
      WHEELHOUSE_PROVIDERS: providers,
      WHEELHOUSE_EDGE_HTTP_PORT: '0',
      WHEELHOUSE_EDGE_HTTPS_PORT: '0',
      WHEELHOUSE_EDGE_DRAIN_SECONDS: '5',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const deadline = Date.now() + 90_000;
  let api: string | undefined;
  while (!api) {
    const line = out.split('\n').find((l) => l.includes('wheelhouse is serving'));
    if (line) api = (JSON.parse(line) as { url: string }).url;
    else if (child.exitCode !== null || Date.now() > deadline) throw new Error(`wheelhouse did not start:\n${out}`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  const url = api;
  return {
    child,
    api: url,
    gql: async <T>(text: string, variables?: object): Promise<T> => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_BOOTSTRAP_TOKEN}` },
        body: JSON.stringify({ query: text, variables }),
      });
      const body = (await res.json()) as { data?: T; errors?: unknown[] };
      if (body.errors?.length || !body.data) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
      return body.data;
    },
  };
}

/**
 * The end of a SIGKILL test: the process killed if it still runs (and awaited),
 * the edge's HAProxy it left under `dir` stopped, and whatever of `instanceId`
 * a failed test left on the engine removed (containers, their volumes too with
 * `volumes`, networks). The caller then checks nothing of the edge is left.
 */
export async function endKilledSession(s: {
  wh: WheelhouseProcess | undefined;
  dir: string | undefined;
  instanceId: string | undefined;
  volumes?: boolean;
}): Promise<void> {
  const { wh, dir, instanceId } = s;
  if (wh?.child.exitCode === null) {
    const exited = new Promise((r) => wh.child.once('exit', r));
    wh.child.kill('SIGKILL');
    await exited;
  }
  if (dir) await stopProcess(edgePaths(join(dir, 'edge')));
  if (!instanceId) return;
  const docker = new Dockerode();
  const filters = { label: [`wheelhouse.instance=${localIdOf(instanceId)}`] };
  for (const c of await docker.listContainers({ all: true, filters }))
    await docker
      .getContainer(c.Id)
      .remove({ force: true, v: true })
      .catch(() => {});
  if (s.volumes)
    for (const v of (await docker.listVolumes()).Volumes ?? [])
      if (v.Name.includes(localIdOf(instanceId)))
        await docker
          .getVolume(v.Name)
          .remove({ force: true })
          .catch(() => {});
  for (const n of await docker.listNetworks({ filters }))
    await docker
      .getNetwork(n.Id)
      .remove()
      .catch(() => {});
}
