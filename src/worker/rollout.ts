/**
 * Drives a canary or blue-green rollout (Argo Rollouts' reconcile, as one
 * run): the new release's set starts beside the stable one, takes each
 * step's share of the requests (`rollout-canary.ts`), holds there for the
 * step's pause or until promoteOperation while it is analysed every interval
 * (`rollout-hold.ts`), and is promoted after the last step; a blue-green
 * rollout is previewed first and switched at once (`rollout-blue-green.ts`).
 * A failed analysis, a new replica that stops or restarts, a cancel or any
 * failure sends every request back to the stable set and removes the new one.
 *
 * The rollout's state is written to its operation row at every change
 * (`rollout-context.ts`), so a process that re-claims the operation after a
 * crash resumes where it stood: a pause keeps its start time, the weight is
 * set again, and a due step is taken.
 */
import { isDatabaseUnavailable } from '../db/errors.js';
import type { CallContext } from '../providers/provider.js';
import { CanceledError } from '../providers/provider-errors.js';
import { CrashSignal, OperationFailure } from './operation-failures.js';
import { closePreview, openPreview, switchOver } from './rollout-blue-green.js';
import { runSteps, stepsText } from './rollout-canary.js';
import { type RolloutRecord, type RolloutRunContext, rolloutRecord } from './rollout-context.js';

/** How long an abort may take to put traffic back and remove the new set, once the run itself was aborted. */
const ABORT_BUDGET_MS = 120_000;

/** Runs (or resumes) the rollout; returns the apply step's message once the new release serves everything. */
export async function runRollout(ctx: RolloutRunContext): Promise<string> {
  const { op, canary, call } = ctx;
  if (!op.rollout) throw new OperationFailure('INTERNAL', 'the operation has no rollout');
  const record = rolloutRecord(ctx, op.rollout);
  const { set } = record;
  try {
    const stored = record.current;
    if (stored.phase === 'aborted' || stored.phase === 'succeeded') {
      throw new OperationFailure('INTERNAL', `the rollout already ended (${stored.phase})`);
    }
    if (stored.phase !== 'promoting') {
      const resumed = stored.steps.some((s) => s.startedAt);
      await canary.startCanary(call, ctx.request);
      if (stored.strategy === 'blue_green') await openPreview(ctx, record);
      if (!resumed) {
        await record.save(
          { ...record.current, phase: 'progressing' },
          'rollout.started',
          stepsText(stored.services, stored.steps),
        );
      }
      await runSteps(ctx, record);
      await record.save(
        { ...record.current, phase: 'promoting', canaryWeight: 100 },
        'rollout.promoting',
        'promoting: 100% of requests',
      );
    }
    if (record.current.strategy === 'blue_green') await switchOver(ctx, record);
    else await canary.setCanaryWeight(call, set, 100);
    await canary.promoteCanary(call, set);
    await record.save(
      { ...record.current, phase: 'succeeded', canaryWeight: 100 },
      'rollout.succeeded',
      'the new release serves every request',
    );
    const promoted = record.current.strategy === 'blue_green' ? 'blue-green switched over' : 'canary promoted';
    return `${promoted} after ${record.current.analysis.length} analysis run(s)`;
  } catch (err) {
    const reason = ctx.signal.reason;
    const crashed =
      err instanceof CrashSignal ||
      reason instanceof CrashSignal ||
      (ctx.signal.aborted && !(reason instanceof CanceledError)) ||
      isDatabaseUnavailable(err);
    // A crash, a lost lease or a stopping executor leaves everything as it stands: the next claim resumes.
    if (crashed) throw err;
    const canceled = err instanceof CanceledError || reason instanceof CanceledError;
    const why = canceled ? 'canceled' : err instanceof Error ? err.message : String(err);
    await abortRollout(ctx, record, why);
    throw err;
  }
}

/**
 * Every request back to the stable set, the new set removed, the rollout
 * ABORTED with why. Runs with a context of its own: the run's signal is
 * already aborted when a cancel brought it here.
 */
async function abortRollout(ctx: RolloutRunContext, record: RolloutRecord, why: string): Promise<void> {
  const { set } = record;
  const call: CallContext = { ...ctx.call, signal: AbortSignal.timeout(ABORT_BUDGET_MS) };
  await ctx.canary.setCanaryWeight(call, set, 0).catch(() => undefined);
  if (record.current.strategy === 'blue_green') await closePreview(ctx, record);
  await ctx.canary.abortCanary(call, set);
  await record.save(
    { ...record.current, phase: 'aborted', canaryWeight: 0, abortReason: why },
    'rollout.aborted',
    `aborted: ${why}`,
  );
}
