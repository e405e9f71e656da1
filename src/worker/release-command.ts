/**
 * A deploy's release command (issue 35): run as a job of the deploy's own
 * operation, in the new release's image (the service's spec as the deploy
 * changes it, a built image included), before the deploy creates or replaces
 * anything: a rolling deploy has replaced nothing yet, a canary has not
 * started its first step. Anything but exit 0 fails the deploy with
 * RELEASE_COMMAND_FAILED, whose message carries the job's last lines; the
 * running release is left as it was.
 */
import type { Instance, Operation, OperationStep, StoredServiceSpec } from '../control/model.js';
import * as jobs from '../db/repositories/job-repository.js';
import type { Masker } from './masking.js';
import { OperationFailure } from './operation-failures.js';
import { runJob } from './perform-job.js';
import type { PerformContext } from './perform-operation.js';

/** Runs `op`'s release command unless it already succeeded (a re-run after a crash); throws unless it exits 0. */
export async function runReleaseCommand(
  ctx: PerformContext,
  op: Operation,
  inst: Instance,
  specs: readonly StoredServiceSpec[],
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<void> {
  const job = await jobs.findJobByOperation(ctx.db, op.id);
  if (!job) throw new OperationFailure('NOT_FOUND', "the deploy's release command is gone");
  if (job.status === 'succeeded') return;
  // The new release's spec of that service: the deploy's change when it changes it, else the desired one.
  const spec = specs.find((s) => s.name === job.service) ?? inst.services.find((s) => s.name === job.service);
  if (!spec) throw new OperationFailure('NOT_FOUND', `the instance has no service "${job.service}" any more`);
  const ended = await runJob(ctx, op, job, spec, inst.providerKey, signal, steps, masker);
  if (ended.status !== 'succeeded')
    throw new OperationFailure('RELEASE_COMMAND_FAILED', `the release command ${ended.message}`);
}
