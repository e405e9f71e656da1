import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Labels } from '../../src/providers/docker/docker-names.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { readinessFloors } from '../../src/providers/docker/docker-status.js';
import type { CallContext, InstanceStatus } from '../../src/providers/provider.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
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

/** The readiness wait's fallback poll: far longer than any wait here, so only an event or a recheck ends a pause in time. */
const POLL_MS = 60_000;
/** What each wait may take before it counts as having missed its wake-up (a tenth of the poll). */
const WAKE_BOUND_MS = POLL_MS / 10;

const service = serviceSpec;

const request = (instanceId: string, services: ServiceSpec[]) => provisionRequest(instanceId, 'wakeups', services);

/** A web server that answers its check a second after it starts, so the first probe after a start fails. */
const webWithCheck = () =>
  service({
    name: 'web',
    image: TEST_IMAGES.web1,
    command: ['sh', '-c', 'sleep 1; mkdir -p /tmp/w && echo ok > /tmp/w/h && exec httpd -f -p 8080 -h /tmp/w'],
    ports: [{ container: 8080, protocol: 'tcp' }],
    healthCheck: { path: '/h', port: 8080, timeoutMs: 500, intervalMs: 300 },
  });

describe('readiness floors', () => {
  const listed = (role: ServiceSpec['role'], check: boolean) => [
    { listed: { role, spec: check ? ({ healthCheck: { port: 8080 } } as never) : undefined } },
  ];

  it('spares a sidecar the floor only when a main health check vouches for the instance', () => {
    const vouched = readinessFloors(
      new Map([
        ['web', listed('main', true)],
        ['side', listed('sidecar', false)],
        ['worker', listed('main', false)],
      ]),
      1000,
    );
    expect(Object.fromEntries(vouched)).toEqual({ web: 1000, side: 0, worker: 1000 });
    const unvouched = readinessFloors(
      new Map([
        ['app', listed('main', false)],
        ['side', listed('sidecar', false)],
      ]),
      1000,
    );
    expect(Object.fromEntries(unvouched)).toEqual({ app: 1000, side: 1000 });
  });
});

describe.skipIf(skip)('Docker readiness follows engine events and its own rechecks, not the poll', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const FLOOR_MS = 3000;
  const floorProvider = new DockerProvider({ ...FAST_DOCKER_OPTIONS, minReadyMs: FLOOR_MS });
  const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
  /** A floor longer than any wait here: a service held to it cannot be ready in time. */
  const longFloorProvider = new DockerProvider({ ...FAST_DOCKER_OPTIONS, minReadyMs: 10 * 60_000 });
  const made: { p: DockerProvider; id: string }[] = [];
  const newId = (p: DockerProvider) => {
    const id = randomUUID();
    made.push({ p, id });
    return id;
  };
  /** Reads status, counting the reads. */
  const counted = (p: DockerProvider, id: string) => {
    const reads: InstanceStatus[] = [];
    return { reads, status: async () => reads[reads.push(await p.status(ctx, id)) - 1]! };
  };

  beforeAll(async () => {
    await ensureTestImages(docker);
  });

  afterAll(async () => {
    for (const { p, id } of made) await p.deprovision(ctx, id).catch(() => undefined);
    for (const { id } of made) expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('wakes when a main without a health check has run out its floor, not at the next poll', async () => {
    const id = newId(floorProvider);
    await floorProvider.provision(
      ctx,
      request(id, [service({ name: 'app', image: TEST_IMAGES.tool, command: ['sleep', '3600'] })]),
    );
    const { reads, status } = counted(floorProvider, id);
    const waited = performance.now();
    const r = await waitReady({ timeoutMs: WAKE_BOUND_MS, intervalMs: POLL_MS }, status);
    const readyAt = Date.now();
    expect(readinessOutcome(r.status, r.error), r.error?.message).toBe('ready');
    // It did wait: the first read found the floor still running and named when it ends.
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads[0]!.ready).toBe(false);
    expect(reads[0]!.recheckAt).toBeInstanceOf(Date);
    const started = Date.parse(
      (await docker.getContainer(r.status!.services.app!.providerRef!).inspect()).State.StartedAt,
    );
    expect(readyAt - started).toBeGreaterThanOrEqual(FLOOR_MS);
    expect(performance.now() - waited).toBeLessThan(FLOOR_MS + WAKE_BOUND_MS / 2);
  });

  it('wakes on the engine start event of a stopped instance, then on its health probe falling due', async () => {
    const id = newId(provider);
    await provider.provision(ctx, request(id, [webWithCheck()]));
    const first = await waitReady({ timeoutMs: 60_000, intervalMs: 200 }, () => provider.status(ctx, id));
    expect(first.error).toBeUndefined();
    await provider.stop(ctx, id);

    const { reads, status } = counted(provider, id);
    const waiting = waitReady({ timeoutMs: 2 * WAKE_BOUND_MS, intervalMs: POLL_MS }, status, undefined, (wake) =>
      provider.subscribeChanges((c) => c.instanceId === id && wake()),
    );
    // The wait has read the stopped instance once and is pausing for the poll when the engine starts it.
    while (reads.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(reads[0]!.ready).toBe(false);
    const [container] = await docker.listContainers({ all: true, filters: { label: [`${Labels.instance}=${id}`] } });
    const started = performance.now();
    await docker.getContainer(container!.Id).start();
    const r = await waiting;
    expect(readinessOutcome(r.status, r.error), r.error?.message).toBe('ready');
    expect(performance.now() - started).toBeLessThan(WAKE_BOUND_MS);
    // Woken by the start, the wait found the server not yet answering; the probe's own cadence took it from there.
    expect(reads.some((s) => s.state !== 'stopped' && !s.ready && s.recheckAt)).toBe(true);
  });

  it('does not hold a sidecar to the floor when a main health check vouches for the instance', async () => {
    const id = newId(longFloorProvider);
    await longFloorProvider.provision(
      ctx,
      request(id, [
        webWithCheck(),
        service({ name: 'side', image: TEST_IMAGES.tool, role: 'sidecar', command: ['sleep', '3600'] }),
      ]),
    );
    const r = await waitReady({ timeoutMs: WAKE_BOUND_MS, intervalMs: 200 }, () => longFloorProvider.status(ctx, id));
    expect(readinessOutcome(r.status, r.error), r.error?.message).toBe('ready');
    expect(r.status!.services.side).toMatchObject({ state: 'running', ready: true });
  });
});
