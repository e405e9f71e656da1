/**
 * The seed's credentials resolver, over our vault. A providers-file entry's
 * `credential` names a secret the operator keeps in the system vault: the
 * default tenant's vault (where the SYSTEM token lives), under the reserved
 * prefix `_credentials/`, which only a SYSTEM token may write (see
 * SecretService.put). The value is a bearer token, or a kubeconfig whose
 * current user has a token. It is read before each provider call made
 * through the registry and cached for a few seconds, so rotating the secret
 * (a new putSecret) takes effect without a restart; it is never logged and
 * never leaves the call it authenticates.
 */
import { LRUCache } from 'lru-cache';
import { parse as parseYaml } from 'yaml';
import type { ProviderConnection } from '../config.js';
import type { Credentials } from '../providers/provider.js';
import { ProviderError, ProviderErrorKinds } from '../providers/provider-errors.js';
import type { CredentialsResolver } from '../providers/registry.js';
import { NotFoundError } from './errors.js';
import { PROVIDER_CREDENTIAL_PREFIX, type SecretService } from './secrets.js';
import { DEFAULT_TENANT, type TenantService } from './tenants.js';

/** How long a resolved credential is reused: a rotation is seen within this. */
export const CREDENTIAL_CACHE_MS = 5_000;

/** The vault key a provider entry's `credential` names. */
export function credentialKey(name: string): string {
  return `${PROVIDER_CREDENTIAL_PREFIX}${name}`;
}

/**
 * Resolves the credentials of providers whose configuration names one; the
 * others get none (they authenticate as configured, e.g. by their kubeconfig).
 */
export class VaultCredentials implements CredentialsResolver {
  readonly #names: Map<string, string>;
  readonly #cache: LRUCache<string, Credentials>;
  #tenantId: Promise<string> | undefined;

  constructor(
    readonly secrets: SecretService,
    readonly tenants: TenantService,
    connections: readonly ProviderConnection[],
    cacheMs = CREDENTIAL_CACHE_MS,
  ) {
    this.#names = new Map(connections.flatMap((c) => (c.credential ? [[c.key, c.credential] as const] : [])));
    this.#cache = new LRUCache({ max: 100, ttl: Math.max(1, cacheMs) });
  }

  /** True when some provider's configuration names a credential. */
  get configured(): boolean {
    return this.#names.size > 0;
  }

  async resolveCredentials(_signal: AbortSignal | undefined, providerKey: string): Promise<Credentials | undefined> {
    const name = this.#names.get(providerKey);
    if (!name) return undefined;
    const cached = this.#cache.get(providerKey);
    if (cached) return cached;
    this.#tenantId ??= this.tenants.ensure(DEFAULT_TENANT).then((t) => t.id);
    const key = credentialKey(name);
    let value: string | undefined;
    try {
      value = (await this.secrets.resolve(await this.#tenantId, [key]))[key];
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
    if (value === undefined) {
      throw new ProviderError(
        ProviderErrorKinds.unavailable,
        `provider "${providerKey}" names credential "${name}", which is not in the vault (a SYSTEM token writes it with putSecret, key "${key}")`,
        providerKey,
      );
    }
    const credentials = credentialsOf(value);
    this.#cache.set(providerKey, credentials);
    return credentials;
  }
}

/** A bearer token, or the token of a kubeconfig's current user (`values.token` either way). */
export function credentialsOf(value: string): Credentials {
  const text = value.trim();
  if (!/^apiVersion:|^kind:\s*Config|\nusers:|^users:/m.test(text)) return { values: { token: text } };
  const token = kubeconfigToken(text);
  if (!token) {
    // Never quote the value: it is a secret.
    throw new ProviderError(
      ProviderErrorKinds.invalidSpec,
      "the credential is a kubeconfig without a token for its current context's user (client certificates and exec plugins are not supported)",
      'credentials',
    );
  }
  return { values: { token }, raw: { kind: 'kubeconfig' } };
}

interface KubeconfigShape {
  'current-context'?: string;
  contexts?: { name?: string; context?: { user?: string } }[];
  users?: { name?: string; user?: { token?: string } }[];
}

/** The `token` of the current context's user in a kubeconfig (YAML), or undefined. */
function kubeconfigToken(text: string): string | undefined {
  let doc: KubeconfigShape;
  try {
    doc = parseYaml(text) as KubeconfigShape;
  } catch {
    return undefined;
  }
  const context = doc.contexts?.find((c) => c.name === doc['current-context']) ?? doc.contexts?.[0];
  const user = doc.users?.find((u) => u.name === context?.context?.user) ?? doc.users?.[0];
  return user?.user?.token || undefined;
}
