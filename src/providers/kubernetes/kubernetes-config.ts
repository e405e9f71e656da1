import { KubeConfig } from '@kubernetes/client-node';
import { z } from 'zod';
import { PortExposures } from '../service-spec.js';
import type { KubernetesProviderOptions } from './kubernetes-options.js';
import { KubernetesProvider } from './kubernetes-provider.js';
import { TenantNamespacedKubernetes } from './kubernetes-tenant-namespaces.js';

const DNS_SUBDOMAIN = /^[a-z0-9]([-.a-z0-9]*[a-z0-9])?$/;

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
    storageClass: z.string().regex(DNS_SUBDOMAIN, 'must name a storage class').optional(),
    // Volume backups as VolumeSnapshots in this class (kubernetes-snapshots.ts).
    volumeSnapshotClass: z.string().regex(DNS_SUBDOMAIN, 'must name a VolumeSnapshotClass').optional(),
    exposure: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer', 'Ingress']).optional(),
    ingressHost: z
      .string()
      .regex(/^[a-z0-9{}.-]+$/, 'must be a host name, with {service}, {port}, {instance} or {namespace} in it')
      .optional(),
    ingressClassName: z.string().regex(DNS_SUBDOMAIN, 'must name an IngressClass').optional(),
    nodeAddress: z.string().min(1).optional(),
    namespaces: z.enum(['fixed', 'per-tenant']).optional(),
    edgeDomain: z
      .string()
      .max(200)
      .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/, 'must be a lower-case DNS name')
      .optional(),
    // Workload sources and GPUs (issue 26; see kubernetes-sources.ts and kubernetes-gpu.ts).
    sources: z
      .strictObject({
        extraNamespaces: z.array(z.string().min(1)).optional(),
        allowClusterScoped: z.boolean().optional(),
        kubectl: z.string().min(1).optional(),
        helm: z.string().min(1).optional(),
        argoNamespace: z.string().min(1).optional(),
      })
      .optional(),
    gpuResourceName: z.string().min(1).optional(),
    // A Gateway API Gateway: a canary's weights become an HTTPRoute on it (kubernetes-canary.ts).
    gateway: z
      .strictObject({
        name: z.string().regex(DNS_SUBDOMAIN, 'must name a Gateway'),
        namespace: z.string().regex(DNS_SUBDOMAIN, 'must name a namespace').optional(),
        sectionName: z.string().min(1).max(253).optional(),
      })
      .optional(),
  })
  .strict()
  .refine((o) => o.exposure !== 'Ingress' || o.ingressHost, {
    message: 'exposure Ingress needs ingressHost',
    path: ['ingressHost'],
  });

/** The provider option's words (Kubernetes' Service types) as the contract's PortExposure. */
const EXPOSURES = {
  ClusterIP: PortExposures.clusterIp,
  NodePort: PortExposures.nodePort,
  LoadBalancer: PortExposures.loadBalancer,
  Ingress: PortExposures.ingress,
} as const;

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
  credentialed = false,
): KubernetesProvider | TenantNamespacedKubernetes {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`options.${issue?.path.join('.') || ''}: ${issue?.message}`);
  }
  const kubeConfig = loadKubeConfig(kubeconfigPath, parsed.data.context);
  const chosenRegion = region ?? parsed.data.region;
  const providerOptions: KubernetesProviderOptions = {
    kubeConfig,
    key,
    ...(credentialed ? { credentialed } : {}),
    ...(parsed.data.namespace ? { namespace: parsed.data.namespace } : {}),
    ...(chosenRegion ? { region: chosenRegion } : {}),
    ...(parsed.data.apiTimeoutMs ? { apiTimeoutMs: parsed.data.apiTimeoutMs } : {}),
    ...(parsed.data.watch ? { watch: watchOptions(parsed.data.watch) } : {}),
    ...(parsed.data.storageClass ? { defaultStorageClass: parsed.data.storageClass } : {}),
    ...(parsed.data.volumeSnapshotClass ? { volumeSnapshotClass: parsed.data.volumeSnapshotClass } : {}),
    ...(parsed.data.edgeDomain ? { edgeDomain: parsed.data.edgeDomain } : {}),
    ...(parsed.data.sources ? { sources: parsed.data.sources } : {}),
    ...(parsed.data.gpuResourceName ? { gpu: { resourceName: parsed.data.gpuResourceName } } : {}),
    ...(parsed.data.gateway ? { gateway: parsed.data.gateway } : {}),
    exposure: {
      ...(parsed.data.exposure ? { exposure: EXPOSURES[parsed.data.exposure] } : {}),
      ...(parsed.data.ingressHost ? { ingressHost: parsed.data.ingressHost } : {}),
      ...(parsed.data.ingressClassName ? { ingressClassName: parsed.data.ingressClassName } : {}),
      ...(parsed.data.nodeAddress ? { nodeAddress: parsed.data.nodeAddress } : {}),
    },
  };
  // per-tenant: `namespace` is the prefix of each tenant's namespace.
  return parsed.data.namespaces === 'per-tenant'
    ? new TenantNamespacedKubernetes(providerOptions)
    : new KubernetesProvider(providerOptions);
}

/** The providers file's `watch` (seconds) as provider options (milliseconds). */
function watchOptions(w: { enabled?: boolean; watchdogSeconds?: number; fallbackPollSeconds?: number }) {
  return {
    ...(w.enabled !== undefined ? { enabled: w.enabled } : {}),
    ...(w.watchdogSeconds ? { watchdogMs: w.watchdogSeconds * 1000 } : {}),
    ...(w.fallbackPollSeconds ? { fallbackPollMs: w.fallbackPollSeconds * 1000 } : {}),
  };
}
