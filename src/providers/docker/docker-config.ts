import { z } from 'zod';
import type { DockerEdgeOptions } from './docker-edge.js';
import { DockerProvider, type DockerProviderOptions } from './docker-provider.js';

/** A label key an operator may add: Docker's key syntax, outside the provider's own `wheelhouse.` keys. */
export const dockerLabelKey = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$/, 'is not a label key (letters, digits, . _ / -)')
  .refine((k) => !k.startsWith('wheelhouse.'), 'keys under wheelhouse. are reserved for the provider');

const optionsSchema = z
  .object({
    socketPath: z.string().min(1).optional(),
    host: z.string().min(1).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    region: z.string().optional(),
    connectTimeoutMs: z.number().int().positive().optional(),
    labels: z.record(dockerLabelKey, z.string()).optional(),
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
  labels: Record<string, string> = {},
  edge?: DockerEdgeOptions,
): DockerProvider {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`options.${issue?.path.join('.') || ''}: ${issue?.message}`);
  }
  const connection =
    parsed.data.host || parsed.data.socketPath ? parsed.data : { ...parsed.data, ...parseDockerHost(dockerHost) };
  const { labels: own, ...rest } = connection;
  return new DockerProvider({
    key,
    ...rest,
    // The setting's labels apply to every Docker provider; an entry's own options add to them.
    labels: { ...labels, ...own },
    ...((region ?? parsed.data.region) ? { region: region ?? parsed.data.region } : {}),
    ...(edge ? { edge } : {}),
  });
}
