import { z } from 'zod';
import type { DockerEdgeOptions } from './docker-edge.js';
import { DockerProvider, type DockerProviderOptions } from './docker-provider.js';

const optionsSchema = z
  .object({
    socketPath: z.string().min(1).optional(),
    host: z.string().min(1).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    region: z.string().optional(),
    connectTimeoutMs: z.number().int().positive().optional(),
  })
  .strict();

/** Reads DOCKER_HOST (`unix:///var/run/docker.sock`, `tcp://host:2375`) into connection options. */
function parseDockerHost(dockerHost: string | undefined): Pick<DockerProviderOptions, 'socketPath' | 'host' | 'port'> {
  if (!dockerHost) return {};
  if (dockerHost.startsWith('unix://')) return { socketPath: dockerHost.slice('unix://'.length) };
  const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
  return { host: url.hostname, ...(url.port ? { port: Number(url.port) } : {}) };
}

/**
 * A DockerProvider from a providers-file entry (its `options`) or from
 * DOCKER_HOST. Throws with the offending option named when options are wrong.
 */
export function dockerProviderFromConfig(
  key: string,
  options: Record<string, unknown>,
  region: string | undefined,
  dockerHost: string | undefined,
  edge?: DockerEdgeOptions,
): DockerProvider {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`options.${issue?.path.join('.') || ''}: ${issue?.message}`);
  }
  const connection =
    parsed.data.host || parsed.data.socketPath ? parsed.data : { ...parsed.data, ...parseDockerHost(dockerHost) };
  return new DockerProvider({
    key,
    ...connection,
    ...((region ?? parsed.data.region) ? { region: region ?? parsed.data.region } : {}),
    ...(edge ? { edge } : {}),
  });
}
