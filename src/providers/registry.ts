import { type CallOutcome, withCallHooks } from './call-hooks.js';
import type { CallContext, Credentials, Provider } from './provider.js';
import { ProviderNotFoundError } from './provider-errors.js';

/** Returns the credentials for the provider registered under `providerKey`. */
export interface CredentialsResolver {
  resolveCredentials(signal: AbortSignal | undefined, providerKey: string): Promise<Credentials | undefined>;
}

/** Adapts a function to CredentialsResolver. */
export function credentialsResolverFunc(
  fn: (signal: AbortSignal | undefined, providerKey: string) => Promise<Credentials | undefined>,
): CredentialsResolver {
  return { resolveCredentials: fn };
}

/** Told of every provider call's end (the /metrics counters): the registry key, the call's name and outcome. */
export type CallObserver = (providerKey: string, call: string, outcome: CallOutcome) => void;

/**
 * Named providers (the seed's Registry). A name resolves by registry key
 * first, then by `info().name` when exactly one provider has it. The default
 * is the one set with setDefault, else the first registered.
 *
 * Every provider is held behind the call hooks (call-hooks.ts): each call of
 * its contract and of its engines carries the credentials the resolver gives
 * for its key, and is reported to the call observer, whoever makes it.
 */
export class Registry {
  readonly #providers = new Map<string, Provider>();
  #default = '';
  #resolver: CredentialsResolver | undefined;
  #observer: CallObserver | undefined;

  /** Adds (or replaces) a provider under `key`, behind the call hooks. */
  register(key: string, p: Provider): void {
    this.#providers.set(
      key,
      withCallHooks(p, {
        credentials: async (signal) => this.#resolver?.resolveCredentials(signal, key),
        observe: (call, outcome) => this.#observer?.(key, call, outcome),
      }),
    );
  }

  /** Makes `observer` hear of every provider call from now on (undefined: no one). */
  setCallObserver(observer: CallObserver | undefined): void {
    this.#observer = observer;
  }

  /** Retrieves a provider by name (see resolve). */
  get(name: string): Provider {
    return this.resolve(name).provider;
  }

  /**
   * Looks a provider up by registry key, else by the unique provider whose
   * `info().name` equals `name` (rows written before keys were recorded hold
   * the type name). Throws ProviderNotFoundError otherwise.
   */
  resolve(name: string): { key: string; provider: Provider } {
    const direct = this.#providers.get(name);
    if (direct) return { key: name, provider: direct };
    const byName = [...this.#providers].filter(([, p]) => p.info().name === name);
    const only = byName.length === 1 ? byName[0] : undefined;
    if (only) return { key: only[0], provider: only[1] };
    throw new ProviderNotFoundError(name);
  }

  /** Sets the fallback provider name. */
  setDefault(name: string): void {
    this.#default = name;
  }

  /** The fallback provider name: the one set, else the first registered, else "". */
  defaultName(): string {
    if (this.#default) return this.#default;
    const first = this.#providers.keys().next();
    return first.done ? '' : first.value;
  }

  /** The fallback provider. */
  default(): Provider {
    return this.resolveDefault().provider;
  }

  /** The fallback provider and the key it is held under. */
  resolveDefault(): { key: string; provider: Provider } {
    const name = this.defaultName();
    if (!name) throw new ProviderNotFoundError('');
    return this.resolve(name);
  }

  /** Registered keys, in registration order. */
  list(): string[] {
    return [...this.#providers.keys()];
  }

  /** A snapshot of every registered provider by key. */
  all(): Map<string, Provider> {
    return new Map(this.#providers);
  }

  /** Makes every call fetch its provider's credentials (and acquire attach them); undefined turns it off. */
  setCredentialsResolver(resolver: CredentialsResolver | undefined): void {
    this.#resolver = resolver;
  }

  /** Attaches the credentials for the provider under `key` to a copy of `ctx`. */
  async withCredentials(ctx: CallContext, key: string): Promise<CallContext> {
    if (!this.#resolver) return ctx;
    const credentials = await this.#resolver.resolveCredentials(ctx.signal, key);
    return { ...ctx, credentials };
  }

  /** Resolves like resolve and returns a context carrying its credentials; pass it to the call. */
  async acquire(ctx: CallContext, name: string): Promise<{ ctx: CallContext; key: string; provider: Provider }> {
    const { key, provider } = this.resolve(name);
    return { ctx: await this.withCredentials(ctx, key), key, provider };
  }
}
