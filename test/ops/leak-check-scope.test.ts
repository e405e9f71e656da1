import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { type DocumentNode, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeprovisionInstanceDocument,
  ProvisionInstanceDocument,
  ScaleInstanceDocument,
} from '../../src/client/index.js';
import { Labels } from '../../src/providers/docker/docker-names.js';
import { dockerAvailable, ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';
import { nodeArgsFor } from '../support/server-command.js';
import { removeRunLeftovers, runLeftovers, TEST_RUN_LABEL, testRunId } from '../support/test-run.js';

/**
 * Issue 28: the suite's end-of-run leak check removes only what its own run
 * made. A plain Wheelhouse server (no run label) provisions and scales an
 * instance on the same engine while the check runs; its containers survive,
 * and an object labelled with the checked run (the positive control) is found
 * and removed. The check runs here for a run of the test's own, never for the
 * suite's real run, whose other files are still using their objects.
 */

const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
const hasDocker = await dockerAvailable(docker);
const TOKEN = `leak-check-${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skipUnless('Docker Engine', hasDocker))('the leak check is scoped to its run', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let url: string;
  let out = '';
  /** The plain server's instance, removed from the engine by hand if the test ends before deprovisioning it. */
  let plainInstance: string | undefined;

  beforeAll(async () => {
    await ensureTestImages(docker);
    dir = await mkdtemp(join(tmpdir(), 'wh-leak-check-'));
    // A plain server as a user runs it: the embedded database, Docker auto-detected, and none of the
    // suite's settings (no WHEELHOUSE_DOCKER_LABELS: its objects carry no run label).
    child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WHEELHOUSE_DATA_DIR: dir,
        WHEELHOUSE_BOOTSTRAP_TOKEN: TOKEN,
        KUBECONFIG: join(dir, 'no-kubeconfig'),
        // Not about routes: without this, the plain server would start a detached HAProxy (the edge
        // outlives the control plane by design) that this test would then have to stop.
        WHEELHOUSE_EDGE: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const line = out.split('\n').find((l) => l.includes('wheelhouse is serving'));
      if (line) {
        url = (JSON.parse(line) as { url: string }).url;
        break;
      }
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    // Carries no run label, so the suite's own check would not see it: cleaned up here by its instance.
    if (plainInstance) {
      const filters = { label: [`${Labels.instance}=${plainInstance}`] };
      for (const c of await docker.listContainers({ all: true, filters }))
        await docker.getContainer(c.Id).remove({ force: true, v: true });
      for (const n of await docker.listNetworks({ filters })) await docker.getNetwork(n.Id).remove();
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function gql<T>(document: DocumentNode, variables: Record<string, unknown>): Promise<T> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ query: print(document), variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: unknown };
    if (!body.data) throw new Error(`GraphQL error: ${JSON.stringify(body.errors)}`);
    return body.data;
  }

  async function containersOf(localId: string) {
    return docker.listContainers({ all: true, filters: { label: [`${Labels.instance}=${localId}`] } });
  }

  it("the suite's providers carry its run label, which a server it starts inherits through WHEELHOUSE_DOCKER_LABELS", () => {
    const run = testRunId();
    expect(run).toMatch(/^\d{14}-[0-9a-f]{8}$/);
    expect(FAST_DOCKER_OPTIONS.labels).toEqual({ [TEST_RUN_LABEL]: run });
    expect(process.env.WHEELHOUSE_DOCKER_LABELS).toBe(`${TEST_RUN_LABEL}=${run}`);
  });

  it("removes the checked run's objects and never touches a plain server's instance scaling meanwhile", async () => {
    const checkedRun = `leak-check-${randomBytes(4).toString('hex')}`;
    const otherRun = `leak-check-${randomBytes(4).toString('hex')}`;
    // The positive control: something the checked run leaked. And another run's object, to be left alone.
    const leaked = await docker.createNetwork({
      Name: `wh-leak-${checkedRun}`,
      Labels: { [Labels.managed]: 'true', [TEST_RUN_LABEL]: checkedRun },
    });
    const others = await docker.createNetwork({
      Name: `wh-leak-${otherRun}`,
      Labels: { [Labels.managed]: 'true', [TEST_RUN_LABEL]: otherRun },
    });
    try {
      const provisioned = await gql<{
        provisionInstance: { __typename: string; instance?: { id: string } };
      }>(ProvisionInstanceDocument, {
        input: {
          name: `burn-${randomBytes(3).toString('hex')}`,
          wait: true,
          services: [{ name: 'web', image: TEST_IMAGES.web1, ports: [{ container: 8080 }] }],
        },
      });
      expect(provisioned.provisionInstance.__typename).toBe('ProvisionInstancePayload');
      const instanceId = provisioned.provisionInstance.instance!.id;
      const localId = Buffer.from(instanceId, 'base64').toString().split(':')[1]!;
      plainInstance = localId;
      expect(await containersOf(localId)).toHaveLength(1);

      // The check runs while the plain server scales up: new containers appear during it.
      const scaled = gql<{ scaleInstance: { __typename: string; operation?: { status: string } } }>(
        ScaleInstanceDocument,
        { input: { instanceId, resources: { replicas: 3 }, wait: true } },
      );
      const found = await removeRunLeftovers(checkedRun, docker);
      const scale = await scaled;
      expect(scale.scaleInstance.operation?.status).toBe('SUCCEEDED');

      expect(found).toEqual([`network wh-leak-${checkedRun}`]);
      expect(await runLeftovers(checkedRun, docker)).toEqual([]);
      await expect(docker.getNetwork(leaked.id).inspect()).rejects.toMatchObject({ statusCode: 404 });
      // Untouched: the other run's object and every container of the plain server's instance.
      expect((await docker.getNetwork(others.id).inspect()).Name).toBe(`wh-leak-${otherRun}`);
      const running = await containersOf(localId);
      expect(running).toHaveLength(3);
      for (const c of running) {
        expect(c.State).toBe('running');
        expect(c.Labels[TEST_RUN_LABEL]).toBeUndefined();
      }

      const gone = await gql<{ deprovisionInstance: { operation?: { status: string } } }>(DeprovisionInstanceDocument, {
        input: { instanceId, wait: true },
      });
      expect(gone.deprovisionInstance.operation?.status).toBe('SUCCEEDED');
      expect(await containersOf(localId)).toEqual([]);
    } finally {
      await docker
        .getNetwork(others.id)
        .remove()
        .catch(() => {});
      await docker
        .getNetwork(leaked.id)
        .remove()
        .catch(() => {});
    }
  }, 180_000);
});
