/**
 * Checks an autoscaling policy (`ResourceSpecInput.autoscale`) and applies
 * its defaults. Every problem is a field error under the policy's path.
 */
import type { AutoscaleEngine, AutoscalePolicy } from '../providers/autoscaling.js';
import type { ResourceSpec } from '../providers/service-spec.js';

/** The policy as the API takes it. */
export interface AutoscaleInput {
  minReplicas: number;
  maxReplicas: number;
  targetCpuPercent?: number | null;
  targetRequestsPerSecond?: number | null;
  scaleUpStabilizationSeconds?: number | null;
  scaleDownStabilizationSeconds?: number | null;
}

/** What the checks need of `Problems` (spec-validation.ts), without importing it back. */
interface ProblemSink {
  add(path: (string | number)[], message: string): void;
}

export const AUTOSCALE_LIMITS = {
  /** The HPA's own bound on a stabilization window. */
  windowSeconds: 3600,
  maxCpuPercent: 100,
  maxRequestsPerSecond: 1_000_000,
  defaultScaleUpSeconds: 0,
  defaultScaleDownSeconds: 300,
} as const;

/** Why `minReplicas: 0` needs a route: the message of its ValidationError wherever the service has none. */
export const SCALE_TO_ZERO_NEEDS_ROUTE =
  'scale to zero (minReplicas 0) needs a route to the service: the edge holds its requests while a replica starts, and this service has none';

/**
 * Validates `a` against the replica cap; the policy with defaults applied
 * (meaningful only when no problem was added). `routed` says whether the
 * service has a route, so `minReplicas: 0` (scale to zero) may be accepted:
 * `true`/`false` when the caller knows, `'later'` when the caller checks it
 * against the instance's routes itself (`requireRouteForScaleToZero`).
 */
export function checkAutoscale(
  p: ProblemSink,
  a: AutoscaleInput,
  path: (string | number)[],
  replicaCap: number,
  routed: boolean | 'later' = false,
): AutoscalePolicy {
  const at = (field: string) => [...path, field];
  const isInt = (v: number) => Number.isInteger(v);
  if (a.minReplicas === 0) {
    // Scale to zero needs the edge to hold the first request while a replica starts.
    if (routed === false) p.add(at('minReplicas'), SCALE_TO_ZERO_NEEDS_ROUTE);
  } else if (!isInt(a.minReplicas) || a.minReplicas < 1 || a.minReplicas > replicaCap) {
    p.add(at('minReplicas'), `must be an integer from 0 (a routed service) or 1 to ${replicaCap}`);
  }
  if (!isInt(a.maxReplicas) || a.maxReplicas < 1) p.add(at('maxReplicas'), 'must be an integer of at least 1');
  else if (a.maxReplicas > replicaCap) p.add(at('maxReplicas'), `must be at most ${replicaCap}, the replica cap`);
  else if (isInt(a.minReplicas) && a.minReplicas > a.maxReplicas)
    p.add(at('minReplicas'), `must not be above maxReplicas (${a.maxReplicas})`);
  const cpu = a.targetCpuPercent ?? undefined;
  const rps = a.targetRequestsPerSecond ?? undefined;
  if (cpu === undefined && rps === undefined)
    p.add(path, 'needs a target: targetCpuPercent, targetRequestsPerSecond, or both');
  if (cpu !== undefined && (!isInt(cpu) || cpu < 1 || cpu > AUTOSCALE_LIMITS.maxCpuPercent))
    p.add(at('targetCpuPercent'), `must be an integer from 1 to ${AUTOSCALE_LIMITS.maxCpuPercent}`);
  if (rps !== undefined && (!Number.isFinite(rps) || rps <= 0 || rps > AUTOSCALE_LIMITS.maxRequestsPerSecond))
    p.add(at('targetRequestsPerSecond'), `must be above 0 and at most ${AUTOSCALE_LIMITS.maxRequestsPerSecond}`);
  const up = a.scaleUpStabilizationSeconds ?? AUTOSCALE_LIMITS.defaultScaleUpSeconds;
  const down = a.scaleDownStabilizationSeconds ?? AUTOSCALE_LIMITS.defaultScaleDownSeconds;
  for (const [field, v] of [
    ['scaleUpStabilizationSeconds', up],
    ['scaleDownStabilizationSeconds', down],
  ] as const) {
    if (!isInt(v) || v < 0 || v > AUTOSCALE_LIMITS.windowSeconds)
      p.add(at(field), `must be an integer from 0 to ${AUTOSCALE_LIMITS.windowSeconds} seconds`);
  }
  return {
    minReplicas: a.minReplicas,
    maxReplicas: a.maxReplicas,
    ...(cpu !== undefined ? { targetCpuPercent: cpu } : {}),
    ...(rps !== undefined ? { targetRequestsPerSecond: rps } : {}),
    scaleUpStabilizationSeconds: up,
    scaleDownStabilizationSeconds: down,
  };
}

/**
 * Resources whose replicas the policy owns: the count kept (`current`, else
 * the one given, else min) and brought within the bounds. Without a policy,
 * `resources` as they are.
 */
export function withAutoscaledReplicas(resources: ResourceSpec, current?: number): ResourceSpec {
  const a = resources.autoscale;
  if (!a) return resources;
  // Scale to zero starts awake: a new service gets one replica, the waker wakes it once it has slept.
  const n = current ?? resources.replicas ?? Math.max(1, a.minReplicas);
  return { ...resources, replicas: Math.min(a.maxReplicas, Math.max(a.minReplicas, n)) };
}

/**
 * Refuses what a provider's autoscaler would not follow as written, before anything is queued:
 * Wheelhouse's own (`sampled`, Docker) follows CPU and requests per second and scales a routed
 * service to zero; a platform's (`native`, Kubernetes' HPA) follows CPU only, from one replica
 * (requests need a metrics adapter, zero an alpha feature gate, neither of which Wheelhouse writes).
 */
export function refuseUnfollowedPolicy(
  p: ProblemSink,
  engine: AutoscaleEngine | undefined,
  policy: AutoscalePolicy | null | undefined,
  path: (string | number)[],
): void {
  if (!policy || engine?.mode !== 'native') return;
  if (policy.minReplicas === 0)
    p.add(
      [...path, 'minReplicas'],
      "this provider's autoscaler (the cluster's HPA) does not scale to zero: use 1 or more",
    );
  if (policy.targetRequestsPerSecond != null)
    p.add(
      [...path, 'targetRequestsPerSecond'],
      "this provider's autoscaler (the cluster's HPA) follows CPU only: use targetCpuPercent",
    );
}

/**
 * Refuses `minReplicas: 0` for a service without a route (a scale or deploy,
 * which learn the instance's routes only once they read it).
 */
export function requireRouteForScaleToZero(
  p: ProblemSink,
  policy: AutoscalePolicy | undefined,
  routed: boolean,
  path: (string | number)[],
): void {
  if (policy?.minReplicas === 0 && !routed) p.add([...path, 'minReplicas'], SCALE_TO_ZERO_NEEDS_ROUTE);
}
