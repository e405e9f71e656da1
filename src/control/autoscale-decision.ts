/**
 * The Docker autoscaler's decision as pure functions, the way Kubernetes'
 * replica calculator is kept apart from the controller that acts on it: the
 * worker (`worker/autoscaler.ts`) reads rows and samples, calls these, and
 * acts on what they return. Nothing here reads a clock, a database or a
 * provider, so every rule (normalisation to the service's CPU, requests per
 * replica from the edge's counter, idle to zero, waking) is table-tested in
 * test/unit/autoscale-decision.test.ts.
 */
import type { AutoscalePolicy } from '../providers/autoscaling.js';
import { type AutoscaleDecision, decideReplicas, type MetricSample, type Recommendation } from './autoscale-rule.js';

/** What the autoscaler knows of one service before it samples anything. */
export interface AutoscaleSituation {
  /** Replicas the service is desired at now. */
  current: number;
  policy: AutoscalePolicy;
  /** The instance is meant to run (`desired_state` is running). */
  running: boolean;
  /** The service has at least one route (only asked of a sleeping service: a request can reach the waker). */
  routed: boolean;
  /** An operation of the instance is open: a deploy or scale in flight changes what would be measured. */
  operationOpen: boolean;
  /** The provider samples CPU for Wheelhouse (its autoscaler engine is `sampled`). */
  canSample: boolean;
  /** The provider's key, for the note when it cannot sample. */
  provider: string;
}

/** Before sampling: record why not, wait for the open operation (nothing recorded), wake a sleeping service nothing can reach, or sample what the policy needs. */
export type AutoscaleStep =
  | { kind: 'note'; message: string }
  | { kind: 'wait' }
  | { kind: 'wake'; decision: AutoscaleDecision }
  | { kind: 'sample'; cpu: boolean; requests: boolean };

/** The first step for one service; `routed` is read only for a sleeping service, so a caller may pass true otherwise. */
export function autoscaleStep(s: AutoscaleSituation): AutoscaleStep {
  if (!s.running) return { kind: 'note', message: 'not sampled: the instance is not meant to run' };
  if (s.operationOpen) return { kind: 'wait' };
  // Scale to zero: a sleeping service is woken by the waker (a request at the edge), not by a sample.
  const zero = s.policy.minReplicas === 0;
  if (zero && s.current === 0) {
    // Its last route removed while it slept: no request can reach the waker any more, so it wakes now.
    if (!s.routed)
      return {
        kind: 'wake',
        decision: wakeDecision('0 → 1 — the service has no route any more, so no request could wake it'),
      };
    return { kind: 'note', message: 'scaled to zero: the next request through the edge wakes it' };
  }
  if (!s.canSample) return { kind: 'note', message: `provider "${s.provider}" cannot sample CPU` };
  // Scale to zero reads the edge's counter even without a requests target: idleness is no request at all.
  return {
    kind: 'sample',
    cpu: s.policy.targetCpuPercent != null,
    requests: s.policy.targetRequestsPerSecond != null || zero,
  };
}

/** What the previous interval left in the service's autoscale state. */
export interface AutoscalePrevious {
  requestsTotal: number | null;
  sampledAt: Date | null;
  idleSince: Date | null;
}

/** One service's samples of this interval, with what came before. */
export interface AutoscaleInput {
  current: number;
  policy: AutoscalePolicy;
  /** The service's CPU limit in millicores (one core when unset): CPU percent is of this, not of one core. */
  cpuMillis?: number;
  /** Each running replica's CPU in percent of one core; undefined when not sampled. */
  replicaCpuPercents?: readonly number[];
  /** The edge's monotonic request counter for the service, and when it was read; undefined when not read. */
  requests?: { total: number; at: Date };
  previous?: AutoscalePrevious;
  /** Recommendations since the longest stabilization window began. */
  history: readonly Recommendation[];
  now: Date;
}

/** What to do and to record after one interval's samples. */
export interface AutoscaleVerdict {
  decision: AutoscaleDecision;
  /** Average CPU in percent of the service's cpuMillis; null when not sampled or no replica runs. */
  cpuPercent: number | null;
  /** Requests per second per replica; null when unknown (first sample, counter reset, not read). */
  requestsPerSecond: number | null;
  /** The counter to keep for the next interval's delta. */
  requestsTotal: number | null;
  /** Since when no request has come (scale to zero only); null when requests came or it is unknown. */
  idleSince: Date | null;
  /** Only what metrics said goes into the window: an interval without a sample recommends nothing. */
  recordRecommendation: boolean;
}

/** Normalises the samples, applies the HPA rule, and scales an idle scale-to-zero service to zero past its window. */
export function decideAutoscale(input: AutoscaleInput): AutoscaleVerdict {
  const { current, policy, now } = input;
  const metrics: MetricSample[] = [];
  let cpuPercent: number | null = null;
  const replicas = input.replicaCpuPercents ?? [];
  if (policy.targetCpuPercent != null && replicas.length > 0) {
    // Percent of one core → percent of the service's cpuMillis (one core when unset), averaged over replicas.
    const cores = (input.cpuMillis ?? 1000) / 1000;
    cpuPercent = replicas.reduce((a, b) => a + b / cores, 0) / replicas.length;
    metrics.push({ name: 'cpu', observed: cpuPercent, target: policy.targetCpuPercent });
  }
  let rps: number | null = null;
  let requestsTotal = input.previous?.requestsTotal ?? null;
  if (input.requests) {
    rps = requestsPerReplica(input.previous, input.requests.total, input.requests.at, current);
    requestsTotal = input.requests.total;
    if (rps !== null && policy.targetRequestsPerSecond != null)
      metrics.push({ name: 'requests', observed: rps, target: policy.targetRequestsPerSecond });
  }
  const zero = policy.minReplicas === 0;
  // Idle since the previous sample when the counter did not move; unknown (null) when it could not be read.
  const idleSince = zero && rps === 0 ? (input.previous?.idleSince ?? input.previous?.sampledAt ?? now) : null;
  let decision = decideReplicas({
    current,
    // The metrics never propose zero (an idle CPU is not a service nobody calls): only idleness at the edge does.
    minReplicas: Math.max(1, policy.minReplicas),
    maxReplicas: policy.maxReplicas,
    metrics,
    history: input.history,
    now,
    scaleUpStabilizationSeconds: policy.scaleUpStabilizationSeconds,
    scaleDownStabilizationSeconds: policy.scaleDownStabilizationSeconds,
  });
  const idleMs = idleSince ? now.getTime() - idleSince.getTime() : 0;
  if (idleSince && idleMs >= policy.scaleDownStabilizationSeconds * 1000) {
    decision = {
      ...decision,
      desired: 0,
      reason: `${current} → 0 — no request for ${Math.round(idleMs / 1000)} s (scale-down window ${policy.scaleDownStabilizationSeconds} s); the next request wakes it`,
    };
  }
  return {
    decision,
    cpuPercent,
    requestsPerSecond: rps,
    requestsTotal,
    idleSince,
    recordRecommendation: metrics.length > 0,
  };
}

/** What the waker's request for a replica meets. */
export interface WakeSituation {
  /** The instance exists and is not destroyed. */
  exists: boolean;
  /** The service's policy; undefined when the service or its policy is gone. */
  policy: AutoscalePolicy | undefined;
  running: boolean;
  current: number;
  /** An operation of the instance is open (the SCALE would have to wait its turn). */
  operationOpen: boolean;
  /**
   * A BACKUP or RESTORE of the instance is open: a STOP copy has stopped (drained) the
   * services mounting its volume and starts them when the copy ends, so a request is held
   * for them as for a sleeping service, whatever their autoscale policy.
   */
  copying?: boolean;
}

/** Refused (the waker answers 503 with the reason), pending (a replica is coming, or ask again), or queue the 0 → 1. */
export type WakeAnswer =
  | { outcome: 'refused' | 'pending'; reason: string }
  | { outcome: 'queue'; decision: AutoscaleDecision };

/** Whether a request held at the edge wakes its sleeping service now. */
export function decideWake(s: WakeSituation): WakeAnswer {
  if (!s.exists) return { outcome: 'refused', reason: 'no such instance' };
  if (s.copying && s.running)
    return { outcome: 'pending', reason: 'a backup or restore stopped it; it starts again when the copy ends' };
  if (s.policy?.minReplicas !== 0) return { outcome: 'refused', reason: 'the service does not scale to zero' };
  if (!s.running) return { outcome: 'refused', reason: 'the instance is not meant to run' };
  if (s.current > 0) return { outcome: 'pending', reason: `${s.current} replica(s) desired` };
  if (s.operationOpen) return { outcome: 'pending', reason: 'an operation is open' };
  return {
    outcome: 'queue',
    decision: wakeDecision('0 → 1 — a request is waiting at the edge (the waker holds it until the replica is ready)'),
  };
}

function wakeDecision(reason: string): AutoscaleDecision {
  return { recommendation: 1, desired: 1, proposals: [], reason };
}

/**
 * Requests per second per replica from the edge's monotonic counter: the
 * delta since the last sample over the time between them, divided by the
 * replicas. Undefined (null) on the first sample, or when the counter went
 * back (the backend was re-created).
 */
export function requestsPerReplica(
  previous: Pick<AutoscalePrevious, 'requestsTotal' | 'sampledAt'> | undefined,
  requests: number,
  at: Date,
  replicas: number,
): number | null {
  if (previous?.requestsTotal == null || !previous.sampledAt) return null;
  const seconds = (at.getTime() - previous.sampledAt.getTime()) / 1000;
  const delta = requests - previous.requestsTotal;
  if (seconds <= 0 || delta < 0) return null;
  return delta / seconds / Math.max(1, replicas);
}
