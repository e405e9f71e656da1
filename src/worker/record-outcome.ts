import { event } from '../control/event-rows.js';
import { type Operation, type OperationStatus, type OperationStep, toInstance } from '../control/model.js';
import { decideOutcome, needsCurrentRelease } from '../control/operation-outcome.js';
import { providerFor } from '../control/provider-calls.js';
import { type DbHandle, type DbTransaction, json, withTransaction } from '../db/db-types.js';
import { announceEnded } from '../db/operation-notifications.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { lockInstanceById } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { findReleasesByIds } from '../db/repositories/release-repository.js';
import { deleteInstanceRoutes } from '../db/repositories/route-repository.js';
import type { InstanceStatus } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import type { Masker } from './masking.js';
import { transitionEvents } from './observation.js';

/** What recording an outcome needs: the database, the providers (to look after a failure) and whose lease it is. */
export interface OutcomeContext {
  db: DbHandle;
  registry: Registry;
  /** The executor that claimed the operation: only its lease may record the outcome. */
  owner: string;
}

/** How an operation ended, as its run reports it. */
export interface OperationResult {
  outcome: string | null;
  code?: string;
  message?: string;
  status?: InstanceStatus;
  endpoints?: InstanceStatus['endpoints'];
  providerRef?: string;
  /**
   * The release a restart or start created a missing workload from (the instance had
   * no workload on its provider): it becomes current when none is.
   */
  createdReleaseId?: string;
  /** Writes of the operation's last step, made first in the outcome's transaction (see PendingEnd). */
  finish?: (tx: DbTransaction) => Promise<unknown>;
  /** The state the instance keeps when the provider could not be reached (see ProviderAwayFailure). */
  lastObserved?: { state: InstanceStatus['state']; ready: boolean };
}

/**
 * Records the outcome, the instance's state and the events in one
 * transaction. After a failure the provider is asked what is left running,
 * so the instance shows what is, not what was meant.
 */
export async function recordOutcome(
  ctx: OutcomeContext,
  op: Operation,
  steps: OperationStep[],
  status: OperationStatus,
  r: OperationResult,
  masker: Masker,
): Promise<void> {
  const { db } = ctx;
  const succeeded = status === 'succeeded';
  let observed: InstanceStatus | undefined = r.status;
  if (!succeeded && op.kind !== 'deprovision') observed = await statusAfterFailure(ctx, op).catch(() => undefined);
  observed = masker.status(observed);
  await withTransaction(db, async (tx) => {
    // First, so the instance read below already shows what the last step observed.
    if (succeeded) await r.finish?.(tx);
    // NO KEY UPDATE, as in lockInstance: a FOR UPDATE here deadlocks with a cancel appending its event.
    const row = await lockInstanceById(tx, op.instanceId);
    const finished = await operations.finishOperation(tx, op.id, ctx.owner, {
      status,
      readiness_outcome: r.outcome,
      error_code: succeeded ? null : (r.code ?? 'INTERNAL'),
      error_message: succeeded ? null : (r.message ?? null),
      steps: json(steps),
      finished_at: new Date(),
      lease_owner: null,
      lease_expires_at: null,
    });
    // Our lease lapsed and another executor re-claimed the operation: its attempt records the outcome.
    if (!finished || !row) return;
    // A `wait: true` caller on another replica hears it at commit instead of on its next poll.
    await announceEnded(tx, op.id);
    const inst = toInstance(row);
    const snapshots = needsCurrentRelease(op.kind, succeeded, inst.currentReleaseId)
      ? ((await findReleasesByIds(tx, op.tenantId, [inst.currentReleaseId!]))[0]?.snapshots ?? [])
      : undefined;
    const outcome = decideOutcome(inst, {
      kind: op.kind,
      params: op.params,
      releaseId: op.releaseId,
      succeeded,
      failureMessage: r.message ?? null,
      observed,
      ...(r.lastObserved ? { lastObserved: r.lastObserved } : {}),
      ...(r.createdReleaseId ? { createdReleaseId: r.createdReleaseId } : {}),
      ...(snapshots ? { currentReleaseSnapshots: snapshots } : {}),
    });
    const { state, ready } = outcome;
    const set: Parameters<typeof instances.updateInstance>[2] = { observed_at: new Date(), state, ready };
    if (observed) {
      Object.assign(set, {
        restarts: observed.restarts,
        message: observed.message ?? null,
        service_status: json(observed.services),
        ...(observed.endpoints.length ? { endpoints: json(observed.endpoints) } : {}),
      });
    }
    if (r.endpoints?.length) set.endpoints = json(r.endpoints);
    if (r.providerRef) set.provider_ref = r.providerRef;
    if (outcome.observedGeneration !== undefined) set.observed_generation = outcome.observedGeneration;
    if (outcome.currentReleaseId) set.current_release_id = outcome.currentReleaseId;
    if (outcome.message !== undefined) set.message = outcome.message;
    if (outcome.services) set.services = json(outcome.services);
    if (outcome.destroyed)
      Object.assign(set, { destroyed_at: new Date(), endpoints: json([]), service_status: json({}) });
    if (outcome.started) set.started_at = new Date();
    const evs = transitionEvents(
      row,
      inst,
      { state, ready, ...(observed ? { services: observed.services } : {}) },
      op.id,
    );
    evs.push(
      event(row, op.id, `operation.${status}`, null, {
        message: succeeded ? `${op.kind} succeeded` : `${op.kind} ${status}: ${r.message ?? ''}`,
        data: { kind: op.kind, outcome: r.outcome, ...(succeeded ? {} : { code: r.code ?? 'INTERNAL' }) },
      }),
    );
    await instances.updateInstance(tx, row.id, set);
    // A destroyed instance's routes go with it (in the same transaction): listed no more, their hosts free again.
    if (outcome.destroyed) {
      const removed = await deleteInstanceRoutes(tx, row.tenant_id, row.id);
      if (removed.length)
        evs.push(
          event(row, op.id, 'route.deleted', null, {
            message: `routes removed with the instance: ${removed.map((r) => `${r.host}${r.path_prefix}`).join(', ')}`,
            data: { routeIds: removed.map((r) => r.id) },
          }),
        );
    }
    await appendEvents(tx, evs);
  });
}

async function statusAfterFailure(ctx: OutcomeContext, op: Operation): Promise<InstanceStatus | undefined> {
  const row = await instances.findInstanceAnyTenant(ctx.db, op.instanceId);
  if (!row) return undefined;
  const provider = providerFor(ctx.registry, row.provider_key);
  return provider.status({ signal: AbortSignal.timeout(10_000) }, row.id);
}
