/**
 * A rollout's analysis verdict, as a pure function: one interval's run from
 * two readings of the new set's counters, judged against the rollout's
 * settings. The rollout worker's hold (`worker/rollout-hold.ts`) calls it
 * every interval and records the run; like the HPA rule beside it
 * (`autoscale-rule.ts`), it decides and never acts.
 */
import type { CanaryReading } from '../providers/progressive.js';
import type { StoredAnalysisRun, StoredRollout } from './model.js';

/** One interval's verdict from two readings of the new set's counters. */
export function judge(
  before: Pick<CanaryReading, 'requests' | 'responses5xx'>,
  after: CanaryReading,
  settings: StoredRollout['settings'],
): { run: StoredAnalysisRun; failed: boolean } {
  // Counters start again from zero when the edge reloads: a drop means a new start, counted from zero.
  const restarted = after.requests < before.requests;
  const requests = restarted ? after.requests : after.requests - before.requests;
  const errors = restarted ? after.responses5xx : Math.max(0, after.responses5xx - before.responses5xx);
  const errorRate = requests > 0 ? errors / requests : 0;
  const at = after.at.toISOString();
  // Recorded whenever the provider measured it; judged only against a maxP99Ms.
  const p99Ms = after.p99Ms ?? null;
  const verdict = (passed: boolean, message: string, failed = !passed) => ({
    run: { at, requests, errorRate, p99Ms, passed, message },
    failed,
  });
  if (after.problem) return verdict(false, after.problem);
  // No request counters on this data plane (Kubernetes without a metrics source): health alone decides.
  if (after.counted === false)
    return verdict(true, 'the new set is ready and has not restarted (no request metrics on this provider)');
  if (requests < settings.minRequests)
    return verdict(
      false,
      `inconclusive: ${requests} request(s), fewer than minRequests ${settings.minRequests}`,
      false,
    );
  const maxP99 = settings.maxP99Ms;
  // The edge reloaded (its ring of responses starts empty) or kept none of the interval's.
  if (maxP99 != null && p99Ms === null)
    return verdict(false, 'inconclusive: no response time measured in this interval', false);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const ms = (x: number) => `${Math.round(x)} ms`;
  const errorsOk = errorRate <= settings.maxErrorRate;
  const latencyOk = maxP99 == null || p99Ms === null || p99Ms <= maxP99;
  const passed = errorsOk && latencyOk;
  const errorText = errorsOk
    ? `${errors}/${requests} 5xx (${pct(errorRate)}), within ${pct(settings.maxErrorRate)}`
    : `${errors}/${requests} 5xx (${pct(errorRate)}), above maxErrorRate ${pct(settings.maxErrorRate)}`;
  // Said only when judged (the run's p99Ms carries it anyway): a run without the limit reads as before.
  const latencyText =
    p99Ms === null || maxP99 == null
      ? undefined
      : latencyOk
        ? `p99 ${ms(p99Ms)} within ${ms(maxP99)}`
        : `p99 ${ms(p99Ms)} above maxP99Ms ${ms(maxP99)}`;
  // What failed comes first: it becomes the abort reason.
  const parts = !latencyOk ? [latencyText, errorText] : [errorText, latencyText];
  return verdict(passed, parts.filter(Boolean).join('; '));
}
