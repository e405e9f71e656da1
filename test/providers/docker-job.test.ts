/**
 * The Docker provider's jobs engine on the real engine: a job's container is
 * never one of the service's replicas (status while it runs counts only the
 * replicas), and what a
 * crashed run left (a container labelled with the job's id) is removed by
 * removeLeftovers and by the next run of the same job before it starts.
 */
import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import type { JobOutputLine } from '../../src/providers/jobs.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';
import { testRunLabels } from '../support/test-run.js';

const hasDocker = await dockerOrSkip();

describe.skipIf(!hasDocker)('Docker jobs engine', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const provider = new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: 'docker' });
  const instanceId = randomUUID();
  const ctx = { signal: AbortSignal.timeout(120_000) };
  const web = serviceSpec({
    name: 'web',
    image: TEST_IMAGES.web1,
    ports: [{ container: 8080, host: 0, protocol: 'tcp' }],
  });
  const jobs = provider.engines.jobs!;
  const request = (jobId: string, command: string[]) => ({
    jobId,
    instanceId,
    tenantId: 't',
    service: web,
    command,
    env: {},
    secretValues: {},
    timeoutMs: 30_000,
  });
  const run = async (jobId: string, command: string[]) => {
    const lines: string[] = [];
    const result = await jobs.run(ctx, request(jobId, command), { line: (l: JobOutputLine) => lines.push(l.line) });
    return { ...result, lines };
  };
  const labelled = (jobId: string) =>
    docker.listContainers({ all: true, filters: { label: [`wheelhouse.job=${jobId}`] } });

  beforeAll(async () => {
    await ensureTestImages();
    await provider.provision(ctx, provisionRequest(instanceId, 'jobs-engine', [web]));
  }, 60_000);
  afterAll(async () => {
    await provider.deprovision({}, instanceId, { deleteVolumes: true });
  });

  it('a running job is no replica: status counts the service one replica, the engine one container of the service', async () => {
    const jobId = randomUUID();
    const started = run(jobId, ['sleep', '2']);
    for (let i = 0; (await labelled(jobId)).length === 0; i++) {
      if (i > 100) throw new Error('the job never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    const st = await provider.status(ctx, instanceId);
    expect(Object.keys(st.services)).toEqual(['web']);
    expect(st.services.web?.replicas).toBe(1);
    const replicas = await docker.listContainers({
      all: true,
      filters: { label: [`wheelhouse.instance=${instanceId}`, 'wheelhouse.service=web'] },
    });
    expect(replicas).toHaveLength(1);
    const done = await started;
    expect(done).toMatchObject({ exitCode: 0, timedOut: false });
    expect(await labelled(jobId)).toEqual([]);
  }, 60_000);

  it('what a crashed run left is removed: by removeLeftovers, and by the next run before it starts', async () => {
    const jobId = randomUUID();
    const leftover = async () => {
      const net = `wh-${instanceId}`;
      const c = await docker.createContainer({
        Image: TEST_IMAGES.tool,
        Cmd: ['sleep', '600'],
        Labels: {
          ...testRunLabels(),
          'wheelhouse.managed': 'true',
          'wheelhouse.instance': instanceId,
          'wheelhouse.job': jobId,
        },
        HostConfig: { NetworkMode: net },
      });
      await c.start();
      return c.id;
    };
    await leftover();
    expect(await jobs.removeLeftovers(ctx, instanceId, jobId)).toBe(1);
    expect(await labelled(jobId)).toEqual([]);
    const old = await leftover();
    const again = await run(jobId, ['echo', 'again']);
    expect(again).toMatchObject({ exitCode: 0, lines: ['again'] });
    const left = await labelled(jobId);
    expect(left.map((c) => c.Id)).not.toContain(old);
    expect(left).toEqual([]);
  }, 60_000);
});
