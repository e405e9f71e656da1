/**
 * A rollout's steps (Argo Rollouts' canary steps): from the step it stands
 * at, each step sets the new set's weight, records its start, and holds
 * (`rollout-hold.ts`). A blue-green rollout has one step, at weight 0: its
 * new set is reached at its preview only until the switch.
 */
import type { RolloutRecord, RolloutRunContext } from './rollout-context.js';
import { hold } from './rollout-hold.js';

/** Takes every step left; returns once the last is over or a promotion skipped the rest. */
export async function runSteps(ctx: RolloutRunContext, record: RolloutRecord): Promise<void> {
  const first = record.current;
  for (let i = first.stepIndex; i < first.steps.length; i++) {
    const r = record.current;
    const step = r.steps[i]!;
    // A resumed step keeps its recorded start, so its pause is not taken again.
    const startedAt = step.startedAt ?? new Date().toISOString();
    await ctx.canary.setCanaryWeight(ctx.call, record.set, step.weight);
    const steps = r.steps.map((s, j) => (j === i ? { ...s, startedAt } : s));
    await record.save(
      { ...r, steps, stepIndex: i, canaryWeight: step.weight, phase: 'paused' },
      'rollout.weight',
      r.strategy === 'blue_green'
        ? `the new release at its preview only${holdText(step.pauseSeconds)}`
        : `step ${i + 1}/${r.steps.length}: ${step.weight}% of requests to the new release${holdText(step.pauseSeconds)}`,
    );
    const next = await hold(ctx, record, Date.parse(startedAt), step.pauseSeconds);
    const held = record.current;
    record.current = {
      ...held,
      steps: held.steps.map((s, j) => (j === i ? { ...s, finishedAt: new Date().toISOString() } : s)),
    };
    if (next === 'full') return;
  }
}

/** The start event's line: the weights the steps take, then 100 %. */
export function stepsText(services: readonly string[], steps: readonly { weight: number }[]): string {
  return `canary of ${services.join(', ')}: ${steps.map((s) => `${s.weight}%`).join(' → ')} → 100%`;
}

function holdText(pauseSeconds: number | null): string {
  return pauseSeconds === null ? ', paused until promoted' : `, for ${pauseSeconds}s`;
}
