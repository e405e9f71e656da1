/**
 * What every part of a rollout run shares: the run's context, and the
 * rollout's record on its operation row. Every change of the rollout is
 * saved there with an event (`rollout.*`) by the executor still holding the
 * operation, so `operationUpdates` carries it live and a process that
 * re-claims the operation after a crash resumes where it stood.
 */
import { event } from '../control/event-rows.js';
import type { Operation, StoredRollout } from '../control/model.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as rollouts from '../db/repositories/rollout-repository.js';
import type { CanaryEngine, CanarySet } from '../providers/progressive.js';
import type { CallContext, DeployRequest, Provider } from '../providers/provider.js';
import { CrashSignal } from './operation-failures.js';

/** What a rollout run (canary or blue-green) needs. */
export interface RolloutRunContext {
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

/** The rollout as it stands, and the one way to change it on its operation row. */
export interface RolloutRecord {
  /** The rollout as last saved, or as the run last left it between saves (a step's finish time). */
  current: StoredRollout;
  /** The new set the rollout places and weighs. */
  readonly set: CanarySet;
  /**
   * Writes `next` to the operation row with an event of `type`, and makes it
   * current; throws CrashSignal when this executor no longer holds the operation.
   */
  save(next: StoredRollout, type: string, message: string, data?: unknown): Promise<void>;
}

/** The record of `ctx`'s rollout, starting from what its operation row holds. */
export function rolloutRecord(ctx: RolloutRunContext, stored: StoredRollout): RolloutRecord {
  const { op } = ctx;
  const record: RolloutRecord = {
    current: structuredClone(stored),
    set: {
      instanceId: op.instanceId,
      releaseId: stored.newReleaseId ?? '',
      services: stored.services,
      strategy: stored.strategy,
    },
    async save(next, type, message, data) {
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
      record.current = next;
    },
  };
  return record;
}
