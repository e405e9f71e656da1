import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Labels } from '../../src/providers/docker/docker-names.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import type { CallContext } from '../../src/providers/provider.js';
import { waitReady } from '../../src/providers/readiness.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';
import {
  dockerAvailable,
  dockerLeftovers,
  ensureTestImages,
  FAST_DOCKER_OPTIONS,
  TEST_IMAGES,
} from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';

const skip = skipUnless('Docker', await dockerAvailable());
const ctx: CallContext = {};

const web = (partial: Partial<ServiceSpec> = {}): ServiceSpec =>
  serviceSpec({ name: 'web', image: TEST_IMAGES.web1, ...partial });

const request = (instanceId: string, services: ServiceSpec[]) => provisionRequest(instanceId, 'health-scale', services);

describe.skipIf(skip)('DockerProvider health-check cadence and scale to zero', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
  const ids: string[] = [];
  const newId = () => {
    const id = randomUUID();
    ids.push(id);
    return id;
  };
  const containers = async (id: string, running: boolean) =>
    (
      await docker.listContainers({
        all: !running,
        filters: { label: [`${Labels.instance}=${id}`, `${Labels.service}=web`] },
      })
    ).length;

  beforeAll(async () => {
    await ensureTestImages(docker);
  });

  afterAll(async () => {
    for (const id of ids) await provider.deprovision(ctx, id).catch(() => undefined);
    for (const id of ids) expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('declares a replica unhealthy only after `retries` failed checks, `intervalMs` apart', async () => {
    const id = newId();
    const intervalMs = 1000;
    const retries = 3;
    await provider.provision(
      ctx,
      request(id, [
        web({
          // The check's page lives in /tmp so the test can take it away.
          command: ['sh', '-c', 'mkdir -p /tmp/w && echo ok > /tmp/w/h && exec httpd -f -p 8080 -h /tmp/w'],
          healthCheck: { path: '/h', port: 8080, timeoutMs: 500, intervalMs, retries },
        }),
      ]),
    );
    const ready = await waitReady({ timeoutMs: 60_000, intervalMs: 200 }, () => provider.status(ctx, id));
    expect(ready.error).toBeUndefined();
    const containerId = ready.status!.services.web!.providerRef!;

    const exec = await docker.getContainer(containerId).exec({ Cmd: ['/bin/busybox', 'rm', '/tmp/w/h'] });
    await exec.start({ Detach: false });
    const broken = performance.now();
    let readAfterBreak = 0;
    let status = await provider.status(ctx, id);
    while (status.services.web!.ready) {
      readAfterBreak++;
      expect(performance.now() - broken).toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 100));
      status = await provider.status(ctx, id);
    }
    const elapsed = performance.now() - broken;
    // The first failing probe may come at once; the retries-th is (retries - 1) intervals after it.
    expect(elapsed).toBeGreaterThanOrEqual((retries - 1) * intervalMs);
    expect(readAfterBreak).toBeGreaterThan(0);
    expect(status.services.web!.message).toContain(`${retries} consecutive failures`);
  });

  it('scaling to zero removes every replica and reports stopped; restart keeps it there; scaling up starts them again', async () => {
    const id = newId();
    await provider.provision(ctx, request(id, [web({ resources: { replicas: 2 } })]));
    await waitReady({ timeoutMs: 60_000, intervalMs: 200 }, () => provider.status(ctx, id));
    expect(await containers(id, true)).toBe(2);

    await provider.scale(ctx, { instanceId: id, service: 'web', resources: { replicas: 0 } });
    expect(await containers(id, true)).toBe(0);
    // One stopped container stays behind: its labels carry the spec that scaling up starts again.
    expect(await containers(id, false)).toBe(1);
    const stopped = await provider.status(ctx, id);
    expect(stopped.services.web).toMatchObject({ state: 'stopped', ready: false, message: 'scaled to zero' });
    expect(stopped.state).toBe('stopped');
    // Restarting the instance (what the supervisor does to a stopped one) leaves a service scaled to zero at zero.
    await provider.restart(ctx, id);
    expect(await containers(id, true)).toBe(0);

    await provider.scale(ctx, { instanceId: id, service: 'web', resources: { replicas: 2 } });
    expect(await containers(id, true)).toBe(2);
    const back = await waitReady({ timeoutMs: 60_000, intervalMs: 200 }, () => provider.status(ctx, id));
    expect(back.error).toBeUndefined();
    expect(back.status!.services.web!.ready).toBe(true);
    // The kept replica is again one the engine restarts after a crash.
    const policies = await Promise.all(
      (await docker.listContainers({ filters: { label: [`${Labels.instance}=${id}`] } })).map(
        async (c) => (await docker.getContainer(c.Id).inspect()).HostConfig.RestartPolicy?.Name,
      ),
    );
    expect(policies).toEqual(['unless-stopped', 'unless-stopped']);
  });
});
