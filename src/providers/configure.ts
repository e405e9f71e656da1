import { access } from 'node:fs/promises';
import { type Config, ConfigError, type ProviderConnection } from '../config.js';
import type { Logger } from '../logger.js';
import type { DockerEdgeOptions } from './docker/docker-edge.js';
import type { Provider } from './provider.js';
import type { Registry } from './registry.js';

/** Builds a provider of one type from a connection's options. */
type ProviderFactory = (conn: ProviderConnection, config: Config) => Promise<Provider>;

// Each provider's client is loaded only when a connection of its type is configured: the Kubernetes
// client alone is tens of megabytes of heap that a Docker-only server never needs.
const factories: Partial<Record<ProviderConnection['type'], ProviderFactory>> = {
  docker: async (conn, config) => {
    const { dockerProviderFromConfig } = await import('./docker/docker-config.js');
    return dockerProviderFromConfig(
      conn.key,
      conn.options,
      conn.region,
      config.dockerHost,
      config.dockerLabels,
      dockerEdgeOptions(config),
    );
  },
  kubernetes: async (conn, config) => {
    const { kubernetesProviderFromConfig } = await import('./kubernetes/kubernetes-config.js');
    // With a vault credential it sends nothing as the kubeconfig's user; the registry's hooks carry the credential.
    const provider = kubernetesProviderFromConfig(
      conn.key,
      conn.options,
      conn.region,
      config.kubeconfig,
      conn.credential !== undefined,
    );
    // The server's version is known only once it answers; an unreachable one stays listed as unhealthy.
    // A credentialed one refuses calls without the vault's token, which the registry's hooks add later:
    // its version is read on its first call instead.
    if (conn.credential === undefined) {
      await provider.refreshInfo({ signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    }
    return provider;
  },
};

/** The Docker edge's options from the WHEELHOUSE_EDGE* settings; undefined when it is off. */
export function dockerEdgeOptions(config: Config): DockerEdgeOptions | undefined {
  const e = config.edge;
  if (e.mode === 'off') return undefined;
  return {
    dataDir: config.dataDir,
    haproxyPath: e.haproxyPath,
    host: e.host,
    httpPort: e.httpPort,
    httpsPort: e.httpsPort,
    domain: e.domain,
    drainTimeoutMs: e.drainTimeoutSeconds * 1000,
  };
}

/** The Docker Engine's socket when DOCKER_HOST is not set. */
export const DEFAULT_DOCKER_SOCKET = '/var/run/docker.sock';

/**
 * Registers the providers the configuration names (WHEELHOUSE_PROVIDERS), or
 * auto-detects Docker (DOCKER_HOST set, or the default socket present) and
 * Kubernetes (a readable kubeconfig). Registration never depends on the
 * backend answering now: an unreachable provider stays listed with an
 * unhealthy status, its clients connect per call, and it starts working when
 * the backend comes back, without a restart.
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
    registry.register(conn.key, provider);
    if (conn.default) registry.setDefault(conn.key);
  }
  const credentialed = new Set(connections.filter((c) => c.credential !== undefined).map((c) => c.key));
  await warnUnreachable(registry, credentialed, logger);
}

/**
 * Says at start-up which registered providers do not answer yet (they stay registered). Those
 * with a vault credential are not asked: the vault is read once the server's services are up,
 * and they send nothing without it, so asking now would only report them unreachable.
 */
async function warnUnreachable(registry: Registry, credentialed: ReadonlySet<string>, logger: Logger): Promise<void> {
  await Promise.all(
    [...registry.all()].map(async ([key, provider]) => {
      if (credentialed.has(key)) {
        logger.info({ key }, 'provider registered; it is checked on its first call, with its vault credential');
        return;
      }
      if (!provider.healthCheck) return;
      const health = await provider.healthCheck({ signal: AbortSignal.timeout(5_000) });
      if (!health.healthy) {
        logger.warn(
          { key, reason: health.message },
          'provider registered but not reachable; it is used once it answers',
        );
      }
    }),
  );
}

async function autoDetect(config: Config): Promise<ProviderConnection[]> {
  const found: ProviderConnection[] = [];
  if (factories.docker && (config.dockerHost || (await readable(DEFAULT_DOCKER_SOCKET)))) {
    found.push({ key: 'docker', type: 'docker', options: {}, default: false });
  }
  if (factories.kubernetes) {
    // No readable kubeconfig: no kubernetes provider.
    if (await readable(config.kubeconfig)) {
      found.push({ key: 'kubernetes', type: 'kubernetes', options: {}, default: false });
    }
  }
  return found;
}

async function readable(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
