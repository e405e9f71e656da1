/**
 * Drives a canary deploy: the new release's set starts beside the stable one,
 * takes each step's share of the route's requests, holds there for the
 * step's pause (or until promoteOperation) while the edge's counters of the
 * new set are analysed every interval, and is promoted after the last step.
 * A failed analysis, a new replica that stops or restarts, a cancel or any
 * failure sends every request back to the stable set and removes the new one.
 *
 * The rollout's state is written to its operation row at every change, with
 * an event (`rollout.*`), so `operationUpdates` carries it live and a process
 * that re-claims the operation after a crash resumes where it stood: a pause
 * keeps its start time, the weight is set again, and a due step is taken.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { event } from '../control/event-rows.js';
import type { Operation, StoredAnalysisRun, StoredRollout } from '../control/model.js';
import { closePreviews, openPreviews, previewsServed } from '../control/route-previews.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as rollouts from '../db/repositories/rollout-repository.js';
import type { CanaryEngine, CanaryReading, CanarySet } from '../providers/progressive.js';
import type { CallContext, DeployRequest, Provider } from '../providers/provider.js';
import { CanceledError } from '../providers/provider-errors.js';
import { CrashSignal, OperationFailure } from './operation-failures.js';

/** The most analysis runs an operation keeps (the oldest go first). */
export const MAX_ANALYSIS_RUNS = 100;
/** How often a hold looks for a promotion or a cancel, and whether its pause is over. */
const HOLD_TICK_MS = 500;
/** How long an abort may take to put traffic back and remove the new set, once the run itself was aborted. */
const ABORT_BUDGET_MS = 120_000;
/** How long the edge may take to serve a blue-green preview (its driver renders every couple of seconds). */
const PREVIEW_WAIT_MS = 30_000;

/** What a canary run needs. */
export interface CanaryRunContext {
  db: DbHandle;
  /** The executor holding the operation: every write of the rollout checks it still does. */
  owner: string;
  op: Operation;
  provider: Provider;
  /** The provider's canary engine, which places the new set and its weights. */
  canary: CanaryEngine;
  call: CallContext;
  /** Aborted on a cancel (CanceledError), a lost lease or a stopping executor (CrashSignal, or another reason). */
  signal: AbortSignal;
  request: DeployRequest;
  /** The instance's provider key (a blue-green preview is a route on it). */
  providerKey: string;
}

/** The analysis said no: the operation ends FAILED with this code. */
export class AnalysisFailure extends OperationFailure {
  constructor(message: string) {
    super('ANALYSIS_FAILED', message);
  }
}

/** Runs (or resumes) the canary; returns the apply step's message once the new release serves everything. */
export async function runCanary(ctx: CanaryRunContext): Promise<string> {
  const { op, canary, call } = ctx;
  if (!op.rollout) throw new OperationFailure('INTERNAL', 'the operation has no rollout');
  let r: StoredRollout = structuredClone(op.rollout);
  const set: CanarySet = {
    instanceId: op.instanceId,
    releaseId: r.newReleaseId ?? '',
    services: r.services,
    strategy: r.strategy,
  };

  const save = async (next: StoredRollout, type: string, message: string, data?: unknown): Promise<void> => {
    await withTransaction(ctx.db, async (tx) => {
      const held = await rollouts.saveRollout(tx, op.id, ctx.owner, next);
      if (!held) throw new CrashSignal();
      await appendEvents(tx, [
        event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, type, null, {
          message,
          data: { phase: next.phase, stepIndex: next.stepIndex, canaryWeight: next.canaryWeight, ...(data ?? {}) },
        }),
      ]);
    });
    r = next;
  };

  try {
    if (r.phase === 'aborted' || r.phase === 'succeeded') {
      throw new OperationFailure('INTERNAL', `the rollout already ended (${r.phase})`);
    }
    if (r.phase !== 'promoting') {
      const resumed = r.steps.some((s) => s.startedAt);
      await canary.startCanary(call, ctx.request);
      if (r.strategy === 'blue_green' && !r.previewUrl) {
        const url = await openPreview(ctx, set);
        await save({ ...r, previewUrl: url }, 'rollout.preview', `the new release is served at ${url}`);
      }
      if (!resumed) {
        await save(
          { ...r, phase: 'progressing' },
          'rollout.started',
          `canary of ${r.services.join(', ')}: ${r.steps.map((s) => `${s.weight}%`).join(' → ')} → 100%`,
        );
      }
      for (let i = r.stepIndex; i < r.steps.length; i++) {
        const step = r.steps[i]!;
        const startedAt = step.startedAt ?? new Date().toISOString();
        await canary.setCanaryWeight(call, set, step.weight);
        const steps = r.steps.map((s, j) => (j === i ? { ...s, startedAt } : s));
        await save(
          { ...r, steps, stepIndex: i, canaryWeight: step.weight, phase: 'paused' },
          'rollout.weight',
          r.strategy === 'blue_green'
            ? `the new release at its preview only${holdText(step.pauseSeconds)}`
            : `step ${i + 1}/${r.steps.length}: ${step.weight}% of requests to the new release${holdText(step.pauseSeconds)}`,
        );
        const next = await hold(ctx, () => r, save, set, Date.parse(startedAt), step.pauseSeconds);
        const finished = r.steps.map((s, j) => (j === i ? { ...s, finishedAt: new Date().toISOString() } : s));
        r = { ...r, steps: finished };
        if (next === 'full') break;
      }
      await save({ ...r, phase: 'promoting', canaryWeight: 100 }, 'rollout.promoting', 'promoting: 100% of requests');
    }
    if (r.strategy === 'blue_green') {
      if (!r.switchedAt) {
        // One batch of weight changes per backend: the route goes from the old set to the new one at once.
        await canary.setCanaryWeight(call, set, 100);
        const delaySeconds = r.scaleDownDelaySeconds ?? 30;
        await save(
          { ...r, switchedAt: new Date().toISOString(), canaryWeight: 100 },
          'rollout.switched',
          `every request goes to the new release; the old set stays ${delaySeconds}s`,
        );
      }
      await closePreviews(ctx.db, op.instanceId, set.releaseId);
      // Kept for an instant way back, from the switch's recorded time (a resumed rollout does not wait again).
      const until = Date.parse(r.switchedAt ?? new Date().toISOString()) + (r.scaleDownDelaySeconds ?? 30) * 1000;
      await waitUntil(ctx, until);
    } else {
      await canary.setCanaryWeight(call, set, 100);
    }
    await canary.promoteCanary(call, set);
    await save(
      { ...r, phase: 'succeeded', canaryWeight: 100 },
      'rollout.succeeded',
      'the new release serves every request',
    );
    return `canary promoted after ${r.analysis.length} analysis run(s)`;
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
    await abortRollout(ctx, set, r, why, save);
    throw err;
  }
}

/**
 * Holds a step: until its pause is over (from its recorded start, so a
 * resumed rollout does not start the pause again), or a promotion comes;
 * analyses the new set every interval meanwhile. `full` skips what is left.
 */
async function hold(
  ctx: CanaryRunContext,
  current: () => StoredRollout,
  save: (next: StoredRollout, type: string, message: string, data?: unknown) => Promise<void>,
  set: CanarySet,
  startedAt: number,
  pauseSeconds: number | null,
): Promise<'next' | 'full'> {
  const settings = current().settings;
  const intervalMs = settings.intervalSeconds * 1000;
  let before: CanaryReading = await ctx.canary.readCanary(ctx.call, set);
  let intervalStart = Date.now();
  for (;;) {
    const pending = await rollouts.pendingRequests(ctx.db, ctx.op.id);
    if (pending?.cancel) throw new CanceledError('canceled by request');
    if (pending?.promote) {
      await rollouts.clearPromotion(ctx.db, ctx.op.id, pending.promote);
      const r = current();
      await save(
        r,
        'rollout.promoted',
        pending.promote === 'full' ? 'promoted: every remaining step skipped' : 'promoted: next step',
      );
      return pending.promote === 'full' ? 'full' : 'next';
    }
    const now = Date.now();
    if (now - intervalStart >= intervalMs) {
      // Since the previous reading: the p99 is of this interval's responses only.
      const after = await ctx.canary.readCanary(ctx.call, set, before.at);
      const run = judge(before, after, settings);
      const r = current();
      const failures = r.failures + (run.failed ? 1 : 0);
      await save(
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

/**
 * Every request back to the stable set, the new set removed, the rollout
 * ABORTED with why. Runs with a context of its own: the run's signal is
 * already aborted when a cancel brought it here.
 */
async function abortRollout(
  ctx: CanaryRunContext,
  set: CanarySet,
  r: StoredRollout,
  why: string,
  save: (next: StoredRollout, type: string, message: string, data?: unknown) => Promise<void>,
): Promise<void> {
  const call: CallContext = { ...ctx.call, signal: AbortSignal.timeout(ABORT_BUDGET_MS) };
  await ctx.canary.setCanaryWeight(call, set, 0).catch(() => undefined);
  if (r.strategy === 'blue_green') await closePreviews(ctx.db, ctx.op.instanceId, set.releaseId);
  await ctx.canary.abortCanary(call, set);
  await save({ ...r, phase: 'aborted', canaryWeight: 0, abortReason: why }, 'rollout.aborted', `aborted: ${why}`);
}

/** Opens the blue-green preview and waits (bounded) until the edge serves it; returns its url. */
async function openPreview(ctx: CanaryRunContext, set: CanarySet): Promise<string> {
  const traffic = ctx.provider.engines.traffic;
  if (!traffic) throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'this provider has no edge');
  const edge = await traffic.edge(ctx.call);
  const instance = { id: ctx.op.instanceId, tenantId: ctx.op.tenantId, providerKey: ctx.providerKey };
  const url = await openPreviews(ctx.db, instance, set.services, set.releaseId, edge);
  if (!url) throw new OperationFailure('INVALID_SPEC', 'a blue-green rollout needs a route on every service');
  const deadline = Date.now() + PREVIEW_WAIT_MS;
  while (!(await previewsServed(ctx.db, ctx.op.instanceId, set.releaseId))) {
    if (Date.now() > deadline) throw new OperationFailure('TIMEOUT', 'the edge did not serve the preview in time');
    await sleepOrAbort(ctx, HOLD_TICK_MS);
  }
  return url;
}

async function waitUntil(ctx: CanaryRunContext, at: number): Promise<void> {
  while (Date.now() < at) {
    const pending = await rollouts.pendingRequests(ctx.db, ctx.op.id);
    if (pending?.cancel) throw new CanceledError('canceled by request');
    await sleepOrAbort(ctx, Math.min(HOLD_TICK_MS, Math.max(0, at - Date.now())));
  }
}

function sleepOrAbort(ctx: CanaryRunContext, ms: number): Promise<void> {
  return delay(ms, undefined, { signal: ctx.signal }).catch(() => {
    throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new CrashSignal();
  });
}

function holdText(pauseSeconds: number | null): string {
  return pauseSeconds === null ? ', paused until promoted' : `, for ${pauseSeconds}s`;
}
