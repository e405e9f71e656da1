import { access } from 'node:fs/promises';
import { type Config, ConfigError, type ProviderConnection } from '../config.js';
import type { Logger } from '../logger.js';
import { dockerProviderFromConfig } from './docker/docker-config.js';
import { kubernetesProviderFromConfig } from './kubernetes/kubernetes-config.js';
import type { Provider } from './provider.js';
import { isHealthChecker } from './provider.js';
import type { Registry } from './registry.js';

/** Builds a provider of one type from a connection's options. */
type ProviderFactory = (conn: ProviderConnection, config: Config) => Promise<Provider>;

const factories: Partial<Record<ProviderConnection['type'], ProviderFactory>> = {
  docker: async (conn, config) => dockerProviderFromConfig(conn.key, conn.options, conn.region, config.dockerHost),
  kubernetes: async (conn, config) => {
    const provider = kubernetesProviderFromConfig(conn.key, conn.options, conn.region, config.kubeconfig);
    // The server's version is known only once it answers; an unreachable one stays listed as unhealthy.
    await provider.refreshInfo().catch(() => undefined);
    return provider;
  },
};

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
    let provider: Provider;
    try {
      provider = await factory(conn, config);
    } catch (err) {
      throw new ConfigError('WHEELHOUSE_PROVIDERS', `provider "${conn.key}": ${(err as Error).message}`);
    }
    if (!config.providers && isHealthChecker(provider)) {
      // Auto-detected: register only what answers now.
      const health = await provider.healthCheck({ signal: AbortSignal.timeout(5_000) });
      if (!health.healthy) {
        logger.info({ key: conn.key, reason: health.message }, 'no reachable engine; provider not registered');
        continue;
      }
    }
    registry.register(conn.key, provider);
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
