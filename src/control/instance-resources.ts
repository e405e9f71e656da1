import type { ImageUpdate, Provider, ResourceUsage } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import type { Instance } from './model.js';

/** How long a live read may take before the field answers null. */
const READ_TIMEOUT_MS = 10_000;

/**
 * Live reads of an instance from its provider (resource usage, moved image
 * tags). Best effort:
 * null for a destroyed instance, an unregistered provider or any provider
 * failure, because usage is a gauge on a page, not something to fail a query for.
 */
export class InstanceResources {
  constructor(private readonly registry: Registry) {}

  async read(instance: Instance): Promise<ResourceUsage | null> {
    return this.#live(instance, (p, ctx) => p.resources(ctx, instance.id));
  }

  /**
   * The services whose image tag now names another image than they run (see
   * `Provider.imageUpdates`); null where the provider cannot tell or the read
   * failed, so "none" is never said without having looked.
   */
  async imageUpdates(instance: Instance): Promise<ImageUpdate[] | null> {
    return this.#live(instance, (p, ctx) => (p.imageUpdates ? p.imageUpdates(ctx, instance.id) : null));
  }

  /** One best-effort live read: null for a destroyed instance, an unregistered provider or a provider failure. */
  async #live<T>(
    instance: Instance,
    read: (provider: Provider, ctx: { signal: AbortSignal }) => Promise<T | null> | null,
  ): Promise<T | null> {
    if (instance.destroyedAt) return null;
    let provider: Provider;
    try {
      provider = this.registry.resolve(instance.providerKey).provider;
    } catch {
      return null;
    }
    try {
      return await read(provider, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    } catch (err) {
      if (err instanceof ProviderError) return null;
      throw err;
    }
  }
}
