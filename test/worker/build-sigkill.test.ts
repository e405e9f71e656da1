/**
 * A build outlives the process running it: Wheelhouse, a real process on
 * Postgres, is SIGKILLed while the real engine runs a slow `RUN sleep` step;
 * the next process on the same database re-claims the build's operation once
 * its lease lapses, and the build ends (built again, or failed) instead of
 * staying RUNNING, its operation with it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { BuildQuery, DeprovisionDoc, ProvisionDoc, sleep, tarOf, until, uploadBuild } from '../api/builds-support.js';
import { query, TEST_BOOTSTRAP_TOKEN } from '../support/app.js';
import { itOnPostgres, postgresServerUrl } from '../support/database.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import { edgeLeftovers } from '../support/edge.js';
import { inFileDatabase } from '../support/postgres-file-database.js';
import { endKilledSession, startWheelhouse, type WheelhouseProcess } from '../support/wheelhouse-process.js';

const docker = new Dockerode();
const run = await dockerOrSkip();
/** Short, so the next process re-claims the build soon after the kill. */
const ENV = { WHEELHOUSE_OPERATION_LEASE_SECONDS: '3', WHEELHOUSE_SUPERVISOR: 'false' };
/** Long enough to kill the process inside it; short enough for a re-run to end in seconds. */
const SLOW_SECONDS = 8;

describe.runIf(run)('a build whose Wheelhouse is SIGKILLed mid-build', () => {
  let dir: string;
  let databaseUrl: string;
  let wh: WheelhouseProcess | undefined;
  let instanceId: string | undefined;
  let image: string | undefined;

  beforeAll(async () => {
    await ensureTestImages();
    dir = await mkdtemp(join(tmpdir(), 'wh-build-sigkill-'));
  }, 120_000);

  afterAll(async () => {
    // Bounded: if the build never ended, a deprovision queues behind it and would wait for ever.
    if (wh && instanceId && wh.child.exitCode === null)
      await Promise.race([
        query(wh.api, TEST_BOOTSTRAP_TOKEN, DeprovisionDoc, { input: { instanceId, wait: true } }).catch(() => {}),
        sleep(30_000),
      ]);
    // The edge's HAProxy outlives its Wheelhouse by design: stopped here, with what a failed deprovision left.
    await endKilledSession({ wh, dir, instanceId });
    if (image)
      await docker
        .getImage(image)
        .remove({ force: true })
        .catch(() => {});
    if (dir) {
      expect(edgeLeftovers(dir)).toEqual([]);
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  const buildOf = async (id: string) => {
    const n = (await query(wh!.api, TEST_BOOTSTRAP_TOKEN, BuildQuery, { id })).node;
    return n && 'status' in n ? n : undefined;
  };

  itOnPostgres(
    'the next process on the same database ends the build (SUCCEEDED or FAILED, never RUNNING), and its operation',
    async () => {
      databaseUrl = await inFileDatabase(postgresServerUrl()!);
      wh = await startWheelhouse(dir, databaseUrl, ENV);
      const p = await query(wh.api, TEST_BOOTSTRAP_TOKEN, ProvisionDoc, {
        input: {
          name: `sigkill-${randomUUID().slice(0, 8)}`,
          provider: 'docker',
          services: [{ name: 'web', image: TEST_IMAGES.web1 }],
          wait: true,
        },
      });
      if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
      instanceId = p.provisionInstance.instance.id;
      const marker = `slow-${randomUUID().slice(0, 8)}`;
      const archive = await tarOf({
        // The marker makes the slow step new to the engine's cache: it runs, here and on the re-run.
        Dockerfile: `FROM ${TEST_IMAGES.tool}\nRUN sleep ${SLOW_SECONDS} && echo ${marker}\nCMD ["sleep", "3600"]\n`,
      });
      const r = await uploadBuild(
        wh.api,
        TEST_BOOTSTRAP_TOKEN,
        { input: { instanceId, service: 'web', deploy: false, build: { source: {} } } },
        archive,
      );
      const payload = r.data?.buildService as { __typename: string; build: { id: string } };
      if (payload?.__typename !== 'BuildServicePayload') throw new Error(JSON.stringify(r));
      const buildId = payload.build.id;

      // Kill it inside the slow step: the build RUNNING and the step's header in its log.
      const running = await until(
        'the slow step to start',
        async () => {
          const b = await buildOf(buildId);
          const inStep = b?.logs.edges.some((e) => e.node.line.includes(`RUN sleep ${SLOW_SECONDS}`));
          return b?.status === 'RUNNING' && inStep ? b : undefined;
        },
        120_000,
      );
      expect(running.operation.status).toBe('RUNNING');
      const killed = wh.child;
      const exited = new Promise((resolve) => killed.once('exit', resolve));
      killed.kill('SIGKILL');
      await exited;
      expect(killed.signalCode).toBe('SIGKILL');

      wh = await startWheelhouse(dir, databaseUrl, ENV);
      // Right after the restart the killed process's lease still holds: the build is as it was left.
      expect((await buildOf(buildId))?.status).toBe('RUNNING');
      const ended = await until(
        'the build to end after the restart',
        async () => {
          const b = await buildOf(buildId);
          return b && b.status !== 'RUNNING' && b.status !== 'QUEUED' ? b : undefined;
        },
        180_000,
      );
      if (ended.image) image = ended.image;
      expect(['SUCCEEDED', 'FAILED']).toContain(ended.status);
      expect(ended.finishedAt).toBeTruthy();
      const op = await until(
        'the build operation to end',
        async () => {
          const b = await buildOf(buildId);
          return b && !['RUNNING', 'QUEUED'].includes(b.operation.status) ? b.operation : undefined;
        },
        30_000,
      );
      expect(op.status).toBe(ended.status);
      if (ended.status === 'SUCCEEDED') {
        // Built again by the new process: the image is on the engine, the one the build recorded.
        const inspected = await docker.getImage(ended.image!).inspect();
        expect(ended.imageDigest).toBe(inspected.Id);
      } else {
        expect(ended.error).toBeTruthy();
      }
    },
    300_000,
  );
});
