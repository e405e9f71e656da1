import type { InstanceRow, OperationRow } from '../db/database.js';
import { type DbHandle, type DbTransaction, withTransaction } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { noteAuditTarget } from './audit-context.js';
import { requestHash } from './canonical-json.js';
import { IdempotencyConflictError, NotFoundError, ValidationError } from './errors.js';
import { type Instance, type Operation, type OperationKind, toInstance, toOperation } from './model.js';
import type { OperationSignal } from './operation-signal.js';
import type { Principal } from './scopes.js';

/** The fields every mutation input may carry besides what it asks for. */
export interface MutationControl {
  idempotencyKey?: string | null;
  wait?: boolean | null;
}

/** A queued operation and the instance as it stands after the enqueue. */
export interface Enqueued {
  instance: Instance;
  operation: Operation;
}

/** The parts of an input that do not change what is asked: left out of the idempotency hash. */
function stripControl(input: MutationControl): unknown {
  const { wait: _w, idempotencyKey: _k, ...rest } = input as MutationControl & Record<string, unknown>;
  return rest;
}

/** The idempotency columns of an operation queued for `input`; null without a key. */
export function idempotencyOf(
  kind: OperationKind,
  input: MutationControl,
): { key: string; requestHash: string } | null {
  return input.idempotencyKey
    ? { key: input.idempotencyKey, requestHash: requestHash(kind, stripControl(input)) }
    : null;
}

/**
 * Runs `enqueue` in a transaction unless the idempotency key was seen: the
 * same key with the same request returns the original operation, a
 * different request is an IdempotencyConflictError. Wakes the executor after
 * a commit.
 */
export async function enqueueIdempotent(
  deps: { db: DbHandle; signal: OperationSignal },
  caller: Principal,
  input: MutationControl,
  kind: OperationKind,
  instanceId: string | undefined,
  enqueue: (tx: DbTransaction) => Promise<{ instanceRow: InstanceRow; opRow: OperationRow }>,
): Promise<Enqueued> {
  const key = input.idempotencyKey ?? undefined;
  if (key !== undefined && (key.length === 0 || key.length > 200 || key.includes('\u0000'))) {
    throw ValidationError.of(['input', 'idempotencyKey'], 'must be 1 to 200 characters, without NUL');
  }
  const replay = async (): Promise<Enqueued | undefined> => {
    if (!key) return undefined;
    const existing = await operations.findOperationByIdempotencyKey(deps.db, caller.tenantId, key);
    if (!existing) return undefined;
    if (
      existing.request_hash !== requestHash(kind, stripControl(input)) ||
      (instanceId && existing.instance_id !== instanceId)
    ) {
      throw new IdempotencyConflictError();
    }
    const inst = await instances.findInstance(deps.db, caller.tenantId, existing.instance_id);
    if (!inst) throw new NotFoundError('instance');
    return { instance: toInstance(inst), operation: toOperation(existing) };
  };
  const seen = await replay();
  if (seen) return seen;
  let result: { instanceRow: InstanceRow; opRow: OperationRow };
  try {
    result = await withTransaction(deps.db, async (tx) => {
      const queued = await enqueue(tx);
      // The audit entry written with this transaction names what it made (a provision's instance is new).
      noteAuditTarget('Instance', queued.instanceRow.id);
      noteAuditTarget('Operation', queued.opRow.id);
      return queued;
    });
  } catch (err) {
    // A concurrent request with the same key may have committed first. Whatever made this one fail
    // then (the key's unique index, the instance name it took, the version it bumped), it is a replay.
    if (key) {
      const raced = await replay();
      if (raced) return raced;
    }
    throw err;
  }
  deps.signal.queued();
  return { instance: toInstance(result.instanceRow), operation: toOperation(result.opRow) };
}
