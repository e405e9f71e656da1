/**
 * Optional provider engines for autoscaling. A provider implements one of them:
 * - `CpuSampler` (Docker): the control plane runs the autoscaler itself and asks
 *   the provider for each replica's CPU every interval;
 * - `NativeAutoscaler` (Kubernetes): the cluster scales (a HorizontalPodAutoscaler),
 *   and the provider only reports what it sees.
 */
import type { CallContext, Provider } from './provider.js';

/** One autoscaling policy as the providers receive it (validated; defaults applied). */
export interface AutoscalePolicy {
  minReplicas: number;
  maxReplicas: number;
  /** Percent of the service's cpuMillis (of one core when unset), averaged over its replicas. */
  targetCpuPercent?: number;
  /** Requests per second per replica, measured at the edge. */
  targetRequestsPerSecond?: number;
  scaleUpStabilizationSeconds: number;
  scaleDownStabilizationSeconds: number;
}

/** CPU of one service's running replicas, sampled now. */
export interface CpuSample {
  /** Each running replica's CPU, in percent of one core (`docker stats`' figure). */
  replicaCpuPercents: number[];
  at: Date;
}

/** Optional: a provider that samples its services' CPU (Docker: the Engine's stats API). */
export interface CpuSampler {
  sampleCpu(ctx: CallContext, instanceId: string, service: string): Promise<CpuSample>;
}

/** What a provider's own autoscaler reports for one service. */
export interface NativeAutoscaleStatus {
  currentReplicas: number;
  desiredReplicas: number;
  /** The last observed CPU, in percent of the request (the HPA's utilisation). */
  cpuPercent?: number;
  lastScaleAt?: Date;
  message?: string;
}

/**
 * Optional: a provider whose platform autoscales (Kubernetes: an
 * `autoscaling/v2` HorizontalPodAutoscaler it creates with the workload and
 * deletes when the policy goes). Wheelhouse reads its status back.
 */
export interface NativeAutoscaler {
  autoscaleStatus(ctx: CallContext, instanceId: string, service: string): Promise<NativeAutoscaleStatus | undefined>;
}

export function isCpuSampler(p: Provider): p is Provider & CpuSampler {
  return typeof (p as Partial<CpuSampler>).sampleCpu === 'function';
}

export function isNativeAutoscaler(p: Provider): p is Provider & NativeAutoscaler {
  return typeof (p as Partial<NativeAutoscaler>).autoscaleStatus === 'function';
}
