import type { EventFieldsFragment, RolloutFieldsFragment } from '../client/generated/graphql.js';

/** One analysis run as the events and `Rollout.analysis` carry it. */
interface AnalysisLike {
  requests: number;
  errorRate: number;
  passed: boolean;
  message?: string | null;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * `analysis FAILED: 24 requests, 12.5% 5xx (above maxErrorRate 5.0%)`: the
 * verdict first, then the counts, then the server's words without the counts
 * they repeat. An interval below minRequests is inconclusive, not passed.
 */
export function describeAnalysis(a: AnalysisLike): string {
  const message = a.message ?? '';
  const verdict = a.passed ? 'passed' : message.startsWith('inconclusive') ? 'inconclusive' : 'FAILED';
  const detail = message
    .replace(/^inconclusive: /, '')
    // Also after a p99 verdict that comes first: `p99 325 ms above maxP99Ms 100 ms; 0/24 5xx (0.0%), within 5.0%`.
    .replace(/(^|; )\d+\/\d+ 5xx \([\d.]+%\), /, '$1')
    .replace(/^\d+ request\(s\), /, '');
  return `analysis ${verdict}: ${a.requests} requests, ${pct(a.errorRate)} 5xx${detail ? ` (${detail})` : ''}`;
}

/**
 * The line a `rollout.*` event prints while an operation is followed (one per
 * change: a step's weight, each analysis run, a promotion, the end), or
 * undefined for other events. The server's message says it; an analysis run is
 * printed from its numbers.
 */
export function describeRolloutEvent(e: EventFieldsFragment): string | undefined {
  if (!e.type.startsWith('rollout.')) return undefined;
  if (e.type === 'rollout.analysis') {
    const run = (e.data as { analysis?: AnalysisLike } | null)?.analysis;
    if (run && typeof run.requests === 'number') return describeAnalysis(run);
  }
  return e.message ?? e.type;
}

/** The rollout lines of `status`: where it stands and its last analysis run. */
export function describeRollout(operationId: string, r: RolloutFieldsFragment): string[] {
  const step = r.steps[r.stepIndex];
  const hold =
    r.phase === 'PAUSED' && step
      ? step.pauseSeconds == null
        ? ', paused until promoted'
        : `, for ${step.pauseSeconds}s`
      : '';
  const from = r.stableRelease ? `v${r.stableRelease.version}` : '?';
  const to = r.newRelease ? `v${r.newRelease.version}` : '?';
  const last = r.analysis[r.analysis.length - 1];
  return [
    `rollout:   ${r.strategy} ${r.phase} ${from} → ${to}: ${r.canaryWeight}% to ${to} (step ${r.stepIndex + 1}/${r.steps.length}${hold}), operation ${operationId}`,
    // A blue-green's preview host is served while the rollout holds; from the switch on it is gone from the edge.
    ...(r.previewUrl && previewOpen(r.phase) ? [`preview:   ${r.previewUrl}`] : []),
    ...(last ? [`analysis:  ${describeAnalysis(last).replace(/^analysis /, '')} at ${last.at}`] : []),
  ];
}

/** Whether a blue-green's preview is still served in this phase (the switch closes it). */
function previewOpen(phase: string): boolean {
  return phase === 'PROGRESSING' || phase === 'PAUSED';
}
