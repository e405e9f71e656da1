/**
 * A provider entry's `credential`, held in the system vault and written by
 * SYSTEM, authenticates each Kubernetes call (the stand-in checks the bearer
 * token), log streams, exec, the metrics API and the watches included;
 * rotating the secret takes effect on a later call without a restart, and
 * the token never shows in an error.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/control/errors.js';
import { credentialKey, VaultCredentials } from '../../src/control/provider-credentials.js';
import { type Principal, Scopes } from '../../src/control/scopes.js';
import { SecretService } from '../../src/control/secrets.js';
import { DEFAULT_TENANT, TenantService } from '../../src/control/tenants.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { CallContext, LogStream, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import { Registry } from '../../src/providers/registry.js';
import { openTestDatabase } from '../support/database.js';
import { FakeKubeApi, kubeconfigFor } from '../support/fake-kube-api.js';

const CACHE_MS = 200;
const IMAGE = 'registry.test/talker:v1';

/** One service that logs a line every 50 ms. */
function talker(id: string): ProvisionRequest {
  return {
    instanceId: id,
    tenantId: 'tenant-creds',
    name: `creds-${id.slice(0, 8)}`,
    kind: 'deployment',
    releaseId: `rel-${randomUUID()}`,
    labels: {},
    services: [
      {
        name: 'talk',
        image: IMAGE,
        role: 'main',
        dependsOn: [],
        resources: { memoryMb: 32 },
        env: {},
        ports: [],
        volumes: [],
        secrets: [],
        configFiles: [],
        annotations: {},
      },
    ],
  };
}

/** The first line a followed stream delivers, or undefined when none comes in time. */
async function firstLine(stream: LogStream, timeoutMs = 5000): Promise<string | undefined> {
  const iterator = stream[Symbol.asyncIterator]();
  const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), timeoutMs).unref());
  const next = await Promise.race([iterator.next(), timeout]);
  return next && !next.done ? next.value.message : undefined;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Kubernetes credentials from the vault', () => {
  let database: DatabaseHandle;
  let fake: FakeKubeApi;
  let secrets: SecretService;
  let system: Principal;
  let registry: Registry;
  let resolver: VaultCredentials;
  let provider: KubernetesProvider;
  const name = `k8s-${randomUUID().slice(0, 8)}`;
  const lastAuthorization = () => fake.requests.at(-1)?.authorization;

  beforeAll(async () => {
    database = await openTestDatabase();
    fake = await new FakeKubeApi().start();
    const tenants = new TenantService(database.db);
    const tenant = await tenants.ensure(DEFAULT_TENANT);
    system = { tenantId: tenant.id, tokenId: randomUUID(), scopes: new Set([Scopes.system, Scopes.secretsWrite]) };
    secrets = new SecretService(database.db, randomBytes(32));
    // The kubeconfig's own token is stale from the start: only the vault's credential can get in.
    fake.defineImage(IMAGE, { script: 'i=0; while true; do i=$((i+1)); echo "line $i"; sleep 0.05; done' });
    fake.enableMetrics();
    provider = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: 'creds',
      minReadyMs: 100,
      watch: { retryMs: 100 },
    });
    fake.rotateToken();
    registry = new Registry();
    registry.register('k8s', provider);
    resolver = new VaultCredentials(
      secrets,
      tenants,
      [{ key: 'k8s', type: 'kubernetes', options: {}, credential: name, default: false }],
      CACHE_MS,
    );
    registry.setCredentialsResolver(resolver);
  });

  afterAll(async () => {
    provider.close();
    await fake.close();
    await database.close();
  });

  it('fails naming the vault key while the credential is missing, and lets only SYSTEM write it', async () => {
    const err = await registry.acquire({}, 'k8s').catch((e: unknown) => e);
    expect(isProviderError(err, 'unavailable') && err.message).toContain(credentialKey(name));
    const tenantAdmin: Principal = { ...system, scopes: new Set([Scopes.secretsWrite, Scopes.admin]) };
    await expect(secrets.put(tenantAdmin, credentialKey(name), 'nope')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('authenticates each call with the vault token, and a rotation is used without a restart', async () => {
    const first = fake.token;
    await secrets.put(system, credentialKey(name), first);
    const { ctx } = await registry.acquire({}, 'k8s');
    expect((await provider.healthCheck(ctx)).healthy).toBe(true);
    expect(lastAuthorization()).toBe(`Bearer ${first}`);

    // Rotate: the API server takes only the new token; SYSTEM stores it; nothing restarts.
    const second = fake.rotateToken();
    await secrets.put(system, credentialKey(name), second);
    // A call with the old credential is refused, and its message does not show the token.
    const stale = await provider.managedWorkloads(ctx).catch((e: unknown) => e);
    expect(isProviderError(stale, 'unavailable')).toBe(true);
    expect(String((stale as Error).message)).not.toContain(first);
    // Once the brief cache has lapsed, the next call resolves the new value.
    await new Promise((r) => setTimeout(r, CACHE_MS + 50));
    const next = await registry.acquire({}, 'k8s');
    expect((await provider.healthCheck(next.ctx)).healthy).toBe(true);
    expect(lastAuthorization()).toBe(`Bearer ${second}`);
  });

  it('also authenticates calls that do not go through the registry, and takes a kubeconfig as the credential', async () => {
    const token = fake.rotateToken();
    await secrets.put(system, credentialKey(name), kubeconfigFor('https://ignored.example', token));
    await new Promise((r) => setTimeout(r, CACHE_MS + 50));
    // The supervisor, the edge driver and health checks call the registry's provider with no credentials in
    // their context: its call hooks attach them.
    const wrapped = registry.get('k8s');
    expect(wrapped).toBeInstanceOf(KubernetesProvider);
    expect((wrapped as KubernetesProvider).namespace).toBe('creds');
    expect(wrapped.info().name).toBe('kubernetes');
    expect(await wrapped.status({}, randomUUID()).catch((e: unknown) => isProviderError(e, 'not_found'))).toBe(true);
    expect(lastAuthorization()).toBe(`Bearer ${token}`);
    // Without it, the stale kubeconfig token is what goes out, and the server refuses it.
    expect((await provider.healthCheck({})).healthy).toBe(false);
  });

  it('follows logs, execs, reads metrics and watches with the vault token, and with the new one after a rotation', async () => {
    /** Sets the vault credential to a fresh token the stand-in alone accepts, and acquires a call context with it. */
    const rotate = async (): Promise<{ token: string; ctx: CallContext }> => {
      const token = fake.rotateToken();
      await secrets.put(system, credentialKey(name), token);
      await new Promise((r) => setTimeout(r, CACHE_MS + 50));
      return { token, ctx: (await registry.acquire({}, 'k8s')).ctx };
    };
    /** Follows, execs and reads usage with `ctx`; every such request the stand-in saw carried `token`. */
    const streamsWith = async (ctx: CallContext, token: string) => {
      const mark = fake.requests.length;
      const stream = await provider.logs(ctx, id, { follow: true, tail: 0 });
      try {
        expect(await firstLine(stream)).toMatch(/^line \d+$/);
      } finally {
        await stream.close();
      }
      expect(await provider.exec(ctx, id, { command: ['sh', '-c', 'echo hi'] })).toMatchObject({
        exitCode: 0,
        stdout: 'hi\n',
      });
      expect((await provider.resources(ctx, id)).memoryLimitMb).toBe(32);
      const seen = fake.requests.slice(mark);
      for (const suffix of ['/log', '/exec', '/pods']) {
        const matching = seen.filter((r) => r.path.endsWith(suffix));
        expect(matching.length, suffix).toBeGreaterThan(0);
        for (const r of matching) expect(r.authorization, suffix).toBe(`Bearer ${token}`);
      }
      expect(seen.some((r) => r.path.startsWith('/apis/metrics.k8s.io/'))).toBe(true);
    };

    const id = randomUUID();
    const first = await rotate();
    // Provision waits on the watches: they open with the call's token, as the stale kubeconfig's would be refused.
    const watchesBefore = fake.watchRequests.length;
    await provider.provision(first.ctx, talker(id));
    const { status, error } = await waitReady({ timeoutMs: 10_000, intervalMs: 50 }, () =>
      provider.status(first.ctx, id),
    );
    expect(readinessOutcome(status, error), error?.message).toBe('ready');
    expect(fake.watchRequests.length).toBeGreaterThan(watchesBefore);
    await streamsWith(first.ctx, first.token);

    // Rotated: the next calls carry the new token; the old one would be refused.
    const second = await rotate();
    await streamsWith(second.ctx, second.token);
    // A watch that reopens (here after a 410 Gone) lists and watches again with the newest token.
    const opened = fake.watchRequests.length;
    const follow = provider.subscribeChanges(() => undefined);
    try {
      // One watch per collection (pods, Deployments, StatefulSets), then each again after the 410.
      await until(() => fake.watchRequests.length >= opened + 3);
      const mark = fake.watchRequests.length;
      expect(fake.expireWatches()).toBeGreaterThan(0);
      await until(() => fake.watchRequests.length >= mark + 3);
    } finally {
      follow();
    }
    await provider.deprovision(second.ctx, id, { deleteVolumes: true });
  });
});
