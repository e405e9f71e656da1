import { randomUUID } from 'node:crypto';
import net from 'node:net';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseLabels, networkName, volumeName } from '../../src/providers/docker/docker-names.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import type { CallContext, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError, type ProviderErrorKind } from '../../src/providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';
import {
  dockerAvailable,
  dockerConformanceSetup,
  dockerLeftovers,
  ensureTestImages,
  FAST_DOCKER_OPTIONS,
  TEST_IMAGES,
} from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';
import { testRunLabels } from '../support/test-run.js';
import { runProviderConformance } from './conformance.js';

const skip = skipUnless('Docker', await dockerAvailable());

runProviderConformance('docker', () => dockerConformanceSetup(), { skip, parts: ['faults'] });

const ctx: CallContext = {};

const service = serviceSpec;

const request = (instanceId: string, services: ServiceSpec[], extra: Partial<ProvisionRequest> = {}) =>
  provisionRequest(instanceId, 'faults', services, extra);

async function rejection(promise: Promise<unknown>, kind: ProviderErrorKind) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected ProviderError ${kind}, got ${String(err)}`);
  expect(err.kind, err.message).toBe(kind);
  return err;
}

/** A TCP port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe.skipIf(skip)('DockerProvider failure handling', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
  const ids: string[] = [];
  const newId = () => {
    const id = randomUUID();
    ids.push(id);
    return id;
  };

  beforeAll(async () => {
    await ensureTestImages(docker);
  });

  afterAll(async () => {
    for (const id of ids) await provider.deprovision(ctx, id).catch(() => undefined);
    for (const id of ids) expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('fails fast with unavailable naming a TCP endpoint nobody listens on', async () => {
    const port = await closedPort();
    const apiTimeoutMs = 30_000;
    const down = new DockerProvider({ host: '127.0.0.1', port, key: 'docker-tcp', apiTimeoutMs });
    const started = Date.now();
    const err = await rejection(down.status(ctx, randomUUID()), 'unavailable');
    // A refused connection is answered at once, not after the API timeout.
    expect(Date.now() - started).toBeLessThan(apiTimeoutMs);
    expect(err.message).toContain(`tcp://127.0.0.1:${port}`);
    expect(err.provider).toBe('docker-tcp');
    const health = await down.healthCheck(ctx);
    expect(health).toMatchObject({ healthy: false });
    expect(health.message).toContain(`tcp://127.0.0.1:${port}`);
  });

  it('rejects specs it cannot run with invalid_spec, creating nothing', async () => {
    const id = newId();
    const app = service({ name: 'app', image: TEST_IMAGES.tool, role: 'main', command: ['sleep', '60'] });
    const cases: ServiceSpec[][] = [
      [app, { ...app, name: 'other' }],
      [
        { ...app, dependsOn: ['side'] },
        service({ name: 'side', image: TEST_IMAGES.tool, role: 'sidecar', dependsOn: ['app'] }),
      ],
      [{ ...app, resources: { replicas: 2 }, ports: [{ container: 80, host: 18080, protocol: 'tcp' }] }],
      [{ ...app, name: 'Not_DNS' }],
      [{ ...app, secrets: [{ key: 'absent', envName: 'ABSENT' }] }],
      [{ ...app, resources: { gpu: 'nvidia' } }],
    ];
    for (const services of cases) await rejection(provider.provision(ctx, request(id, services)), 'invalid_spec');
    expect(await dockerLeftovers(docker, id)).toEqual([]);
  });

  it('keeps the old replica serving when a rolling deploy fails, and supports recreate', async () => {
    const id = newId();
    await provider.provision(
      ctx,
      request(id, [
        service({
          name: 'web',
          image: TEST_IMAGES.web1,
          role: 'main',
          ports: [{ container: 8080, protocol: 'tcp' }],
          healthCheck: { path: '/healthz', port: 8080, timeoutMs: 500 },
        }),
      ]),
    );
    const { status } = await waitReady({ timeoutMs: 30_000, intervalMs: 200 }, () => provider.status(ctx, id));
    const before = status!.services.web!.providerRef;

    const err = await rejection(
      provider.deploy(ctx, {
        instanceId: id,
        releaseId: 'broken',
        strategy: 'rolling',
        services: [{ name: 'web', image: TEST_IMAGES.web2, command: ['sh', '-c', 'echo cannot start; exit 2'] }],
      }),
      'workload_failed',
    );
    expect(err.message).toContain('cannot start');
    const after = await provider.status(ctx, id);
    expect(after.services.web?.providerRef).toBe(before);
    expect(after.ready).toBe(true);
    const body = await (await fetch(after.endpoints[0]!.url)).text();
    expect(body).toContain('web v1');

    await rejection(
      provider.deploy(ctx, { instanceId: id, releaseId: 'bg', strategy: 'blue_green', services: [] }),
      'invalid_spec',
    );
    await provider.deploy(ctx, {
      instanceId: id,
      releaseId: 'v2',
      strategy: 'recreate',
      services: [{ name: 'web', image: TEST_IMAGES.web2 }],
    });
    const wait = await waitReady({ timeoutMs: 30_000, intervalMs: 200 }, () => provider.status(ctx, id));
    expect(readinessOutcome(wait.status, wait.error)).toBe('ready');
    expect(await (await fetch(wait.status!.endpoints[0]!.url)).text()).toContain('web v2');
  });

  it('deprovisions a half-created instance', async () => {
    const id = newId();
    const labels = baseLabels({ instanceId: id, tenantId: 't', labels: testRunLabels() });
    await docker.createNetwork({ Name: networkName(id), Labels: labels });
    await docker.createVolume({ Name: volumeName(id, 'data'), Labels: labels });
    expect(await dockerLeftovers(docker, id)).toHaveLength(2);
    // Without deleteVolumes the network goes and the volume (the data) stays, named in the result.
    const kept = await provider.deprovision(ctx, id);
    expect(kept.keptVolumes).toEqual([volumeName(id, 'data')]);
    expect(await dockerLeftovers(docker, id)).toEqual([`volume ${volumeName(id, 'data')}`]);
    await provider.deprovision(ctx, id, { deleteVolumes: true });
    expect(await dockerLeftovers(docker, id)).toEqual([]);
    await rejection(provider.status(ctx, id), 'not_found');
  });
});
