import { KubeConfig } from '@kubernetes/client-node';
import { z } from 'zod';
import { KubernetesProvider } from './kubernetes-provider.js';

const optionsSchema = z
  .object({
    namespace: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'must be a DNS label')
      .max(63)
      .optional(),
    context: z.string().min(1).optional(),
    region: z.string().optional(),
    apiTimeoutMs: z.number().int().positive().optional(),
    watch: z
      .object({
        enabled: z.boolean().optional(),
        watchdogSeconds: z.number().positive().optional(),
        fallbackPollSeconds: z.number().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * Loads the kubeconfig file at `path` (KubeConfig.loadFromFile) and selects
 * `context` when given. Throws naming the file when it cannot be read, has
 * no such context or no current cluster.
 */
export function loadKubeConfig(path: string, context?: string): KubeConfig {
  const kubeConfig = new KubeConfig();
  try {
    kubeConfig.loadFromFile(path);
  } catch (err) {
    throw new Error(`cannot load kubeconfig ${path}: ${(err as Error).message}`);
  }
  if (context) {
    if (!kubeConfig.getContextObject(context)) throw new Error(`options.context: no context ${context} in ${path}`);
    kubeConfig.setCurrentContext(context);
  }
  if (!kubeConfig.getCurrentCluster()) throw new Error(`kubeconfig ${path} has no current cluster`);
  return kubeConfig;
}

/**
 * A KubernetesProvider from a providers-file entry (its `options`: namespace,
 * context) and the kubeconfig file at `kubeconfigPath` (KubeConfig.loadFromFile).
 * Throws with the offending option named when options are wrong, and when the
 * kubeconfig cannot be read or has no such context.
 */
export function kubernetesProviderFromConfig(
  key: string,
  options: Record<string, unknown>,
  region: string | undefined,
  kubeconfigPath: string,
): KubernetesProvider {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`options.${issue?.path.join('.') || ''}: ${issue?.message}`);
  }
  const kubeConfig = loadKubeConfig(kubeconfigPath, parsed.data.context);
  const chosenRegion = region ?? parsed.data.region;
  return new KubernetesProvider({
    kubeConfig,
    key,
    ...(parsed.data.namespace ? { namespace: parsed.data.namespace } : {}),
    ...(chosenRegion ? { region: chosenRegion } : {}),
    ...(parsed.data.apiTimeoutMs ? { apiTimeoutMs: parsed.data.apiTimeoutMs } : {}),
    ...(parsed.data.watch ? { watch: watchOptions(parsed.data.watch) } : {}),
  });
}

/** The providers file's `watch` (seconds) as provider options (milliseconds). */
function watchOptions(w: { enabled?: boolean; watchdogSeconds?: number; fallbackPollSeconds?: number }) {
  return {
    ...(w.enabled !== undefined ? { enabled: w.enabled } : {}),
    ...(w.watchdogSeconds ? { watchdogMs: w.watchdogSeconds * 1000 } : {}),
    ...(w.fallbackPollSeconds ? { fallbackPollMs: w.fallbackPollSeconds * 1000 } : {}),
  };
}
