/**
 * A provider entry's `credential`, held in the system vault and written by
 * SYSTEM, authenticates each Kubernetes call (the stand-in checks the bearer
 * token); rotating the secret takes effect on a later call without a
 * restart, and the token never shows in an error.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/control/errors.js';
import { credentialKey, VaultCredentials } from '../../src/control/provider-credentials.js';
import { type Principal, Scopes } from '../../src/control/scopes.js';
import { SecretService } from '../../src/control/secrets.js';
import { DEFAULT_TENANT, TenantService } from '../../src/control/tenants.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { withCredentialsFor } from '../../src/providers/credentialed-provider.js';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { Registry } from '../../src/providers/registry.js';
import { openTestDatabase } from '../support/database.js';
import { FakeKubeApi, kubeconfigFor } from '../support/fake-kube-api.js';

const CACHE_MS = 200;

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
    provider = new KubernetesProvider({ kubeConfig: loadKubeConfig(fake.kubeconfigPath), namespace: 'creds' });
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
    // The supervisor and health checks call the provider directly, with no credentials in their context.
    const wrapped = withCredentialsFor(provider, 'k8s', resolver);
    expect(wrapped).toBeInstanceOf(KubernetesProvider);
    expect((wrapped as KubernetesProvider).namespace).toBe('creds');
    expect(wrapped.info().name).toBe('kubernetes');
    expect(await wrapped.status({}, randomUUID()).catch((e: unknown) => isProviderError(e, 'not_found'))).toBe(true);
    expect(lastAuthorization()).toBe(`Bearer ${token}`);
    // Without it, the stale kubeconfig token is what goes out, and the server refuses it.
    expect((await provider.healthCheck({})).healthy).toBe(false);
  });
});
