import { access } from 'node:fs/promises';
import type { Config, ProviderConnection } from '../config.js';
import type { Logger } from '../logger.js';
import type { Provider } from './provider.js';
import type { Registry } from './registry.js';

/** Builds a provider of one type from a connection's options. */
type ProviderFactory = (conn: ProviderConnection, config: Config) => Promise<Provider>;

const factories: Partial<Record<ProviderConnection['type'], ProviderFactory>> = {};

/**
 * Registers the providers the configuration names (WHEELHOUSE_PROVIDERS), or
 * auto-detects a reachable Docker Engine and a readable kubeconfig. A
 * configured provider that is unreachable is still registered: it stays listed
 * with an unhealthy status and the server keeps serving.
 */
export async function registerConfiguredProviders(registry: Registry, config: Config, logger: Logger): Promise<void> {
  const connections = config.providers ?? (await autoDetect(config));
  for (const conn of connections) {
    const factory = factories[conn.type];
    if (!factory) {
      logger.warn({ key: conn.key, type: conn.type }, 'provider type not available in this build; skipped');
      continue;
    }
    registry.register(conn.key, await factory(conn, config));
    if (conn.default) registry.setDefault(conn.key);
  }
}

async function autoDetect(config: Config): Promise<ProviderConnection[]> {
  const found: ProviderConnection[] = [];
  if (factories.docker) {
    found.push({ key: 'docker', type: 'docker', options: {}, default: false });
  }
  if (factories.kubernetes) {
    try {
      await access(config.kubeconfig);
      found.push({ key: 'kubernetes', type: 'kubernetes', options: {}, default: false });
    } catch {
      // no readable kubeconfig: no kubernetes provider
    }
  }
  return found;
}
