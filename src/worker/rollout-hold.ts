/**
 * The hold of a rollout step (Argo Rollouts' pause and analysis): the new
 * set stays at the step's weight until the step's pause is over, from its
 * recorded start (a resumed rollout does not start the pause again), or a
 * promotion comes; every interval meanwhile the new set is read and judged
 * (`control/rollout-verdict.ts`). A cancel ends a hold at once.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { judge } from '../control/rollout-verdict.js';
import * as rollouts from '../db/repositories/rollout-repository.js';
import type { CanaryReading } from '../providers/progressive.js';
import { CanceledError } from '../providers/provider-errors.js';
import { CrashSignal, OperationFailure } from './operation-failures.js';
import type { RolloutRecord, RolloutRunContext } from './rollout-context.js';

/** The most analysis runs an operation keeps (the oldest go first). */
export const MAX_ANALYSIS_RUNS = 100;
/** How often a hold looks for a promotion or a cancel, and whether its pause is over. */
export const HOLD_TICK_MS = 500;

/** The analysis said no: the operation ends FAILED with this code. */
export class AnalysisFailure extends OperationFailure {
  constructor(message: string) {
    super('ANALYSIS_FAILED', message);
  }
}

/**
 * Holds a step: until its pause (`null`: until promoted) is over from
 * `startedAt`, or a promotion comes; analyses the new set every interval
 * meanwhile. `full` means a promotion skipped what is left.
 */
export async function hold(
  ctx: RolloutRunContext,
  record: RolloutRecord,
  startedAt: number,
  pauseSeconds: number | null,
): Promise<'next' | 'full'> {
  const settings = record.current.settings;
  const intervalMs = settings.intervalSeconds * 1000;
  let before: CanaryReading = await ctx.canary.readCanary(ctx.call, record.set);
  let intervalStart = Date.now();
  for (;;) {
    const pending = await rollouts.pendingRequests(ctx.db, ctx.op.id);
    if (pending?.cancel) throw new CanceledError('canceled by request');
    if (pending?.promote) {
      await rollouts.clearPromotion(ctx.db, ctx.op.id, pending.promote);
      await record.save(
        record.current,
        'rollout.promoted',
        pending.promote === 'full' ? 'promoted: every remaining step skipped' : 'promoted: next step',
      );
      return pending.promote === 'full' ? 'full' : 'next';
    }
    const now = Date.now();
    if (now - intervalStart >= intervalMs) {
      // Since the previous reading: the p99 is of this interval's responses only.
      const after = await ctx.canary.readCanary(ctx.call, record.set, before.at);
      const run = judge(before, after, settings);
      const r = record.current;
      const failures = r.failures + (run.failed ? 1 : 0);
      await record.save(
        { ...r, failures, analysis: [...r.analysis, run.run].slice(-MAX_ANALYSIS_RUNS) },
        'rollout.analysis',
        run.run.message ?? (run.run.passed ? 'analysis passed' : 'analysis failed'),
        { analysis: run.run },
      );
      // A replica of the new set that stopped or restarted aborts at once; failed intervals up to the limit.
      if (after.problem) throw new AnalysisFailure(after.problem);
      if (failures >= settings.failureLimit) throw new AnalysisFailure(run.run.message ?? 'analysis failed');
      before = after;
      intervalStart = now;
    }
    if (pauseSeconds !== null && Date.now() >= startedAt + pauseSeconds * 1000) return 'next';
    await sleepOrAbort(ctx, HOLD_TICK_MS);
  }
}

/** Waits until `at` (epoch ms); a cancel by request ends the wait. */
export async function waitUntil(ctx: RolloutRunContext, at: number): Promise<void> {
  while (Date.now() < at) {
    const pending = await rollouts.pendingRequests(ctx.db, ctx.op.id);
    if (pending?.cancel) throw new CanceledError('canceled by request');
    await sleepOrAbort(ctx, Math.min(HOLD_TICK_MS, Math.max(0, at - Date.now())));
  }
}

/** Sleeps `ms`, or throws the run's abort reason (a cancel, a crash) as soon as it comes. */
export function sleepOrAbort(ctx: RolloutRunContext, ms: number): Promise<void> {
  return delay(ms, undefined, { signal: ctx.signal }).catch(() => {
    throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new CrashSignal();
  });
}
