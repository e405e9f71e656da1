import type { ResourceUsage } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import type { Instance } from './model.js';

/** How long a live read may take before the field answers null. */
const READ_TIMEOUT_MS = 10_000;

/**
 * Live resource usage of an instance, read from its provider. Best effort:
 * null for a destroyed instance, an unregistered provider or any provider
 * failure, because usage is a gauge on a page, not something to fail a query for.
 */
export class InstanceResources {
  constructor(private readonly registry: Registry) {}

  async read(instance: Instance): Promise<ResourceUsage | null> {
    if (instance.destroyedAt) return null;
    let provider: ReturnType<Registry['get']>;
    try {
      provider = this.registry.resolve(instance.providerKey).provider;
    } catch {
      return null;
    }
    try {
      return await provider.resources({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) }, instance.id);
    } catch (err) {
      if (err instanceof ProviderError) return null;
      throw err;
    }
  }
}
