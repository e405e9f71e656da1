/**
 * The optional autoscaling engine, `Provider.engines.autoscaler` (engines.ts),
 * in one of two modes:
 * - `sampled` (Docker): the control plane runs the autoscaler itself and asks
 *   the provider for each replica's CPU every interval;
 * - `native` (Kubernetes): the cluster scales (a HorizontalPodAutoscaler that
 *   the provider keeps with the workload), and the provider only reports what
 *   it sees.
 */
import type { CallContext } from './provider.js';

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

/** Autoscaling decided by Wheelhouse from samples the provider takes (Docker: the Engine's stats API). */
export interface SampledAutoscaling {
  readonly mode: 'sampled';
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
 * Autoscaling by the platform (Kubernetes: an `autoscaling/v2`
 * HorizontalPodAutoscaler the provider creates with the workload, updates with
 * a scale's policy and deletes when the policy goes). Wheelhouse reads its
 * status back.
 */
export interface NativeAutoscaling {
  readonly mode: 'native';
  autoscaleStatus(ctx: CallContext, instanceId: string, service: string): Promise<NativeAutoscaleStatus | undefined>;
}

/** A provider's autoscaling engine: which of the two modes it runs in decides who decides. */
export type AutoscaleEngine = SampledAutoscaling | NativeAutoscaling;
