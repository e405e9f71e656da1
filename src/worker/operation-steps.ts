import { event } from '../control/event-rows.js';
import type { Operation, OperationStep } from '../control/model.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
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

/**
 * Runs one step, recording its start and end on the operation and as events.
 * A failed or canceled step is saved with the operation's outcome instead.
 */
export async function runStep(
  db: DbHandle,
  op: Operation,
  steps: OperationStep[],
  masker: Masker,
  name: string,
  fn: () => Promise<string>,
): Promise<void> {
  const step: OperationStep = {
    name,
    status: 'running',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    message: null,
  };
  steps.push(step);
  await saveSteps(db, op, steps, step);
  try {
    step.message = masker.text(await fn());
    step.status = 'succeeded';
  } catch (err) {
    step.status = err instanceof CanceledError ? 'canceled' : 'failed';
    step.message = masker.text(err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    step.finishedAt = new Date().toISOString();
    if (!(step.status === 'failed' || step.status === 'canceled')) await saveSteps(db, op, steps, step);
  }
}

async function saveSteps(db: DbHandle, op: Operation, steps: OperationStep[], step: OperationStep): Promise<void> {
  await withTransaction(db, async (tx) => {
    await operations.updateOperation(tx, op.id, { steps: json(steps) });
    await appendEvents(tx, [
      event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, 'operation.step', null, {
        message: `${step.name}: ${step.status}${step.message ? ` (${step.message})` : ''}`,
        data: { step: step.name, status: step.status },
      }),
    ]);
  });
}
