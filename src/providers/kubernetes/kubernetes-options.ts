/**
 * The options of a KubernetesProvider (and of the per-tenant router in front
 * of it): the cluster, the namespace, timings, exposure, the edge's domain,
 * workload sources, GPUs and the Gateway a canary may split through.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { Location, ReadinessPolicy } from '../provider.js';
import type { GatewayRef } from './kubernetes-canary-gateway.js';
import type { WatchTiming } from './kubernetes-changes.js';
import type { ExposureOptions } from './kubernetes-exposure.js';
import type { GpuOptions } from './kubernetes-gpu.js';
import type { SourceOptions } from './kubernetes-sources.js';

/** Configuration of a KubernetesProvider. Nothing is read from the environment. */
export interface KubernetesProviderOptions {
  /** A loaded kubeconfig; its current context names the API server and credentials. */
  kubeConfig: KubeConfig;
  /** Registry key ProviderErrors carry. Default `kubernetes`. */
  key?: string;
  /**
   * The provider's entry names a vault `credential`: every request must carry
   * the call's token, never the kubeconfig's user. A call that arrives
   * without credentials is refused (`unavailable`) before anything is sent,
   * and the watches, which belong to no call, wait for the first call that
   * carries a token instead of opening as the kubeconfig's user.
   */
  credentialed?: boolean;
  /** Namespace every instance lives in. Default `wheelhouse`. */
  namespace?: string;
  /** Region reported by info(). Default `default`. */
  region?: string;
  location?: Location;
  /** Bound on each ordinary API request (not on waits or followed logs). Default 30 s. */
  apiTimeoutMs?: number;
  /**
   * How long a request waits for the API server's first answer (its response
   * headers) before the server counts as unreachable: `unavailable`, so a
   * black-holed address fails as fast as a refused one. Default 5 s.
   */
  connectTimeoutMs?: number;
  /**
   * How long Provision waits for its pods to get past image pulls and init
   * services before giving up with `timeout`. Default 5 min.
   */
  startTimeoutMs?: number;
  /** How long Stop waits for the pods to be gone. Default 2 min. */
  stopTimeoutMs?: number;
  /** Poll interval of those waits while the watches are down (or off). Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * The watches waits follow (see kubernetes-changes.ts): `enabled` false
   * makes every wait poll. Defaults: on; a watch silent for 90 s is
   * restarted; waits still poll every 5 s while the watches are live; a
   * failed list or watch is retried after 1 s; the watches stop when their
   * last listener leaves.
   */
  watch?: Partial<Omit<WatchTiming, 'pollMs'>>;
  /**
   * A running container without a readiness probe counts as ready once it
   * has been up this long, so a process that exits at once is not reported
   * ready in the moment before it dies. Default 1000 ms.
   */
  minReadyMs?: number;
  /** The policy readinessPolicy() returns. Default 5 min, polled every 2 s. */
  readiness?: ReadinessPolicy;
  /**
   * Storage class of a volume's claim when the volume names no `type`.
   * Unset: the claim names no class, so the cluster's default class serves it.
   */
  defaultStorageClass?: string;
  /**
   * A VolumeSnapshotClass (`snapshot.storage.k8s.io/v1`): volume backups are
   * then VolumeSnapshots of the claims in this class, restored as claims made
   * from them (kubernetes-snapshots.ts), and the provider has `volume-backup`.
   * Unset: it backs up no volumes.
   */
  volumeSnapshotClass?: string;
  /** How long a VolumeSnapshot may take to become ready to use. Default 10 min. */
  snapshotTimeoutMs?: number;
  /**
   * How ports are reached from outside the cluster unless a port overrides
   * it: `cluster_ip` (default: in-cluster DNS only), `node_port`,
   * `load_balancer` or `ingress` (needs `ingressHost`). See kubernetes-exposure.ts.
   */
  exposure?: ExposureOptions;
  /**
   * Domain of generated route hosts (`<service>-<instance>-<tenant>.<edgeDomain>`),
   * as `Provider.edge.domain` reports it. Default `localhost`. Routes become an
   * Ingress (kubernetes-ingress.ts) with the exposure's ingressClassName.
   */
  edgeDomain?: string;
  /** Workload sources: namespaces, binaries, the Argo CD namespace (see kubernetes-sources.ts). */
  sources?: SourceOptions;
  /** GPUs: the extended resource name (default `nvidia.com/gpu`); see kubernetes-gpu.ts. */
  gpu?: GpuOptions;
  /**
   * A Gateway API Gateway for canary weights: a canary's split is then an
   * HTTPRoute on it. Unset: a canary splits by replica ratio (kubernetes-canary-replicas.ts).
   */
  gateway?: GatewayRef;
}
