/**
 * The HPA rule, as Kubernetes' horizontal pod autoscaler applies it, as a pure
 * function: the Docker autoscaler (`worker/autoscaler.ts`) calls it every
 * interval with the samples and the stabilization history it keeps in Postgres.
 */

/** Within this share of the target, a metric proposes no change (the HPA's default 10 %). */
export const AUTOSCALE_TOLERANCE = 0.1;

/** One metric's observation against its target (same unit: CPU percent, requests/s per replica). */
export interface MetricSample {
  name: string;
  observed: number;
  target: number;
}

/** A past recommendation of the stabilization history. */
export interface Recommendation {
  at: Date;
  replicas: number;
}

export interface AutoscaleDecisionInput {
  /** Replicas the service is desired at now. */
  current: number;
  minReplicas: number;
  maxReplicas: number;
  /** The metrics sampled this interval; none means the metrics say nothing (keep the count). */
  metrics: readonly MetricSample[];
  /** Earlier recommendations (any order, any age: those outside a window are ignored). */
  history: readonly Recommendation[];
  now: Date;
  scaleUpStabilizationSeconds: number;
  scaleDownStabilizationSeconds: number;
  tolerance?: number;
}

export interface AutoscaleDecision {
  /** What the metrics ask for now, within the bounds: the row kept in the history. */
  recommendation: number;
  /** What to scale to after the stabilization windows and bounds. */
  desired: number;
  /** Each metric's proposal, for the decision's event. */
  proposals: { name: string; replicas: number }[];
  /** Why, in a sentence. */
  reason: string;
}

/** One metric's proposal: ceil(current × observed / target), or current within the tolerance. */
export function proposalOf(current: number, observed: number, target: number, tolerance = AUTOSCALE_TOLERANCE): number {
  if (target <= 0 || current <= 0) return current;
  const ratio = observed / target;
  // The epsilon: 55/50 is 1.1000000000000001 in floating point, and 10 % off must count as within.
  if (Math.abs(ratio - 1) <= tolerance + 1e-9) return current;
  return Math.ceil(current * ratio);
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * Decides the replicas of one service. The largest proposal across metrics is
 * the recommendation; scaling up goes to the smallest recommendation of the
 * scale-up window (this one included), scaling down to the largest of the
 * scale-down window, so a dip shorter than the window never scales down (no
 * flapping). The result never leaves [min, max].
 */
export function decideReplicas(input: AutoscaleDecisionInput): AutoscaleDecision {
  const { current, minReplicas, maxReplicas, now } = input;
  const tolerance = input.tolerance ?? AUTOSCALE_TOLERANCE;
  const proposals = input.metrics.map((m) => ({
    name: m.name,
    replicas: proposalOf(current, m.observed, m.target, tolerance),
  }));
  const raw = proposals.length > 0 ? Math.max(...proposals.map((p) => p.replicas)) : current;
  const recommendation = clamp(raw, minReplicas, maxReplicas);
  const upCutoff = now.getTime() - input.scaleUpStabilizationSeconds * 1000;
  const downCutoff = now.getTime() - input.scaleDownStabilizationSeconds * 1000;
  let up = recommendation;
  let down = recommendation;
  for (const r of input.history) {
    const t = r.at.getTime();
    if (t > now.getTime()) continue;
    if (t > upCutoff) up = Math.min(up, r.replicas);
    if (t > downCutoff) down = Math.max(down, r.replicas);
  }
  let stabilized = current;
  if (stabilized < up) stabilized = up;
  if (stabilized > down) stabilized = down;
  const desired = clamp(stabilized, minReplicas, maxReplicas);
  const metricText = input.metrics.length
    ? input.metrics.map((m) => `${m.name} ${round(m.observed)}/${round(m.target)}`).join(', ')
    : 'no metric sampled';
  let reason: string;
  if (desired === current) {
    reason =
      recommendation !== current
        ? `holding ${current} (recommended ${recommendation}; stabilization window) — ${metricText}`
        : `holding ${current} — ${metricText}`;
  } else if (desired !== stabilized) reason = `${current} → ${desired} to stay within ${minReplicas}–${maxReplicas}`;
  else reason = `${current} → ${desired} — ${metricText}`;
  return { recommendation, desired, proposals, reason };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
