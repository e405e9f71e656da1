import { event } from '../control/instances.js';
import { type Operation, type OperationStatus, type OperationStep, toInstance } from '../control/model.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { lockInstanceById } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { findReleasesByIds } from '../db/repositories/release-repository.js';
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
    const inst = toInstance(row);
    const producesRelease = op.kind === 'provision' || op.kind === 'deploy' || op.kind === 'rollback';
    let state = inst.state;
    let ready = inst.ready;
    const set: Parameters<typeof instances.updateInstance>[2] = { observed_at: new Date() };
    if (observed) {
      state = observed.state;
      ready = observed.ready;
      Object.assign(set, {
        restarts: observed.restarts,
        message: observed.message ?? null,
        service_status: json(observed.services),
        ...(observed.endpoints.length ? { endpoints: json(observed.endpoints) } : {}),
      });
    }
    if (r.endpoints?.length) set.endpoints = json(r.endpoints);
    if (r.providerRef) set.provider_ref = r.providerRef;
    if (succeeded) {
      set.observed_generation = op.params.generation ?? inst.generation;
      if (producesRelease && op.releaseId) set.current_release_id = op.releaseId;
      if (op.kind === 'deprovision') {
        state = 'destroyed';
        ready = false;
        Object.assign(set, { destroyed_at: new Date(), endpoints: json([]), service_status: json({}) });
      }
      if (op.kind === 'scale' && op.params.service) set.message = inst.message;
    } else {
      if (op.kind === 'provision') state = observed?.state === 'running' && observed.ready ? state : 'failed';
      if (!observed && op.kind !== 'provision') state = 'failed';
      set.message = r.message ?? null;
      if ((op.kind === 'deploy' || op.kind === 'rollback') && inst.currentReleaseId) {
        // The previous release stays current: put its specs back as the desired ones.
        const [current] = await findReleasesByIds(tx, op.tenantId, [inst.currentReleaseId]);
        const snaps = (current?.snapshots ?? []) as { name: string; image: string; env: Record<string, string> }[];
        set.services = json(
          inst.services.map((s) => {
            const snap = snaps.find((x) => x.name === s.name);
            return snap ? { ...s, image: snap.image, env: snap.env } : s;
          }),
        );
      }
    }
    if (state === 'running' && !inst.startedAt) set.started_at = new Date();
    set.state = state;
    set.ready = ready;
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
    await appendEvents(tx, evs);
  });
}

async function statusAfterFailure(ctx: OutcomeContext, op: Operation): Promise<InstanceStatus | undefined> {
  const row = await instances.findInstanceAnyTenant(ctx.db, op.instanceId);
  if (!row) return undefined;
  const provider = ctx.registry.get(row.provider_key);
  return provider.status({ signal: AbortSignal.timeout(10_000) }, row.id);
}
