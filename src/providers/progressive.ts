/**
 * Progressive delivery's provider side: the optional engine
 * `Provider.engines.canary` (engines.ts) that runs a new release's replicas beside the stable
 * ones and splits a routed service's requests between the two sets. The
 * control plane drives the rollout (steps, pauses, analysis, promotion,
 * abort) and keeps its state in Postgres; the provider only places replicas
 * and weights, and reports what its data plane measured of the new set.
 */
import type { CallContext, DeployRequest, Provider } from './provider.js';
import type { BackendCounters } from './traffic.js';

/** One rollout's new set: the new release's replicas of the listed services. */
export interface CanarySet {
  instanceId: string;
  /** The new release: its replicas carry it, the stable ones do not. */
  releaseId: string;
  services: readonly string[];
  /** The rollout's strategy (a provider may split requests differently for each). */
  strategy?: 'canary' | 'blue_green';
}

/**
 * What the data plane counted of the new set, and whether its replicas stay
 * healthy. `p99Ms` (from BackendCounters) is the p99 of the new set's
 * response times since the reading the call named, when the engine
 * measures latency and saw responses then.
 */
export interface CanaryReading extends BackendCounters {
  /** Set when a replica of the new set stopped, restarted or failed its health check since it started. */
  problem?: string;
  /**
   * False when the data plane counts no requests (a cluster without a metrics
   * source): an analysis then judges the new set's health alone.
   */
  counted?: boolean;
}

/**
 * Canary releases on a provider's own data plane. Every call converges:
 * repeating it (a rollout resumed after a crash) changes nothing more.
 */
export interface CanaryEngine {
  /**
   * True when `readCanary` measures the new set's response times (its
   * `p99Ms`): only then may a rollout's analysis set `maxP99Ms`.
   */
  readonly measuresLatency?: boolean;
  /**
   * Whether every service of a rollout needs a route: true when the split is
   * made at an edge, between a route's backends (Docker's HAProxy weights),
   * so a service without a route could not be released. False when the
   * engine splits inside the platform (Kubernetes' replica ratio and preview
   * Service): an internal service is released as well as a routed one.
   * Absent counts as true.
   */
  readonly needsRoute?: boolean;
  /**
   * Starts the new release's replicas of each service of the request beside
   * the stable ones (as many as the stable set has), waits until each is
   * ready, and adds it to the service's routes taking no request yet.
   * Replicas of that release already running are kept.
   */
  startCanary(ctx: CallContext, req: DeployRequest): Promise<void>;
  /** Sends `weight` % (0–100) of each service's routed requests to the new set, the rest to the stable one. */
  setCanaryWeight(ctx: CallContext, set: CanarySet, weight: number): Promise<void>;
  /**
   * The data plane's counters of the new set (cumulative; they may restart
   * from zero) and its health. With `since` (the previous reading's `at`),
   * an engine that measures latency adds the p99 of the responses that
   * ended after it.
   */
  readCanary(ctx: CallContext, set: CanarySet, since?: Date): Promise<CanaryReading>;
  /** Makes the new set the only one: the stable replicas are drained out of the routes and removed. */
  promoteCanary(ctx: CallContext, set: CanarySet): Promise<void>;
  /** Sends every request back to the stable set at once, then drains and removes the new set. */
  abortCanary(ctx: CallContext, set: CanarySet): Promise<void>;
}

/** True when `p`'s canary engine measures the new set's response times (`maxP99Ms` can be checked). */
export function measuresLatency(p: Provider): boolean {
  return p.engines.canary?.measuresLatency === true;
}

/** True when `p`'s canary engine releases only routed services (see CanaryEngine.needsRoute). */
export function canaryNeedsRoute(p: Provider): boolean {
  return p.engines.canary?.needsRoute !== false;
}

/**
 * Server weights (HAProxy's 0–256) that give `weight` % of requests to the
 * new set's `fresh` servers and the rest to `stable` ones under weighted
 * round robin: each set's total is proportional to its share.
 */
export function splitWeights(weight: number, fresh: number, stable: number): { fresh: number; stable: number } {
  const w = Math.max(0, Math.min(100, weight));
  if (fresh === 0) return { fresh: 0, stable: 1 };
  if (stable === 0 || w === 100) return { fresh: 1, stable: 0 };
  if (w === 0) return { fresh: 0, stable: 1 };
  // Per server: the set's share divided among its servers, scaled so the largest is 256 at most.
  const f = w / fresh;
  const s = (100 - w) / stable;
  const scale = 256 / Math.max(f, s);
  return { fresh: Math.max(1, Math.round(f * scale)), stable: Math.max(1, Math.round(s * scale)) };
}
