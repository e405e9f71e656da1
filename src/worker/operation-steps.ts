import { event } from '../control/event-rows.js';
import type { Operation, OperationStep } from '../control/model.js';
import { type DbHandle, type DbTransaction, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { CanceledError } from '../providers/provider-errors.js';
import type { Masker } from './masking.js';

/**
 * The steps a new attempt starts from: a step an earlier attempt left running
 * was cut short when that attempt's executor stopped or died.
 */
export function resumedSteps(op: Operation): OperationStep[] {
  return op.steps.map(
    (s): OperationStep =>
      s.status === 'running'
        ? {
            ...s,
            status: 'failed',
            finishedAt: s.finishedAt ?? new Date().toISOString(),
            message: `interrupted: attempt ${op.attempts - 1} ended before this step finished`,
          }
        : s,
  );
}

/** Writes to make in the same transaction as a step's own, so a step costs no extra round trips. */
export interface StepCompanions {
  /** Written just before the step's start (e.g. the instance's transitional state). */
  atStart?: (tx: DbTransaction) => Promise<unknown>;
  /** Written just before a succeeded step's end (e.g. the observation that ended a wait). */
  beforeEnd?: (tx: DbTransaction) => Promise<unknown>;
  /** Written just after a succeeded step's end (e.g. what the step's call reported). */
  afterEnd?: (tx: DbTransaction) => Promise<unknown>;
  /**
   * Leaves a succeeded step's end (with beforeEnd and afterEnd) to the
   * caller, who writes it, as runStep returns it, in the operation's next
   * transaction: the next step's start or the outcome.
   */
  endLater?: boolean;
}

/** A succeeded step's end, not yet written (see StepCompanions.endLater). */
export type PendingEnd = (tx: DbTransaction) => Promise<void>;

/**
 * Runs one step, recording its start and end on the operation and as events,
 * each in one transaction with its companions (written in the order they
 * would have been on their own). A failed or canceled step is saved with the
 * operation's outcome instead. Returns the step's end when it is left to the
 * caller.
 */
export async function runStep(
  db: DbHandle,
  op: Operation,
  steps: OperationStep[],
  masker: Masker,
  name: string,
  fn: () => Promise<string>,
  companions: StepCompanions = {},
): Promise<PendingEnd | undefined> {
  const step: OperationStep = {
    name,
    status: 'running',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    message: null,
  };
  steps.push(step);
  await withTransaction(db, async (tx) => {
    await companions.atStart?.(tx);
    await saveSteps(tx, op, steps, step);
  });
  try {
    step.message = masker.text(await fn());
    step.status = 'succeeded';
  } catch (err) {
    step.status = err instanceof CanceledError ? 'canceled' : 'failed';
    step.message = masker.text(err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    step.finishedAt = new Date().toISOString();
  }
  const end: PendingEnd = async (tx) => {
    await companions.beforeEnd?.(tx);
    await saveSteps(tx, op, steps, step);
    await companions.afterEnd?.(tx);
  };
  if (companions.endLater) return end;
  await withTransaction(db, end);
  return undefined;
}

async function saveSteps(tx: DbTransaction, op: Operation, steps: OperationStep[], step: OperationStep): Promise<void> {
  await operations.updateOperation(tx, op.id, { steps: json(steps) });
  await appendEvents(tx, [
    event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, 'operation.step', null, {
      message: `${step.name}: ${step.status}${step.message ? ` (${step.message})` : ''}`,
      data: { step: step.name, status: step.status },
    }),
  ]);
}
