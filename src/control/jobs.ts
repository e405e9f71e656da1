/**
 * Jobs (issue 35), the control side: `runJob` checks a job and queues a JOB
 * operation with its `jobs` row; the reads (a job, an instance's jobs, a
 * job's log lines). The worker runs it (worker/perform-job.ts) on the
 * instance's provider's jobs engine.
 */
import { randomUUID } from 'node:crypto';
import { type DbHandle, json } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as jobs from '../db/repositories/job-repository.js';
import type { Registry } from '../providers/registry.js';
import { NotFoundError, ValidationError } from './errors.js';
import { type Enqueued, enqueueIdempotent, idempotencyOf, type MutationControl } from './idempotency.js';
import { type Job, toJob } from './jobs-model.js';
import { enqueueOperation } from './operation-queue.js';
import type { OperationSignal } from './operation-signal.js';
import { providerFor, requireCapability } from './provider-calls.js';
import type { Principal } from './scopes.js';
import { checkArgv, checkEnv, checkNoNul, Problems } from './spec-validation.js';
import { assertAllowed } from './state-machine.js';

/** The longest a job may run (a day): longer work is a service, not a job. */
export const MAX_JOB_TIMEOUT_SECONDS = 86_400;
/** A job's timeout when none is given. */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 3_600;
/** A release command's timeout when none is given. */
export const DEFAULT_RELEASE_COMMAND_TIMEOUT_SECONDS = 600;

/** runJob's input, after global ids were resolved. */
export interface RunJobInput extends MutationControl {
  instanceId: string;
  service: string;
  command: readonly string[];
  env?: readonly { name: string; value: string }[] | null;
  timeoutSeconds?: number | null;
}

/** What runJob answers: the queued job and its operation. */
export interface JobQueued extends Enqueued {
  job: Job;
}

/** A checked command and timeout (runJob, a deploy's release command). */
export interface CheckedCommand {
  command: string[];
  timeoutSeconds: number;
}

/**
 * Checks a job's command (present, its first word not empty) and timeout (1 s
 * to a day) into `p`, at `path` + `command` / `timeoutSeconds`.
 */
export function checkJobCommand(
  p: Problems,
  input: { command: readonly string[]; timeoutSeconds?: number | null },
  path: (string | number)[],
  defaultTimeout: number,
): CheckedCommand {
  const command = checkArgv(p, input.command, [...path, 'command']) ?? [];
  if (command.length === 0 || !command[0]?.trim()) p.add([...path, 'command'], 'must name a command to run');
  const timeoutSeconds = input.timeoutSeconds ?? defaultTimeout;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > MAX_JOB_TIMEOUT_SECONDS)
    p.add([...path, 'timeoutSeconds'], `must be 1 to ${MAX_JOB_TIMEOUT_SECONDS} seconds`);
  return { command, timeoutSeconds };
}

/** The control side of jobs. */
export class JobService {
  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
    private readonly signal: OperationSignal,
  ) {}

  /** Checks and queues one job (runJob). */
  async request(caller: Principal, input: RunJobInput): Promise<JobQueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    const checked = checkJobCommand(p, input, ['input'], DEFAULT_JOB_TIMEOUT_SECONDS);
    const env = checkEnv(p, input.env, ['input', 'env']);
    p.throwIfAny();

    const row = await instances.findInstance(this.db, caller.tenantId, input.instanceId);
    if (!row) throw new NotFoundError('instance');
    if (row.source_type !== 'services')
      throw ValidationError.of(['input', 'instanceId'], `this instance runs a ${row.source_type} source, not services`);
    if (!row.services.some((s) => s.name === input.service))
      throw ValidationError.of(['input', 'service'], `the instance has no service "${input.service}"`);
    requireCapability(providerFor(this.registry, row.provider_key), row.provider_key, 'jobs');

    const jobId = randomUUID();
    const enqueued = await enqueueIdempotent(
      { db: this.db, signal: this.signal },
      caller,
      input,
      'job',
      input.instanceId,
      async (tx) => {
        const locked = await instances.lockInstance(tx, caller.tenantId, input.instanceId);
        if (!locked) throw new NotFoundError('instance');
        assertAllowed('job', locked.state, locked.desired_state);
        const op = await enqueueOperation(tx, {
          instance: locked,
          kind: 'job',
          params: {},
          caller,
          idempotency: idempotencyOf('job', input),
          message: `job on ${input.service} queued`,
          data: { kind: 'job', jobId, service: input.service },
        });
        await jobs.insertJob(tx, {
          id: jobId,
          tenant_id: caller.tenantId,
          instance_id: locked.id,
          operation_id: op.id,
          service: input.service,
          command: json(checked.command),
          env: json(env),
          timeout_seconds: checked.timeoutSeconds,
          status: 'queued',
        });
        return { instanceRow: locked, opRow: op };
      },
    );
    const job = await jobs.findJobByOperation(this.db, enqueued.operation.id);
    if (!job) throw new NotFoundError('job');
    return { ...enqueued, job: toJob(job) };
  }

  async find(tenantId: string, id: string): Promise<Job | undefined> {
    const row = await jobs.findJob(this.db, tenantId, id);
    return row && toJob(row);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<Job[]> {
    return (await jobs.findJobsByIds(this.db, tenantId, ids)).map(toJob);
  }

  async byOperationIds(tenantId: string, operationIds: readonly string[]): Promise<Job[]> {
    return (await jobs.findJobsByOperationIds(this.db, tenantId, operationIds)).map(toJob);
  }

  /** A page of an instance's jobs, newest first. */
  async forInstance(
    tenantId: string,
    instanceId: string,
    limit: number,
    before?: { createdAt: Date; id: string },
  ): Promise<Job[]> {
    const rows = await jobs.listInstanceJobs(this.db, tenantId, instanceId, { limit, ...(before ? { before } : {}) });
    return rows.map(toJob);
  }
}
