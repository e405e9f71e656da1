import type { HealthStatus } from './provider.js';

/** What a successful probe reports. */
export interface HealthProbeResult {
  message: string;
  /** The latency to report when not the whole probe's (e.g. the ping alone); default: the probe's duration. */
  latencyMs?: number;
}

/**
 * Runs a provider's health probe and answers its HealthStatus. Never throws:
 * a failure is `healthy: false` with `describe(err)` as the reason.
 * `elapsed()` is the time since the probe started.
 */
export async function runHealthProbe(
  probe: (elapsed: () => number) => Promise<HealthProbeResult>,
  describe: (err: unknown) => string,
): Promise<HealthStatus> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  try {
    const result = await probe(elapsed);
    return { healthy: true, message: result.message, latencyMs: result.latencyMs ?? elapsed(), checkedAt: new Date() };
  } catch (err) {
    return { healthy: false, message: describe(err), latencyMs: elapsed(), checkedAt: new Date() };
  }
}
