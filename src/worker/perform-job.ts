/**
 * The executor's JOB operation (issue 35), and the one way any job runs (a
 * deploy's release command too, worker/release-command.ts): the service's
 * stored spec with its secrets and config files materialised (their values
 * go to the Masker, so no line, step or error shows one), the provider's
 * jobs engine, the output written to the operation's log in batches, and the
 * end recorded on the job with its event (`job.started`, then
 * `job.succeeded` or `job.failed`) in one transaction.
 *
 * A crash mid-run leaves the operation leased; the next executor re-claims
 * it when the lease lapses, removes what the crashed run left on the
 * platform and runs the command again (its log continues after the last
 * stored line).
 */

import { event } from '../control/event-rows.js';
import type { Operation, OperationStep, StoredServiceSpec } from '../control/model.js';
import { acquireProvider } from '../control/provider-calls.js';
import { withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { JobView } from '../db/repositories/job-repository.js';
import * as jobs from '../db/repositories/job-repository.js';
import { lastLogLines } from '../db/repositories/log-line-repository.js';
import type { JobResult } from '../providers/jobs.js';
import { CanceledError } from '../providers/provider-errors.js';
import type { Masker } from './masking.js';
import { materialise } from './materialise.js';
import { OperationFailure } from './operation-failures.js';
import { OperationLogWriter } from './operation-log-writer.js';
import { runStep } from './operation-steps.js';
import type { PerformContext, PerformResult } from './perform-operation.js';

/** The log lines a failure message quotes. */
const QUOTED_LINES = 5;

/** Runs the JOB operation `op`; a job that did not succeed fails the operation with its code. */
export async function performJob(
  ctx: PerformContext,
  op: Operation,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<PerformResult> {
  const job = await jobs.findJobByOperation(ctx.db, op.id);
  if (!job) throw new OperationFailure('NOT_FOUND', 'the job of this operation no longer exists');
  const inst = await instances.findInstanceAnyTenant(ctx.db, op.instanceId);
  const spec = inst?.services.find((s) => s.name === job.service);
  if (!inst || !spec) {
    const why = inst ? `the instance has no service "${job.service}" any more` : 'the instance no longer exists';
    await endJob(ctx, op, job, { status: 'failed', exitCode: null, error: why });
    throw new OperationFailure('NOT_FOUND', why);
  }
  const ended = await runJob(ctx, op, job, spec, inst.provider_key, signal, steps, masker);
  if (ended.status !== 'succeeded') throw new OperationFailure(ended.code, ended.message);
  return { outcome: null };
}

/** How a job ended, and what to say when it did not succeed. */
export interface JobEnded {
  status: 'succeeded' | 'failed' | 'timed_out';
  exitCode: number | null;
  /** JOB_FAILED or JOB_TIMED_OUT. */
  code: string;
  /** `exited with code 3: <its last lines>`. */
  message: string;
}

/**
 * Runs `job` with `spec` (its image may be a new release's) to its end,
 * recording it. A cancel records CANCELED and rethrows; a crash or a stop
 * records nothing (the next run does).
 */
export async function runJob(
  ctx: PerformContext,
  op: Operation,
  job: JobView,
  spec: StoredServiceSpec,
  providerKey: string,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<JobEnded> {
  const { db } = ctx;
  const { ctx: call, provider } = await acquireProvider(ctx.registry, providerKey, signal);
  const engine = provider.engines.jobs;
  if (!engine) throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'this provider runs no jobs');
  const log = await OperationLogWriter.open(db, op.id, masker);
  await withTransaction(db, async (tx) => {
    await jobs.markJobRunning(tx, job.id);
    await appendEvents(tx, [
      event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, 'job.started', null, {
        message: `job on ${job.service} started: ${job.command.join(' ')}`,
        data: { jobId: job.id, service: job.service },
      }),
    ]);
  });
  let result!: JobResult;
  try {
    if (job.status === 'running' || op.attempts > 1) {
      // What a crashed run left is removed first: never two runs of one job at once.
      const left = await engine.removeLeftovers(call, op.instanceId, job.id);
      if (job.status === 'running')
        log.note(
          `— the job runs again (its previous run was interrupted${left ? '; its container was removed' : ''}) —`,
        );
    }
    const full = await materialise(ctx.secrets, op.tenantId, [spec], masker);
    await runStep(db, op, steps, masker, `run ${job.command.join(' ')}`.slice(0, 200), async () => {
      result = await engine.run(
        call,
        {
          jobId: job.id,
          instanceId: op.instanceId,
          tenantId: op.tenantId,
          service: full.services[0]!,
          command: job.command,
          env: job.env,
          secretValues: full.secretValues,
          timeoutMs: job.timeout_seconds * 1000,
        },
        log,
      );
      return result.timedOut ? `timed out after ${job.timeout_seconds}s` : `exited with code ${result.exitCode}`;
    });
  } catch (err) {
    // A crash or a stop hands the operation back: the next run records the end, this one records nothing.
    if (signal.aborted && !(signal.reason instanceof CanceledError)) throw err;
    const canceled = err instanceof CanceledError || signal.reason instanceof CanceledError;
    const message = masker.text(err instanceof Error ? err.message : String(err));
    log.note(canceled ? 'job canceled' : `job failed: ${message}`);
    await log.close().catch(() => {});
    await endJob(ctx, op, job, { status: canceled ? 'canceled' : 'failed', exitCode: null, error: message });
    throw err;
  }
  const status = result.timedOut ? 'timed_out' : result.exitCode === 0 ? 'succeeded' : 'failed';
  log.note(result.timedOut ? `job timed out after ${job.timeout_seconds}s` : `job exited with code ${result.exitCode}`);
  await log.close();
  const said = result.timedOut ? `timed out after ${job.timeout_seconds}s` : `exited with code ${result.exitCode}`;
  const tail = status === 'succeeded' ? [] : await lastLogLines(db, op.id, QUOTED_LINES + 1);
  // The last lines before Wheelhouse's own note of the end.
  const quoted = tail.slice(0, -1).map((l) => l.line);
  const message = quoted.length ? `${said}; last lines: ${quoted.join(' | ')}` : said;
  await endJob(ctx, op, job, {
    status,
    exitCode: result.exitCode,
    error: status === 'succeeded' ? null : message,
  });
  return { status, exitCode: result.exitCode, code: result.timedOut ? 'JOB_TIMED_OUT' : 'JOB_FAILED', message };
}

/** Records a job's end and its event in one transaction (nothing when it had already ended). */
async function endJob(ctx: PerformContext, op: Operation, job: JobView, end: jobs.JobEnd): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    if (!(await jobs.finishJob(tx, job.id, end))) return;
    if (end.status === 'canceled') return;
    const ok = end.status === 'succeeded';
    await appendEvents(tx, [
      event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, ok ? 'job.succeeded' : 'job.failed', null, {
        message: ok ? `job on ${job.service} succeeded` : `job on ${job.service} ${end.status}: ${end.error ?? ''}`,
        data: { jobId: job.id, service: job.service, status: end.status, exitCode: end.exitCode },
      }),
    ]);
  });
}
