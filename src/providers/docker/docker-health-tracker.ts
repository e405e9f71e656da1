/**
 * Per-container memory of health probes, so the spec's `intervalMs` and
 * `retries` decide a replica's health instead of how often status() is
 * called: a probe runs at most once per interval (a status read in between
 * reuses the last verdict), and a replica that passed is declared unhealthy
 * only after `retries` consecutive failures, as a Kubernetes readiness probe
 * with that period and failure threshold would.
 */
import type { HealthCheckSpec } from '../service-spec.js';
import type { ProbeResult } from './docker-health.js';

/** Probe period when the spec leaves `intervalMs` unset (Kubernetes' mapping uses the same). */
export const DEFAULT_CHECK_INTERVAL_MS = 2000;
/** Consecutive failures that make a replica unhealthy when `retries` is unset (Kubernetes' default). */
export const DEFAULT_CHECK_RETRIES = 3;

/** The spec's period and failure threshold, defaults filled in. */
export function checkCadence(check: HealthCheckSpec): { intervalMs: number; retries: number } {
  return {
    intervalMs: check.intervalMs && check.intervalMs > 0 ? check.intervalMs : DEFAULT_CHECK_INTERVAL_MS,
    retries: check.retries && check.retries > 0 ? check.retries : DEFAULT_CHECK_RETRIES,
  };
}

interface Entry {
  instanceId: string;
  /** The container's State.StartedAt: a restart starts the count afresh. */
  startedAt: string;
  probedAt: number;
  passed: boolean;
  failures: number;
  last: ProbeResult;
}

/** Which container is probed, and how to probe it once. */
export interface TrackedProbe {
  instanceId: string;
  containerId: string;
  startedAt: string;
  check: HealthCheckSpec;
  run: () => Promise<ProbeResult>;
}

/** Health verdicts of running containers, kept across status reads. */
export class HealthTracker {
  readonly #entries = new Map<string, Entry>();

  /**
   * The replica's verdict at `now`: probes when the last probe is an interval
   * old (or there is none). Healthy once a probe passed, until `retries`
   * probes in a row fail; never healthy before the first pass.
   */
  async verdict(p: TrackedProbe, now: number): Promise<ProbeResult> {
    const { intervalMs, retries } = checkCadence(p.check);
    let entry = this.#entries.get(p.containerId);
    if (entry && entry.startedAt !== p.startedAt) entry = undefined;
    if (!entry || now - entry.probedAt >= intervalMs) {
      const result = await p.run();
      const passed = (entry?.passed ?? false) || result.ok;
      const failures = result.ok ? 0 : (entry?.failures ?? 0) + 1;
      entry = { instanceId: p.instanceId, startedAt: p.startedAt, probedAt: now, passed, failures, last: result };
      this.#entries.set(p.containerId, entry);
    }
    if (entry.failures === 0) return entry.last;
    if (!entry.passed) return entry.last;
    if (entry.failures < retries) {
      return { ok: true, message: `${entry.last.message} (failure ${entry.failures} of ${retries} allowed)` };
    }
    return { ok: false, message: `${entry.last.message} (${entry.failures} consecutive failures)` };
  }

  /** When the container's next probe falls due (epoch ms), or undefined before its first. */
  nextProbeAt(containerId: string, check: HealthCheckSpec): number | undefined {
    const entry = this.#entries.get(containerId);
    return entry ? entry.probedAt + checkCadence(check).intervalMs : undefined;
  }

  /** Forgets the instance's containers that are not in `current` (all of them when it is empty). */
  prune(instanceId: string, current: ReadonlySet<string>): void {
    for (const [id, e] of this.#entries) {
      if (e.instanceId === instanceId && !current.has(id)) this.#entries.delete(id);
    }
  }
}
