/**
 * Providers that do not answer at start-up are still registered: listed as
 * unhealthy with the reason, and usable once their backend comes back,
 * without a restart (issue 12).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { HEALTH_TTL_MS } from '../../src/control/provider-catalog.js';
import { createLogger } from '../../src/logger.js';
import { DEFAULT_DOCKER_SOCKET, registerConfiguredProviders } from '../../src/providers/configure.js';
import { Registry } from '../../src/providers/registry.js';
import { Supervisor } from '../../src/worker/supervisor.js';
import { localIdOf, startTestApp, type TestApp } from '../support/app.js';
import { FakeKubeApi, kubeconfigFor } from '../support/fake-kube-api.js';
import { RawClient, seedInstance, seedTenant } from '../support/seed.js';

const PROVIDERS = '{ providers { key name health { healthy message } } }';

interface ProvidersData {
  providers: { key: string; name: string; health: { healthy: boolean; message: string | null } | null }[];
}

const RESTART = `mutation ($input: InstanceActionInput!) {
  restartInstance(input: $input) {
    ... on RestartInstancePayload { instance { state message } operation { status error { code message } } }
  }
}`;

interface RestartData {
  restartInstance: {
    instance: { state: string; message: string | null };
    operation: { status: string; error: { code: string; message: string } | null };
  };
}

const INSTANCE = 'query ($id: ID!) { instance(id: $id) { state message } }';

interface InstanceData {
  instance: { state: string; message: string | null };
}

/** A loopback port nothing listens on: bound once to learn a free one, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Registers providers as `npm start` does (auto-detection) from these settings. */
async function detect(env: { DOCKER_HOST?: string; KUBECONFIG: string }): Promise<Registry> {
  const config = await loadConfig({
    PORT: '0',
    WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test',
    LOG_LEVEL: 'silent',
    // Registration, not routes: an edge would start a detached HAProxy that outlives the test.
    WHEELHOUSE_EDGE: 'off',
    ...env,
  });
  const registry = new Registry();
  await registerConfiguredProviders(registry, config, createLogger('silent'));
  return registry;
}

async function providers(client: RawClient, token: string): Promise<ProvidersData['providers']> {
  return (await client.data<ProvidersData>(token, PROVIDERS)).providers;
}

describe('a provider that does not answer at start-up', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('kubernetes: registered unhealthy, then healthy and provisioning once its API server is up, without a restart; away again, the instance keeps RUNNING', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wh-provreg-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const port = await closedPort();
    const fake = new FakeKubeApi();
    const kubeconfig = join(dir, 'kubeconfig.yaml');
    await writeFile(kubeconfig, kubeconfigFor(`http://127.0.0.1:${port}`, fake.token));

    const registry = await detect({ KUBECONFIG: kubeconfig, DOCKER_HOST: `unix://${join(dir, 'no-docker.sock')}` });
    expect(registry.list()).toContain('kubernetes');
    const t: TestApp = await startTestApp({ registry });
    cleanups.push(() => t.stop());
    const client = new RawClient(t.url);
    const tenant = await seedTenant(t);

    const before = (await providers(client, tenant.token)).find((p) => p.key === 'kubernetes');
    expect(before?.name).toBe('kubernetes');
    expect(before?.health?.healthy).toBe(false);
    expect(before?.health?.message).toMatch(/\S/);

    // The stand-in API server comes up where the kubeconfig already points.
    await fake.start(port);
    cleanups.push(() => fake.close());

    // Health answers are cached for HEALTH_TTL_MS; the next check after that sees the server.
    await vi.waitFor(
      async () => {
        const now = (await providers(client, tenant.token)).find((p) => p.key === 'kubernetes');
        expect(now?.health).toEqual({ healthy: true, message: expect.stringContaining('v1.31.0-fake') });
      },
      { timeout: HEALTH_TTL_MS * 3, interval: 500 },
    );

    const instance = await seedInstance(client, tenant.token, {
      name: `k-${randomUUID().slice(0, 8)}`,
      provider: 'kubernetes',
      services: [{ name: 'main', image: 'example.com/app:1' }],
    });
    expect(instance.id).toMatch(/\S/);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path.includes('/deployments'))).toBe(true);

    // Away again: a restart fails as unavailable and the instance keeps its last observed state.
    await fake.close();
    const restart = await client.data<RestartData>(tenant.token, RESTART, {
      input: { instanceId: instance.id, wait: true },
    });
    expect(restart.restartInstance.operation).toEqual({
      status: 'FAILED',
      error: { code: 'PROVIDER_UNAVAILABLE', message: expect.stringMatching(/\S/) },
    });
    expect(restart.restartInstance.instance).toEqual({ state: 'RUNNING', message: expect.stringMatching(/\S/) });

    // The supervisor, looking while the provider is away, keeps that state and says why.
    const supervisor = new Supervisor({
      db: t.database.db,
      registry,
      signal: t.app.services.signal,
      logger: createLogger('silent'),
    });
    await supervisor.reconcile(localIdOf(instance.id));
    const seen = await client.data<InstanceData>(tenant.token, INSTANCE, { id: instance.id });
    expect(seen.instance).toEqual({
      state: 'RUNNING',
      message: expect.stringContaining('"kubernetes" cannot be reached'),
    });
  });

  it('docker: DOCKER_HOST at a socket nothing listens on is registered unhealthy and turns healthy once an engine answers there; the real default socket is healthy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wh-provreg-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const missingKubeconfig = join(dir, 'no-kubeconfig');

    const socketPath = join(tmpdir(), `${randomUUID()}.sock`);
    const down = await detect({ DOCKER_HOST: `unix://${socketPath}`, KUBECONFIG: missingKubeconfig });
    const up = await detect({ KUBECONFIG: missingKubeconfig });
    expect(down.list()).toEqual(['docker']);
    expect(up.list()).toEqual(['docker']);

    const tDown = await startTestApp({ registry: down });
    cleanups.push(() => tDown.stop());
    const tUp = await startTestApp({ registry: up });
    cleanups.push(() => tUp.stop());

    const downTenant = await seedTenant(tDown);
    const [downDocker] = await providers(new RawClient(tDown.url), downTenant.token);
    expect(downDocker?.key).toBe('docker');
    expect(downDocker?.health?.healthy).toBe(false);
    expect(downDocker?.health?.message).toMatch(/\.sock/);

    const upTenant = await seedTenant(tUp);
    const [upDocker] = await providers(new RawClient(tUp.url), upTenant.token);
    expect(upDocker?.health).toEqual({ healthy: true, message: expect.stringContaining('Docker Engine') });

    // The engine appears at DOCKER_HOST (a relay to the real socket): the same registration becomes healthy.
    const relay = createServer((client) => {
      const engine = connect(DEFAULT_DOCKER_SOCKET);
      client.pipe(engine).pipe(client);
      client.on('error', () => engine.destroy());
      engine.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(socketPath, resolve));
    cleanups.push(() => new Promise<void>((resolve) => relay.close(() => resolve())));
    await vi.waitFor(
      async () => {
        const [now] = await providers(new RawClient(tDown.url), downTenant.token);
        expect(now?.health).toEqual({ healthy: true, message: expect.stringContaining(socketPath) });
      },
      { timeout: HEALTH_TTL_MS * 3, interval: 500 },
    );
  });
});
