import type { InstanceRow, OperationRow } from '../db/database.js';
import { type DbTransaction, withTransaction } from '../db/db-types.js';
import { announceEnded } from '../db/operation-notifications.js';
import * as builds from '../db/repositories/build-repository.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import * as rollouts from '../db/repositories/rollout-repository.js';
import { InvalidStateError, NotFoundError } from './errors.js';
import { event } from './event-rows.js';
import { isTerminal, type Operation, toOperation } from './model.js';
import type { CommandContext } from './on-instance.js';
import type { Principal } from './scopes.js';

// The commands on an operation rather than an instance: cancel it, promote its canary, wait for its end.

/** Cancels a queued operation at once; asks a running one to stop (the executor aborts its wait). */
export async function cancel(ctx: CommandContext, caller: Principal, operationId: string): Promise<Operation> {
  const result = await withTransaction(ctx.db, async (tx) => {
    const row = await operations.lockOperation(tx, caller.tenantId, operationId);
    if (!row) throw new NotFoundError('operation');
    const inst = await instances.findInstance(tx, caller.tenantId, row.instance_id);
    if (isTerminal(row.status)) {
      throw new InvalidStateError(inst?.state ?? 'running', `cancel a ${row.status} operation on`);
    }
    return cancelLocked(tx, row, inst, caller);
  });
  if (result.ended) ctx.signal.ended(result.row.id);
  return toOperation(result.row);
}

/**
 * Cancels an operation whose row the caller locked (cancelOperation; a
 * schedule's REPLACE, whose caller is the system): a queued one ends at once,
 * a running one is asked to stop. `ended`: it ended here (tell waiters after
 * the commit).
 */
export async function cancelLocked(
  tx: DbTransaction,
  row: OperationRow,
  inst: InstanceRow | undefined,
  caller: Principal | null,
): Promise<{ row: OperationRow; ended: boolean }> {
  if (row.status === 'queued') {
    const updated = await operations.updateOperation(tx, row.id, {
      status: 'canceled',
      finished_at: new Date(),
      error_code: 'CANCELED',
      error_message: 'canceled before it started',
    });
    if (inst) {
      await appendEvents(tx, [
        event(inst, row.id, 'operation.canceled', caller, { message: `${row.kind} canceled before it started` }),
      ]);
    }
    if (row.kind === 'build') await endQueuedBuild(tx, row.id);
    await announceEnded(tx, row.id);
    return { row: updated, ended: true };
  }
  const updated = await requestCancel(tx, row.id, inst, caller, `cancel of ${row.kind} requested`);
  return { row: updated, ended: false };
}

/** A build canceled before it started: recorded as canceled, and its uploaded archive (never to be read) deleted. */
async function endQueuedBuild(tx: DbTransaction, operationId: string): Promise<void> {
  const build = await builds.findBuildByOperation(tx, operationId);
  if (!build) return;
  await builds.finishBuild(tx, build.id, { status: 'canceled', error: 'canceled before it started' });
  if (build.archive_id) await builds.deleteArchive(tx, build.archive_id);
}

/**
 * Asks a running operation to stop (its executor aborts what it waits for)
 * and records who asked, on the instance's events when it still has a row.
 */
export async function requestCancel(
  tx: DbTransaction,
  operationId: string,
  inst: InstanceRow | undefined,
  caller: Principal | null,
  message: string,
): Promise<OperationRow> {
  const updated = await operations.updateOperation(tx, operationId, { cancel_requested: true });
  if (inst) await appendEvents(tx, [event(inst, operationId, 'operation.cancel_requested', caller, { message })]);
  return updated;
}

/**
 * Asks a canary's driver to take its next step now (`full`: every remaining
 * step and pause skipped, straight to 100 %). Taken within a second by the
 * executor driving it, on whichever replica that is.
 */
export async function promote(
  ctx: CommandContext,
  caller: Principal,
  operationId: string,
  full: boolean,
): Promise<Operation> {
  const row = await withTransaction(ctx.db, async (tx) => {
    const op = await operations.lockOperation(tx, caller.tenantId, operationId);
    if (!op) throw new NotFoundError('operation');
    const inst = await instances.findInstance(tx, caller.tenantId, op.instance_id);
    const phase = op.rollout?.phase;
    if (isTerminal(op.status) || !op.rollout || (phase !== 'progressing' && phase !== 'paused')) {
      const what = !op.rollout ? `a ${op.kind} without a rollout` : `a ${op.status} rollout (${phase})`;
      throw new InvalidStateError(inst?.state ?? 'running', `promote ${what} on`);
    }
    const updated = await rollouts.requestPromotion(tx, op.id, full);
    if (inst)
      await appendEvents(tx, [
        event(inst, op.id, 'rollout.promote_requested', caller, {
          message: full ? 'full promotion requested' : 'promotion to the next step requested',
          data: { full },
        }),
      ]);
    return updated;
  });
  return toOperation(row);
}

/** Resolves when the operation has ended (any replica may run it). */
export async function waitFor(
  ctx: CommandContext,
  tenantId: string,
  operationId: string,
  signal?: AbortSignal,
): Promise<Operation> {
  for (;;) {
    // Listening before the read: an end announced while the row is read is not missed.
    let ended = false;
    let wake: (() => void) | undefined;
    const off = ctx.signal.onceEnded(operationId, () => {
      ended = true;
      wake?.();
    });
    try {
      const row = await operations.findOperation(ctx.db, tenantId, operationId);
      if (!row) throw new NotFoundError('operation');
      if (isTerminal(row.status)) return toOperation(row);
      if (signal?.aborted) return toOperation(row);
      if (ended) continue;
      // The poll stays as the fallback for a notification that never came.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 500);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    } finally {
      off();
    }
  }
}
