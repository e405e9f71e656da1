import * as operations from '../db/repositories/operation-repository.js';
import type { Enqueued } from './idempotency.js';
import type { DeprovisionInput, OnInstance } from './instance-inputs.js';
import { type CommandContext, onInstance } from './on-instance.js';
import { requestCancel } from './operation-commands.js';
import type { Principal } from './scopes.js';

/** start, stop, restart, deprovision: no input beyond the instance. */
export async function action(
  ctx: CommandContext,
  caller: Principal,
  kind: 'start' | 'stop' | 'restart' | 'deprovision',
  input: OnInstance,
): Promise<Enqueued> {
  return onInstance(ctx, caller, input, kind, kind, async () => ({ noRelease: true }));
}

/** A teardown; volumes (and their data) go too only with `deleteVolumes`. */
export async function deprovision(ctx: CommandContext, caller: Principal, input: DeprovisionInput): Promise<Enqueued> {
  return onInstance(ctx, caller, input, 'deprovision', 'deprovision', async (tx, row) => {
    // A canary holding a step would keep the teardown queued until someone promoted it: it is aborted instead.
    for (const op of await operations.openOperations(tx, row.id)) {
      if (op.status !== 'running' || !op.rollout || op.cancel_requested) continue;
      await requestCancel(tx, op.id, row, caller, 'canary canceled by the deprovision');
    }
    return { noRelease: true, ...(input.deleteVolumes ? { deleteVolumes: true } : {}) };
  });
}
