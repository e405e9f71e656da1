import { randomUUID } from 'node:crypto';
import type { NewEvent, OperationRow } from '../db/database.js';
import { type DbTransaction, json } from '../db/db-types.js';
import { announceQueued } from '../db/operation-notifications.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import * as releases from '../db/repositories/release-repository.js';
import { event } from './event-rows.js';
import type { OperationKind, OperationParams, StoredRollout } from './model.js';
import type { Principal } from './scopes.js';

/** What to queue: one operation on one instance, and how its `operation.queued` event reads. */
export interface EnqueueRequest {
  /** The instance the operation acts on; the caller holds its row lock in `tx`. */
  instance: { id: string; tenant_id: string };
  kind: OperationKind;
  /** What the executor needs; never secret values. */
  params: OperationParams;
  /** The token that asked; null for the system's own operations (the supervisor). */
  caller: Principal | null;
  /** A preassigned id, when rows written before (a release event) already name the operation. */
  id?: string;
  /**
   * The release this operation rolls out. `owned`: the release was made for
   * this operation and is linked back to it; false for an existing release
   * (a re-provision rolls out the current one).
   */
  release?: { id: string; owned: boolean } | null;
  /** The client's idempotency key and the hash of its request, kept to recognise a retry. */
  idempotency?: { key: string; requestHash: string } | null;
  /** The queued event's message; `<kind> queued` when omitted. */
  message?: string;
  /** The queued event's data; `{ kind }` when omitted. */
  data?: Record<string, unknown>;
  /** Events written in the same append, before the queued one (instance.created, release.created). */
  precededBy?: NewEvent[];
  /** A canary's rollout, written on the operation. */
  rollout?: StoredRollout;
}

/**
 * Queues an operation inside the caller's transaction: inserts the queued
 * row, links its release, and appends the `operation.queued` event (after
 * `precededBy`, in one append so subscribers see them in that order). The
 * commit tells every replica's executor (NOTIFY); the caller also wakes its
 * own at once (OperationSignal.queued) after the commit. Used
 * by every mutation and by the supervisor's recoveries.
 */
export async function enqueueOperation(tx: DbTransaction, req: EnqueueRequest): Promise<OperationRow> {
  const op = await operations.insertOperation(tx, {
    id: req.id ?? randomUUID(),
    tenant_id: req.instance.tenant_id,
    instance_id: req.instance.id,
    kind: req.kind,
    status: 'queued',
    params: json(req.params),
    release_id: req.release?.id ?? null,
    idempotency_key: req.idempotency?.key ?? null,
    request_hash: req.idempotency?.requestHash ?? null,
    requested_by: req.caller?.tokenId ?? null,
    steps: json([]),
    ...(req.rollout ? { rollout: json(req.rollout) } : {}),
  });
  if (req.release?.owned) await releases.linkReleaseToOperation(tx, req.release.id, op.id);
  await appendEvents(tx, [
    ...(req.precededBy ?? []),
    event(req.instance, op.id, 'operation.queued', req.caller, {
      message: req.message ?? `${req.kind} queued`,
      data: req.data ?? { kind: req.kind },
    }),
  ]);
  await announceQueued(tx);
  return op;
}
